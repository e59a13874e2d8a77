lds -D S=1..4 --format csv 'f32[lane*S]'
