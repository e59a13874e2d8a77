lds -f ../ptx/nosource.ptx --threads 256 -D param_1=100 --kernel edges; lds -f ../ptx/nosource.ptx --threads 256 -D param_1=100 --kernel edges --format csv | head -3
