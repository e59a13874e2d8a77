lds --threads 32 -p ../include/project/quoted -f ../include/project/src/macros.cu
