lds --lang cuda --threads 32 -f - < h4-template-default-expr.stdin; lds --lang cuda --threads 32 -D Q=2 -D TILE=16 --kernel tiled --show-lowered -f - < h4-template-default-expr.stdin
