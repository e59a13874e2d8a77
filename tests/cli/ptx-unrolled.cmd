lds -f ../ptx/transpose.ptx --threads 32,8 --kernel transposeNaive; lds -f ../ptx/transpose.ptx --threads 32,8 --kernel transposeNaive --show-lowered
