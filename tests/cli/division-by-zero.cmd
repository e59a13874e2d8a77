lds 'let z = 0; print 10 / z'
