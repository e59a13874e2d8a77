lds --lang hlsl -f - < src-vector-edges.stdin
