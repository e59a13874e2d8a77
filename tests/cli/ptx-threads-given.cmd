lds -f ../ptx/threads.ptx --kernel required --threads 32 --show-lowered
