lds --explain 'arch sm80; threads 256; groups 32; read f32[(thread_idx.x * 2) % 256]'
