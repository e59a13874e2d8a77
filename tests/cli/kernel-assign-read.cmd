lds 'arch sm80; __shared__ float As[32][32], Bs[32][32]; float acc = As[lane][0] * Bs[0][lane];'
