lds
