lds --lang hlsl -f - < src-atomics-hlsl-glsl.in2; lds --lang glsl -f -
