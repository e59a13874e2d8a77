lds 'arch sm80; threads 32, 8; __shared__ float tile[32][33]; tile[threadIdx.y][threadIdx.x] = idata[threadIdx.y * 32 + threadIdx.x]; odata[threadIdx.x] = tile[threadIdx.x][threadIdx.y];'
