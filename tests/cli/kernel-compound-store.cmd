lds --format csv 'arch sm80; __shared__ float As[32][32]; As[lane][0] += 1.0f; As[0][lane] = 2.5e-3 * As[lane][1];'
