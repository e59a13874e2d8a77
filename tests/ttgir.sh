#!/bin/sh
# The TTGIR reader (lds-calc(1), TTGIR): Triton module dumps of
# tests/ttgir (tests/ttgir/README.md), each number derived by hand below.
. "$srcdir/tests/lib.sh"
dir=$srcdir/tests/ttgir

# line FILE L:C ARGS...: the report's record of the op at line L, column
# C of the module: a record stands at the op's Python place (its loc),
# and names the op's TTGIR place in its note (or, not modelled, in itself)
line() {
    f=$1 pat="$1:$2,"
    shift 2
    lds -f "$dir/$f" "$@" 2>/dev/null | awk -v p="$pat" '
        index($0, p) { print (substr($0, 1, 2) == "  " ? prev : $0); exit }
        substr($0, 1, 2) != "  " { prev = $0 }'
}
has() { case "$1" in *"$2"*) return 0 ;; esac; return 1; }
# op DESC FILE L:C EXPECTED ARGS...: the record of the op at L:C has EXPECTED
op() {
    d=$1 f=$2 p=$3 want=$4
    shift 4
    s=$(line "$f" "$p" "$@")
    check "$d" has "$s" "$want"
}

# The layouts below are Triton's own: its linear layouts (Triton 3.9,
# gluon_ir.GluonOpBuilder.to_linear_layout) of #blocked<[1,1],[1,32],[2,2],
# [1,0]> on 32 x 64 are registers [2,0] [4,0] [8,0] [16,0], lanes [0,1] ..
# [0,16], warps [0,32] [1,0], the fragment the reader writes (matmul's
# F48); mma v2's A operand (warps [2, 2]) has warps [0,0] [16,0] and
# registers [0,1] [8,0] [0,8] [0,16] [32,0]: warp w's rows are 16 (w / 2)
# + 32 i, its ldmatrix rows; B's warps [0,8] [0,0]: warp w's n8 tiles at
# 8 (w % 2) + 16 r.
#
# dot_operand.ttgir: a 64 x 32 f16 tile stored from #blocked (sizePerThread
# [1, 8]: 16 bytes a thread, so b128 stores; 4 lanes a 64-byte row, a warp
# 8 rows, 4 warps 32 rows, repeated once: 2 stores a thread, 8 in all), and
# loaded as mma v2's A operand (ldmatrix.x4: 16 x 16 blocks; warps [2, 2],
# so each warp 2 x 2 blocks of its 32 rows: 4 a warp, 16 in all).
#   The stores: a quarter-warp phase writes 2 whole rows of 64 bytes, 32
# banks once: conflict-free, 4 phases an instruction: 8 x 4 = 32.
#   #plain (no swizzle): an 8 x 8 matrix is 8 rows of 16 bytes 64 bytes
# apart, rows r at 64r: r and r + 2 on the same 4 banks, so 4 rows a bank
# group: 4-way, 4 wavefronts a matrix: 16 x 4 x 4 = 256, ideal 64.
#   #shared (vec 8, perPhase 2, maxPhase 4): row r's 16-byte chunk c is at
# chunk c ^ (r / 2 % 4): rows 0-7 of chunk 0 at bytes 0 64 144 208 288 352
# 432 496, mod 128: 0 64 16 80 32 96 48 112, 8 different bank groups:
# conflict-free, 64.
op "local_alloc of a blocked tensor: b128 stores, conflict-free" dot_operand.ttgir 9:14 "tile.py:5:12: write: ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #plain, #smem> loc(#loc1): 1-way (conflict-free), cycles 32, ideal 32, excess 0, instructions 8" -a sm80
op "local_load of a dot operand from an unswizzled layout: 4-way ldmatrix" dot_operand.ttgir 11:10 "tile.py:7:8: read: ttg.local_load %plain : !ttg.memdesc<64x32xf16, #plain, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> loc(#loc3): 4-way, cycles 256, ideal 64, excess 192, instructions 16" -a sm80
op "local_load of a dot operand from #ttg.swizzled_shared: conflict-free" dot_operand.ttgir 12:10 "tile.py:8:8: read: ttg.local_load %swz : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> loc(#loc4): 1-way (conflict-free), cycles 64, ideal 64, excess 0, instructions 16" -a sm80
check "the lowered program places the op at its source line, its TTGIR line a note" \
    sh -c "'$LDS_CALC' -f '$dir/dot_operand.ttgir' --show-lowered | grep -qx '#line 7:8 \"tile.py\" note 11:10 lowered by Triton from the line'"
# The fix for #plain is the swizzle derived above for #shared (Triton's
# own choice), written as the TTGIR attribute.
check "a TTGIR array's fix is a TTGIR attribute" \
    sh -c "'$LDS_CALC' -a sm80 -f '$dir/dot_operand.ttgir' --format diagnostics | grep -qF 'TTGIR: #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}> - conflict-free over the 2 accesses'"

# accumulator.ttgir: an mma v2 accumulator (warps [2, 2]) of f16 stored to
# shared memory, as an epilogue does.  Triton's linear layout of it on 64
# x 64 (to_linear_layout, Triton 3.9) is registers [0,1] [8,0] [0,16]
# [0,32] [32,0], lanes [0,2] [0,4] [1,0] [2,0] [4,0], warps [0,8] [16,0],
# the fragment the reader writes.  Registers 0 and 1 of a thread are
# neighbours: b32 stores, 16 a thread, 64 in all.  One store: lane l
# writes row l / 4 at byte 4 (l % 4) of its 16-byte chunk 0.
#   #plain: row r at 128 r, so every row on banks 0-3: 8-way, 64 x 8 = 512.
#   #shared (vec 8, maxPhase 8): chunk 0 of row r moves to chunk r: bank
# 4r + l % 4, 32 different banks: conflict-free, 64.
op "an mma accumulator stored unswizzled: 8-way" accumulator.ttgir 8:14 "8-way, cycles 512, ideal 64, excess 448, instructions 64" -a sm80
op "an mma accumulator stored swizzled: conflict-free" accumulator.ttgir 9:12 "1-way (conflict-free), cycles 64, ideal 64, excess 0, instructions 64" -a sm80
check "the accumulator's fragment is Triton's linear layout" \
    sh -c "'$LDS_CALC' -f '$dir/accumulator.ttgir' --show-lowered | grep -qF 'fragment F8 = #ttg.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>'"

# matmul_sm80.ttgir, as Triton 3.9 made it: the same numbers as the PTX
# Triton made of it (tests/ttgir/README.md) read by the PTX reader: 16
# st.shared.b16 a warp a operand (64 in all, 64 wavefronts each), 16
# ldmatrix.x4 (64 wavefronts) and 16 ldmatrix.x4.trans (64 wavefronts).
op "Triton's A store (sizePerThread [1, 1]): 64 b16 stores" matmul_sm80.ttgir 41:15 "kernels.py:14:13: write: tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :]): 1-way (conflict-free), cycles 64, ideal 64, excess 0, instructions 64" -a sm80 -D K=32
op "Triton's B operand: ldmatrix.x4.trans, conflict-free" matmul_sm80.ttgir 50:15 "kernels.py:15:13: read: tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :]): 1-way (conflict-free), cycles 64, ideal 64, excess 0, instructions 16" -a sm80 -D K=32
op "ttg.convert_layout is said not modelled" matmul_sm80.ttgir 62:10 "kernels.py:17:5: read: tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc): not modelled: ttg.convert_layout" -a sm80

# matmul_pipelined_sm80.ttgir: cp.async of 16 bytes (contiguity 8 f16,
# #blocked2 sizePerThread [1, 8]): 64 x 32 f16 is 256 copies, 8 a warp...
# 2 instructions a warp, 8 in all.  Its scf.for runs K / 32 trips (-D K=128:
# 0, 32, 64, 96, 4 trips): each trip reads the k-slice [16, 32) of the
# buffer the trip's A tile is in (ldmatrix.x4: 8 a trip, 32 in all, 128
# wavefronts), copies the tile two trips ahead (8 a trip, 32 in all) and
# reads the k-slice [0, 16) of the next trip's buffer.  The buffers: the
# prologue fills 0 and 1; %arg6 starts at 1 and the trip's copy goes to
# (%arg6 + 1) wrapped at 2: trip t writes t % 2; %a_64 starts as buffer 0
# and is handed %a_108, buffer (t + 1) % 2 of the trip before: t % 2.
op "async_copy_global_to_local: cp.async b128" matmul_pipelined_sm80.ttgir 47:13 "kernels.py:14:13: write: tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :]): 1-way (conflict-free), cycles 32, ideal 32, excess 0, instructions 8" -a sm80
op "a local_load in scf.for counts every trip" matmul_pipelined_sm80.ttgir 90:15 "kernels.py:14:13: read: tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :]): 1-way (conflict-free), cycles 128, ideal 128, excess 0, instructions 32" -a sm80 -D K=128
op "a cp.async in scf.for counts every trip" matmul_pipelined_sm80.ttgir 107:15 "instructions 32" -a sm80 -D K=128
lowered=$(lds -f "$dir/matmul_pipelined_sm80.ttgir" -D K=128 --show-lowered 2>/dev/null)
check "the loop is one of its trips, named by its induction variable" has "$lowered" "for acc_58_trip in 0..4 as acc_58 = 0 + 32 * acc_58_trip {"
check "the buffer a trip reads and refills rotates with the trip" has "$lowered" "cp.async b128 a_14[(acc_58_trip % 2)]"
check "the next trip's buffer, read ahead" has "$lowered" "ldmatrix.x4 a_14[((acc_58_trip + 1) % 2)]"
op "a loop whose trips need a kernel argument no -D gives: its accesses not modelled" matmul_pipelined_sm80.ttgir 90:15 "not modelled: it is in the scf.for of %acc_58, whose trip count needs 'K' (give its value with -D K=VALUE)" -a sm80
check "the missing kernel argument is listed" \
    sh -c "'$LDS_CALC' -a sm80 -f '$dir/matmul_pipelined_sm80.ttgir' 2>&1 >/dev/null | grep -qF \"warning: kernel 'matmul_tile' needs 'K', which no -D gives\""
check "a loop of no trips has no accesses" \
    sh -c "! '$LDS_CALC' -a sm80 -f '$dir/matmul_pipelined_sm80.ttgir' -D K=0 2>/dev/null | grep -qF 'matmul_pipelined_sm80.ttgir:90:15'"

# replicated_sm80.ttgir (Gluon, Triton 3.9): a 16 x 16 f32 tile in
# #blocked<[1, 1], [1, 32], [4, 1]>: lane l holds column l % 16 (lanes l
# and l + 16 the same element), warp w rows w + 4 i, 4 registers.  Triton
# drops only broadcast registers, and its PTX stores from every lane
# (4 st.shared.b32, no predicate): lanes l and l + 16 write one word, so a
# store is one 64-byte row, one wavefront, 16 lanes repeating a word: 4
# registers x 4 warps = 16 instructions, 16 wavefronts, 256 broadcasts
# (tests/per-line.sh: the PTX's numbers too).
op "a layout that replicates lanes: every lane stores, the replicas the same word" replicated_sm80.ttgir 22:5 \
    "kernels.py:62:9: write: tile.store(gl.load(x_ptr + r[:, None] * 16 + c[None, :])): 1-way (conflict-free), cycles 16, ideal 16, excess 0, instructions 16, broadcasts 256" -a sm80

# replicated_copy_sm80.ttgir: the same layout filled by cp.async (4
# bytes).  Triton predicates an asynchronous copy so that one of the lanes
# holding an element copies it (its PTX: '@%p1 cp.async', %p1 = (tid & 16)
# == 0): lanes 0-15 copy a 64-byte row, one wavefront; 16 instructions,
# 16 wavefronts.  Were lanes 16-31 to copy too, each 4-byte word would be
# written twice (cp.async's lanes on one address are not merged): 2-way.
op "an asynchronous copy of a replicating layout: one replica copies" replicated_copy_sm80.ttgir 21:10 \
    "kernels.py:58:9: write: async_copy.async_load(tile, x_ptr + r[:, None] * 16 + c[None, :]): 1-way (conflict-free), cycles 16, ideal 16, excess 0, instructions 16" -a sm80
check "its guard is Triton's redundant-thread predicate" \
    sh -c "'$LDS_CALC' -f '$dir/replicated_copy_sm80.ttgir' --show-lowered | grep -qF 'for r_v in 0..4' && '$LDS_CALC' -f '$dir/replicated_copy_sm80.ttgir' --show-lowered | grep -qF 'if (tid % 32 & 16) == 0'"

# loops.ttgir (written for these tests): a ring of 3 buffers of 64 x 32
# f16 (#plain and #shared as dot_operand.ttgir's; 4096 bytes a buffer, so
# every buffer is on the same banks), n trips (-D n=5), the buffer index
# rotated 0 1 2 0 1; each trip stores the tile (8 b128 stores, 32
# wavefronts, as above), an inner scf.for of 4 trips loads both as mma A
# operands (#plain: 16 ldmatrix.x4, 4-way, 256 wavefronts; #shared:
# conflict-free, 64), an scf.if on the trip (the first only, its else the
# other 4) reads the tile from #blocked (8 b128 reads, 32 wavefronts), an
# scf.if on a kernel argument (-D flag=1: every trip), and an scf.if on
# tt.get_program_id, which the reader does not follow.
set -- -a sm80 -D n=5 -D flag=1
op "a store in scf.for: every trip" loops.ttgir 20:7 "ring.py:8:9: write: ttg.local_store %a, %s : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #plain, #smem, mutable> loc(#loc3): 1-way (conflict-free), cycles 160, ideal 160, excess 0, instructions 40" "$@"
op "nested scf.for: 4 x 5 trips, 4-way" loops.ttgir 23:14 "4-way, cycles 5120, ideal 1280, excess 3840, instructions 320" "$@"
op "nested scf.for, swizzled: conflict-free" loops.ttgir 24:14 "1-way (conflict-free), cycles 1280, ideal 1280, excess 0, instructions 320" "$@"
op "scf.if of the trip: its first trip" loops.ttgir 28:14 "cycles 32, ideal 32, excess 0, instructions 8" "$@"
op "its else: the other trips" loops.ttgir 30:14 "cycles 128, ideal 128, excess 0, instructions 32" "$@"
op "scf.if of a kernel argument -D gives" loops.ttgir 34:14 "cycles 160, ideal 160, excess 0, instructions 40" "$@"
op "scf.if of what the reader does not follow: not modelled" loops.ttgir 38:14 "not modelled: it is under the scf.if at line 37, whose condition %mine the TTGIR reader does not follow" "$@"
op "scf.if of a kernel argument no -D gives: not modelled, needs it" loops.ttgir 34:14 "not modelled: it is under the scf.if at line 33, whose condition %on needs 'flag' (give its value with -D flag=VALUE)" -a sm80 -D n=5
lowered=$(lds -f "$dir/loops.ttgir" "$@" --show-lowered 2>/dev/null)
check "a ring of 3 buffers: the buffer of each trip" has "$lowered" "write b128 buf[(i_trip % 3)]"
check "an inner loop inside the outer" has "$lowered" "for j_trip in 0..4 as j = 0 + 1 * j_trip {"
check "an scf.if is an lds if of the trip" has "$lowered" "if (i_trip == 0 ? 1 : 0) {"
set --
sed 's/iter_args(%slot = %c0_i32/iter_args(%slot = %pid/' "$dir/loops.ttgir" > "${TMPDIR:-/tmp}/lds-ttgir-pid.$$.ttgir"
check "a buffer index the reader does not follow is warned about, taken as buffer 0" \
    sh -c "'$LDS_CALC' -a sm80 -f '${TMPDIR:-/tmp}/lds-ttgir-pid.$$.ttgir' -D n=5 -D flag=1 2>&1 >/dev/null | grep -qF 'a buffer known only at run time (the index %slot of ttg.memdesc_index) is taken as buffer 0'"
rm -f "${TMPDIR:-/tmp}/lds-ttgir-pid.$$.ttgir"
op "ttng.warp_group_dot is said not modelled, by name" matmul_sm90.ttgir 50:17 "kernels.py:16:16: read: tl.dot(a, b): not modelled: ttng.warp_group_dot touches shared memory" -a sm90
check "--lang ttgir reads standard input" \
    sh -c "'$LDS_CALC' --lang ttgir -f - -a sm80 < '$dir/dot_operand.ttgir' | grep -qF 'tile.py:7:8: read'"
check "--kernel names a tt.func" \
    sh -c "'$LDS_CALC' -f '$dir/dot_operand.ttgir' --kernel nope 2>&1 | grep -qF \"no tt.func 'nope' in this TTGIR module: it has 'a_tile'\""

# The three pasted-line defects (issue 51): a dump's lines in an lds program.
check "a pasted TTGIR op is an error that names -f FILE.ttgir" \
    sh -c "'$LDS_CALC' '%5 = ttg.local_load %4 : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>' 2>&1 | grep -qF 'a TTGIR op, not an lds statement: lds-calc reads a TTGIR module whole, with -f FILE.ttgir'"
check "a dump's #loc lines and indented aliases are read, not comments" \
    sh -c "printf '#loc = loc(\"k.py\":3:1)\n#loc3 = loc(\"a\"(#loc))\n  #sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>\narch sm90\narray f16 A[64][64] layout sh\nread b128 A[lane %% 8][0]\nexpect conflict-free\n' | '$LDS_CALC' -q -f -"
check "#ttg.linear is a fragment" \
    sh -c "'$LDS_CALC' 'fragment F = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>; print F.row(5, 1), F.col(5, 1)' | tr '\n' ' ' | grep -qx '1 3 '"
check "#ttg.shared_linear is no register layout" \
    sh -c "'$LDS_CALC' '#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 16>
array f16 A[2][2] layout s; print s__2x2(1, 0)' | grep -qx 2"
# Bad input: an error with its place, or a record that says what is not modelled.
tmp=${TMPDIR:-/tmp}/lds-ttgir.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT; [ -n "$KEEP" ] && trap - EXIT
printf '#b = #ttg.blocked<{sizePerThread = [1, 8]\n' > "$tmp/open.ttgir"
check "an alias never closed is an error at its line" \
    sh -c "'$LDS_CALC' -f '$tmp/open.ttgir' 2>&1 | grep -qF \"open.ttgir:1:1: error: a TTGIR alias '#NAME = #dialect.KIND<...>' or '#locN = loc(...)', closed on its line\""
printf 'hello\n' > "$tmp/none.ttgir"
check "a file without tt.func is an error" \
    sh -c "'$LDS_CALC' -f '$tmp/none.ttgir' 2>&1 | grep -qF 'no tt.func in this file'"
printf 'module {\n  tt.func @k() {\n    %%a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nope, #smem>\n    %%b = ttg.local_load %%a : !ttg.memdesc<64x64xf16, #nope, #smem> -> tensor<64x64xf16, #blocked>\n  }\n}\n' > "$tmp/nope.ttgir"
check "a layout the module does not define: the op that uses it says so" \
    sh -c "'$LDS_CALC' -f '$tmp/nope.ttgir' | grep -qF \"4:10: read: ttg.local_load %a : !ttg.memdesc<64x64xf16, #nope, #smem> -> tensor<64x64xf16, #blocked>: not modelled: its memdesc %a: its shared layout '#nope' is no attribute the module defines\""
# A sweep of the kernel argument: the trips follow each value (n = 2:
# stores 2 x 2 x 32, inner loads 2 x 4 x (256 + 64), the first trip's
# read 32, the other's 32, flag's 2 x 32: 2816); the rotated buffer is
# then not followed (buffer 0, warned: the same banks here)
check "a sweep of -D n: the trips of each run" \
    sh -c "'$LDS_CALC' -a sm80 -f '$dir/loops.ttgir' -D n=2..4 -D flag=1 2>/dev/null | grep -Eq '^ +2 +1 +sm80 +4 +2816 +1280 +1536 +320 +ok'"

# The buffer as the induction variable modulo 3 (ttg.memdesc_subview of
# it, as older pipeliners wrote), and an inner loop of %i trips (a
# triangle: 0 + 1 + 2 + 3 + 4 = 10 inner trips, 16 ldmatrix.x4 and 256
# wavefronts each from #plain: 160 and 2560).
sed 's/      %s = ttg.memdesc_index %buf\[%slot\]/      %k = arith.remsi %i, %c3_i32 : i32 loc(#loc3)\n      %s = ttg.memdesc_subview %buf[%k, %c0_i32, %c0_i32]/; s/scf.for %j = %c0_i32 to %c4_i32/scf.for %j = %c0_i32 to %i/' "$dir/loops.ttgir" > "$tmp/iv.ttgir"
lowered=$(lds -f "$tmp/iv.ttgir" -D n=5 -D flag=1 --show-lowered 2>/dev/null)
check "a subview by the induction variable modulo 3: the buffer of each trip" has "$lowered" "write b128 buf[(i_trip % 3)]"
check "an inner loop bounded by the outer induction variable" has "$lowered" "for j_trip in 0..max(0, (i_trip - 0 + 0) / 1)"
check "a triangular nest: 10 inner trips" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/iv.ttgir' -D n=5 -D flag=1 2>/dev/null | grep '^ring.py:10:17: read' | grep -qF '4-way, cycles 2560, ideal 640, excess 1920, instructions 160'"

# A callsite location (a @triton.jit helper Triton inlined) places the
# access at the helper's line, the callee; a fused one at its first.
sed 's/^#loc3 = loc("tile.py":7:8)/#loc3 = loc(callsite(#loc5 at #loc6))\n#loc5 = loc("helpers.py":3:9)\n#loc6 = loc("tile.py":7:8)/; s/^#loc4 = loc("tile.py":8:8)/#loc4 = loc(fused[#loc7, "tile.py":8:8])\n#loc7 = loc("helpers.py":4:9)/' "$dir/dot_operand.ttgir" > "$tmp/callsite.ttgir"
check "a callsite loc: the access at the helper's line" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/callsite.ttgir' | grep -q '^helpers.py:3:9: read: ttg.local_load %plain'"
check "a fused loc: the access at its first place" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/callsite.ttgir' | grep -q '^helpers.py:4:9: read: ttg.local_load %swz'"

# Loops that are not what they seem: said, never a crash or a guess.
head -30 "$dir/loops.ttgir" > "$tmp/cut.ttgir"
check "a module cut short inside a loop: said" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/cut.ttgir' -D n=3 -D flag=1 2>&1 >/dev/null | grep -qF \"warning: kernel 'ring': its tt.func is not closed (the module is cut short)\""
sed 's/scf.for %i = %c0_i32 to %n step/scf.for %i = %n to %c0_i32 step/' "$dir/loops.ttgir" > "$tmp/none.ttgir"
check "a loop of no trips: said, and no buffer warning" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/none.ttgir' -D n=3 -D flag=1 2>&1 | grep -c warning | grep -qx 1 && '$LDS_CALC' -a sm80 -f '$tmp/none.ttgir' -D n=3 -D flag=1 2>&1 | grep -qF 'the scf.for of %i runs no trips (from 3 to 0)'"
sed 's/step %c1_i32 iter_args/step %c0_i32 iter_args/' "$dir/loops.ttgir" > "$tmp/step0.ttgir"
check "a step of 0: its accesses not modelled" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/step0.ttgir' -D n=3 -D flag=1 2>/dev/null | grep -qF 'not modelled: it is in the scf.for of %i, whose step is not a positive number the TTGIR reader knows (the access is at $tmp/step0.ttgir:20:7'"
sed 's/"ring.py":8:9/"ring.py":99999999999:9/' "$dir/loops.ttgir" > "$tmp/far.ttgir"
check "a source line past any file: the op's own line" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/far.ttgir' -D n=3 -D flag=1 2>/dev/null | grep -q '^20:7: write'"
# A stray quote on the tt.func line hides its '{': the function is that
# line alone, a kernel with no access (a warning; under valgrind, no
# uninitialised field of its record is read).
sed '8s/false} {/false} "{/' "$dir/dot_operand.ttgir" > "$tmp/quote.ttgir"
check "a tt.func line whose brace a stray quote hides: a kernel without accesses" \
    sh -c "'$LDS_CALC' -a sm80 -f '$tmp/quote.ttgir' 2>&1 | grep -qF \"warning: kernel 'a_tile' makes no shared-memory access lds-calc can see\""

# A loop body of 100000 scalar ops (50000 under valgrind): read and its
# iter_args followed within a CPU-time cap (SSA names found by hash).
ops=100000
slow_start && ops=5000
{ sed -n '1,7p' "$dir/loops.ttgir"
  printf '  tt.func public @big(%%a: tensor<64x32xf16, #blocked>, %%n: i32) {\n    %%c0_i32 = arith.constant 0 : i32\n    %%c1_i32 = arith.constant 1 : i32\n    %%c3_i32 = arith.constant 3 : i32\n'
  printf '    %%buf = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>\n'
  printf '    %%r = scf.for %%i = %%c0_i32 to %%n step %%c1_i32 iter_args(%%slot = %%c0_i32) -> (i32) : i32 {\n'
  awk -v n=$ops 'BEGIN { for (i = 0; i < n; i++) printf "      %%x%d = arith.addi %%slot, %%c1_i32 : i32\n", i }'
  printf '      %%s = ttg.memdesc_index %%buf[%%slot] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>\n'
  printf '      ttg.local_store %%a, %%s : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>\n'
  printf '      %%w = arith.cmpi sge, %%x0, %%c3_i32 : i32\n      %%y = arith.select %%w, %%c0_i32, %%x0 : i32\n      scf.yield %%y : i32\n    }\n    tt.return\n  }\n}\n'
} > "$tmp/big.ttgir"
(ulimit -t "$(cpu_cap 20)"; lds -a sm80 -f "$tmp/big.ttgir" -D n=100 --show-lowered) > "$tmp/big.out" 2>&1
check "a loop body of $ops ops: its buffer followed within the cap" grep -qF 'write b128 buf[(i_trip % 3)]' "$tmp/big.out"
# 100000 trips of it: more steps than the reader runs to follow them
(ulimit -t "$(cpu_cap 20)"; lds -a sm80 -f "$tmp/big.ttgir" -D n=100000 --show-lowered) > "$tmp/big.out" 2>&1
check "a loop of 100000 trips of $ops ops: its buffer not followed, said" \
    grep -qF "a buffer known only at run time (the index %slot of ttg.memdesc_index) is taken as buffer 0" "$tmp/big.out"
tap_end
