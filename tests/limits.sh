#!/bin/sh
# Hostile input ends with a clear error (or a result), never a crash, a
# hang or runaway memory: each run gets 5 s of CPU and 512 MiB.
. "$srcdir/tests/lib.sh"
guard() { ( ulimit -t 5 -v 524288 2>/dev/null; lds "$@" ) ; }
expect_status() {   # DESCRIPTION WANT ARGS...
    d=$1; want=$2; shift 2
    guard "$@" >/dev/null 2>&1 </dev/null
    st=$?
    if [ "$st" = "$want" ]; then ok "$d (exit $st)"; else not_ok "$d (exit $st, want $want)"; fi
}
expect_status "1 << (1 << 40)" 4 'print 1 << (1 << 40)'
expect_status "pow(3, 1 << 40)" 4 'print pow(3, 1 << 40)'
expect_status "10,000 nested parentheses" 3 "print $(printf '(%.0s' $(seq 10000))1$(printf ')%.0s' $(seq 10000))"
expect_status "10,000 unary minus" 3 "print $(printf -- '-%.0s' $(seq 10000))1"
expect_status "300 nested blocks" 3 "$(printf 'for k in 0..1 { %.0s' $(seq 300))$(printf '}%.0s' $(seq 300))"
expect_status "huge loop, every variable" 4 'threads 1024; groups 1 << 40; read f32[(tid * k * group) % 4096] for k in 0..1 << 40'
expect_status "huge block loop with a print" 4 'for k in 0..1 << 50 { print k }'
expect_status "array of 2^60 elements" 4 'array f32 a[1 << 30][1 << 30]'
expect_status "address beyond LDS" 4 'read f32[lane << 40]'
expect_status "def chain" 0 "def f0(x) = x + 1; $(for i in $(seq 1 200); do printf 'def f%d(x) = f%d(f%d(x)); ' $i $((i-1)) $((i-1)); done) print f10(0)"
expect_status "def chain, exponential work" 4 "def f0(x) = x + 1; $(for i in $(seq 1 60); do printf 'def f%d(x) = f%d(f%d(x)); ' $i $((i-1)) $((i-1)); done) print f60(0)"
expect_status "64 MiB program file" 2 -f /dev/zero
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
