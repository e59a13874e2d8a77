lds -D P=0..4 --format markdown 'arch sm80; array f16 A[64][64+P]; read b128 A[lane%16][(lane/16)*8]'
