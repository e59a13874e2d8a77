lds -D X=lane 'print X'
