lds 'threads 32, 8; __shared__ float tile[32][33]; read tile[threadIdx.x][threadIdx.y]; print SV_GroupIndex % 5'
