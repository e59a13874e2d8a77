#!/bin/sh
# Probes (lds-calc(1), PROBES): --emit writes a kernel that replays every
# access, --check-counters compares measured counters with the prediction.
# The emitted sources themselves are golden files (tests/cli/probe-*.cmd);
# here: the check's verdicts and errors, and the emitted code compiled as
# far as this machine's compilers go (skipped where there is none).
. "$srcdir/tests/lib.sh"
tmp=${TMPDIR:-/tmp}/lds-probe.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
fix=$srcdir/tests/probe-data
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $* # SKIP"; }
# status CODE COMMAND...: the command exits with CODE
status() { want=$1; shift; "$@" >"$tmp/out" 2>"$tmp/err"; [ $? -eq "$want" ]; }

# A mixed NVIDIA program: its probe's expected.csv is the prediction, so
# checking it agrees, and a changed value does not.
nv='threads 64; array f32 t[32][32]; read t[lane][lane % 4]; ldmatrix.x1 @ lane * 16; cp.async b64 @ lane * 8 for k in 0..2; write f32[lane * 4]'
check "emit cuda writes the probe" status 0 lds --emit cuda --output "$tmp/nv" -a sm80 "$nv"
check "the probe has its four files" test -f "$tmp/nv/probe.cu" -a -f "$tmp/nv/Makefile" -a -x "$tmp/nv/run.sh" -a -f "$tmp/nv/expected.csv"
check "the prediction checks against itself" status 0 lds --check-counters "$tmp/nv/expected.csv" -a sm80 "$nv"
check "... all twelve counters agree" grep -qx '12 agree, 0 disagree, 0 not measured' "$tmp/out"
sed 's/^\(lds_access_1,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,\)\(.*\)$/\11\2/' "$tmp/nv/expected.csv" >"$tmp/wrong.csv"
check "a measured count that differs fails the check" status 1 lds --check-counters "$tmp/wrong.csv" -a sm80 "$nv"
check "... and says which" grep -q 'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum .* DISAGREE' "$tmp/out"
grep -v lds_access_3 "$tmp/nv/expected.csv" >"$tmp/part.csv"
check "a counter not measured fails the check" status 1 lds --check-counters "$tmp/part.csv" -a sm80 "$nv"
check "... and says which" grep -q 'not measured (no smsp__inst_executed_op_ldgsts_pred_on_any.sum row for lds_access_3)' "$tmp/out"
check "the run.sh reruns the same program" grep -qF "\"\${LDS_CALC:-lds-calc}\" --check-counters counters.csv '-a' 'sm80' 'threads 64;" "$tmp/nv/run.sh"
lds --format counters -a sm80 "$nv" >"$tmp/own.csv"
check "lds-calc's own --format counters CSV is read too" status 0 lds --check-counters "$tmp/own.csv" -a sm80 "$nv"

# --tolerance: the hardware l1tex wavefront and conflict counters may
# read up to N high (1024-thread blocks on the H200); nothing else may.
sed 's/^\(lds_access_1,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\)16$/\118/' "$tmp/nv/expected.csv" >"$tmp/high.csv"
check "an l1tex counter 2 high disagrees without --tolerance" status 1 lds --check-counters "$tmp/high.csv" -a sm80 "$nv"
check "... and agrees with --tolerance 2" status 0 lds --check-counters "$tmp/high.csv" --tolerance 2 -a sm80 "$nv"
check "... saying so" grep -q 'predicted 16, measured 18: agree (within --tolerance)' "$tmp/out"
check "... but not with --tolerance 1" status 1 lds --check-counters "$tmp/high.csv" --tolerance=1 -a sm80 "$nv"
sed 's/^\(lds_access_1,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\)16$/\115/' "$tmp/nv/expected.csv" >"$tmp/low.csv"
check "a counter below the prediction is never within tolerance" status 1 lds --check-counters "$tmp/low.csv" --tolerance 2 -a sm80 "$nv"
sed 's/^\(lds_access_1,smsp__inst_executed_op_shared_ld_pred_on_any.sum,\)2$/\13/' "$tmp/nv/expected.csv" >"$tmp/ins.csv"
check "an instruction count must agree exactly" status 1 lds --check-counters "$tmp/ins.csv" --tolerance 2 -a sm80 "$nv"
sed 's/^\(lds_access_3,sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum,\)8$/\19/' "$tmp/nv/expected.csv" >"$tmp/sass.csv"
check "so must a SASS-level counter" status 1 lds --check-counters "$tmp/sass.csv" --tolerance 2 -a sm80 "$nv"
# --tolerance P%: of the prediction, rounded up (16 x 12.5% = 2; 16 x 6.25% = 1)
check "... and agrees with --tolerance 12.5%" status 0 lds --check-counters "$tmp/high.csv" --tolerance 12.5% -a sm80 "$nv"
check "... but not with --tolerance 6.25%" status 1 lds --check-counters "$tmp/high.csv" --tolerance=6.25% -a sm80 "$nv"
check "... nor with --tolerance 6.2%, which rounds up to 1 of 16" status 1 lds --check-counters "$tmp/high.csv" --tolerance=6.2% -a sm80 "$nv"
check "... and 6.26% rounds up to 2" status 0 lds --check-counters "$tmp/high.csv" --tolerance=6.26% -a sm80 "$nv"
check "a percentage below the prediction is never within tolerance" status 1 lds --check-counters "$tmp/low.csv" --tolerance 50% -a sm80 "$nv"
check "--tolerance takes at most three decimals" status 2 lds --check-counters "$tmp/high.csv" --tolerance 1.2345% -a sm80 "$nv"
check "... and at most 100%" status 2 lds --check-counters "$tmp/high.csv" --tolerance 101% -a sm80 "$nv"
check "... and says what it takes" grep -q "expected a whole number or a percentage" "$tmp/err"
check "--tolerance needs --check-counters" status 2 lds --tolerance 2 'read f32[lane]'
check "... a percentage too" status 2 lds --tolerance 2% 'read f32[lane]'
check "--tolerance takes a number" status 2 lds --check-counters "$tmp/high.csv" --tolerance two -a sm80 "$nv"
big='threads 1024; read f32[tid]'
lds --emit cuda --output "$tmp/big" -a sm90 "$big" >/dev/null
check "the probe of a 1024-thread block checks with --tolerance 2" grep -q -- '--check-counters counters.csv --tolerance 2' "$tmp/big/run.sh"
check "... and of a smaller block without" sh -c "! grep -q -- '--tolerance' '$tmp/nv/run.sh'"
# idle waves: the check says that the instruction counts depend on them
idle='threads 128; write f32[tid] if tid < 32'
lds --format counters -a sm90 "$idle" >"$tmp/idle.csv"
check "a check with idle waves passes" status 0 lds --check-counters "$tmp/idle.csv" -a sm90 "$idle"
check "... and says the count assumes a branch" grep -q '(3 wave executions had no active lane and issued no instruction, as when the compiler branches around the access; .*set idle_waves predicate; ' "$tmp/out"
check "... and that the _pred_on_any count leaves them out either way" grep -q "the _pred_on_any instruction counts compared here leave such instructions out either way" "$tmp/out"
check "predicated, the same measurement agrees: _pred_on_any does not count idle waves" \
    status 0 lds --check-counters "$tmp/idle.csv" -a sm90 "set idle_waves predicate; $idle"
check "... though the instructions metric does" sh -c "'$LDS_CALC' -a sm90 'set idle_waves predicate; $idle; expect instructions == 4' >/dev/null"
lds --format counters -a gfx942 "$idle" >"$tmp/idle-amd.csv"
tr -d '\r' <"$tmp/idle-amd.csv" | sed 's/^\(0,1,.*SQ_INSTS_LDS,\)1$/\12/' >"$tmp/pred-amd.csv"
check "on AMD a predicated access's idle wave counts in SQ_INSTS_LDS: 2 disagree with the branched default" \
    status 1 lds --check-counters "$tmp/pred-amd.csv" -a gfx942 "$idle"
check "... and agree under set idle_waves predicate" status 0 lds --check-counters "$tmp/pred-amd.csv" -a gfx942 "set idle_waves predicate; $idle"

# ncu --csv as Nsight writes it (==PROF== lines first, quoted fields with
# commas): read f32[lane*2] on 64 threads, two warps: lanes l and l + 16
# share a bank with different words, 2 wavefronts a warp for 1.
check "ncu --csv: 2 instructions, 4 wavefronts, 2 conflicts agree" \
    status 0 lds --check-counters "$fix/ncu-stride2.csv" -a sm80 'threads 64; read f32[lane*2]'
# rocprofv3's counter_collection.csv: the kernel's signature after its
# name, SQ_LDS_BANK_CONFLICT in two rows (summed: 1 + 1 = 2); gfx942's
# half-wave phases, each 2-way: 4 cycles for 2.
check "rocprofv3: rows summed, the signature ignored" \
    status 0 lds --check-counters "$fix/rocprof-stride2.csv" -a gfx942 'threads 64; read f32[lane*2]'
check "the same file disagrees with another program" \
    status 1 lds --check-counters "$fix/rocprof-stride2.csv" -a gfx942 'threads 64; read f32[lane*4]'

check "-q: the check's exit status alone" status 1 lds -q --check-counters "$fix/rocprof-stride2.csv" -a gfx942 'threads 64; read f32[lane*4]'
check "... nothing printed" test ! -s "$tmp/out"
check "-q still writes the probe" sh -c "'$LDS_CALC' -q --emit hip --output '$tmp/q' -a gfx942 'read f32[lane]' && test -f '$tmp/q/probe.hip'"

# errors: exit 2 with a message
check "a missing file" status 2 lds --check-counters "$tmp/none.csv" 'read f32[lane]'
printf 'a,b\n1,2\n' >"$tmp/nohead.csv"
check "a file without the columns" status 2 lds --check-counters "$tmp/nohead.csv" -a sm80 'read f32[lane]'
check "... says what it looked for" grep -q 'no header row with a kernel, a counter and a value column' "$tmp/err"
printf 'kernel,counter,value\nlds_access_1,x,12a\n' >"$tmp/bad.csv"
check "a value that is not a number, with its line" status 2 lds --check-counters "$tmp/bad.csv" -a sm80 'read f32[lane]'
check "... names file and line" grep -q "bad.csv:2: counter value '12a' is not a whole number" "$tmp/err"
check "--emit needs --output" status 2 lds --emit cuda 'read f32[lane]'
check "--emit takes one run" status 2 lds --emit cuda --output "$tmp/x" -a sm80,sm90 'read f32[lane]'
check "--emit and --format are one or the other" status 2 lds --emit cuda --format json --output "$tmp/x" 'read f32[lane]'
check "--emit cuda needs an NVIDIA profile" status 2 lds --emit cuda --output "$tmp/x" -a gfx942 'read f32[lane]'
check "... and says so" grep -q -- '--emit cuda needs an NVIDIA profile; access 1 runs on gfx942' "$tmp/err"
check "a probe replays a bounded number of instructions" \
    status 2 lds --emit cuda --output "$tmp/x" -a sm80 'read f32[lane] for k in 0..5000'
check "... and says which access" grep -q 'access 1 (line 1) issues more than 4096 instructions' "$tmp/err"
check "ldmatrix with a row lane inactive cannot be replayed" \
    status 2 lds --emit cuda --output "$tmp/x" -a sm80 'ldmatrix.x1 @ lane * 16 if lane != 3'

# The emitted code, compiled as far as this machine allows: clang checks a
# CUDA probe's syntax and asm constraints without a CUDA install (stand-in
# runtime header in tests/probe-data/shim), and assembles a HIP probe's device
# code for gfx90a with LLVM's AMDGPU assembler (every ds_* form but the
# gfx950-only transposing loads).
amd='threads 128; array f32 t[64][64]; read t[lane][0]; ds_read2st64_b32 t[0][lane] offset1:1; ds_write2_b64 @ lane*8 offset1:32; ds_read2_b64 @ lane*16 offset1:1; ds_write2st64_b32 @ lane*4 offset1:2; ds_read2_b32 @ lane * 4 offset0:3 offset1:1; atomic b64 @ lane*8; ds_add_u32 @ lane*4; write b8 @ lane; write b16 @ lane*2; write b96 @ lane*12; write b64 @ lane*8; write b128 @ lane*16; read b8 @ lane; read b16 @ lane*2; read b64 @ lane*8; read b96 @ lane*12; read b128 @ lane*16'
lds --emit hip --output "$tmp/amd" -a gfx942 "$amd" >/dev/null
if command -v clang++ >/dev/null && echo 'int main(){}' | clang++ -x cuda --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -Wno-unknown-cuda-version -fsyntax-only - 2>/dev/null; then
    check "the CUDA probe passes clang's checks (sm_80)" \
        clang++ -x cuda --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -Wno-unknown-cuda-version -fsyntax-only -I"$fix/shim" "$tmp/nv/probe.cu"
else
    skip "the CUDA probe passes clang's checks (no clang++ with CUDA sm_80)"
fi
if command -v clang++ >/dev/null && echo '' | clang++ -x hip --offload-arch=gfx90a -nogpuinc -nogpulib --cuda-device-only -c -o /dev/null - 2>/dev/null; then
    check "the HIP probe's device code assembles for gfx90a" \
        clang++ -x hip --offload-arch=gfx90a -nogpuinc -nogpulib --cuda-device-only -O2 -c -I"$fix/shim" -o "$tmp/amd.o" "$tmp/amd/probe.hip"
else
    skip "the HIP probe's device code assembles for gfx90a (no clang++ with HIP gfx90a)"
fi
if command -v nvcc >/dev/null; then
    check "nvcc builds the CUDA probe" make -s -C "$tmp/nv"
else
    skip "nvcc builds the CUDA probe (no nvcc)"
fi
if command -v hipcc >/dev/null; then
    check "hipcc builds the HIP probe" make -s -C "$tmp/amd"
else
    skip "hipcc builds the HIP probe (no hipcc)"
fi
tap_end
