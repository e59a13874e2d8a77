#!/bin/sh
# usage: sh fuzz/findings/long-line.sh [N] > line.cu
#        lds-calc --threads 64 --format json -f line.cu
# N writes on one line: at 4,000 lds-calc takes over 10 s of CPU and
# 925 MiB (every record repeats the whole line; issue 49 item 14).
n=${1:-4000}
echo '__global__ void k()'
echo '{'
echo '    __shared__ float s[256];'
echo '    int tid = threadIdx.x;'
awk -v n="$n" 'BEGIN { printf "   "; for (i = 0; i < n; i++) printf " s[(tid + %d) %% 256] = %d;", i, i; print "" }'
echo '}'
