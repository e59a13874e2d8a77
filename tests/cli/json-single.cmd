lds --format json -f files/transpose.lds
