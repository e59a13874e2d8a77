lds --lang cuda -D imageW=3072 -D imageH=3072 -D pitch=3072 --threads 16,4 -f - < src-constant-arrays.stdin
