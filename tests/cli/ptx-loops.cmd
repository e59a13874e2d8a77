lds -f ../ptx/loops.ptx --threads 32 -D param_2=16; lds -f ../ptx/loops.ptx --threads 32 -D param_2=16 --show-lowered
