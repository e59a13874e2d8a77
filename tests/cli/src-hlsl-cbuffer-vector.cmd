lds --lang hlsl -f - < src-hlsl-cbuffer-vector.stdin; lds --lang hlsl -D g_param.y=4 -f - < src-hlsl-cbuffer-vector.stdin
