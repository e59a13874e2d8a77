lds 'show grid; read f32[lane * 4]'
