lds --lang cuda --threads 256 --show-lowered -f - < h4-float3.stdin; lds --lang cuda --threads 256 -a sm80 -f - < h4-float3.stdin; lds --lang cuda --threads 256 -a gfx942 -f - < h4-float3.stdin
