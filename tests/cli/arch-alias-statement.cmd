lds 'arch MI300X; read f32[lane]'
