#!/bin/sh
# usage: sh fuzz/findings/ternary-chain.sh [N] > ternary.cu
#        lds-calc --threads 64 -f ternary.cu
# An index chosen by a chain of N conditional operators, tid < 1 ? 0 :
# tid < 2 ? 1 : ... (the ?: form of an else-if chain): past 250 the
# access is "not followed", with a message that quotes a number of the
# source as a count ("expected fewer nested operators, not '251'"); the
# same message quotes '(' for 2,000 casts (int)(int)... (the token where
# the nesting limit was reached, not a count).  Like issue 49 item 8.
n=${1:-300}
echo '__global__ void k()'
echo '{'
echo '    __shared__ float s[256];'
echo '    int tid = threadIdx.x;'
awk -v n="$n" 'BEGIN { printf "    s["; for (i = 0; i < n; i++) printf "tid < %d ? %d : ", i + 1, i; print "tid] = 0;" }'
echo '}'
