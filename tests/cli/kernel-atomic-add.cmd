lds 'arch gfx942; __shared__ unsigned int hist[64]; atomicAdd(&hist[lane % 7], 1);'
