lds --lang cuda --threads 32 --show-lowered -f - < src-global-structs.stdin; lds --lang cuda --threads 32 -f - < src-global-structs.stdin
