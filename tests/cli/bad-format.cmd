lds --format yaml 'f32[lane]'
