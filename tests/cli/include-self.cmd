lds --threads 32 -f ../include/src/loop.cu
