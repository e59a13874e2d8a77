lds --max-ways 2 'f32[lane * 2]; f32[lane * 4]'
