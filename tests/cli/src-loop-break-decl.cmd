lds --lang cuda --threads 32 -D rows=5 --show-lowered -f - < src-loop-break-decl.stdin; lds --lang cuda --threads 32 -D rows=5 -f - < src-loop-break-decl.stdin
