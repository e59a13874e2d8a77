lds -f -; lds -f ttgir-alias.stdin -f ttgir-alias.in2
