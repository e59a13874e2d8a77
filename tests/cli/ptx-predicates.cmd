lds -f ../ptx/predicated.ptx --threads 256 -D param_1=100; lds -f ../ptx/predicated.ptx --threads 256 -D param_1=100 --show-lowered
