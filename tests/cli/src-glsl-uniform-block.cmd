lds --lang glsl -f - < src-glsl-uniform-block.stdin; lds --lang glsl -D ubo.count=40 -f - < src-glsl-uniform-block.stdin
