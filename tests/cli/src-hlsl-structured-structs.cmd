lds --lang hlsl -f - < src-hlsl-structured-structs.stdin
