lds --threads 32 -I '' -f ../include/src/broken.cu
