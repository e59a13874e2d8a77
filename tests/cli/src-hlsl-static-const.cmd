lds --lang hlsl -f - < src-hlsl-static-const.stdin
