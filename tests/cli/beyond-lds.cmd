lds 'arch sm75; read f32[lane * 16384]'
