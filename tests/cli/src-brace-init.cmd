lds --lang cuda --show-lowered -f - < src-brace-init.stdin; lds --lang cuda -f - < src-brace-init.stdin
