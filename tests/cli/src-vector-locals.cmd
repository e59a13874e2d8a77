lds --lang hlsl -f - < src-vector-locals.stdin
