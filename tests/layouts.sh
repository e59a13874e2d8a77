#!/bin/sh
# Layouts in CuTe's notation (lds(5), LAYOUTS): each offset table below is
# derived by hand in the comments and compared with what lds-calc prints.
. "$srcdir/tests/lib.sh"
# prints PROGRAM EXPECTED: the program's print lines, joined by spaces
prints() { [ "$(lds "$1" 2>&1 | tr '\n' ' ')" = "$2 " ]; }
fails_with() { lds "$1" 2>&1 | grep -qF "$2"; }

# (8,(4,2)):(4,(1,32)), CuTe's own example of a hierarchical layout:
# mode 0 (8 rows) has stride 4; mode 1 (8 columns) splits j into
# (j % 4, j / 4) with strides (1, 32): offset = 4i + j % 4 + 32 (j / 4).
# Row 0: 0 1 2 3 32 33 34 35; row 7 adds 28: 28 29 30 31 60 61 62 63.
check "(8,(4,2)):(4,(1,32)) row 0" \
    prints 'layout L = (8,(4,2)):(4,(1,32)); print L(0,0), L(0,1), L(0,2), L(0,3), L(0,4), L(0,5), L(0,6), L(0,7)' \
    '0 1 2 3 32 33 34 35'
check "(8,(4,2)):(4,(1,32)) row 7" \
    prints 'layout L = (8,(4,2)):(4,(1,32)); print L(7,0), L(7,1), L(7,2), L(7,3), L(7,4), L(7,5), L(7,6), L(7,7)' \
    '28 29 30 31 60 61 62 63'
# A one-mode layout 8:2 is 2i; the last sub-mode is unbounded, as CuTe's
# idx2crd: the one mode ((4,2)):((1,4)) at 9 is 9 % 4 + 4 (9 / 4) = 1 + 8 = 9.
check "8:2 and an unbounded last sub-mode" prints 'layout A = 8:2; layout B = ((4,2)):((1,4)); print A(5), B(9)' '10 9'
# CuTe's Swizzle<3,3,3> o (8,64):(64,1), the fp16 8 x 64 atom: the 16-byte
# chunk c / 8 of row r moves to (c / 8) ^ (r % 8):
#   (1,0): 64 + (0 ^ 1) 8 = 72      (1,8): 64 + (1 ^ 1) 8 = 64
#   (3,16): 192 + (2 ^ 3) 8 = 200   (7,63): 448 + (7 ^ 7) 8 + 7 = 455
check "Swizzle<3,3,3> o (8,64):(64,1)" \
    prints 'layout S = Swizzle<3,3,3> o (8,64):(64,1); print S(1,0), S(1,8), S(3,16), S(7,63)' '72 64 200 455'
# An array with a layout reads through it: column 0 of the plain atom is
# 8 rows on banks 0-3 (8-way for b128), swizzled on 8 different groups.
check "an array laid out by Swizzle<3,3,3> o (8,64):(64,1) is conflict-free down a column" \
    lds -q 'arch sm80; layout S = Swizzle<3,3,3> o (8,64):(64,1); array f16 t[8][64] layout S; read b128 t[lane % 8][0]; expect conflict-free'

check "a stride not nested as the shape" \
    fails_with 'layout B = (8,(4,2)):(4,(1,32),3)' "the stride (_,(_,_),_) is not nested as the shape (_,(_,_))"
check "a size that is not positive" fails_with 'layout B = (8,0):(1,8)' "a shape's sizes are positive"
check "SHAPE without :STRIDE" fails_with 'layout B = (8,4)(1,8)' "expected ':' and the stride (SHAPE:STRIDE), found '('"
check "Swizzle<B,M> is short one" fails_with 'layout B = Swizzle<3,3> o (8,4):(1,8)' "expected ',' in Swizzle<B,M,S>, found '>'"
check "a computed size is worked out: (8,2*2) is (8,4)" sh -c "'$LDS_CALC' 'layout B = (8,2*2):(1,8); print B(3, 3)' | grep -qx 27"
check "a size from a name the parser does not know is refused" fails_with 'layout B = (8,Q):(1,8)' "a layout needs 'Q' when it is read: give it with -D Q=VALUE or #define"
check "a let's constant is known to a layout" sh -c "'$LDS_CALC' 'let K = 4; layout B = Swizzle<K - 1,3,3> o (8,64):(64,1); print B(3, 17)' | grep -qx 201"

# ---- CuTe tile_to_shape
# tile_to_shape(Swizzle<3,3,3> o (8,64):(64,1), (128,128)): 16 x 2 atoms of
# 512 elements, column-major over atoms (CuTe's default): atom (a, b) at
# 512 (a + 16 b).  (8,0): atom (1,0) = 512; (0,64): atom (0,1) = 8192;
# (1,0): 64 + (0 ^ 1) 8 = 72; (127,127): atom (15,1) = 15872 + (7,63)
# = 448 + (7 ^ 7) 8 + 7 = 455: 16327.
check "tile_to_shape(Swizzle<3,3,3> o (8,64):(64,1), (128,128))" \
    prints 'layout T = tile_to_shape(Swizzle<3,3,3> o (8,64):(64,1), (128,128)); print T(8,0), T(0,64), T(1,0), T(127,127)' \
    '512 8192 72 16327'
# the same as the hierarchical layout CuTe prints for it
check "tile_to_shape equals ((8,16),(64,2)):((64,512),(1,8192))" \
    prints 'layout T = tile_to_shape(Swizzle<3,3,3> o (8,64):(64,1), (128,128)); layout F = Swizzle<3,3,3> o ((8,16),(64,2)):((64,512),(1,8192)); print T(9,70) - F(9,70), T(100,3) - F(100,3), T(55,127) - F(55,127)' \
    '0 0 0'
# ORDER (2,1) (CuTe's Step<_2,_1>): atoms row-major, so the atom to the
# right (0,64) comes first at 512 and the one below (8,0) at 2 * 512.
check "tile_to_shape with an order" \
    prints 'layout R = tile_to_shape((8,64):(64,1), (16,128), (2,1)); print R(0,64), R(8,0), R(9,65)' '512 1024 1601'
check "tile_to_shape refuses a padded atom" fails_with 'layout T = tile_to_shape((8,64):(72,1), (128,128))' \
    "tile_to_shape needs an atom that fills offsets 0..511 (compact)"
check "tile_to_shape refuses a shape the atom does not divide" \
    fails_with 'layout T = tile_to_shape((8,64):(64,1), (100,128))' "the atom's mode 0 (8) does not divide the target's 100"

# ---- ck_tile make_xor_transform
# The descriptor (K0, M, KPack) = (4, 8, 8):(64, 8, 1) with the xor on
# (K0, M) (lengths (4, 8)): lower M = m ^ (k0 % 8).
#   (1,0,0): 64 + (0 ^ 1) 8 = 72       (3,2,5): 192 + (2 ^ 3) 8 + 5 = 205
#   (2,7,1): 128 + (7 ^ 2) 8 + 1 = 169
check "make_xor_transform((4,8),(0,1)) o (4,8,8):(64,8,1)" \
    prints 'layout X = make_xor_transform((4,8),(0,1)) o (4,8,8):(64,8,1); print X(0,0,0), X(1,0,0), X(3,2,5), X(2,7,1)' \
    '0 72 205 169'
# ck_tile's MFMA pattern, xor on (m, k0) of (M, K0, KPack) = (32,8,4):(32,4,1):
# lower k0 = k0 ^ (m % 8): (9,0,0): 9 * 32 + (0 ^ 1) 4 = 292; (10,3,2): 320 + (3 ^ 2) 4 + 2 = 326
check "make_xor_transform((32,8),(0,1)) o (32,8,4):(32,4,1)" \
    prints 'layout X = make_xor_transform((32,8),(0,1)) o (32,8,4):(32,4,1); print X(9,0,0), X(10,3,2)' '292 326'
check "the xor's lengths are the modes' sizes" fails_with 'layout X = make_xor_transform((4,9),(0,1)) o (4,8):(8,1)' \
    "length 9, but mode 1 has 8 elements"

# ---- Triton SwizzledSharedLayout: Triton's own examples
# (TritonGPUAttrDefs.td), each row the tensor elements in memory order:
#   vec=1, perPhase=1, maxPhase=4, 4 x 4: row 1 is [5, 4, 7, 6], row 3 [15, 14, 13, 12]
# so element (1, c) is at 4 + (c ^ 1) and (3, c) at 12 + (c ^ 3).
check "SwizzledSharedLayout(vec=1, perPhase=1, maxPhase=4) rows 1 and 3" \
    prints 'layout S = SwizzledSharedLayout(vec=1, per_phase=1, max_phase=4, order=[1,0], shape=[4,4]); print S(1,0), S(1,1), S(1,2), S(1,3), S(3,0), S(3,1), S(3,2), S(3,3)' \
    '5 4 7 6 15 14 13 12'
#   vec=1, perPhase=2, maxPhase=2, 8 x 4: rows 2, 3, 6, 7 XOR with 1, 4 and 5 not:
#   (2,0) 9, (3,0) 13, (4,0) 16, (6,1) 24, (7,3) 30
check "SwizzledSharedLayout(vec=1, perPhase=2, maxPhase=2)" \
    prints 'layout S = SwizzledSharedLayout(vec=1, perPhase=2, maxPhase=2, order=[1,0], shape=[8,4]); print S(2,0), S(3,0), S(4,0), S(6,1), S(7,3)' \
    '9 13 16 24 30'
#   vec=2, perPhase=1, maxPhase=4, 4 x 8: pairs move, ((c / 2) ^ r) * 2 + c % 2:
#   row 1 [10, 11, 8, 9, 14, 15, 12, 13]: (1,0) at 8 + 2 = 10, (1,2) at 8, (1,5) at 8 + 7 = 15
#   row 3: (3,0) at 24 + 6 = 30, (3,7) at 24 + (3 ^ 3) 2 + 1 = 25
check "SwizzledSharedLayout(vec=2, perPhase=1, maxPhase=4)" \
    prints 'layout S = SwizzledSharedLayout(vec=2, per_phase=1, max_phase=4, order=[1,0], shape=[4,8]); print S(1,0), S(1,2), S(1,5), S(3,0), S(3,7)' \
    '10 8 15 30 25'
# order=[0,1]: dimension 0 is the contiguous one: (c, r) of a 4 x 4 is element (r, c) above
check "SwizzledSharedLayout order [0,1]" \
    prints 'layout S = SwizzledSharedLayout(vec=1, per_phase=1, max_phase=4, order=[0,1], shape=[4,4]); print S(0,1), S(3,3)' '5 12'
# AMDRotatingSharedLayout: the phase XORed with the block of max_phase *
# per_phase rows: vec=1, per_phase=1, max_phase=4, 8 x 4: row 4 phase 0
# block 1: (4,0) at 16 + 1 = 17; row 5 phase 1 block 1: (5,0) at 20 + 0.
check "AMDRotatingSharedLayout" \
    prints 'layout R = AMDRotatingSharedLayout(vec=1, per_phase=1, max_phase=4, order=[1,0], shape=[8,4]); print R(1,0), R(4,0), R(5,0), R(4,1)' \
    '5 17 20 16'

# ---- Triton NVMMASharedLayout
# 128-byte swizzle, 16-bit: 8 x 64 core matrices, 16-byte vectors XORed with
# r % 8, the 64-column blocks one after the other: as the CuTe tile above.
#   (3,17): 192 + (2 ^ 3) 8 + 1 = 201; (9,70): block 1 = 8192 + 576 + (0 ^ 1) 8 + 6 = 8782
check "NVMMASharedLayout 128 B, 16-bit" \
    prints 'layout N = NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, shape=[128,128]); print N(1,0), N(3,17), N(9,70), N(127,127)' \
    '72 201 8782 16327'
# 64-byte swizzle, 16-bit: 32 wide, XOR with (r % 8) / 2; transposed: dim 0
# contiguous: (0,1) is row 1 at 32; (0,2) row 2 at 64 + 8; (32,0) the
# second block of 16 x 32 = 512.
check "NVMMASharedLayout 64 B, transposed" \
    prints 'layout T = NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, transposed=true, shape=[64,16]); print T(1,0), T(0,1), T(0,2), T(32,0)' \
    '1 32 72 512'
# 32-byte swizzle, 8-bit: 32 wide, 16-byte vectors, XOR with (r % 8) / 4:
# (4,0) at 128 + 16 = 144, (3,20) at 96 + 20 = 116
check "NVMMASharedLayout 32 B, 8-bit" \
    prints 'layout E = NVMMASharedLayout(swizzle_byte_width=32, element_bitwidth=8, shape=[8,32]); print E(4,0), E(3,20)' \
    '144 116'
check "NVMMA's smallest tile" \
    fails_with 'layout N = NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, shape=[8,32])' \
    "a 128-byte NVMMA tile of 16-bit elements is at least 8 x 64"

# ---- Triton PaddedSharedLayout: Triton's example [2:+1, 4:+2]:
# e0 e1 p0 e2 e3 p1 p2 p3 e4 e5 p4 e6 e7 ...: e2 at 3, e4 at 8, e7 at 12, e8 at 16
check "PaddedSharedLayout [2:+1, 4:+2]" \
    prints 'layout P = PaddedSharedLayout(interval_padding_pairs=[2:+1, 4:+2], shape=[16]); print P(2), P(4), P(7), P(8)' \
    '3 8 12 16'
# [[32, 4]] on 64 x 64 (row-major): 4 elements after every 32, so
# (1,0) = 64 + 8 = 72; the tile spans 4095 + 127 * 4 + 1 = 4604 elements,
# which an array laid out by it reserves: 4604 x 2 = 9208 bytes of f16
check "PaddedSharedLayout [[32,4]]" \
    prints 'layout P = PaddedSharedLayout(interval_padding_pairs=[[32, 4]], order=[1,0], shape=[64,64]); print P(1,0), P(63,63)' '72 4603'
check "an array reserves what the padded layout spans" \
    sh -c "$LDS_CALC 'layout P = PaddedSharedLayout(interval_padding_pairs=[[32, 4]], shape=[64,64]); array f16 p[64][64] layout P; read p[63][63]' | grep -qF '9208 B of'"
check "a Triton layout's array has its shape" \
    fails_with 'layout S = SwizzledSharedLayout(vec=2, per_phase=1, max_phase=2, order=[1,0], shape=[8,8]); array f32 a[8][16] layout S' \
    "SwizzledSharedLayout 'S' is for the tile 8 x 8; 'a' is 8 x 16"
check "Triton's sizes are powers of two" \
    fails_with 'layout S = SwizzledSharedLayout(vec=3, per_phase=1, max_phase=8, order=[1,0], shape=[8,8])' \
    "'vec' is a power of two 1..1048576 (3 given)"
check "an unknown Triton parameter" \
    fails_with 'layout S = SwizzledSharedLayout(vec=2, perPhase=1, maxPhase=2, ordr=[1,0], shape=[8,8])' \
    "takes no parameter 'ordr'; it takes vec, per_phase, max_phase, order, shape"

# ---- fragments
# mma.m16n8k16 A (PTX ISA): groupID g = lane / 4, tig = lane % 4;
# a0,a1: (g, 2 tig + 0/1); a2,a3: (g + 8, ...); a4..a7: columns + 8.
# lane 5 (g 1, tig 1): a0 (1,2) a3 (9,3) a4 (1,10) a7 (9,11)
check "mma.m16n8k16.a" \
    prints 'fragment A = mma.m16n8k16.a; print A.values, A.row(5,0), A.col(5,0), A.row(5,3), A.col(5,3), A.row(5,4), A.col(5,4), A.row(5,7), A.col(5,7)' \
    '8 1 2 9 3 1 10 9 11'
# B (16 x 8, k x n): b0,b1: (2 tig + 0/1, g); b2,b3: k + 8.  lane 30 (g 7, tig 2): b1 (5,7) b2 (12,7)
check "mma.m16n8k16.b" prints 'fragment B = mma.m16n8k16.b; print B.values, B.row(30,1), B.col(30,1), B.row(30,2)' '4 5 7 12'
# C (16 x 8): c0,c1: (g, 2 tig + 0/1); c2,c3: (g + 8, ...).  lane 30: c3 (15,5)
check "mma.m16n8k16.c" prints 'fragment C = mma.m16n8k16.c; print C.values, C.row(30,3), C.col(30,3)' '4 15 5'
# CuTe's SM80_16x8x16 A TV layout ((4,8),(2,2,2)):((32,1),(16,8,128)) on the
# 16 x 16 tile is the same map: thread 5 = (1,1) -> 32 + 1 = 33; value 3 =
# (1,1,0) -> 16 + 8 = 24: index 57 = (57 % 16, 57 / 16) = (9, 3)
check "a CuTe TV layout" \
    prints 'fragment T = ((4,8),(2,2,2)):((32,1),(16,8,128)) tile (16,16); print T.values, T.row(5,3), T.col(5,3), T.row(5,7), T.col(5,7)' \
    '8 9 3 9 11'
# wgmma's A from registers: warp w holds rows 16 w.. as mma.m16n8k16.a: thread 69 is lane 5 of warp 2
check "wgmma.m64k16.a" prints 'fragment W = wgmma.m64k16.a; print W.row(69,3), W.col(69,3)' '41 3'
# MFMA 32x32x8 f16 A: lane l holds row l % 32, k = 4 (l / 32) + v; lane 33, v 2: (1, 6)
# B: k = 4 (l / 32) + v, column l % 32: lane 40, v 3: (7, 8)
check "mfma.32x32x8.a and .b" \
    prints 'arch gfx942; fragment A = mfma.32x32x8.a; fragment B = mfma.32x32x8.b; print A.values, A.row(33,2), A.col(33,2), B.row(40,3), B.col(40,3)' \
    '4 1 6 7 8'
# MFMA 16x16x16: row l % 16, k = 4 (l / 16) + v: lane 50, v 1: (2, 13)
check "mfma.16x16x16.a and .b" \
    prints 'arch gfx942; fragment A = mfma.16x16x16.a; fragment B = mfma.16x16x16.b; print A.row(50,1), A.col(50,1), B.row(50,1), B.col(50,1)' \
    '2 13 13 2'
# Triton BlockedLayout([1,8], [4,8], [4,1], order [1,0]) on 64 x 64: a CTA
# tile of 16 x 64, repeated 4 times down: 8 x 4 = 32 values.  Thread 9 is
# lane 9: column (9 % 8) 8 = 8, row 9 / 8 = 1; thread 32 is warp 1: row 4;
# value 8 is the second repeat: row 16; value 7: column 7.
check "BlockedLayout" \
    prints 'fragment B = BlockedLayout(size_per_thread=[1,8], threads_per_warp=[4,8], warps_per_cta=[4,1], order=[1,0], shape=[64,64]); print B.values, B.col(0,7), B.row(9,0), B.col(9,0), B.row(32,0), B.row(0,8), B.row(41,9), B.col(41,9)' \
    '32 7 1 8 4 16 21 9'
# order [0,1]: lanes go down first: thread 1 is row 1, thread 4 column 8.
# A 4 x 8 tensor under a 16 x 64 tile wraps (a broadcast): thread 32 (row 4) is row 0.
check "BlockedLayout order [0,1] and a broadcast" \
    prints 'fragment B = BlockedLayout(size_per_thread=[1,8], threads_per_warp=[4,8], warps_per_cta=[4,1], order=[0,1], shape=[64,64]); fragment S = BlockedLayout(size_per_thread=[1,8], threads_per_warp=[4,8], warps_per_cta=[4,1], order=[1,0], shape=[4,8]); print B.row(1,0), B.col(4,0), S.values, S.row(32,0), S.col(9,0)' \
    '1 8 8 0 0'
# Repeats in both dimensions: on 64 x 128 the 16 x 64 tile repeats along
# order[0] (the column) first, then down, as Triton's to_linear_layout
# gives it (registers [0,1] [0,2] [0,4] [0,64] [16,0] [32,0]): value 17
# (bits 0 and 4) of thread 37 (lane 5, warp 1) is row 16 + 4, column 1 + 40.
check "BlockedLayout repeats along order[0] first" \
    prints 'fragment B = BlockedLayout(size_per_thread=[1,8], threads_per_warp=[4,8], warps_per_cta=[4,1], order=[1,0], shape=[64,128]); print B.row(37,17), B.col(37,17), B.row(0,8), B.col(0,8)' \
    '20 41 0 64'
# The same layout as Triton writes it out (#ttg.linear): the same elements.
# G is 1-D: thread 3 (lane bits 0, 1: 2 ^ 4) value 3 (bits 0, 1: 1 ^ 8)
# is column 6 ^ 9 = 15 of the one row; its 5 lane bases make a 32-lane warp.
check "a #ttg.linear fragment" \
    prints '#lin = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
fragment F = lin; fragment G = #ttg.linear<{register = [[1], [8]], lane = [[2], [4], [16], [32], [64]], warp = []}>; print F.values, F.row(37,17), F.col(37,17), F.row(0,8), F.col(0,8), G.values, G.row(3, 3), G.col(3, 3)' \
    '64 20 41 0 64 4 0 15'
# A #ttg.shared_linear layout (offset bits to coordinates) on 4 x 8:
# offset bits o0..o2 give the column, o3 and o4 the row, o4 also flips
# column bit 2.  Inverted: o3 = r % 2, o4 = r / 2, c' = c ^ 4 o4, offset =
# c' + 8 o3 + 16 o4: (2,0) is 4 + 16 = 20, (3,5) is 1 + 8 + 16 = 25, (1,6)
# is 6 + 8 = 14, (2,4) is 0 + 16 = 16; on 2 x 4 x 8 the second tile starts
# at 32: (1,2,0) is 52.  The def is named after the alias and the shape.
check "a #ttg.shared_linear shared layout" \
    prints '#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 4]], block = []}, alignment = 16>
array f16 A[4][8] layout sl; array f16 B[2][4][8] layout sl; print sl__4x8(2,0), sl__4x8(3,5), sl__4x8(1,6), sl__4x8(2,4), sl__2x4x8(1,2,0)' \
    '20 25 14 16 52'
check "a #ttg.shared_linear of another shape" \
    fails_with '#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 4]]}, alignment = 16>
array f16 C[8][8] layout sl' "TTGIR shared_linear covers 4 in dimension 0; the array has 8"
check "a #ttg.linear array layout is called a register layout" \
    fails_with '#l = #ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>
array f16 A[4][8] layout l' "TTGIR '#ttg.linear' is a register layout (which thread holds which element), not a shared-memory one"
# Triton 3.2's #triton_gpu.shared with hasLeadingOffset is NVMMA's: 128
# bytes of f16 (perPhase 1 x maxPhase 8), row 1 column 0 at 64 + (0 ^ 1) 8
# = 72; a 2 x 64 x 64 memdesc's second tile at 4096: (1,1,8) is 4096 + 64
# + (1 ^ 1) 8 = 4160.
check "Triton 3.2's #triton_gpu.shared with hasLeadingOffset" \
    prints '#s = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
array f16 A[2][64][64] layout s; print s__2x64x64(0,1,0), s__2x64x64(1,1,8)' '72 4160'
check "an unknown fragment" fails_with 'fragment F = mma.m16n8k16.x' "unknown fragment 'mma.m16n8k16.x'; did you mean 'mma.m16n8k16.a'?"
check "a TV layout names its tile" fails_with 'fragment F = (32,4):(1,32)' "expected 'tile (M, N)'"

# ---- show layout: the banks of Triton's example 1 (vec=1, perPhase=1,
# maxPhase=4, 4 x 4 f32 at byte 0): element (r, c) is at word 4r + (c ^ r),
# so its bank is 4r + (c ^ r): row 1 reads 5 4 7 6.  The read gives lane l
# element (l % 4, l / 4): the lane grid is the transpose of 0..15.
check "show layout: the banks" \
    sh -c "$LDS_CALC 'layout S = SwizzledSharedLayout(vec=1, per_phase=1, max_phase=4, order=[1,0], shape=[4,4]); array f32 t[4][4] layout S; read t[lane % 4][lane / 4] if lane < 16; show layout t' | sed -n '5,7p' | tr -s ' ' | grep -qxF -e '0: 0 1 2 3' -e '1: 5 4 7 6'"
check "show layout: the lanes of the last access" \
    sh -c "$LDS_CALC 'layout S = SwizzledSharedLayout(vec=1, per_phase=1, max_phase=4, order=[1,0], shape=[4,4]); array f32 t[4][4] layout S; read t[lane % 4][lane / 4] if lane < 16; show layout t' | sed -n '11,14p' | tr -s ' ' | tr '\n' '/' | grep -qxF '0: 0 4 8 12/1: 1 5 9 13/2: 2 6 10 14/3: 3 7 11 15/'"
# a b128 read covers 8 f16 elements: lane 1 reads elements (1, 0..7) of the
# swizzled atom, whose chunk 0 lies in chunk 1 of row 1: words 16 + 4..7,
# banks 4 4 5 5 6 6 7 7
check "show layout: a wide access covers its elements" \
    sh -c "$LDS_CALC 'arch sm80; layout S = Swizzle<3,3,3> o (8,64):(64,1); array f16 t[8][64] layout S; read b128 t[lane % 8][0] if lane < 8; show layout t' | grep -E '^1: +[0-9.]' | tr -s ' ' | cut -d' ' -f2-18 | tr '\n' '/' | grep -qxF '4 4 5 5 6 6 7 7 0 0 1 1 2 2 3 3 12/1 1 1 1 1 1 1 1 . . . . . . . . ./'"
check "show layout after another array's access draws no lanes" \
    sh -c "$LDS_CALC 'array f32 a[2][2]; array f32 b[2]; read b[0]; show layout a' | grep -c 'the lane' | grep -qx 0"
check "show layout of a name that is not an array" fails_with 'let b = 1; show layout b' "'b' is not an array (show layout draws an array)"
check "show layout of a huge array" fails_with 'arch sm90; array u8 a[257][256]; show layout a' "'a' has 65792 elements; show layout draws at most 65536"
# SVG and Markdown keep the pictures to the end of the run: 16 of 65536
# elements fit in the 2^20 they may hold, the 17th is refused
keep17="arch sm90; array u8 a[256][256]; for i in 0..17 { show layout a }"
check "show layout keeps at most 2^20 elements for the report" \
    sh -c "$LDS_CALC -q --format markdown '$keep17' 2>&1 | grep -qF '1:51: error: show layout: the pictures kept for the report would hold more than 1048576 elements' && ! $LDS_CALC -q --format markdown '$keep17' 2>/dev/null && $LDS_CALC -q --format markdown 'arch sm90; array u8 a[256][256]; for i in 0..16 { show layout a }'"
check "the REPL's :layout" \
    sh -c "printf 'array f32 t[2][4]\nread t[0][lane %% 4]\n:layout t\n' | $LDS_CALC -i 2>&1 | grep -F -A2 'the lane that' | tail -1 | tr -s ' ' | grep -qxF '0: 0 1 2 3'"
tap_end
