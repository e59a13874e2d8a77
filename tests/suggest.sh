#!/bin/sh
# suggest (lds(5), suggest): the examples' rankings, and every ranked
# layout re-run as a program giving the metrics it was printed with.
. "$srcdir/tests/lib.sh"
ex="$srcdir/examples"
out() { lds -f "$ex/$1.lds" 2>&1; }
has() { out "$1" | grep -qF -- "$2"; }

# the transpose: XOR and pad 1 both conflict-free, the XOR first (no bytes)
check "transpose: the XOR ranks first, conflict-free at no bytes" \
    has suggest-transpose "  1. ck_tile XOR: column ^= row: cycles 64, excess 0, worst 1-way (conflict-free), 4096 B"
check "transpose: the CuTe and Triton spellings of the same map" \
    has suggest-transpose "       the same numbers: Swizzle<5,0,5>, Triton swizzled (vec 1, per_phase 1, max_phase 32)"
check "transpose: pad 1 second, with why and its bytes" \
    has suggest-transpose "  2. pad rows by 1 element (row pitch 33 words, coprime with 32 banks): cycles 64, excess 0, worst 1-way (conflict-free), 4220 B (+124 B)"
check "transpose: each access before and after" \
    has suggest-transpose "       line 17: write t[lane][k] for k in 0..32: 32-way -> 1-way, cycles 1024 -> 32"
check "transpose: ready to paste in three notations" \
    sh -c "$LDS_CALC -f '$ex/suggest-transpose.lds' | grep -A3 '^  2\\. pad' | grep -c -e 'layout t_layout = (32,32):(33,1)' -e 'CuTe: Layout<Shape<_32,_32>, Stride<_33,_1>>{}' -e 'Triton: PaddedSharedLayout(interval_padding_pairs=\\[\\[32, 1\\]\\], order=\\[1, 0\\], shape=\\[32, 32\\])' | grep -qx 3"
# SGEMM half [64][40]: a free swizzle and a 1-element pad
check "sgemm half: Swizzle<1,1,5> first" \
    has suggest-sgemm-half "  1. Swizzle<1,1,5> (2-element chunk ^= (offset >> 6) % 2): cycles 128, excess 0, worst 1-way (conflict-free), 5120 B"
check "sgemm half: pad 1 (82-byte pitch) second" \
    has suggest-sgemm-half "  2. pad rows by 1 element (row pitch 82 bytes): cycles 128, excess 0, worst 1-way (conflict-free), 5246 B (+126 B)"
# the example's note: 40 of the 65 paddings 0..64 of [64][40 + P] are conflict-free
check "sgemm half: 40 of 65 paddings fix the read (the claim of only 56 and 57 does not hold)" \
    sh -c "$LDS_CALC --format csv -D P=0..65 'arch sm80; threads 16, 16; let tx = threadIdx.x; array f16 A[64][40 + P]; read A[tx][k] for k in 0..16' | awk -F, 'NR > 1 && \$21 == 0' | wc -l | grep -qx 40"
# gfx942 b128: vectors stay whole
check "gfx942 ds_read_b128: Swizzle<3,3,3> first, conflict-free" \
    has suggest-gfx942-mfma "  1. Swizzle<3,3,3> (8-element chunk ^= (offset >> 6) % 8): cycles 64, excess 0, worst 1-way (conflict-free), 4096 B"
check "gfx942 ds_read_b128: paddings keep 16-byte rows (8 elements)" \
    has suggest-gfx942-mfma "  2. pad rows by 8 elements (row pitch 36 words, 8 rows to a bank cycle): cycles 64, excess 0, worst 1-way (conflict-free), 4592 B (+496 B)"
# reads against writes
check "reads alone: the XOR" has suggest-read-vs-write "  1. ck_tile XOR: column ^= row: cycles 32, excess 0, worst 1-way (conflict-free), 4096 B"
check "writes alone: nothing better" has suggest-read-vs-write "  no layout tried does better than the array as declared"
check "both: Swizzle<4,1,4>, a third layout" \
    has suggest-read-vs-write "  1. Swizzle<4,1,4> (2-element chunk ^= (offset >> 5) % 16): cycles 96, excess 32, worst 2-way, 4096 B"
# no single layout removes every conflict: a padding under a swizzle
check "pad and swizzle: the combination first, conflict-free, its bytes shown" \
    has suggest-pad-and-swizzle "  1. Swizzle<1,3,2> over rows padded by 16 elements (row pitch 48 words, 2 rows to a bank cycle; 8-element chunk ^= (offset >> 5) % 2): cycles 12, excess 0, worst 1-way (conflict-free), 12224 B (+4032 B)"
check "pad and swizzle: in CuTe, a composition over padded strides" \
    has suggest-pad-and-swizzle "       CuTe: composition(Swizzle<1,3,2>{}, Layout<Shape<_64,_32>, Stride<_48,_1>>{})"
check "pad and swizzle: the best single layout runs second" \
    has suggest-pad-and-swizzle "  2. Swizzle<1,4,1> (16-element chunk ^= (offset >> 5) % 2): cycles 16, excess 4, worst 2-way, 8192 B"
check "pad and swizzle: the count says how many were combinations (8 paddings x 8 swizzles)" \
    has suggest-pad-and-swizzle "147 layouts tried, 64 of them paddings under swizzles, each simulated in full"
check "no combinations are tried where a single layout is conflict-free" \
    sh -c "$LDS_CALC -f '$ex/suggest-transpose.lds' | grep -qF '153 layouts tried, each simulated in full'"
# 4-way is the least an f16 column read allows when b128 writes keep
# 8-element vectors whole: combinations are tried, none does better,
# so none is printed (JSON still has them)
fp16col='arch sm80; array f16 A[64][64]; write b128 A[lane / 8 + 4 * k][(lane % 8) * 8] for k in 0..16; read b16 A[lane + 32 * (k % 2)][k / 2] for k in 0..128; suggest A'
combination_left_out() {
    t=$("$LDS_CALC" "$fp16col") || return 1
    printf '%s\n' "$t" | grep -qF ', 64 of them paddings under swizzles,' &&
        printf '%s\n' "$t" | grep -qF '  1. Swizzle<3,3,3> ' &&
        ! printf '%s\n' "$t" | grep -q '^  [0-9]\. .* over rows padded'
}
check "a combination no better than a single layout is left out of the text" combination_left_out
check "... and JSON keeps it" \
    sh -c "$LDS_CALC --format json '$fp16col' | grep -qF 'over rows padded by'"

# --explain ends a conflict with the fix
check "--explain ends with the best fix" \
    sh -c "$LDS_CALC --explain 'arch sm80; array f32 t[32][32]; read t[lane][0]' | grep -qxF '  fix for t: ck_tile XOR: column ^= row, layout make_xor_transform((32,32),(0,1)) o (32,32):(32,1); or pad rows by 1 element (row pitch 33 words, coprime with 32 banks) (+124 B): both conflict-free (cycles 32 -> 1); suggest t ranks all 153'"
check "--explain gives a flat array its fix too" \
    sh -c "$LDS_CALC --explain 'arch sm80; array f32 t[1024]; read t[lane*32]' | grep -qxF '  fix for t: Swizzle<5,0,5> (1-element chunk ^= (offset >> 5) % 32), layout Swizzle<5,0,5> o (1024):(1); or pad every 32 elements by 1 (row pitch 33 words, coprime with 32 banks) (+124 B): both conflict-free (cycles 32 -> 1); suggest t ranks all 189'"
check "--explain gives no fix line where there is no layout to try (a counter)" \
    sh -c "$LDS_CALC --explain 'array u32 count[1]; atomic count[0]' | grep -q 'excess 31' && ! $LDS_CALC --explain 'array u32 count[1]; atomic count[0]' | grep -q 'fix for'"
check "--explain gives no fix for a conflict-free access" \
    sh -c "! $LDS_CALC --explain 'arch sm80; array f32 t[32][32]; read t[0][lane]' | grep -q 'fix for'"
# --suggest, :suggest, machine output
check "--suggest NAME after the program" \
    sh -c "$LDS_CALC --suggest t 'array f32 t[32][32]; read t[lane][0]' | grep -qF 'suggest t (line 1): 1 access to t (f32[32][32], 4096 B) on generic; 150 layouts tried'"
check "the REPL's :suggest" \
    sh -c "printf 'array f32 t[32][32]\nread t[lane][0]\n:suggest t\n' | $LDS_CALC -i 2>&1 | grep -qF '  1. ck_tile XOR: column ^= row: cycles 1,'"
check "CSV: one row per layout, as declared first" \
    sh -c "$LDS_CALC --format csv --suggest t 'array f32 t[32][32]; read t[lane][0]' | sed -n '1p;2p' | tr -d '\r' | tr '\n' '/' | grep -qxF 'array,line,rank,label,layout,cute,triton,status,error,cycles,ideal,excess,ways,bytes,lds_used,lds/t,1,0,as declared,,,,ok,,32,1,31,32,4096,4096,65536/'"
check "JSON: every layout tried, in rank order" \
    sh -c "$LDS_CALC --format json --suggest t 'array f32 t[32][32]; read t[lane][0]' | $PYTHON3 -c 'import json,sys; s=json.load(sys.stdin)[\"suggestions\"][0]; c=s[\"candidates\"]; sys.exit(0 if len(c) == 151 and c[0][\"label\"] == \"as declared\" and all((a[\"cycles\"], a[\"excess\"], a[\"bytes\"]) <= (b[\"cycles\"], b[\"excess\"], b[\"bytes\"]) for a, b in zip(c[1:], c[2:])) else 1)'"
# errors and limits
check "suggest of a name that is not an array" \
    sh -c "$LDS_CALC 'let b = 1; suggest b' 2>&1 | grep -qF \"<arg1>:1:20: error: 'b' is not an array (suggest lays out an array)\""
check "suggest with no access before it" \
    sh -c "$LDS_CALC 'array f32 t[4][4]; suggest t' 2>&1 | grep -qF \"error: suggest t: no access to 't' before this statement\""
check "a flat (1-D) array: padding every C elements, in CuTe and Triton" \
    sh -c "$LDS_CALC -f '$ex/suggest-flat-array.lds' | grep -A3 '^  2\\. pad every 32 elements by 1 (row pitch 33 words' | grep -c -e 'layout tile_layout = ((32,32)):((1,33))' -e 'CuTe: Layout<Shape<_32,_32>, Stride<_1,_33>>{}' -e 'Triton: PaddedSharedLayout(interval_padding_pairs=\\[\\[32, 1\\]\\], order=\\[0\\], shape=\\[1024\\])' | grep -qx 3"
check "a flat array: the swizzle of the flat offset first, at no bytes" \
    has suggest-flat-array "  1. Swizzle<5,0,5> (1-element chunk ^= (offset >> 5) % 32): cycles 64, excess 0, worst 1-way (conflict-free), 4096 B"
check "a flat array: row sizes 32, 64, 128 and 256 padded 1..32, and the swizzles" \
    has suggest-flat-array "on sm80; 189 layouts tried, each simulated in full"
# (the layouts the closed form counts, src/closedform.c, take one step
# each where the others take one a trip: more of them fit)
check "the search stops within its budget and says so" \
    sh -c "$LDS_CALC --max-steps 100 'array f32 t[32][32]; read t[lane][k] for k in 0..32; suggest t' | grep -qF '38 layouts tried (the search'\\''s limit: more were not)'"
check "the budget also bounds the combinations, and says so" \
    sh -c "$LDS_CALC --max-steps 30 -f '$ex/suggest-pad-and-swizzle.lds' | grep -qF '100 layouts tried, 17 of them paddings under swizzles (the search'\''s limit: more were not)'"
check "--suggest takes an array name (a usage error, exit 2)" \
    sh -c "$LDS_CALC --suggest '1x' 'read f32[lane]' 2>&1 | grep -qxF \"lds-calc: --suggest: expected the name of an array, not '1x'\" && $LDS_CALC --suggest '1x' 'read f32[lane]' 2>/dev/null; test \$? -eq 2"

# every layout each example's suggest ranked, pasted back as a program
# (it runs $LDS_CALC itself, not under valgrind: make check-valgrind
# would repeat make check's run exactly, so it leaves it out)
if [ -n "$PYTHON3" ] && [ -z "$LDS_VALGRIND" ]; then
    tmp=${TMPDIR:-/tmp}/lds-suggest.$$
    sample=   # a sanitizer build starts slowly: the best five and every tenth
    [ "${LDS_SANITIZED:-0}" = 1 ] && sample="--every 10"
    "$PYTHON3" "$srcdir/tests/suggest_rerun.py" $sample "$LDS_CALC" "$ex/suggest-transpose.lds" "$ex/suggest-sgemm-half.lds" \
        "$ex/suggest-gfx942-mfma.lds" "$ex/suggest-read-vs-write.lds" "$ex/suggest-pad-and-swizzle.lds" "$ex/suggest-flat-array.lds" >"$tmp" 2>&1 || true
    while read -r line; do   # not a pipe: the counts live in this shell
        case "$line" in
        "ok "*) ok "${line#ok [0-9]* - }" ;;
        "not ok "*) not_ok "${line#not ok [0-9]* - }" ;;
        esac
    done <"$tmp"
    grep -q '^1\.\.[1-9]' "$tmp" || not_ok "suggest_rerun.py ran: $(tail -1 "$tmp")"
    rm -f "$tmp"
fi
tap_end
