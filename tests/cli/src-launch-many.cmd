lds --lang cuda -f - < src-launch-many.stdin
