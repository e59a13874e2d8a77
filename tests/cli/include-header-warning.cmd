lds --threads 32 -f ../include/src/broken.cu
