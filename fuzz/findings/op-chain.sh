#!/bin/sh
# usage: sh fuzz/findings/op-chain.sh [N] [TERM] > chain.cu
#        lds-calc --threads 64 -f chain.cu
# A declaration of N terms, int x = tid + 0 + 0 ... (TERM "+ 0" by
# default), then a write indexed by x.  At N = 20,000 lds-calc dies of a
# stack overflow (signal 11; issue 49 item 9); with "+ 0" 5,000 terms run.
# With TERM "& 0xffff" (or "+ 1 - 1"), 257 terms already fail the whole
# file: "nested deeper than 256 levels", exit 3, no access of any kernel
# counted, where "+ 0" runs at 5,000: the limit depends on the operator.
n=${1:-20000}
term=${2:-+ 0}
echo '__global__ void k()'
echo '{'
echo '    __shared__ float s[256];'
echo '    int tid = threadIdx.x;'
awk -v n="$n" -v t="$term" 'BEGIN { printf "    int x = tid"; for (i = 0; i < n; i++) printf " %s", t; print ";" }'
echo '    s[x % 256] = 0;'
echo '}'
