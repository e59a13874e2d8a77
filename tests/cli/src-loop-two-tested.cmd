lds --lang cuda --threads 32 -f - < src-loop-two-tested.stdin
