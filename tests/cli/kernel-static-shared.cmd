lds 'static __shared__ float x[32]; x[lane % 16 * 2]'
