lds -f - --lang glsl < src-vector-locals-glsl.stdin
