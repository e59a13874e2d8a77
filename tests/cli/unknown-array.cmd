lds 'read tyle[lane]'
