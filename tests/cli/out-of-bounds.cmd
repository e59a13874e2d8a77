lds -f files/out-of-bounds.lds
