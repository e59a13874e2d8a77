lds --color never 'print 1 / 0'
