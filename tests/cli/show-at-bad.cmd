lds --at wave=9 'threads 256; read f32[tid]'; lds --at wave 'read f32[tid]'
