lds --lang ptx -f ../ptx/reduce.cu
