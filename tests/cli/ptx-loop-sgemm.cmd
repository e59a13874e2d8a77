lds -f ../ptx/sgemm.ptx --threads 256 -D param_1=128 -D param_2=64; lds -f ../ptx/sgemm.ptx --threads 256 -D param_1=128 -D param_2=64 --show-lowered
