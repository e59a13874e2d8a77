lds 'extern __shared__ float smem[];'
