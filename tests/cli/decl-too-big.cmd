lds 'array f32 t[1<<40]'; lds 'arch gfx942; __shared__ float a[128][128];'
