lds 'print 1 << (1 << 40)'
