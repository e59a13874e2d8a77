#!/bin/sh
# Hardening, third round (issue 27): each finding of the third hostile
# corpus, the state-leak checks, the real kernels and the H200, as a
# check that failed before its fix.  Ids follow the issue's items
# (R1 .. R20).
. "$srcdir/tests/lib.sh"

tmp=${TMPDIR:-/tmp}/lds-hard3.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
slow=0   # valgrind or sanitizers: CPU-time bounds do not apply
slow_start && slow=1

# run ARGS...: lds-calc with CPU time capped at 20 s; leaves $tmp/out,
# $tmp/err, $tmp/status
run() {
    ( ulimit -t $(cpu_cap 20) 2>/dev/null; lds "$@" ) >"$tmp/out" 2>"$tmp/err" </dev/null
    echo $? >"$tmp/status"
}
status_is() { [ "$(cat "$tmp/status")" = "$1" ]; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
lines() { printf '%s\n' "$@"; }
result() { if [ "$3" -eq 0 ]; then ok "$1 $2"; else not_ok "$1 $2"; sed 's/^/# /' "$tmp/err" | head -5; fi; }

# ---- R1. A PTX name is read within its own length: a later .v2. or a
# comment naming one changes nothing.
run "$(lines 'arch sm90' 'st.shared.b32 @ lane*8' 'ld.shared.v2.b32 @ lane*8')"
status_is 0 && out_has "2: st.shared.b32 @ lane*8: 2-way, cycles 2, ideal 1"; result R1a "st.shared.b32 is b32 whatever follows it" $?
run "$(lines 'arch sm90' 'ld.shared.b32 @ lane*4   # like ld.shared.v4.b32')"
status_is 0 && out_has "1-way (conflict-free), cycles 1, ideal 1"; result R1b "a comment naming .v4 does not widen ld.shared.b32" $?

# ---- R2. suggest's baseline is the array as declared, and the search
# varies the array's own CuTe layout.
run "$(lines 'layout P = (32,32):(33,1)' 'array f32 A[32][32] layout P' 'read A[lane][0]' 'suggest A')"
status_is 0 && out_has "as declared: cycles 1, excess 0" && out_has "no layout tried does better"
result R2a "a padded layout's baseline is conflict-free, as declared" $?
run --suggest Q -f "$srcdir/examples/flash-attn-q-swizzle.lds"
status_is 0 && out_has "as declared: cycles 384, excess 0, worst 1-way"
result R2b "flash-attention's swizzled Q tile is conflict-free as declared" $?
# CuTe's sgemm tile (128,8):(1,129), written by tA = (32,8):(8,1): a
# warp's lanes t hold m = t/8 (0..3), k = t%8: bank (m + 129k) % 32 =
# m + k, four lanes a bank: 4-way.  Stride 132 puts k at 4k: m + 4k
# covers 32 banks once.
cat >"$tmp/sgemm.lds" <<'EOF'
threads 256
layout SA = (128,8):(1,129)
array f32 A[128][8] layout SA
write A[tid / 8 + 32 * i][tid % 8] for i in 0..4
suggest A
EOF
run -f "$tmp/sgemm.lds"
status_is 0 && out_has "as declared: cycles 128, excess 96, worst 4-way" \
    && out_has "your layout, stride 129 -> 132" && out_has "layout A_layout = (128,8):(1,132)" \
    && out_has "CuTe: Layout<Shape<_128,_8>, Stride<_1,_132>>{}"
result R2c "CuTe's sgemm tile: 4-way as declared, its stride 132 found" $?
printf 'threads 256\nlayout SA = (128,8):(1,132)\narray f32 A[128][8] layout SA\nwrite A[tid / 8 + 32 * i][tid %% 8] for i in 0..4\nexpect conflict-free\n' >"$tmp/sgemm-fixed.lds"
run -f "$tmp/sgemm-fixed.lds"
status_is 0; result R2d "the suggested (128,8):(1,132), pasted back, is conflict-free" $?

# ---- R3. A pasted ternary: only the lanes that choose a side access it.
run "$(lines 'threads 512' '__shared__ float shared[512];' 'int lid = tid;' 'float val = (tid < 16) ? shared[lid] : 0;')"
status_is 0 && out_has "cycles 1, ideal 1, excess 0, instructions 1,"
result R3a "(tid < 16) ? shared[lid] : 0 in 512 threads: 1 instruction (an H200 measured 1)" $?
run "$(lines '__shared__ float s[64];' 'float v = (lane < 16) ? s[lane * 2] : s[lane * 2 + 1];')"
# lanes 0-15 read the even words 0..30, lanes 16-31 the odd words 33..63:
# one word a bank each (all 32 lanes on either side would be 2-way)
status_is 0 && [ "$(grep -c 'float v = .*: 1-way (conflict-free), cycles 1, ideal 1' "$tmp/out")" -eq 2 ]
result R3b "each side of ?: is its own lanes' access" $?
run "$(lines '__shared__ float s[64];' 'float v = lane < 8 && s[lane * 2] > 0;')"
status_is 0 && out_has "1-way (conflict-free), cycles 1"   # all 32 lanes would be 2-way
result R3c "the right of && is read by the lanes where the left holds" $?
run "$(lines '__shared__ float s[64];' 'float u = s[0] > 1.0f ? s[lane] : 0;')"
status_is 3 && err_has "depends on data"; result R3d "a side chosen by data is refused, not guessed" $?

# ---- R4. Conditional directives are evaluated.
run "$(lines '#if 1' '#define PAD 1' '#else' '#define PAD 0' '#endif' 'print PAD')"
status_is 0 && [ "$(cat "$tmp/out")" = 1 ]; result R4a "#if 1 / #define PAD 1 / #else / #define PAD 0 / #endif: PAD is 1" $?
run "$(lines '#define N 32' '#ifndef N' 'not lds at all (' '#elif N > 16 && defined(N)' 'print 2' '#else' 'print 3' '#endif' '#ifdef NOPE' 'print 4' '#endif')"
status_is 0 && [ "$(cat "$tmp/out")" = 2 ]; result R4b "#ifndef, #elif, defined(), nested skipping" $?
run -D PAD=2 "$(lines '#if PAD == 3' 'print 5' '#else' 'print PAD' '#endif')"
status_is 0 && [ "$(cat "$tmp/out")" = 2 ]; result R4c "#if reads -D values" $?
run "$(lines '#if __CUDA_ARCH__ >= 800' 'print 1' '#endif')"
status_is 3 && err_has "'__CUDA_ARCH__' in #if is neither"; result R4d "an unknown name in #if is an error, not C's 0" $?
run "$(lines '#if 1' 'print 1')"
status_is 3 && err_has "#if without #endif"; result R4e "#if without #endif" $?

# ---- R5. Floating-point values do not become 0.
run "$(lines 'const float F = 1.5;' 'print F')"
status_is 3 && err_has "'1.5' is a floating-point number; an index or a size is an integer"
result R5a "const float F = 1.5 is refused as 'let F = 1.5' is" $?
run 'int i = 7 / 2.0;'
status_is 3 && err_has "'2.0' is a floating-point number" && ! err_has "division by zero"
result R5b "int i = 7 / 2.0: the float, not a division by zero" $?

# ---- R6. Shared scalars are accessed.
run "$(lines '__shared__ float D;' 'D = 1.0f;')"
status_is 0 && out_has "2: D = 1.0f: 1-way (conflict-free), cycles 1, ideal 1"; result R6a "D = 1.0f writes the shared scalar" $?
run "$(lines '__shared__ float A[4][4];' '__shared__ float D;' 'float x = A[0][0] + D;')"
status_is 0 && out_has "total: cycles 2, ideal 2, excess 0, instructions 2"; result R6b "A[0][0] + D reads both" $?

# ---- R7. ds_read2 offsets are integers as the language writes them.
run "$(lines 'arch gfx942' 'ds_read2_b32 @ lane*4 offset1:3')"
cp "$tmp/out" "$tmp/dec"
run "$(lines 'arch gfx942' 'ds_read2_b32 @ lane*4 offset1:0x3')"
status_is 0 && [ "$(sed 's/0x3/3/' "$tmp/out")" = "$(cat "$tmp/dec")" ]; result R7a "offset1:0x3 is offset1:3" $?
run "$(lines 'arch gfx942' 'ds_read2_b32 @ lane*4 offset1:0b11')"
status_is 0 && out_has "broadcasts 52"; result R7b "offset1:0b11 is offset1:3" $?
run "$(lines 'arch gfx942' 'ds_read2_b32 @ lane*4 offset1:00255')"
status_is 0; result R7c "offset1:00255 is 255, in range" $?

# ---- R8. Malformed instruction names are refused with a did-you-mean.
r8=0
for n in ld.shared.v8.b32 ld.shared.v3.b32 ld.sharedx.b32 ld.shared.b32.b64 ldmatrix.x44 ldmatrix.garbage \
         LDSM.16.M88.8 ATOMS.64 cp.async.b128 ld.shared.v4.b128 atom.shared.v2.add.u32 stmatrix.x2.x4; do
    run "arch sm90; $n @ lane*16"
    status_is 3 && err_has "unknown statement or instruction '$n'" || { r8=1; echo "# $n"; }
done
result R8a "twelve malformed NVIDIA names: exit 3, unknown instruction" $r8
run "$(lines 'arch sm90' 'ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 @ lane*16' 'LDSM.16.MT88.4 @ lane*16' 'ATOMS.CAS.64 @ lane*8' 'ld.volatile.shared.v2.u32 @ lane*8' 'cp.async.cg.shared.global b128 @ lane*16')"
status_is 0; result R8b "well-formed long names still read" $?
run 'arch sm90; cp.async @ lane*16'
status_is 3 && err_has "cp.async copies 4, 8 or 16 bytes"; result R8c "cp.async without its width" $?

# ---- R9. A fragment's value index stays in range.
run "$(lines 'fragment A = mma.m16n8k16.a' 'print A.row(5, 15)')"
status_is 4 && err_has "value index 15 is outside this fragment's 0..7" && err_has "note: in 'A.row', called here"
result R9a "A.row(5, 15) on an 8-value fragment" $?
run "$(lines 'fragment A = mma.m16n8k16.a' 'array f16 T[16][16]' 'read T[A.row(lane, v)][A.col(lane, v)] for v in 0..9')"
status_is 4 && err_has "value index 8 is outside"; result R9b "a loop one value too far" $?
run "$(lines 'fragment A = mma.m16n8k16.a' 'array f16 T[16][16]' 'read T[A.row(lane, v % 8)][A.col(lane, v % 8)] for v in 0..1000000000000')"
status_is 0 && out_has "instructions 1000000000000"; result R9c "in range, the loop still folds to a period" $?

# ---- R10. Token pasting, huge swizzles, ds_read2st64's far address,
# layouts beyond 64 bits.
run "$(lines '#define CAT(a, b) a##b' 'print 1')"
status_is 3 && err_has "'##' in a macro (C's token pasting) is not modelled"; result R10a "## is refused, not a comment" $?
run "$(lines 'layout S = Swizzle<9223372036854775808,3,3> o (8,64):(64,1)')"
status_is 3 && err_has "a layout's number does not fit 64 bits"; result R10b "Swizzle<2^63,..> is refused, not 0" $?
run 'arch gfx942; ds_read2st64_b32 @ lane*8 offset1:255'
status_is 4 && err_has "lies beyond shared memory"; result R10c "ds_read2st64's second address is checked" $?
run "$(lines 'layout L = (4,4):(4611686018427387904,1)' 'array f32 A[4][4] layout L')"
status_is 4 && err_has "layout 'L' spans more than 2^40 elements"; result R10d "a layout spanning beyond 64 bits" $?

# ---- R11. -a against a program's own arch; -D never used.
printf 'arch sm80\narray f32 t[32][32]\nread t[lane][0]\n' >"$tmp/tile.lds"
run -a sm80,gfx942 --format csv -f "$tmp/tile.lds"
status_is 0 && [ "$(awk -F, 'NR > 1 && $1 != $10' "$tmp/out" | wc -l)" -eq 0 ] \
    && err_has "tile.lds:1:1: warning: 'arch sm80' replaces gfx942"
result R11a "no row labelled with a profile that did not run; the winning line named" $?
run -D NOPE=3 'read f32[lane]'
status_is 0 && err_has "warning: -D NOPE: no program uses 'NOPE'"; result R11b "an unused -D is named" $?
run -D X=5 "$(lines 'let X = 3' 'print X')"
err_has "warning: the program declares 'X' itself"; result R11c "a -D the program declares again is named" $?

# ---- R12. Profiles equal by content: one total per profile.
run "$(lines 'set phases b32 8c' 'read f32[lane]' 'set phases b32 0-7|8-15|16-23|24-31' 'read f32[lane]' 'set phases b32 8c' 'read f32[lane]')"
status_is 0 && [ "$(grep -c '^total (generic, phases b32=8c)' "$tmp/out")" -eq 1 ]; result R12a "8c twice: one total line" $?
run --format json "$(lines 'set phases b32 8c' 'read f32[lane]' 'set phases b32 0-7|8-15|16-23|24-31' 'read f32[lane]' 'set phases b32 8c' 'read f32[lane]')"
status_is 0 && [ "$(grep -o '"profile": "generic", "rules"' "$tmp/out" | wc -l)" -eq 5 ]
result R12b "JSON: 3 accesses, 2 totals" $?

# ---- R13. -D with suggest: the session keeps its own definitions.
run -D X=1 'array f32 A[32][32]' 'read A[lane][X]' 'suggest A'
status_is 0 && out_has "suggest A (line 1)" && out_has "32-way -> 1-way"; result R13a "-D X=1 with suggest" $?
run -D X=1 --explain 'array f32 A[32][32]' 'read A[lane][X]'
status_is 0 && out_has "fix for A:"; result R13b "-D X=1 with --explain's fix" $?

# ---- R14, R15. --emit: a write that fails at the end, a planted link.
mkdir -p "$tmp/emit"
( trap '' XFSZ; ulimit -f 4; lds --emit cuda --output "$tmp/emit" 'arch sm90; read f32[lane]' ) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && err_has "File too large" && ! err_has "Sanitizer" && ! err_has "double free"
result R14 "--emit on a full disk: an error, exit 2, no double free" $?
mkdir -p "$tmp/emit2"
echo secret >"$tmp/victim"
chmod 600 "$tmp/victim"
ln -s "$tmp/victim" "$tmp/emit2/run.sh"
run --emit cuda --output "$tmp/emit2" 'arch sm90; read f32[lane]'
status_is 2 && err_has "run.sh" && [ "$(cat "$tmp/victim")" = secret ] && [ "$(stat -c %a "$tmp/victim")" = 600 ]
result R15 "--emit does not write or chmod through a planted link" $?

# ---- R16. --check-counters: linear, n/a, exact values.
awk 'BEGIN { print "\"Kernel Name\",\"Metric Name\",\"Metric Value\"";
             for (i = 0; i < 100000; i++) printf "\"k%d\",\"m\",\"%d\"\n", i, i }' >"$tmp/big.csv"
if [ $slow = 0 ]; then
    ( ulimit -t $(cpu_cap 5) 2>/dev/null; lds --check-counters "$tmp/big.csv" -a sm80 'read f32[lane]' ) >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ $st -eq 1 ] && grep -qF "not measured" "$tmp/out"; result R16a "100,000 counter rows within 5 s of CPU" $?
else
    ok "R16a # SKIP CPU bound not meaningful under valgrind or sanitizers"
fi
printf '"Kernel Name","Metric Name","Metric Value"\n"lds_access_1","l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum","n/a"\n' >"$tmp/na.csv"
run --check-counters "$tmp/na.csv" -a sm80 'read f32[lane]'
status_is 1 && out_has "not measured (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum reads n/a"
result R16b "n/a is not measured, not an error" $?
printf 'kernel,counter,value\nlds_access_1,x,4\000junk\n' >"$tmp/nul.csv"
run --check-counters "$tmp/nul.csv" -a sm80 'read f32[lane]'
status_is 2 && err_has "NUL byte"; result R16c "4\\0junk is refused" $?
printf 'kernel,counter,value\nlds_access_1,x,"1,2,3"\n' >"$tmp/commas.csv"
run --check-counters "$tmp/commas.csv" -a sm80 'read f32[lane]'
status_is 2 && err_has "is not a whole number"; result R16d "1,2,3 is not a number; 1,024 is" $?

# ---- R17. Ctrl-C during suggest: interrupted, exit 130.
printf 'array f32 A[64][64]\nread A[lane][((lane*k*k) / 7919) %% 64] for k in 0..40000\nsuggest A\n' >"$tmp/slow.lds"
( exec $LDS_VALGRIND "$LDS_CALC" -f "$tmp/slow.lds" ) >"$tmp/out" 2>"$tmp/err" &
pid=$!   # lds-calc itself (a shell in between would not pass SIGINT on)
if [ $slow = 1 ]; then after_cpu $pid 4; else after_cpu $pid 1; fi
kill -INT $pid 2>/dev/null
wait $pid
st=$?
[ $st -eq 130 ] && err_has "interrupted" && ! out_has "suggest A (line"; result R17 "Ctrl-C in suggest: exit 130, no partial ranking" $?

# ---- R18. Limits that bound time; escaped names; comments left out.
if [ $slow = 0 ]; then
    # 10^7 trips of a 400-node def: 4 * 10^9 operations, half a minute
    prog=$("${PYTHON3:-python3}" -c "print('def f(x) = ' + '+'.join(['x*%d' % i for i in range(200)]) + '\nfor k in 0..10000000 { let y = f(k) }')")
    ( ulimit -t $(cpu_cap 10) 2>/dev/null; lds "$prog" ) >"$tmp/out" 2>"$tmp/err"
    echo $? >"$tmp/status"
    status_is 4 && err_has "max-ops"; result R18a "the default --max-ops stops a tree-walked loop within 10 s of CPU" $?
    ( ulimit -t $(cpu_cap 10) 2>/dev/null; lds -q -D S=0..1000000 'read f32[lane*S % 1024]' ) >/dev/null 2>&1
    result R18b "a 10^6-point sweep within 10 s of CPU" $?
else
    ok "R18a # SKIP CPU bound not meaningful under valgrind or sanitizers"
    ok "R18b # SKIP CPU bound not meaningful under valgrind or sanitizers"
fi
run -a "$(printf 'sm\033[31m99')" 'read f32[lane]'
status_is 2 && err_has 'sm\x1b[31m99' && ! grep -q "$(printf '\033')" "$tmp/err"; result R18c "an unknown profile name is escaped" $?
run --format csv "$(printf 'read /* \377 */ f32[lane /* x */ * 2]')"
status_is 0 && out_has ",read f32[lane * 2]," && ! grep -q "$(printf '\377')" "$tmp/out"; result R18d "/* */ comments are not in source" $?

# ---- R19. ds_read2 names the table it runs with.
# (gfx90a: its b64 read table is an inference; gfx942's is measured since)
run --format json "$(lines 'arch gfx90a' 'ds_read2_b32 @ lane*4 offset1:32')"
status_is 0 && out_has '"geometry": {"phases": "16c", "banks": 32, "confidence": "inferred"'
result R19a "JSON geometry of ds_read2_b32: the b64 table" $?
run --explain "$(lines 'arch gfx90a' 'ds_read2_b32 @ lane*4 offset1:32')"
status_is 0 && out_has "the 8 bytes of a b64 read" && out_has "gfx90a's read b64 table is an inference"
result R19b "--explain of ds_read2_b32: the b64 table and its confidence" $?

# ---- R20. One table per vocabulary.
run 'sugest t'
status_is 3 && err_has "did you mean 'suggest'?"; result R20a "sugest: did you mean suggest" $?
printf 'read f32[lane * 4]\nexplain;\n' | lds -i >"$tmp/out" 2>/dev/null
grep -qF "R1: phase 0 (lanes 0-31) costs 4 cycles" "$tmp/out"; result R20b "the REPL's explain; explains the last access" $?

tap_end
