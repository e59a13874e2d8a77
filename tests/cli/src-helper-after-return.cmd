lds --lang cuda --threads 64 -D n=40 -D tiles=2 -D __smem_size=256 -f - < src-helper-after-return.stdin
