#!/bin/sh
# bench/compare.sh - one lds-calc against another (say v1 against today)
# on the bench workloads and three examples: the median of 3 whole-process
# runs each.  A benchmark, not a test.
#
# Usage: compare.sh OLD_LDS_CALC NEW_LDS_CALC [EXAMPLES_DIR]
#   e.g. git clone . /tmp/v1 && (cd /tmp/v1 && git checkout a0d83ac &&
#        autoreconf -fi && ./configure && make lds-calc)
#        bench/compare.sh /tmp/v1/lds-calc ./lds-calc examples
OLD=$1
NEW=$2
EX=${3:-examples}
med() {
    for _ in 1 2 3; do
        s=$(date +%s%N)
        "$@" >/dev/null 2>&1
        e=$(date +%s%N)
        echo $(((e - s) / 1000))
    done | sort -n | sed -n 2p
}
row() {   # NAME, then the lds-calc arguments
    name=$1
    shift
    a=$(med "$OLD" -q "$@")
    b=$(med "$NEW" -q "$@")
    awk -v n="$name" -v a="$a" -v b="$b" 'BEGIN { printf "%-16s old %9.3fs  new %9.3fs\n", n, a / 1e6, b / 1e6 }'
}
row modular 'arch sm80; threads 256; groups 10; read f32[(tid * k + group * k * k) % 4099] for k in 0..20000'
row swizzle-b128 'arch gfx942; threads 256; groups 4; read b128 @ (((tid / 8) * 8 + ((tid % 8) ^ ((tid / 8 + k * k + group) % 8))) * 16) % 65536 for k in 0..20000'
row padded-columns 'arch sm80; threads 128; read f16[(lane + 32 * (wave % 2)) * (64 + k * k % 7) + k % 64] for k in 0..400000'
row periodic-1e6 'read f32[(lane + 32*k) % 4096] for k in 0..1000000'
row multiply-1e12 'arch sm90; threads 1024; groups 1000000000; read f32[tid * 2 % 64] for k in 0..1000000000000'
row trivial 'read f32[lane]'
for f in transpose-32x32 cute-swizzle-333 seed002-mojo-p32; do
    row "$f" -f "$EX/$f.lds"
done
