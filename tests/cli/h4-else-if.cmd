lds --lang cuda --threads 32 --show-lowered -f - < h4-else-if.stdin; lds --lang cuda --threads 32 -a sm80 -f - < h4-else-if.stdin
