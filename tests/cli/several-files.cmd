lds -f files/one.lds -f files/two.lds
