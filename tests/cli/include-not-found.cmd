lds --threads 32,32 -f ../include/src/transpose.cu
