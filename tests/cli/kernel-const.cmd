lds 'const int N = 33; __shared__ float t[32][N]; read t[lane][0]'
