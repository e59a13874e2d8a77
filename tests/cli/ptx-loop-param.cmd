lds -f ../ptx/loopparam.ptx --threads 256 -D param_1=5 -D param_2=3; lds -f ../ptx/loopparam.ptx --threads 256 -D param_1=5 -D param_2=3 --show-lowered
