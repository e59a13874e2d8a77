lds -f ../ptx/counters.ptx -D param_0=100; lds -f ../ptx/counters.ptx -D param_0=100 --show-lowered
