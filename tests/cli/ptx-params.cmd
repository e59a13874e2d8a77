lds -f ../ptx/params.ptx -D param_0=3 -D param_1=2 -D param_2.8=33 -D param_2.12=0; lds -f ../ptx/params.ptx -D param_0=3 -D param_1=2 -D param_2.8=33 -D param_2.12=0 --show-lowered
