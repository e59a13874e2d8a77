lds --lang cuda --show-lowered -f - < src-launch-init-list.stdin; lds --lang cuda -f - < src-launch-init-list.stdin
