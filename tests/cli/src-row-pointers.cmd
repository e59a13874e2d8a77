lds --lang cuda --threads 32 -D j=5 -f - < src-row-pointers.stdin
