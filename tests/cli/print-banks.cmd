lds 'print lane * 4 % 32'
