#!/bin/sh
# usage: sh fuzz/findings/call-depth.sh [N] > calls.cu
#        lds-calc --threads 64 --format json -f calls.cu
# A chain of N helpers, each writing s once and calling the next: N
# writes.  lds-calc counts 16 of them, and says nothing of the rest
# (issue 49 item 1; bounded recursion f(x, N) counts 1 of N).
n=${1:-20}
echo '__shared__ float s[256];'
awk -v n="$n" 'BEGIN {
    for (i = n - 1; i >= 0; i--) {
        printf "__device__ void f%d(int x) { s[(x + %d) %% 256] = 0;", i, i
        if (i + 1 < n) printf " f%d(x);", i + 1
        print " }"
    }
}'
echo '__global__ void k() { f0(threadIdx.x); }'
