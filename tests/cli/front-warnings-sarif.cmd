lds --lang cuda --format sarif -f - < front-warnings.stdin
