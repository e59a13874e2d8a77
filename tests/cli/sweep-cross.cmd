lds -D A=1..3 -D B=2..4 --format csv 'f32[lane*A*B]'
