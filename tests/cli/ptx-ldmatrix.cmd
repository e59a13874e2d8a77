lds -f ../ptx/ldmatrix.ptx --threads 32 --arch sm90
