lds --lang cuda -f - < src-loop-reads-changed.stdin
