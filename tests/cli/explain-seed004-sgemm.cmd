lds 'arch sm80; threads 32, 32; __shared__ float As[32][32]; __shared__ float Bs[32][32]; explain; read As[threadIdx.y][k] for k in 0..32; explain; read Bs[k][threadIdx.x] for k in 0..32'
