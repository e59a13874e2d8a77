lds 'arch sm80; threads 64; read f32[tid] if tid > 1000'
