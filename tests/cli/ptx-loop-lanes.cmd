lds -f ../ptx/histogram.ptx --threads 256 -D param_2=1000; lds -f ../ptx/histogram.ptx --threads 256 -D param_2=1000 --show-lowered
