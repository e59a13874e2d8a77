lds --lang cuda --threads 32 --show-lowered -f - < h4-references.stdin; lds --lang cuda --threads 32 -a sm80 --format counters -f - < h4-references.stdin
