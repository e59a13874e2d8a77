lds --lang cuda --threads 256 -f - < src-cute-not-followed.stdin; lds --lang cuda --threads 256 --format sarif -f - < src-cute-not-followed.stdin
