#!/bin/sh
# Hostile input ends with a clear error (or a result), never a crash, a
# hang or runaway memory.  Each run is capped at 10 s of CPU time, scaled
# under valgrind and the sanitizers (lib.sh's cpu_cap; a hang is killed,
# and fails); no wall clock is asserted (CI machines are shared
# and sanitizer builds slow).  Peak memory must stay under 300 MiB, where
# it means something: not under valgrind or the sanitizers, whose own
# memory dominates.
. "$srcdir/tests/lib.sh"
guard() { ( ulimit -t $(cpu_cap 10) 2>/dev/null; lds "$@" ) ; }
# run ARGS...: prints "STATUS PEAK_MIB" (PEAK_MIB 0 when not measured)
run() {
    if [ -n "$PYTHON3" ]; then
        "$PYTHON3" -c 'import resource, subprocess, sys
cap = int(sys.argv[1])
p = subprocess.run(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU, (cap, cap)))
print(p.returncode if p.returncode >= 0 else 128 - p.returncode,
      resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)' "$(cpu_cap 10)" $LDS_VALGRIND "$LDS_CALC" "$@"
    else
        guard "$@" >/dev/null 2>&1 </dev/null
        echo "$? 0"
    fi
}
expect_status() {   # DESCRIPTION WANT ARGS...
    d=$1; want=$2; shift 2
    set -- $(run "$@")
    st=$1; mib=$2
    if [ "$st" != "$want" ]; then
        not_ok "$d (exit $st, want $want; a CPU-time kill is exit 152)"
    elif [ -z "$LDS_VALGRIND" ] && [ "${LDS_SANITIZED:-0}" != 1 ] && [ "$mib" -ge 300 ]; then
        not_ok "$d: $mib MiB (want < 300 MiB)"
    else
        ok "$d (exit $st, $mib MiB)"
    fi
}
expect_status "1 << (1 << 40)" 4 'print 1 << (1 << 40)'
expect_status "pow(3, 1 << 40)" 4 'print pow(3, 1 << 40)'
expect_status "10,000 nested parentheses" 3 "print $(printf '(%.0s' $(seq 10000))1$(printf ')%.0s' $(seq 10000))"
expect_status "10,000 unary minus" 3 "print $(printf -- '-%.0s' $(seq 10000))1"
expect_status "300 nested blocks" 3 "$(printf 'for k in 0..1 { %.0s' $(seq 300))$(printf '}%.0s' $(seq 300))"
expect_status "huge loop, every variable" 4 'threads 1024; groups 1 << 40; read f32[((tid * k * group) / 7919) % 4096] for k in 0..1 << 40'
expect_status "huge block loop with a print" 4 'for k in 0..1 << 50 { print k }'
expect_status "array of 2^60 elements" 4 'array f32 a[1 << 30][1 << 30]'
expect_status "address beyond LDS" 4 'read f32[lane << 40]'
expect_status "def chain" 0 "def f0(x) = x + 1; $(for i in $(seq 1 200); do printf 'def f%d(x) = f%d(f%d(x)); ' $i $((i-1)) $((i-1)); done) print f10(0)"
expect_status "def chain, exponential work" 4 "def f0(x) = x + 1; $(for i in $(seq 1 60); do printf 'def f%d(x) = f%d(f%d(x)); ' $i $((i-1)) $((i-1)); done) print f60(0)"
expect_status "64 MiB program file" 2 -f /dev/zero
# a loop run trip by trip (a while loop, a block with an if) compiles its
# access again each trip: that memory is reused, not kept (it was 4.6 KB a
# trip, over 300 MiB for each of these, and the first never ends)
expect_status "a while loop that never ends: max-steps, in bounded memory" 4 --max-steps 300000 'threads 64; array f32 s[256]; for k = 1 while k < 64 next k { write s[k] }'
expect_status "200,000 trips of a loop with an if" 0 'threads 64; array f32 s[256]; for k in 0..200000 { if k % 2 == 0 { write s[k % 256] } }'
expect_status "max-steps: instructions just under the limit" 0 --max-steps 30000 'threads 1024; read f32[(tid * k) % 4096] for k in 0..900'
{ printf 'print 1 #'; head -c 1100000 /dev/zero | tr '\0' x; echo; } > "${TMPDIR:-/tmp}/lds-line.$$"
expect_status "a 1 MiB line" 3 -f "${TMPDIR:-/tmp}/lds-line.$$"
rm -f "${TMPDIR:-/tmp}/lds-line.$$"
expect_status "wide integers: pow(7, 10000) * pow(7, 10000)" 0 'print popcount(pow(7, 10000) * pow(7, 10000))'
expect_status "wide integers: past the limit" 4 'print pow(7, 20000) * pow(7, 20000)'
# Ctrl-C (SIGINT): the statement running stops, what finished is
# reported, the exit status is 130 (the statement runs for seconds but
# within --max-ops: one the budget would stop is refused at its first
# instructions)
out="${TMPDIR:-/tmp}/lds-int.$$"
"$LDS_CALC" 'read f32[lane * 2]; read f32[gcd(lane * k * k, 997)] for k in 0..1000000' >"$out" 2>"$out.err" &
pid=$!
after_cpu $pid 0.5
kill -INT $pid
wait $pid
st=$?
check "SIGINT: exit 130" test $st -eq 130
check "SIGINT: the statement is reported interrupted" grep -q "1:21: error: interrupted" "$out.err"
check "SIGINT: what finished before it is reported" grep -q "read f32\[lane \* 2\]: 2-way" "$out"
rm -f "$out" "$out.err"
# random bytes: any exit but a signal, within the limits
i=0
while [ $i -lt 30 ]; do
    i=$((i + 1))
    head -c 300 /dev/urandom > "${TMPDIR:-/tmp}/lds-rand.$$"
    guard -f "${TMPDIR:-/tmp}/lds-rand.$$" >/dev/null 2>&1
    st=$?
    if [ $st -lt 5 ]; then ok "random bytes #$i (exit $st)"; else not_ok "random bytes #$i (exit $st)"; cp "${TMPDIR:-/tmp}/lds-rand.$$" "${TMPDIR:-/tmp}/lds-crash-$i.bin"; fi
done
rm -f "${TMPDIR:-/tmp}/lds-rand.$$"
tap_end
