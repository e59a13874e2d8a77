lds 'print true, false, true + 1'
