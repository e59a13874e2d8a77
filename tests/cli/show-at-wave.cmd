lds --at wave=3 'threads 256; read f32[tid * 2 + wave]'
