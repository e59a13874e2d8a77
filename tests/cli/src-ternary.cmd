lds --lang cuda --threads 512 -f -; lds --lang cuda --threads 512 --show-lowered -f - < src-ternary.stdin
