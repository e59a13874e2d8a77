lds -f - -f files/two.lds
