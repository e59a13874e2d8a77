lds -f files/transpose.lds
