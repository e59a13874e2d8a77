lds -f ../ptx/generic.ptx; lds -f ../ptx/generic.ptx --show-lowered
