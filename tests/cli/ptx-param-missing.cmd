lds -f ../ptx/params.ptx
