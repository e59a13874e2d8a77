#!/bin/sh
# bench/run.sh - `make bench`: lds-calc against a loop written by hand for
# each workload (bench/hand.c), whole-process times, the median of
# $BENCH_RUNS runs (default 5).  It checks that both print the same totals
# before it compares their times.  A benchmark, not a test: it asserts no
# time; it prints them.
#
# Usage: run.sh LDS_CALC HAND
LDS=$1
HAND=$2
RUNS=${BENCH_RUNS:-5}

# median wall time, in seconds, of RUNS runs of a command
median() {
    for _ in $(seq "$RUNS"); do
        s=$(date +%s%N)
        "$@" >/dev/null 2>&1
        e=$(date +%s%N)
        echo $(( (e - s) / 1000 ))
    done | sort -n | awk '{ t[NR] = $1 } END { printf "%.4f", t[int((NR + 1) / 2)] / 1e6 }'
}

# a column of the last row of lds-calc's CSV
column() {   # PROGRAM NAME
    "$LDS" --format csv "$1" | "${PYTHON3:-python3}" -c 'import csv, sys
print(list(csv.DictReader(sys.stdin))[-1][sys.argv[1]])' "$2"
}

# the totals lds-calc prints, as the hand loops print them
lds_totals() {
    echo "instructions $(column "$1" instructions) cycles $(column "$1" cycles) ideal $(column "$1" ideal)"
}

printf '%-16s %12s %10s %10s %7s %16s\n' workload instructions lds-calc hand ratio "instructions/s"
bench() {   # NAME N PROGRAM
    want=$("$HAND" "$1" "$2")
    got=$(lds_totals "$3")
    if [ "$want" != "$got" ]; then
        echo "$1: the totals differ: lds-calc '$got', by hand '$want'" >&2
        exit 1
    fi
    n=$(echo "$want" | awk '{ print $2 }')
    tl=$(median "$LDS" -q "$3")
    th=$(median "$HAND" "$1" "$2")
    awk -v w="$1" -v n="$n" -v tl="$tl" -v th="$th" 'BEGIN {
        printf "%-16s %12d %9.3fs %9.3fs %6.1fx %16.0f\n", w, n, tl, th, tl / th, n / tl }'
}

bench modular 20000 \
    'arch sm80; threads 256; groups 10; read f32[(tid * k + group * k * k) % 4099] for k in 0..20000'
bench swizzle-b128 20000 \
    'arch gfx942; threads 256; groups 4; read b128 @ (((tid / 8) * 8 + ((tid % 8) ^ ((tid / 8 + k * k + group) % 8))) * 16) % 65536 for k in 0..20000'
bench padded-columns 400000 \
    'arch sm80; threads 128; read f16[(lane + 32 * (wave % 2)) * (64 + k * k % 7) + k % 64] for k in 0..400000'

# periodic indices: one period simulated, the rest multiplied
echo
printf '%-44s %12s %10s\n' "periodic, 10^12 trips" instructions lds-calc
periodic() {   # PROGRAM
    n=$(column "$1" instructions)
    t=$(median "$LDS" -q "$1")
    printf '%-44s %12s %9.4fs\n' "$2" "$n" "$t"
}
periodic 'read f32[(lane + 32*k) % 4096] for k in 0..1000000000000' '(lane + 32*k) % 4096'
periodic 'read f32[lane ^ (k % 32)] for k in 0..1000000000000' 'lane ^ (k % 32)'
periodic 'arch sm80; threads 256; groups 10; read f32[(tid * k + group) % 97] for k in 0..1000000000000' \
    '(tid * k + group) % 97, 256 threads, 10 groups'
