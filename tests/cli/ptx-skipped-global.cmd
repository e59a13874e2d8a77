lds -f ../ptx/loopglobal.ptx -D n=256; lds -f ../ptx/loopglobal.ptx -D n=256 -D step=32 --threads 32; lds -f ../ptx/loopglobal.ptx -D n=256 --show-lowered
