lds -f ../ptx/inlined.ptx --threads 32,32 --show-lowered
