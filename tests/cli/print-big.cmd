lds 'print 1 << 100'
