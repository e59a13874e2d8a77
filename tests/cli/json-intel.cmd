lds --format json 'arch xe-hpg; groups 3; write f32[lane*16]; atomic f32[0]'
