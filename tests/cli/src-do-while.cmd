lds --lang cuda --threads 32 --show-lowered -f - < src-do-while.stdin; lds --lang cuda --threads 32 -f - < src-do-while.stdin
