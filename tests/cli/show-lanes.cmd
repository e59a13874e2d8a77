lds --show lanes 'arch xe-hpg; read f32[lane * 2]'
