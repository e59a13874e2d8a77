lds -a sm42 'f32[lane]'
