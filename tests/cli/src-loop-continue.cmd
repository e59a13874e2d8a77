lds --lang cuda --threads 32 -f - < src-loop-continue.stdin
