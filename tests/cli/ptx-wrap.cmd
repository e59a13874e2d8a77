lds -f ../ptx/wrap.ptx; lds -f ../ptx/wrap.ptx --show-lowered
