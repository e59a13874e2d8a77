lds --lang cuda --threads 32,8 --format sarif -f - < src-diagnostics.stdin
