lds -f ../ptx/unmodelled.ptx --arch sm90; lds -f ../ptx/unmodelled.ptx --arch sm90 --show-lowered
