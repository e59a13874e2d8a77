lds 'f32[lane*4]'
