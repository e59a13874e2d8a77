#!/bin/sh
# The H200 (sm90) measurements as a test (tests/h200-sm90/README): every
# pattern's wavefronts, bank conflicts and instructions as Nsight Compute
# counted them, against lds-calc's cycles, excess and instructions; then
# --check-counters on the counters Nsight printed for the probe lds-calc
# wrote, as the probe's run.sh runs it.  Every row agrees: a row that
# stops agreeing fails here, and one the model cannot follow must be
# explained in this test and in doc/rules.md before it may be excused.
. "$srcdir/tests/lib.sh"
dir="$srcdir/tests/h200-sm90"
tmp=${TMPDIR:-/tmp}/lds-h200.$$
mkdir -p "$tmp"; trap 'rm -rf "$tmp"' EXIT
lds --format json -f "$dir/patterns.lds" >"$tmp/out.json"
"${PYTHON3:-python3}" - "$tmp/out.json" "$dir/measured.tsv" >"$tmp/rows" <<'PY'
import csv, json, sys
accesses = {a["line"]: a for a in json.load(open(sys.argv[1]))["accesses"]}
for row in csv.DictReader(open(sys.argv[2]), delimiter="\t"):
    want = (int(row["wavefronts"]), int(row["conflicts"]), int(row["instructions"]))
    a = accesses.get(int(row["line"]), {})
    got = (a.get("cycles"), a.get("excess"), a.get("instructions"))
    what = "line %s: %s: %d wavefronts, %d conflicts, %d instructions" % ((row["line"], row["source"]) + want)
    print(("ok" if got == want else "not ok") + "\t" + what
          + ("" if got == want else " (lds-calc: %s wavefronts, %s conflicts, %s instructions)" % got))
PY
rows=0
while IFS='	' read -r verdict what; do
    rows=$((rows + 1))
    if [ "$verdict" = ok ]; then ok "$what"; else not_ok "$what"; fi
done <"$tmp/rows"
check "all 160 measured rows were compared" test "$rows" -eq 160
gzip -dc "$dir/ncu.csv.gz" >"$tmp/ncu.csv"
lds --check-counters "$tmp/ncu.csv" -f "$dir/patterns.lds" >"$tmp/check" 2>&1
st=$?
check "--check-counters on Nsight's own output: every counter agrees" \
    sh -c "[ $st -eq 0 ] && tail -n 1 '$tmp/check' | grep -qx '489 agree, 0 disagree, 0 not measured'"
[ $st -eq 0 ] || grep DISAGREE "$tmp/check" | sed 's/^/# /'
tap_end
