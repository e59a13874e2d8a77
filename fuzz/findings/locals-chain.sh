#!/bin/sh
# usage: sh fuzz/findings/locals-chain.sh [N] > locals.cu
#        lds-calc --threads 64 -f locals.cu
# N locals, each the one before plus 1 (straight-line code any compiler
# takes), then one write.  At N = 4,000 lds-calc stops with "def calls
# nested deeper than 4096 levels" (exit 4, the write not counted): each
# local is lowered as an lds def of the one before, evaluated by
# recursion.  Time grows faster than N: 1,000: 0.17 s; 8,000: 3.0 s;
# 50,000: over 20 s of CPU.
n=${1:-4000}
echo '__global__ void k()'
echo '{'
echo '    __shared__ float s[256];'
echo '    int v0 = threadIdx.x;'
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "    int v%d = v%d + 1;\n", i + 1, i;
    printf "    s[(v%d - %d) %% 256] = 0;\n", n, n }'
echo '}'
