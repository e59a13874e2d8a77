#!/usr/bin/env python3
"""Strict checks of lds-calc's JSON and CSV against language.md.

Usage: check_json_csv.py LDS_CALC EXAMPLES_DIR
Prints TAP.  Every example, in JSON, must parse strictly (no NaN, no
duplicate keys), have exactly the documented keys, and agree with the CSV
of the same run number for number.
"""
import csv, glob, io, json, math, os, subprocess, sys

TOP = ["profile", "accesses", "totals", "expects"]
PROFILE = ["name", "banks", "bank_bytes", "wave", "lds", "r2", "r3"]
ACCESS = ["line", "source", "kind", "width", "instructions", "ways", "cycles", "ideal", "excess", "broadcasts"]
TOTALS = ["instructions", "cycles", "ideal", "excess"]
EXPECT = ["line", "source", "ok"]
NUMS = ["instructions", "ways", "cycles", "ideal", "excess", "broadcasts"]

def strict_pairs(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key")
    return dict(pairs)

def no_constants(name):
    raise ValueError("non-standard constant " + name)

def parse(text):
    return json.loads(text, object_pairs_hook=strict_pairs, parse_constant=no_constants)

def run(lds, args):
    p = subprocess.run([lds] + args, capture_output=True, text=True)
    return p.returncode, p.stdout

def check_doc(doc, defines=False):
    top = TOP[:1] + (["defines"] if defines else []) + TOP[1:]
    assert list(doc) == top, list(doc)
    assert list(doc["profile"]) == PROFILE
    for a in doc["accesses"]:
        assert list(a) == ACCESS, list(a)
        for k in NUMS:
            assert isinstance(a[k], int) and a[k] >= 0
        assert a["excess"] == a["cycles"] - a["ideal"]
    assert list(doc["totals"]) == TOTALS
    for k in TOTALS:
        assert doc["totals"][k] == sum(a[k] for a in doc["accesses"])
    for e in doc["expects"]:
        assert list(e) == EXPECT and isinstance(e["ok"], bool)

def same_numbers(doc_accesses, rows):
    assert len(doc_accesses) == len(rows), (len(doc_accesses), len(rows))
    for a, r in zip(doc_accesses, rows):
        assert r["source"] == a["source"]
        for k in NUMS + ["line", "width"]:
            assert int(r[k]) == a[k], (k, r[k], a[k])

def main():
    lds, examples = sys.argv[1], sys.argv[2]
    n = failed = 0
    cases = [(os.path.basename(f), ["-f", f]) for f in sorted(glob.glob(os.path.join(examples, "*.lds")))]
    cases.append(("huge totals", ["arch sm90; threads 1024; groups 1000000000; read f32[tid * 2 % 64] for k in 0..1000000000000"]))
    for name, args in cases:
        n += 1
        try:
            st, out = run(lds, ["--format", "json"] + args)
            doc = parse(out)
            check_doc(doc)
            st2, out2 = run(lds, ["--format", "csv"] + args)
            rows = list(csv.DictReader(io.StringIO(out2, newline="")))
            same_numbers(doc["accesses"], rows)
            print("ok %d - json and csv agree: %s" % (n, name))
        except Exception as e:  # noqa: BLE001 - report any failure as TAP
            failed += 1
            print("not ok %d - %s: %r" % (n, name, e))
    # a sweep: one JSON document per line, each with its defines
    n += 1
    try:
        st, out = run(lds, ["-D", "S=1..65", "--format", "json", "f32[lane*S]"])
        docs = [parse(line) for line in out.splitlines()]
        assert len(docs) == 64
        for d in docs:
            check_doc(d, defines=True)
            s = d["defines"]["S"]
            assert d["accesses"][0]["ways"] == math.gcd(s, 32), s
        st, out = run(lds, ["-D", "S=1..65", "--format", "csv", "f32[lane*S]"])
        rows = list(csv.DictReader(io.StringIO(out, newline="")))
        assert len(rows) == 64
        for r in rows:
            assert int(r["ways"]) == math.gcd(int(r["S"]), 32)
        print("ok %d - sweep S=1..65: ways == gcd(S, 32) in JSON and CSV" % n)
    except Exception as e:  # noqa: BLE001
        failed += 1
        print("not ok %d - sweep: %r" % (n, e))
    print("1..%d" % n)
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
