# tests/ttgir/matmul_pipelined_sm80.ttgir (Triton 3.9, 3 stages), -D K=128:
# 4 trips.  A: 64 x 32 f16 in #shared (vec 8, perPhase 2, maxPhase 4), 2
# buffers; the prologue copies both (8 cp.async b128 each: 256 16-byte
# copies, 2 instructions a warp; one wavefront per 128-byte line written,
# 4 an instruction: 32 wavefronts) and reads the
# k-slice [0, 16) of buffer 0 (mma v2 A operand: 8 ldmatrix.x4, 32
# wavefronts, conflict-free: the swizzle puts rows r..r+7 of a 16-byte
# chunk on 8 different bank groups, tests/ttgir.sh).  Each trip reads
# [16, 32) of its buffer t % 2, refills it (t % 2) and reads [0, 16) of
# buffer (t + 1) % 2: 4 x 32 = 128 wavefronts and 32 instructions a line.
# B (32 x 64, vec 8 maxPhase 8) alike, .trans.
lds -a sm80 -f ../ttgir/matmul_pipelined_sm80.ttgir -D K=128; lds -f ../ttgir/matmul_pipelined_sm80.ttgir -D K=128 --show-lowered
