# The same run: the column reads tile[lid][k .. k + 7] merged into two
# ds_read2_b64 a trip (16 bytes a lane at 260 lid + 32 t: a vectorised
# access the source path counts as eight 4-byte reads), 8 instructions each.
lds -f ../amdgcn/loops.s -D rows=64
