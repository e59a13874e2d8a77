#!/bin/sh
# State leaks (issue 27): nothing a statement leaves behind (a compiled
# program, a memo, an interned profile, a parser's macro, the last array)
# may change another's numbers.  Each form below sets everything it
# depends on and uses names of its own, so its records must be the same
# run alone, after every other form, and after all of them; and a run's
# results are byte-identical with -j1 and -j2, as one -f file or two, and
# as a sweep or its points run one by one.
. "$srcdir/tests/lib.sh"
tmp=${TMPDIR:-/tmp}/lds-leak.$$
mkdir -p "$tmp/forms"
trap 'rm -rf "$tmp"' EXIT
slow=0
slow_start && slow=1

# the forms, one a file, separated by '----'
awk -v dir="$tmp/forms" 'BEGIN { n = 1 } /^----$/ { n++; next } { print > sprintf("%s/%02d.lds", dir, n) }' <<'EOF'
arch sm80; rules calibrated; threads 64; groups 2
array f32 t1[32][32]
read t1[lane][tid % 32]
----
arch gfx942; rules calibrated; threads 256; groups 1
array f16 t2[64][40]
write t2[tid / 4][(tid % 4) * 8]
read b128 t2[lane % 64][8 * (lane / 64)] for k in 0..3
----
arch generic; rules seed; threads 32; groups 1
read b128 @ lane * 16
----
arch sm90; rules calibrated; threads 32; groups 1
set phases b32 8c
read f32[lane * 2]
----
arch gfx950; rules calibrated; threads 64; groups 1
ds_read2st64_b32 @ lane * 4 offset1:3
ds_read_b64_tr_b16 @ lane * 8
----
arch sm80; rules calibrated; threads 32; groups 1
ldmatrix.x4 @ (lane % 8) * 128 + (lane / 8) * 16
cp.async b128 @ lane * 16
----
arch sm90; rules calibrated; threads 32; groups 1
layout L7 = Swizzle<3,3,3> o (8,64):(64,1)
array f16 t7[8][64] layout L7
ldmatrix.x4 t7[lane % 8][8 * (lane / 8)]
----
arch sm80; rules calibrated; threads 32; groups 1
fragment F8 = mma.m16n8k16.a
array f16 t8[16][16]
read t8[F8.row(lane, v)][F8.col(lane, v)] for v in 0..8
----
arch generic; rules calibrated; threads 128; groups 3
let s9 = 33
def idx9(i) = (i * s9) % 1024
read f32[idx9(tid)] for k in 0..1000000000
----
arch generic; rules calibrated; threads 32; groups 1
for k10 in 0..4 {
    read f32[lane * k10]
    atomic f32[lane % 4]
}
----
arch sm80; rules calibrated; threads 512; groups 1
__shared__ float t11[512];
#define P11 1
#if P11
int i11 = tid;
#else
int i11 = 0;
#endif
float v11 = (tid < 16) ? t11[i11] : 0;
----
arch generic; rules calibrated; threads 32; groups 1
__shared__ float d12;
d12 = 1.0f;
atomicAdd(&d12, 1);
----
arch xe-hpg; rules calibrated; threads 16; groups 1
write f32[lane % 4]
----
arch rdna3; rules calibrated; threads 32; groups 1
array f32 t14[32][33]
read t14[lane][0]
expect conflict-free
explain
read t14[0][lane]
----
arch generic; rules calibrated; threads 32; groups 1
array f32 t15[32][32]
read t15[lane][0]
suggest t15
print 15
show phases
read t15[0][lane]
show summary
EOF
forms=$(ls "$tmp/forms")

# The access records of a run (its JSON, one record a line), without
# the index, file, line and column (they say where a record came from,
# not what it is); rows_of FILE: only that file's records.
split_records() {
    sed 's/{"index": /\n{"index": /g' | grep '^{"index": ' | sed 's/}\], "totals".*$/}/; s/}, $/}/'
}
strip_place() { sed 's/^{"index": [0-9]*, "file": "[^"]*", "line": [0-9]*, "column": [0-9]*, /{/'; }
rows() { lds --format json "$@" 2>/dev/null | split_records | strip_place; }
rows_of() {
    want=$1; shift
    lds --format json "$@" 2>/dev/null | split_records | grep -F "\"file\": \"$want\"" | strip_place
}

for f in $forms; do
    rows -f "$tmp/forms/$f" >"$tmp/$f.alone"
    check "form $f alone has records" test -s "$tmp/$f.alone"
done

# every form after every other (under valgrind or sanitizers: after every
# fifth, which still meets each form twice or more)
step=1; [ $slow = 1 ] && step=5
for f in $forms; do
    bad=""; i=0
    for g in $forms; do
        i=$((i + 1))
        [ "$g" = "$f" ] && continue
        [ $((i % step)) -eq 0 ] || [ $step -eq 1 ] || continue
        rows_of "$tmp/forms/$f" -f "$tmp/forms/$g" -f "$tmp/forms/$f" >"$tmp/after"
        cmp -s "$tmp/after" "$tmp/$f.alone" || bad="$bad $g"
    done
    check "form $f gives the same records after every other form${bad:+ (not after$bad)}" [ -z "$bad" ]
done

# after all the others at once, in one file
for f in $forms; do
    for g in $forms; do [ "$g" = "$f" ] || cat "$tmp/forms/$g"; echo; done >"$tmp/before.lds"
    rows_of "$tmp/forms/$f" -f "$tmp/before.lds" -f "$tmp/forms/$f" >"$tmp/after"
    check "form $f after all the others" cmp -s "$tmp/after" "$tmp/$f.alone"
done

# -j1 against -j2, every format that does not name files
cat "$tmp"/forms/*.lds >"$tmp/all.lds"
for fmt in text json csv markdown; do
    lds --format $fmt -j1 -f "$tmp/all.lds" >"$tmp/j1" 2>&1; echo $? >>"$tmp/j1"
    lds --format $fmt -j2 -f "$tmp/all.lds" >"$tmp/j2" 2>&1; echo $? >>"$tmp/j2"
    check "-j1 and -j2 byte-identical ($fmt)" cmp -s "$tmp/j1" "$tmp/j2"
done

# one -f against two: the same rows, in the same order
cat "$tmp"/forms/0*.lds >"$tmp/one.lds"
cat "$tmp"/forms/1*.lds >"$tmp/two.lds"
rows -f "$tmp/all.lds" >"$tmp/a"
rows -f "$tmp/one.lds" -f "$tmp/two.lds" >"$tmp/b"
check "one -f and the same text as two" cmp -s "$tmp/a" "$tmp/b"

# a sweep and its points
prog='threads P; array f32 s[64][P + 1]; read s[lane][(lane * P) % (P + 1)]; read f32[lane * P] for k in 0..P'
lds --format csv -D P=1..6 "$prog" 2>/dev/null | tail -n +2 | cut -d, -f2- >"$tmp/sweep"
: >"$tmp/points"
for p in 1 2 3 4 5; do
    lds --format csv -D P=$p "$prog" 2>/dev/null | tail -n +2 | sed "s/^/$p,/" | cut -d, -f2- >>"$tmp/points"
done
check "a sweep's rows are its points run one by one" cmp -s "$tmp/sweep" "$tmp/points"
# each point runs in the memory of the one before (lds_session_reopen):
# what a point sets after its first access (a profile, the workgroup, a
# name, an array) must not reach the next point's first access
prog='read f32[lane * P]; expect ways == 1; arch gfx942; threads 256; let q = P; array f32 late[64][65]; read late[lane][q]'
lds --format csv -D P=1..5 "$prog" 2>/dev/null | tail -n +2 | cut -d, -f2- >"$tmp/sweep"
: >"$tmp/points"
for p in 1 2 3 4; do
    lds --format csv -D P=$p "$prog" 2>/dev/null | tail -n +2 | sed "s/^/$p,/" | cut -d, -f2- >>"$tmp/points"
done
check "a sweep's points leave nothing to the next" cmp -s "$tmp/sweep" "$tmp/points"
lds -D P=1..5 "$prog" 2>"$tmp/err" >/dev/null
check "a failed expect names its sweep point" grep -q 'expected 1 (P=2)$' "$tmp/err"
lds -D P=2 "$prog" 2>"$tmp/err" >/dev/null
check "and outside a sweep, nothing" grep -q 'expected 1$' "$tmp/err"
lds --format csv -a sm80,gfx942,xe-hpg -f "$tmp/forms/01.lds" >/dev/null 2>&1
check "a profile sweep runs (each point a session of its own)" [ $? -eq 0 ]

tap_end
