lds --lang cuda --threads 128 -D mode=1 -f -; lds --lang cuda --threads 128 -D mode=0 -f - < src-if-else.stdin
