lds --lang cuda --format json -f - < front-warnings.stdin; lds --lang cuda --format json -D N=64 -f - < front-warnings.stdin; lds --format json "read f32["
