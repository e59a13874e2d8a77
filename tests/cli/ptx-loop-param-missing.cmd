lds -f ../ptx/sgemm.ptx --threads 256
