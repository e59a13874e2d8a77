#!/bin/sh
# usage: sh fuzz/findings/else-if-chain.sh [N] [switch] > arms.cu
#        lds-calc --threads 64 --format json -f arms.cu
# N arms of "if (tid == i) s[i] = 1; else ...": N writes.  Past about 250
# arms the later ones are "not followed" with a message that quotes a
# number of the source as a count ("expected fewer nested operators, not
# '251'"); a switch of N cases (rewritten as such a chain) loses them all
# (issue 49 item 8).
n=${1:-300}
echo '__global__ void k()'
echo '{'
echo '    __shared__ float s[256];'
echo '    int tid = threadIdx.x;'
if [ "${2:-}" = switch ]; then
    awk -v n="$n" 'BEGIN { printf "    switch (tid %% %d) {\n", n;
        for (i = 0; i < n; i++) printf "    case %d: s[%d] = 1; break;\n", i, i % 256; print "    }" }'
else
    awk -v n="$n" 'BEGIN { printf "   "; for (i = 0; i < n; i++) printf " %sif (tid == %d) s[%d] = 1;", i ? "else " : "", i, i % 256; print "" }'
fi
echo '}'
