lds -Z 'f32[lane]'
