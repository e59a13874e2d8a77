lds --lang glsl -f - < src-vector-indexed-glsl.stdin
