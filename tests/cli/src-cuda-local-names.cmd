lds --lang cuda --threads 32 -f - < src-cuda-local-names.stdin
