lds --max-ways zero 'f32[lane]'
