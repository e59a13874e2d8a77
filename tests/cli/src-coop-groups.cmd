lds --lang cuda --threads 256 --show-lowered -f - < src-coop-groups.stdin; lds --lang cuda --threads 256 -f - < src-coop-groups.stdin
