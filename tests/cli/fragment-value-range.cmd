lds 'fragment A = mma.m16n8k16.a' 'array f16 T[16][16]' 'read T[A.row(lane, v)][A.col(lane, v)] for v in 0..9'
