lds -f ../ptx/families.ptx --arch sm90 --show-lowered
