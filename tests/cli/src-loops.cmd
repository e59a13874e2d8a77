lds --lang cuda --threads 64 -D n=1000 --show-lowered -f -; lds --lang cuda --threads 64 -D n=1000 -f - < src-loops.stdin
