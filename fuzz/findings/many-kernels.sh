#!/bin/sh
# usage: sh fuzz/findings/many-kernels.sh [N] > kernels.cu
#        lds-calc --threads 64 -f kernels.cu
# N one-line kernels: 14,000 take over 10 s of CPU (issue 49 item 14).
n=${1:-14000}
echo '__shared__ float s[256];'
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "__global__ void k%d() { s[(threadIdx.x * %d) %% 256] = 0; }\n", i, i % 7 + 1 }'
