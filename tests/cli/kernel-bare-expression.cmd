lds 'let N = 3; N * 2 + 1'
