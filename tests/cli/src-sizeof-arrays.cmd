lds --lang cuda --threads 32 --show-lowered -f - < src-sizeof-arrays.stdin
