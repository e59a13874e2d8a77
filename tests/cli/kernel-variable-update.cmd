lds 'int x = 1; x += 1'
