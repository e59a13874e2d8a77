lds --lang hlsl -f - < src-builtins.in2; lds --lang glsl -f -
