lds --lang cuda -f - < src-launch-many-differ.stdin
