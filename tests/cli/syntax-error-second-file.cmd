lds -f files/one.lds -f files/bad-syntax.lds
