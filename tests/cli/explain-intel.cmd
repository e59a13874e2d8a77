lds --explain 'arch xe-hpg; write f32[5]'
