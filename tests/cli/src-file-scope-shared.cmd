lds --lang cuda --threads 32 -D dyn_size=64 -f - < src-file-scope-shared.stdin; lds --lang cuda --threads 32 --kernel own_only --show-lowered -f - < src-file-scope-shared.stdin
