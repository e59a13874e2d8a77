lds -f ../ptx/loopparam.ptx --threads 64 -D param_1=1..3 -D param_2=3 --format csv
