lds -D 9x=3 'f32[lane]'
