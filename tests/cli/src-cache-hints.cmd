lds --lang cuda --threads 32 --show-lowered -f - < src-cache-hints.stdin; lds --lang cuda --threads 32 -f - < src-cache-hints.stdin
