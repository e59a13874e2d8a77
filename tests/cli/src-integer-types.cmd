lds --lang cuda --threads 32 -f - < src-integer-types.stdin
