lds --lang cuda --threads 32 -f - < src-const-builtins.stdin; lds --lang glsl --show-lowered -f - < src-const-builtins.in2; lds --lang glsl -f - < src-const-builtins.in2
