lds -D S=1..4 --format json 'f32[lane*S]'
