lds --lang hlsl -D n=3 -f - < src-vector-control.stdin
