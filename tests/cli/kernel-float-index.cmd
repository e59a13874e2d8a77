lds 'print 1.5'
