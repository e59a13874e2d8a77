#!/bin/sh
# Hardening, second round (issue 20): every reproducer of the hostile
# corpus, exactly, with what lds-calc must do instead.  Each check has an
# id; the ids in TODO are known defects, reported as TAP "# TODO" (an
# expected failure) until their fix lands, when the id leaves the list
# (a fixed check still marked TODO is an unexpected pass: a failure).
. "$srcdir/tests/lib.sh"
TODO=""

tmp=${TMPDIR:-/tmp}/lds-hard.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
sanitized=${LDS_SANITIZED:-0}

# result ID DESCRIPTION STATUS(0 = holds)
result() {
    id=$1; d=$2; st=$3
    case " $(echo $TODO) " in
    *" $id "*)
        if [ "$st" -eq 0 ]; then ok "$id $d # TODO issue 20"; else echo "not ok $((tap_n + 1)) - $id $d # TODO issue 20"; tap_n=$((tap_n + 1)); fi ;;
    *)
        if [ "$st" -eq 0 ]; then ok "$id $d"; else not_ok "$id $d"; fi ;;
    esac
}
# run ARGS...: runs lds-calc with CPU time capped at 20 s; leaves
# $tmp/out, $tmp/err, $tmp/status
run() {
    ( ulimit -t $(cpu_cap 20) 2>/dev/null; lds "$@" ) >"$tmp/out" 2>"$tmp/err" </dev/null
    echo $? >"$tmp/status"
}
status_is() { [ "$(cat "$tmp/status")" = "$1" ]; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
# peak resident memory of a command, in MiB (python's getrusage), or 0;
# not measured under valgrind or sanitizers, whose own memory dominates
peak_mib() {
    [ -n "$PYTHON3" ] || { echo 0; return; }
    "$PYTHON3" -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
               preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU, (60, 60)))
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)' $LDS_VALGRIND "$LDS_CALC" "$@"
}

# ---- High
# 1. 49 nested block loops: a stack buffer overflow (ASan) before the
#    loop-slot limit was checked.
run "$("${PYTHON3:-python3}" -c "print(''.join('for a%d in 0..1 { ' % i for i in range(49)) + 'read f32[lane] ' + '} ' * 49)")"
status_is 4 && err_has "more than 48 nested loops" && ! err_has "Sanitizer"; result H1 "49 nested blocks: a clean limit error" $?

# 2. a phase table whose period does not divide the wave
run 'arch gfx942; set phases b32 0|1|2; read f32[lane]'
status_is 0 && out_has "1-way (conflict-free), cycles 64, ideal 64, excess 0"; result H2 "phase table 0|1|2 on wave64: 64 phases of one lane" $?

# 3. -D values are exact integers, not 63-character strings
run -D 'X=1<<250' 'print X'
status_is 0 && out_has 1809251394333065553493296640760748560207343510400633813116524750123642650624; result H3a "-D X=1<<250 prints exactly" $?
run -D 'N=1<<250' 'read f32[lane] for k in 0..N % 1000'
out_has "instructions 624"; result H3b "-D N=1<<250: N % 1000 is 624" $?
run -D 'X=(1<<250)..(1<<250)+2' --format csv 'f32[lane]'
[ "$(cut -d, -f1 "$tmp/out" | sort -u | wc -l)" -eq 3 ]; result H3c "sweep labels of huge values stay distinct" $?

# 4. hangs past --max-steps
run 'read f32[(lane*k*k) % 64] for k in 0..1000000000000, j in 0..0'
{ status_is 0 && out_has "no instructions"; } || { status_is 4 && err_has "max-steps"; }; result H4a "an empty inner range ends at once" $?
run 'read f32[((lane*i*j) / 7919) % 64] for i in 0..20000, j in 0..i'
status_is 4 && err_has "max-steps"; result H4b "inner bounds that grow with the outer loop are counted up front" $?

# 5. memory of min/max arguments; GMP's allocator
"${PYTHON3:-python3}" -c "print('print max(' + ',\n'.join(['1<<65535'] * 200000) + ') == 1<<65535')" >"$tmp/minmax.lds"
mib=0; [ -n "$LDS_VALGRIND" ] || mib=$(peak_mib -f "$tmp/minmax.lds")
run -f "$tmp/minmax.lds"
status_is 0 && out_has 1 && [ "$mib" -lt 300 ]; result H5a "max() of 200,000 wide arguments: $mib MiB peak" $?
if [ $sanitized -eq 0 ] && [ -z "$LDS_VALGRIND" ]; then
    # 150 nested sums each hold a 2 MB temporary: 300 MB live, under a 200 MB cap
    deep="$(printf '((1 << 16000000) + %.0s' $(seq 150))1$(printf ')%.0s' $(seq 150))"
    ( ulimit -v 200000; "$LDS_CALC" --max-bits 16777216 "print popcount($deep)" ) >"$tmp/out" 2>"$tmp/err"
    echo $? >"$tmp/status"
    status_is 4 && err_has "out of memory"; result H5b "GMP out of memory is a clean error" $?
else
    ok "H5b # SKIP no address-space limit under sanitizers or valgrind"
fi

# 6. the operation budget holds per run, not per evaluation
{ echo 'def f0(x) = x + 1'; i=1; while [ $i -le 16 ]; do echo "def f$i(x) = f$((i-1))(x) + f$((i-1))(x)"; i=$((i + 1)); done
  echo 'threads 2048'; echo 'print f16(tid) % 7'; } >"$tmp/double.lds"
run --max-ops 1000000 -f "$tmp/double.lds"
status_is 4 && err_has "max-ops" && err_has "double.lds:19:"; result H6 "doubling defs stop at the run's operation budget, at the statement" $?

# ---- Medium
# 7. an access stopped by an error is not counted as complete
printf 'read f32[lane]\nread f32[lane + k*8] for k in 0..10000\n' >"$tmp/stop.lds"
run -f "$tmp/stop.lds"
status_is 4 && ! out_has "total: cycles 10001"; result H7a "a failed access is not in the text total" $?
run --format json -f "$tmp/stop.lds"
status_is 4 && "${PYTHON3:-python3}" -c 'import json, sys
d = json.load(open(sys.argv[1])); a = d["accesses"]
assert a[1]["status"] == "error" and "cycles" not in a[1] and d["totals"][0]["instructions"] == 1' "$tmp/out" 2>/dev/null
result H7b "JSON marks the failed access, with no metrics" $?

# 8. write errors are errors
if [ -w /dev/full ]; then
    lds 'f32[lane*4]' >/dev/full 2>"$tmp/err"; st=$?
    [ $st -eq 2 ] && [ -s "$tmp/err" ]; result H8a "output to a full device exits 2 with a message" $?
else
    ok "H8a # SKIP no /dev/full"
fi
( trap '' PIPE; ulimit -t $(cpu_cap 20); "$LDS_CALC" -D S=1..1000000 'f32[lane*S]' 2>"$tmp/err"; echo $? >"$tmp/status" ) | head -1 >/dev/null
status_is 2; result H8b "SIGPIPE ignored: a sweep piped to head stops with exit 2" $?

# 9. memory per access statement
"${PYTHON3:-python3}" -c "print('read f32[lane]\n' * 100000, end='')" >"$tmp/many.lds"
# (about 1 KB a record: 95 MiB at 8d1ff87, 99 MiB once records kept
# their costliest instruction and an inlined helper's place; the cap is
# for memory that grows with something other than the statements)
mib=0; [ -n "$LDS_VALGRIND" ] || [ "$sanitized" = 1 ] || mib=$(peak_mib -q -f "$tmp/many.lds")
[ "$mib" -lt 110 ]; result H9a "100,000 accesses: $mib MiB peak (< 110)" $?
"${PYTHON3:-python3}" -c "print('show grid\n' + 'read f32[lane]\n' * 20000, end='')" >"$tmp/grid.lds"
mib=0; [ -n "$LDS_VALGRIND" ] || [ "$sanitized" = 1 ] || mib=$(peak_mib -f "$tmp/grid.lds")
[ "$mib" -lt 50 ]; result H9b "20,000 accesses under show grid: $mib MiB peak (< 50)" $?

# 10. defaults keep a CI step to seconds (the message names the option)
run 'read f32[((lane*k*k) / 7919) % 64] for k in 0..50000000'
status_is 4 && err_has "--max-steps"; result H10a "50M enumerated instructions are refused at once by default" $?
run 'threads 1 << 31; read f32[tid % 4096]'
status_is 0 || { status_is 4 && err_has "--max-steps"; }; result H10b "2^31 threads: done or refused, within the CPU cap" $?

# 11. non-UTF-8 bytes in a statement's source
printf 'read f32[lane # \377\376 comment\n]\n' >"$tmp/bytes.lds"
run --format json -f "$tmp/bytes.lds"
"${PYTHON3:-python3}" -c 'import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))
assert d["accesses"][0]["source"] == "read f32[lane ]", d["accesses"][0]["source"]' "$tmp/out" 2>/dev/null
result H11a "JSON stays UTF-8 and drops comments from source" $?
run --format svg -f "$tmp/bytes.lds"
"${PYTHON3:-python3}" -c 'import sys, xml.dom.minidom as m; m.parseString(open(sys.argv[1], "rb").read())' "$tmp/out" 2>/dev/null
result H11b "SVG stays well-formed" $?

# 12. --output does not follow a planted symlink
mkdir -p "$tmp/svgout"; echo precious >"$tmp/victim"; ln -s "$tmp/victim" "$tmp/svgout/L1-access.svg"
run --format svg --output "$tmp/svgout" 'f32[lane]'
[ "$(cat "$tmp/victim")" = precious ] && status_is 2; result H12 "a symlink at a picture's name is refused, its target untouched" $?

# ---- Low
run 'read f32[lane]; expect cycles == 1 << 400'
err_has 2582249878086908589655919172003011874329705792829223512830659356540647622016841194629645353280137831435903171972747493376; result L1 "expect messages keep every digit" $?
run 'for k in 0..65536 { array double2x16 A[1<<40] }; array f32 B[64]; read B[lane]'
status_is 4; result L2 "array offsets do not wrap at 2^64" $?
run -q 'print 5'
[ ! -s "$tmp/out" ]; result L3 "-q prints nothing, print included" $?
printf 'print 1 \033[31m\n' >"$tmp/esc.lds"
run -f "$tmp/esc.lds"
! grep -q "$(printf '\033')" "$tmp/err" && err_has '\x1b'; result L4 "control bytes in diagnostics are shown escaped" $?
printf 'read f32[lane] # ```\nread f32[lane*2]\n' >"$tmp/fence.lds"
run --format markdown -f "$tmp/fence.lds"
grep -q '^````$' "$tmp/out"; result L5 "a comment with three backticks: the program fence is longer" $?
# a directory whose path is just under PATH_MAX: DIR/L1-access.svg is longer
long=$(cd "$tmp" && while [ ${#PWD} -lt 4085 ]; do n=$((4085 - ${#PWD})); [ $n -gt 200 ] && n=200; [ $n -lt 2 ] && n=2
    d=$(printf 'd%.0s' $(seq $((n - 1)))); mkdir "$d" && cd "$d" || break; done; pwd)
run --format svg --output "$long" 'f32[lane]'
status_is 2 && [ -z "$(ls "$long")" ]; result L6a "an over-long --output path is an error, not a truncated file" $?
run -D "$(printf 'N%.0s' $(seq 300))=1..3" --format svg --output "$tmp/longd" 'f32[lane]'
{ status_is 2 || [ "$(ls "$tmp/longd" | wc -l)" -eq 2 ]; }; result L6b "long -D names never collide into one file" $?
run --max-ops 1000 'def g(x) = x * x + x; def f(x) = g(x) + g(x + 1); threads 1024; print f(tid)'
status_is 4 && err_has "<arg1>:1:65:"; result L7 "the operation-limit error points at the statement" $?
run --gmp-only 'read f32[lane + 32 * k - 32 * k] for k in 0..1000000000000'
status_is 0 && out_has "instructions 1000000000000"; result L9a "--gmp-only keeps the shortcuts" $?
run 'read f32[lane + k*8] for k in 0..10000'
err_has "(lane 24, k = 2045)"; result L9b "a bounds error names the first failing iteration" $?
run 'atomic b128 @ lane*16'
status_is 4 && err_has "atomic"; result L10 "b96/b128 atomics are refused" $?
repl_load() {   # run a REPL (standard input not a terminal) on one :load line
    printf ':load %s\nprint 77\n' "$1" | ( ulimit -t $(cpu_cap 20); lds -i ) >"$tmp/out" 2>"$tmp/err"
    echo $? >"$tmp/status"
}
mkdir -p "$tmp/adir"
repl_load "$tmp/adir"
err_has "is a directory" && out_has 77; result L8a ":load of a directory is an error, and the session goes on" $?
printf 'print 1\nprint 2 \000 print 3\n' >"$tmp/nul.lds"
repl_load "$tmp/nul.lds"
err_has "$tmp/nul.lds:2:9: error: unexpected character (byte 0x00)" && ! out_has 1; result L8b ":load reports a NUL byte where it is, as -f does (nothing of it runs)" $?
if [ -z "$LDS_VALGRIND" ]; then
    "${PYTHON3:-python3}" -c "import sys; sys.stdout.write('print 1\n' * (9 << 20))" >"$tmp/huge.lds"
    repl_load "$tmp/huge.lds"
    err_has "larger than 64 MiB" && ! out_has "1"; result L8c ":load refuses a file over 64 MiB" $?
    rm -f "$tmp/huge.lds"
else
    ok "L8c # SKIP a 72 MiB file under valgrind"
fi
printf '\357\273\277print 1\n' >"$tmp/bom.lds"
run -f "$tmp/bom.lds"
status_is 0 && out_has 1; result L12 "a leading UTF-8 BOM is skipped" $?
tap_end
