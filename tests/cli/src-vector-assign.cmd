lds --lang hlsl --show-lowered -f - < src-vector-assign.stdin && lds --lang hlsl -f - < src-vector-assign.stdin
