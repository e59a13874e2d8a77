lds --color sometimes 'f32[lane]'
