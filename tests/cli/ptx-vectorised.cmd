lds -f ../ptx/vectorised.ptx --threads 256; lds -f ../ptx/vectorised.cu --threads 256
