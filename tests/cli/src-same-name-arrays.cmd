lds --lang cuda --threads 32 --show-lowered -f - < src-same-name-arrays.stdin; lds --lang cuda --threads 32 -f - < src-same-name-arrays.stdin
