#!/bin/sh
# The closed form (src/closedform.c, sim/gf2.c): on swizzled layouts of
# the kinds kernels use - CuTe's Swizzle<3,4,3> on the byte address and
# Swizzle<3,3,3> on element offsets, Triton's swizzled shared layout
# (vec, perPhase, maxPhase), a row XORed into the column by hand - it
# answers (--explain says so) with the numbers plain enumeration gives
# (--enumerate), in text and JSON, on every profile and width; where it
# is not proven (a carry, a condition, a partial wave) it declines; and a
# loop whose trips scramble the row by XOR, which has no period, takes one
# step instead of one a trip (--max-steps).
. "$srcdir/tests/lib.sh"

layouts='layout CUTE = Sw<3,4,3> o smem_ptr[16b](unset) o (64,64):(64,1)
layout CUTE3 = Swizzle<3,3,3> o (64,64):(64,1)
layout TRI = SwizzledSharedLayout(vec=8, per_phase=2, max_phase=4, order=[1,0], shape=[64,64])
def xor_row(r, c) = r * 64 + (c ^ (r % 8) * 8)
array f16 A[64][64] layout CUTE
array f16 B[64][64] layout CUTE3
array f16 C[64][64] layout TRI
array f16 D[64][64] layout xor_row
array f16 P[64][64]'

# ACCESS on every array: answered in closed form, and equal to enumeration
accesses='read b128 X[lane % 32][(lane / 32 * 8) ^ (k % 8) * 8] for k in 0..20
read X[(k ^ (k / 8)) % 64][lane % 32 * 2] for k in 0..64
write b64 X[lane / 4 ^ k % 64][lane % 4 * 4 ^ (k / 4 % 16) * 4] for k in 0..48
read b128 X[(lane / 8 ^ k) % 64][lane % 8 * 8] for k in 0..16, j in 0..2
atomic X[lane % 64][(k * 2) % 64] for k in 0..9'
profiles="sm90 sm80 gfx942 gfx950 rdna3 xe-hpg"
[ -n "$LDS_VALGRIND" ] && profiles="sm90 gfx942"   # fewer runs where each is slow

closed_form_said() { lds --explain "$1" 2>&1 | grep -q "Counted in closed form"; }
closed_form_not_said() { out=$(lds --explain "$1" 2>&1) && ! echo "$out" | grep -q "Counted in closed form"; }
same_as_enumerated() {
    a=$(lds --format "$2" "$1" 2>&1); b=$(lds --enumerate --format "$2" "$1" 2>&1)
    [ -n "$a" ] && [ "$a" = "$b" ]
}

while IFS= read -r access; do
    for arr in A B C D; do
        for p in $profiles; do
            prog="arch $p; threads 64
$layouts
$(echo "$access" | sed "s/X\[/$arr[/")"
            check "$p $arr: closed form: $access" closed_form_said "$prog"
            check "$p $arr: as enumerated (text)" same_as_enumerated "$prog" text
            [ "$arr" = A ] && check "$p $arr: as enumerated (json)" same_as_enumerated "$prog" json
        done
    done
done <<EOF
$accesses
EOF

# worked out by hand: 8 lanes a b128 phase on 8 rows 128 bytes apart
# (one 16-byte chunk each): unswizzled all on banks 0-3, 8-way; CuTe's
# swizzles and the XOR by hand move row r's chunk to c ^ (r % 8), 8
# chunks, conflict-free; Triton's perPhase=2, maxPhase=4 XORs with
# (r / 2) % 4, 4 chunks for 8 rows, 2-way
for arr in A B C D P; do
    out=$(lds "arch sm90
$layouts
read b128 $arr[lane % 8 + 8 * (k % 8)][lane / 8 * 8] for k in 0..1000000000" 2>&1)
    case $arr in P) want="8-way, cycles 32000000000," ;; C) want="2-way, cycles 8000000000," ;; *) want="1-way (conflict-free), cycles 4000000000," ;; esac
    check "column read of $arr over 10^9 trips: $want" sh -c 'case "$1" in *"$2"*) exit 0;; esac; exit 1' - "$out" "$want"
done

# declined where not proven, and still right
declined='read D[lane][lane * 3 % 64]
read D[lane][(lane + k) % 64] for k in 0..5
read D[lane][lane] if lane != 3
threads 40; read D[tid][0]'
while IFS= read -r access; do
    prog="arch sm90
$layouts
$access"
    check "declined: $access" closed_form_not_said "$prog"
    check "declined, as enumerated: $access" same_as_enumerated "$prog" text
done <<EOF
$declined
EOF

# aligned to 16 bytes at the first trip only (the row's XOR moves bit 3
# of the address): gfx950 leaves the unaligned b128 lanes out of the bank
# check, so the trips differ, and the closed form must decline (the
# differential fuzzer found it answering)
unaligned="arch gfx950; threads 64
def L(r, c) = r * 64 + (c ^ (r % 4) * 4)
array f16 E[16][64] layout L
read b128 E[(k ^ (k / 4)) % 16][lane % 8 * 8] for k in 0..21"
check "declined: 16-byte aligned at some trips only" closed_form_not_said "$unaligned"
check "declined, as enumerated: 16-byte aligned at some trips only" same_as_enumerated "$unaligned" text

# a row scrambled by XOR (no period): one step in closed form
scrambled="arch sm90
$layouts
read A[(k ^ (k / 128)) % 64][lane * 2] for k in 0..1000000000"
check "an XOR-scrambled loop of 10^9 trips within --max-steps 10" lds --max-steps 10 "$scrambled"
fails() { ! "$@" >/dev/null 2>&1; }
check "...which enumeration could not do" fails lds --enumerate --max-steps 10 "$scrambled"
tap_end
