lds --explain 'arch sm80; threads 256; read f32[tid] if tid >= 96 && tid < 128'
