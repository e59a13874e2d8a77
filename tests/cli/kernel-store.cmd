lds 'arch sm80; __shared__ float As[32][33]; As[lane][0] = v;'
