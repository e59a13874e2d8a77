#!/bin/sh
# Hopper and Blackwell shared-memory layouts and data paths (lds(5)):
# TMA's swizzle modes, CuTe's GMMA atoms, byte-address swizzles, bulk
# copies, wgmma/tcgen05 descriptors and tensor memory.  The expected
# offsets come from tests/hopper_ref.py, which computes them from the
# published definitions (the CUDA Driver API's CUtensorMapSwizzle, CuTe's
# atoms in bits with their swizzle on the byte address, the PTX ISA's
# descriptor fields), not from lds-calc's code.
. "$srcdir/tests/lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lds-hopper.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
py=${PYTHON3:-python3}

# same REF-ARGS...: lds-calc prints, for the program hopper_ref.py writes,
# what hopper_ref.py computed
same() {
    PROG="$tmp/p.lds" "$py" "$srcdir/tests/hopper_ref.py" "$@" > "$tmp/want" || return 1
    lds -f "$tmp/p.lds" > "$tmp/got" 2>&1
    cmp -s "$tmp/want" "$tmp/got"
}
fails_with() { lds "$1" > "$tmp/out" 2>&1; [ $? -eq "$2" ] && grep -qF -- "$3" "$tmp/out"; }
warns() { lds "$1" 2>&1 | grep -qF -- "$2"; }
silent() { [ -z "$(lds -q "$1" 2>&1)" ]; }

# --- TMA's layouts, every mode and element size, element by element
# (boxes whose rows fill the swizzle's span, 16 rows: two periods of 128B)
for mode in SWIZZLE_NONE SWIZZLE_32B SWIZZLE_64B SWIZZLE_128B SWIZZLE_128B_ATOM_32B \
            SWIZZLE_128B_ATOM_32B_FLIP_8B SWIZZLE_128B_ATOM_64B; do
    case $mode in SWIZZLE_NONE) span=48 ;; SWIZZLE_32B) span=32 ;; SWIZZLE_64B) span=64 ;; *) span=128 ;; esac
    for e in 1 2 4 8; do
        check "TMA $mode of $e-byte elements, a 16 x $((span / e)) box" same tma $mode $e 16 $((span / e))
    done
done
# rows narrower than the span (the swizzle is on address bits: rows share
# a line), three dimensions, rows that do not fill a period
check "TMA SWIZZLE_128B, 32-byte rows of f16" same tma SWIZZLE_128B 2 24 16
check "TMA SWIZZLE_128B, a 3-D box" same tma SWIZZLE_128B 2 3 8 32
check "TMA SWIZZLE_64B, a 3-D box of bytes" same tma SWIZZLE_64B 1 2 4 32
check "TMA SWIZZLE_128B_ATOM_32B_FLIP_8B, 9 rows of 32 bytes" same tma SWIZZLE_128B_ATOM_32B_FLIP_8B 2 9 16
check "TMA's driver spelling and a number for the swizzle" \
    silent 'layout A = TMA(swizzle=CU_TENSOR_MAP_SWIZZLE_64B, box=[8,32], elem=FLOAT16)
            layout B = TMA(swizzle=64, box=[8,32], elem_bytes=2)
            for i in 0..8 { for j in 0..32 { if A(i, j) != B(i, j) { print i, j } } }'
check "a TMA box row wider than its swizzle's span" \
    fails_with 'layout L = TMA(swizzle=SWIZZLE_64B, box=[8,64], elem=f16)' 3 "SWIZZLE_64B needs it within its 64-byte span"
check "a TMA box row not a multiple of 16 bytes" \
    fails_with 'layout L = TMA(swizzle=SWIZZLE_NONE, box=[8,6], elem=f16)' 3 "TMA needs a multiple of 16"
check "a TMA box size past 256" fails_with 'layout L = TMA(swizzle=SWIZZLE_NONE, box=[512,8], elem=f16)' 3 "1..256"
check "TMA's packed 4-bit types are not modelled" \
    fails_with 'layout L = TMA(swizzle=SWIZZLE_128B, box=[8,64], elem=CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B)' 3 "not modelled"
check "an unknown TMA swizzle" fails_with 'layout L = TMA(swizzle=SWIZZLE_96B, box=[8,8], elem=f16)' 3 "TMA's swizzle is"

# --- the swizzle acts on the absolute shared-memory address: a swizzled
# tile's base is a multiple of its period (256, 512, 1024 bytes)
check "a SWIZZLE_128B tile at byte 512 is refused" \
    fails_with 'layout L = TMA(swizzle=SWIZZLE_128B, box=[64,64], elem=f16); array f16 A[64][64] at 512 layout L' 4 \
    "needs a base that is a multiple of 1024 bytes"
check "a SWIZZLE_64B tile at byte 256 is refused, at 512 taken" \
    sh -c "'$LDS_CALC' 'layout L = TMA(swizzle=SWIZZLE_64B, box=[8,32], elem=f16); array f16 A[8][32] at 512 layout L' >/dev/null &&
           ! '$LDS_CALC' 'layout L = TMA(swizzle=SWIZZLE_64B, box=[8,32], elem=f16); array f16 A[8][32] at 256 layout L' 2>/dev/null"
check "a SWIZZLE_32B tile at byte 128 is refused" \
    fails_with 'layout L = TMA(swizzle=SWIZZLE_32B, box=[8,16], elem=f16); array f16 A[8][16] at 128 layout L' 4 \
    "multiple of 256 bytes"
check "an unswizzled TMA tile may start anywhere its elements may" \
    silent 'layout L = TMA(swizzle=SWIZZLE_NONE, box=[8,16], elem=f16); array f16 A[8][16] at 48 layout L'
check "a swizzled tile placed after another array starts at its period" \
    sh -c "'$LDS_CALC' 'array u8 x[3]; layout L = TMA(swizzle=SWIZZLE_128B, box=[8,64], elem=f16); array f16 A[8][64] layout L; read A[0][0]' |
           grep -qF 'shared memory: 2048 B'"
check "a TMA layout's array has its element size" \
    fails_with 'layout L = TMA(swizzle=SWIZZLE_128B, box=[64,64], elem=f16); array f32 A[64][64] layout L' 4 \
    "is written for 2-byte elements"

# --- CuTe's GMMA/UMMA atoms: the byte swizzle through the smem pointer
for atom in Layout_K_INTER_Atom Layout_K_SW32_Atom Layout_K_SW64_Atom Layout_K_SW128_Atom Layout_MN_INTER_Atom \
            Layout_MN_SW32_Atom Layout_MN_SW64_Atom Layout_MN_SW128_Atom Layout_MN_SW128_32B_Atom; do
    for e in 1 2 4; do
        check "GMMA $atom of $e-byte elements" same gmma $atom $e
    done
done
check "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (64,128))" same tile Layout_K_SW128_Atom 2 64 128
check "tile_to_shape(GMMA::Layout_MN_SW64_Atom<float>, (32,16))" same tile Layout_MN_SW64_Atom 4 32 16
check "tile_to_shape(GMMA::Layout_K_SW32_Atom<uint8_t>, (16,64))" same tile Layout_K_SW32_Atom 1 16 64
check "an atom's scopes: cute::SM90::GMMA::" \
    silent 'layout A = cute::SM90::GMMA::Layout_K_SW64_Atom<cutlass::half_t>; layout B = GMMA::Layout_K_SW64_Atom<half_t>
            for i in 0..8 { for j in 0..32 { if A(i, j) != B(i, j) { print i, j } } }'
check "an atom of sub-byte elements is refused" fails_with 'layout L = GMMA::Layout_K_SW128_Atom<int4b_t>' 3 "sub-byte"
check "an unknown atom" fails_with 'layout L = GMMA::Layout_K_SW256_Atom<half_t>' 3 "is not a GMMA layout atom"
check "a GMMA atom's array at a base off its period is refused" \
    fails_with 'layout L = GMMA::Layout_K_SW128_Atom<half_t>; array f16 A[8][64] at 128 layout L' 4 "multiple of 1024 bytes"

# --- composed swizzles, and the unit a swizzle acts on
check "Swizzle<1,1,4> o Swizzle<2,5,2> o (8,64):(64,1)" same compose 8 64 1,1,4 2,5,2
check "three swizzles composed" same compose 16 32 2,0,3 3,4,3 1,2,5
check "composition(Swizzle, composition(Swizzle, layout)) composes" \
    silent 'layout A = composition(Swizzle<1,1,4>{}, composition(Swizzle<2,5,2>{}, make_layout(make_shape(_8,_64), LayoutRight{})))
            layout B = Swizzle<1,1,4> o Swizzle<2,5,2> o (8,64):(64,1)
            for i in 0..8 { for j in 0..64 { if A(i, j) != B(i, j) { print i, j } } }'
check "CuTe's printed byte swizzle Sw<3,4,3> o smem_ptr[16b](unset) is Swizzle<3,3,3> on f16" \
    silent 'layout A = Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1); layout B = Swizzle<3,3,3> o (8,64):(64,1)
            for i in 0..8 { for j in 0..64 { if A(i, j) != B(i, j) { print i, j } } }'
check "CuTe's printed element swizzle Sw<3,3,3> o _0 o ..." \
    silent 'layout A = Sw<3,3,3> o _0 o (_8,_64):(_64,_1); layout B = Swizzle<3,3,3> o (8,64):(64,1)
            for i in 0..8 { for j in 0..64 { if A(i, j) != B(i, j) { print i, j } } }'
check "a byte swizzle that moves bytes within an element" \
    fails_with 'layout A = Sw<3,2,3> o smem_ptr[64b](unset) o (8,64):(64,1)' 3 "moves bytes within a 8-byte element"
check "Swizzle<3,4,3> on element offsets of f16 is ambiguous: a warning" \
    warns 'layout L = Swizzle<3,4,3> o (8,64):(64,1); array f16 A[8][64] layout L' \
    "which on 2-byte elements is Swizzle<3,3,3>"
check "Swizzle<3,4,3> on bytes is not ambiguous" silent 'layout L = Swizzle<3,4,3> o (8,128):(128,1); array u8 A[8][128] layout L'
check "Swizzle<3,3,3> on f16 is not ambiguous" silent 'layout L = Swizzle<3,3,3> o (8,64):(64,1); array f16 A[8][64] layout L'

# --- ldmatrix.x4 over a K-major 128-byte-swizzled f16 tile: lanes 0-15
# give rows 0-15 at k 0, lanes 16-31 rows 0-15 at k 8; each 8-row matrix
# lands on 8 different 16-byte bank groups (conflict-free); unswizzled,
# its 8 rows 128 bytes apart share one group (8-way)
check "ldmatrix.x4 over TMA SWIZZLE_128B f16: conflict-free" \
    lds -q 'arch sm90; layout L = TMA(swizzle=SWIZZLE_128B, box=[64,64], elem=f16); array f16 A[64][64] layout L
            ldmatrix.x4 A[lane % 16][8 * (lane / 16)]; expect conflict-free'
check "ldmatrix.x4 over GMMA::Layout_K_SW128_Atom<half_t>: conflict-free" \
    lds -q 'arch sm90; layout L = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (64,64)); array f16 A[64][64] layout L
            ldmatrix.x4 A[lane % 16][8 * (lane / 16) + 16 * k] for k in 0..4; expect conflict-free'
check "ldmatrix.x4 over the unswizzled f16 tile: 8-way" \
    lds -q 'arch sm90; array f16 A[64][64]; ldmatrix.x4 A[lane % 16][8 * (lane / 16)]; expect ways == 8'

# --- descriptors: fields decoded from values built field by field
for seed in 1 2 3 4 5 6; do
    check "a wgmma descriptor decoded field by field (seed $seed)" same desc wgmma $seed
    check "a tcgen05 descriptor decoded field by field (seed $seed)" same desc umma $seed
done
check "a tcgen05 descriptor without its version bits" fails_with 'desc D = umma_desc(0x4000004000010000)' 3 "bits 46-48 are 0b001"
check "a tcgen05 swizzle code that names none" fails_with 'desc D = umma_desc(0x6000404000010000)' 3 "3, 5 and 7 name none"

# the layout a descriptor makes the tensor core read, against the data's:
# CuTe's K-major SW128 canonical layout has SBO = 8 rows of 128 bytes
sw128k='layout T = TMA(swizzle=SWIZZLE_128B, box=[64,64], elem=f16); array f16 A[64][64] layout T'
check "a K-major SW128 descriptor reads a TMA SWIZZLE_128B box" \
    lds -q "arch sm90; $sw128k; desc D = wgmma_desc(0x4000004000010000, major=K, elem=f16); read_desc D A[0][0]"
check "its second K block starts 32 bytes in" \
    lds -q "arch sm90; $sw128k; desc D = wgmma_desc(0x4000004000010002, major=K, elem=f16); read_desc D A[0][16]"
check "the same descriptor reads CuTe's tile_to_shape of the SW128 atom" \
    lds -q 'arch sm90; layout G = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (64,64)); array f16 A[64][64] layout G
            desc D = wgmma_desc(0x4000004000010000, major=K, elem=f16); read_desc D A[0][0]; expect conflict-free'
check "an MN-major SW128 descriptor reads a TMA box of MN rows (transposed)" \
    lds -q 'arch sm90; layout T = TMA(swizzle=SWIZZLE_128B, box=[32,64], elem=f16); array f16 B[32][64] layout T
            desc D = wgmma_desc(0x4000004000000000, major=MN, elem=f16); read_desc D B[0][0] transposed'
check "an interleaved K-major descriptor reads its canonical layout" \
    lds -q 'arch sm90; def ik(r, c) = (r % 8) * 8 + (r / 8) * 128 + (c % 8) + (c / 8) * 64
            array f16 C[64][16] at 8192 layout ik; desc I = wgmma_desc(0x0000001000080200, major=K, elem=f16)
            read_desc I C[0][0]'
check "a tcgen05 descriptor reads a 128-row SW128 box" \
    lds -q 'arch sm100; layout T = TMA(swizzle=SWIZZLE_128B, box=[128,64], elem=f16); array f16 A[128][64] layout T
            desc U = umma_desc(0x4000404000010000, major=K, elem=f16, rows=128); read_desc U A[0][0]'
check "a descriptor whose SBO disagrees with its data is an error with both layouts" \
    fails_with "arch sm90; $sw128k; desc D = wgmma_desc(0x4000002000010000, major=K, elem=f16); read_desc D A[0][0]" 4 \
    "the tensor core reads operand element (mn 8, k 0) at byte 576, where 'A' holds it at byte 1024"
check "a descriptor's swizzle that disagrees (64B over a 128B box)" \
    fails_with "arch sm90; $sw128k; desc D = wgmma_desc(0x8000004000010000, major=K, elem=f16); read_desc D A[0][0]" 4 \
    "The descriptor: K-major SWIZZLE_64B"
check "a descriptor read of a plain row-major tile names it" \
    fails_with "arch sm90; array f16 A[64][64]; desc D = wgmma_desc(0x4000004000010000, major=K, elem=f16); read_desc D A[0][0]" 4 \
    "'A': row-major from byte 0"
check "a descriptor over elements of another size" \
    fails_with "arch sm90; array f32 A[64][64]; desc D = wgmma_desc(0x4000004000010000, major=K, elem=f16); read_desc D A[0][0]" 4 \
    "is for 2-byte elements"
check "a descriptor's operand past the array" \
    fails_with "arch sm90; array f16 A[64][8]; desc D = wgmma_desc(0x4000004000010000, major=K, elem=f16); read_desc D A[0][0]" 4 \
    "past 'A''s dimension 1"
check "a base offset is not modelled, and says so" \
    fails_with "arch sm90; $sw128k; desc D = wgmma_desc(0x4002004000010000, major=K, elem=f16); read_desc D A[0][0]" 3 \
    "a base offset (bits 49-51: 1) is not modelled"

# --- bulk copies: the data path's numbers, the PTX ISA's alignments
check "a TMA box of 8 KiB: 64 lines of 128 bytes, one copy" \
    lds -q "arch sm90; $sw128k; cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes A
            expect instructions == 1; expect cycles == 64; expect conflict-free"
check "a stage of a 3-D box: the sub-tile its index starts" \
    lds -q 'arch sm90; layout T = TMA(swizzle=SWIZZLE_128B, box=[4,16,64], elem=f16); array f16 A[4][16][64] layout T
            cp.async.bulk.tensor.3d A[2]; expect cycles == 16'
check "a TMA store reads shared memory" \
    sh -c "'$LDS_CALC' -f /dev/stdin --format=json <<'EOF' | grep -q '\"kind\": \"read\"'
arch sm90
array f16 A[64][64]
cp.async.bulk.tensor.2d.global.shared::cta.bulk_group A
EOF"
check "cp.async.bulk of 256 bytes from byte 16 covers 3 lines" \
    lds -q 'arch sm90; array f32 X[100]; cp.async.bulk.shared::cluster.global X[4], 256; expect cycles == 3'
check "a tensor copy's box off a 128-byte boundary" \
    fails_with 'arch sm90; array f16 A[64][64] at 64; cp.async.bulk.tensor.2d A' 4 "128-byte aligned"
check "a bulk copy off a 16-byte boundary" \
    fails_with 'arch sm90; array f16 A[64][64]; cp.async.bulk A[0][4], 64' 4 "16-byte aligned"
check "a bulk copy past its array" fails_with 'arch sm90; array f16 A[64][64]; cp.async.bulk A[63][8], 128' 4 "run past the end"
check "a bulk copy of 20 bytes" fails_with 'arch sm90; array f16 A[64][64]; cp.async.bulk A[0][0], 20' 3 "multiple of 16 bytes"
check "a tensor copy into a CuTe-swizzled array" \
    fails_with 'arch sm90; layout S = Swizzle<3,3,3> o (64,64):(64,1); array f16 A[64][64] layout S; cp.async.bulk.tensor.2d A' 4 \
    "writes its box as TMA lays it out"
check "a bulk copy's index may not depend on the lane" \
    fails_with 'arch sm90; array f16 A[64][64]; cp.async.bulk.tensor.2d A[lane]' 4 "issued once for the workgroup"

# --- tcgen05 tensor memory: warp w reaches lanes 32 (w % 4) .. + 31
check "each warp on its own 32 TMEM lanes" \
    lds -q 'arch sm100; threads 256; tcgen05.ld.sync.aligned.32x32b.x2.b32 @ (32 * (wave % 4)) << 16'
check "a 16-lane shape in the upper half of its quarter" \
    lds -q 'arch sm100; threads 128; tcgen05.st.sync.aligned.16x64b.x1.b32 @ ((32 * (wave % 4) + 16) << 16) + 8'
check "warp 1 on lanes 0-31 is refused" \
    fails_with 'arch sm100; threads 128; tcgen05.ld.sync.aligned.32x32b.x1.b32 @ 0' 4 "warp 1 reaches TMEM lanes 0-31"
check "a 16-lane access across its quarter's end" \
    fails_with 'arch sm100; threads 128; tcgen05.ld.sync.aligned.16x128b.x1.b32 @ (32 * wave + 20) << 16' 4 "lanes 20-35"
check "the TMEM address is one value a warp" \
    fails_with 'arch sm100; threads 32; tcgen05.ld.sync.aligned.32x32b.x1.b32 @ lane << 16' 4 "one value a warp"

# --- suggest where the hardware fixes the layout: thread remaps (and
# TMA's other modes for a TMA box no descriptor reads), not layouts
sw128col='arch sm90; layout T = TMA(swizzle=SWIZZLE_128B, box=[32,64], elem=f16); array f16 A[32][64] layout T
          write b32 A[lane][2 * c] for c in 0..32'
check "a TMA-laid-out tile's column writes: a rotated loop is conflict-free" \
    sh -c "'$LDS_CALC' \"$sw128col; suggest A\" | grep -qF '1. thread remap: loop 1 of each access rotated by lane (its variable v -> lo + (v - lo + lane) % (hi - lo)): cycles 32, excess 0'"
check "a tile a descriptor reads gets remaps only, and says why" \
    sh -c "'$LDS_CALC' 'arch sm90; layout G = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (64,64)); array f16 A[64][64] layout G
           desc D = wgmma_desc(0x4000004000010000, major=K, elem=f16)
           write b64 A[lane][4 * c] for c in 0..16; read_desc D A[0][0]; suggest A' > '$tmp/s' &&
           grep -qF 'the layout is fixed: a descriptor reads it (line 3)' '$tmp/s' && ! grep -q 'layout A_layout' '$tmp/s'"
check "an unswizzled TMA box: TMA's 128-byte swizzle comes first" \
    sh -c "'$LDS_CALC' 'arch sm90; layout T = TMA(swizzle=SWIZZLE_NONE, box=[64,64], elem=f16); array f16 A[64][64] layout T
           ldmatrix.x4 A[lane % 16][8 * (lane / 16)]; suggest A' | grep -qF 'layout A_layout = TMA(swizzle=SWIZZLE_128B, box=[64, 64], elem_bytes=2)'"
check "a remap that the ranking picks runs as the statement it rewrites would" \
    lds -q 'arch sm90; layout T = TMA(swizzle=SWIZZLE_128B, box=[32,64], elem=f16); array f16 A[32][64] layout T
            write b32 A[lane][2 * ((c + lane) % 32)] for c in 0..32; expect conflict-free'
check "a layout no hardware fixes still gets layouts" \
    sh -c "'$LDS_CALC' 'arch sm90; array f16 A[32][64]; write b32 A[lane][2 * c] for c in 0..32; suggest A' | grep -q 'layouts tried'"

tap_end
