# tests/ttgir/loops.ttgir, -D n=5 (5 trips), -D flag=1.  By hand, from
# the derivations of tests/ttgir.sh (dot_operand.ttgir): a 64 x 32 f16
# tile stored from #blocked is 8 b128 stores, 32 wavefronts, conflict-free;
# loaded as mma v2's A operand 16 ldmatrix.x4, 256 wavefronts from #plain
# (4-way: rows 64 bytes apart, 4 rows a bank group), 64 from #shared.
# The ring's buffers are 4096 bytes apart, the same banks: every trip
# costs the same.  So: the stores 5 x 32 = 160 (40 instructions); the
# inner loop (4 trips) 5 x 4 x 256 = 5120 and 5 x 4 x 64 = 1280 (320
# instructions each); the scf.if of the first trip 32 (8), its else the
# other 4 trips 128 (32); the one of flag 5 x 32 = 160; the one of the
# program id not modelled.  Total 7040 of ideal 3200.
lds -a sm80 -f ../ttgir/loops.ttgir -D n=5 -D flag=1; lds -a sm80 -f ../ttgir/loops.ttgir -D n=5 -D flag=1 --format csv
