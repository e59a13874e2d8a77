lds -f ../ptx/reduce.ptx --threads 256 -D param_2=100000; lds -f ../ptx/reduce.ptx --threads 256 -D param_2=100000 --show-lowered
