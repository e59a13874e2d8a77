lds -f ../ptx/families.ptx --arch sm90
