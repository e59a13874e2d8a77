lds --lang cuda --threads 32 -a sm80 -f - < h4-nesting-limits.stdin
