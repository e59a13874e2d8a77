lds --lang cuda -f - < src-return-placed.stdin
