#!/bin/sh
# usage: sh fuzz/findings/many-arrays.sh [N] > arrays.hlsl
#        lds-calc -f arrays.hlsl
# N groupshared arrays of one element, one write each: the time grows as
# N squared: 1,000: 0.1 s; 2,000: 0.8 s; 4,000: 3.2 s; 14,000: over 10 s
# (the arrays' declarations; like the 14,000 kernels of issue 49 item 14).
n=${1:-4000}
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "groupshared float a%d[1];\n", i }'
echo '[numthreads(64, 1, 1)]'
echo 'void main(uint3 t : SV_GroupThreadID)'
echo '{'
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "    a%d[t.x %% 1] = 0;\n", i }'
echo '}'
