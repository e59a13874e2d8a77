lds --lang cuda --threads 32 -D mode=1 -f - < src-switch.stdin
