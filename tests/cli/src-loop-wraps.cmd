lds --lang cuda --threads 32 -D n=10 --show-lowered -f - < src-loop-wraps.stdin; lds --lang cuda --threads 32 -D n=10 -f - < src-loop-wraps.stdin
