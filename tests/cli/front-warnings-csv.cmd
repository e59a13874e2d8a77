lds --lang cuda --format csv -f - < front-warnings.stdin
