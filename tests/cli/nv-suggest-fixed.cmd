lds -f -
