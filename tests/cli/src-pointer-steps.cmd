lds --lang cuda --threads 32 -D K=4096 -D T=3 --show-lowered -f - < src-pointer-steps.stdin; lds --lang cuda --threads 32 -D K=4096 -D T=3 -f -
