lds 'print (int)(1 << 40)'
