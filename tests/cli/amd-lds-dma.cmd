lds -f - < amd-lds-dma.stdin
