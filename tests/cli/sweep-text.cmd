lds -D S=1..5 'f32[lane*S]'
