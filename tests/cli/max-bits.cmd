lds --max-bits 64 'print 1 << 100'
