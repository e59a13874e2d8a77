lds -f ../ptx/cpasync.ptx --threads 256 -D param_2=40; lds -f ../ptx/cpasync.ptx --threads 256 -D param_2=40 --show-lowered
