lds --explain 'f32[lane*4]'
