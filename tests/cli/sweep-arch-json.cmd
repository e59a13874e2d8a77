lds -a sm80,gfx942 --format json 'read f32[lane*2]'
