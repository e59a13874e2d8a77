lds -f ../ptx/threads.ptx --show-lowered; lds -f ../ptx/threads.ptx
