lds -f ../ptx/transpose.ptx --threads 32,8 --kernel _Z18transposeCoalescedPfPKf; lds -f ../ptx/transpose.ptx --threads 32,8 --kernel nosuch
