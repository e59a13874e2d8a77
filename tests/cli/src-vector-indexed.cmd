lds --lang hlsl -D n=3 -f - < src-vector-indexed.stdin
