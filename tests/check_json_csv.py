#!/usr/bin/env python3
"""lds-calc's JSON and CSV, strictly.

Usage: check_json_csv.py LDS_CALC SRCDIR            prints TAP

- every JSON document (each example, the golden JSON outputs of
  tests/cli, the cases below) parses strictly (no NaN, no duplicate key)
  and validates against doc/lds-calc.schema.json;
- the numbers hold together: excess = cycles - ideal, the totals are per
  profile and sum the accesses that did not fail, the profilers' counters
  are the metrics they name;
- the CSV of the same run says the same, row for row;
- a sweep with failed points says so in both, with no numbers for them.
"""
import csv, glob, io, json, math, os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import schema_lite  # noqa: E402

NUMS = ["instructions", "ways", "cycles", "ideal", "excess", "broadcasts", "unaligned", "skipped"]


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
    p = subprocess.run([lds] + args, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8")   # strict UTF-8


def check_doc(doc, schema):
    schema_lite.validate(doc, schema)
    sums = {}
    for a in doc["accesses"]:
        if a["status"] == "error":
            assert not any(k in a for k in NUMS), "a failed access has no metrics"
            assert doc["status"] == 4 and doc["error"] is not None
            continue
        if a["status"] == "skipped":   # a kernel file's access not modelled: says why, counts nothing
            assert not any(k in a for k in NUMS) and a["reason"], "a skipped access has a reason, no metrics"
            continue
        assert a["excess"] == a["cycles"] - a["ideal"]
        if a["space"] == "global":   # transactions are its cycles; efficiency its bytes' ratio
            assert a["transactions"] == a["cycles"] and a["useful_bytes"] <= a["fetched_bytes"]
            assert a["fetched_bytes"] == a["transactions"] * a["coalescing"]["unit_bytes"]
            if a["fetched_bytes"]:
                assert abs(a["efficiency"] - 100 * a["useful_bytes"] / a["fetched_bytes"]) < 0.01
        key = (a["profile"], a["overrides"], a["rules"], a["space"])   # never summed across memories
        s = sums.setdefault(key, dict.fromkeys(NUMS, 0))
        for k in NUMS:
            s[k] = max(s[k], a[k]) if k == "ways" else s[k] + a[k]
        # a CAS loop splits its counters between ld and atom: each family
        # sums to its metric; Nsight's _pred_on_any instruction counts
        # leave out the idle waves that issue under idle_waves=predicate
        c = a["counters"]
        fam = {"ins": 0, "wf": 0, "bc": 0}
        seen = set()
        for name, v in c.items():
            if name.startswith("smsp__inst_executed") or name == "SQ_INSTS_LDS":
                f = "ins"
            elif "pipe_lsu_wavefronts" in name:
                f = "wf"
            elif "bank_conflicts" in name or name == "SQ_LDS_BANK_CONFLICT":
                f = "bc"
            else:
                continue
            fam[f] += v
            seen.add(f)
        idle = a["skipped"] if "idle_waves=predicate" in a["overrides"] else 0
        nvidia = any(n.startswith("smsp__") for n in c)
        want = {"ins": a["instructions"] - (idle if nvidia else 0), "wf": a["cycles"], "bc": a["excess"]}
        for f in seen:
            assert fam[f] == want[f], (a["source"], f, fam[f], want[f])
    totals = {(t["profile"], t["overrides"], t["rules"], t["space"]): t for t in doc["totals"]}
    assert set(totals) == set(sums), (sorted(totals), sorted(sums))
    for key, s in sums.items():
        for k in NUMS:
            assert totals[key][k] == s[k], (key, k, totals[key][k], s[k])
    for e in doc["expects"]:
        ops = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
               "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
        assert ops[e["op"]](e["actual"], e["expected"]) == e["ok"], e


def same_suggestions(doc, rows):
    """A run with suggest statements: CSV has their layouts, JSON too."""
    cands = [(sg, c) for sg in doc["suggestions"] for c in sg["candidates"]]
    assert len(cands) == len(rows), (len(cands), len(rows))
    for (sg, c), r in zip(cands, rows):
        assert r["array"] == sg["array"] and int(r["line"]) == sg["line"] and int(r["rank"]) == c["rank"]
        assert r["label"] == c["label"] and r["layout"] == (c["layout"] or "") and r["status"] == c["status"]
        assert int(r["lds"]) == sg["lds"]
        for k in ("cycles", "ideal", "excess", "ways", "bytes", "lds_used"):
            assert (r[k] == "") if c["status"] == "error" else int(r[k]) == c[k], (k, r[k], c.get(k))
        if c["status"] == "ok":
            assert c["excess"] == c["cycles"] - c["ideal"]
            assert c["cycles"] == sum(p["cycles"] for p in c["per_access"])


def same_numbers(doc, rows):
    if "suggestions" in doc:
        return same_suggestions(doc, rows)
    accesses = doc["accesses"]
    rows = [r for r in rows if r["index"]]   # rows of accesses (not a run's own error row)
    assert len(accesses) == len(rows), (len(accesses), len(rows))
    for a, r in zip(accesses, rows):
        assert r["source"] == a["source"] and r["status"] == a["status"]
        assert int(r["line"]) == a["line"] and int(r["column"]) == a["column"] and int(r["index"]) == a["index"]
        assert r["width"] == a["width"] and r["profile"] == a["profile"] and r["overrides"] == a["overrides"]
        assert r["confidence"] == (a["geometry"] if a["space"] == "shared" else a["coalescing"])["confidence"]
        assert r["space"] == a["space"]
        if a["space"] == "global" and a["status"] == "ok":
            assert int(r["useful_bytes"]) == a["useful_bytes"] and int(r["fetched_bytes"]) == a["fetched_bytes"]
        for k in NUMS:
            if a["status"] == "ok":
                assert int(r[k]) == a[k], (k, r[k], a[k])
            else:
                assert r[k] == "", (k, r[k])


class Tap:
    def __init__(self):
        self.n = self.failed = 0

    def case(self, name, fn):
        self.n += 1
        try:
            fn()
            print("ok %d - %s" % (self.n, name))
        except Exception as e:  # noqa: BLE001 - any failure is a TAP failure
            self.failed += 1
            print("not ok %d - %s: %r" % (self.n, name, e))


def main():
    lds, srcdir = sys.argv[1], sys.argv[2]
    schema = parse(open(os.path.join(srcdir, "doc", "lds-calc.schema.json")).read())
    t = Tap()

    def json_and_csv(args):
        def fn():
            _, out = run(lds, ["--format", "json"] + args)
            doc = parse(out)
            check_doc(doc, schema)
            _, out2 = run(lds, ["--format", "csv"] + args)
            same_numbers(doc, list(csv.DictReader(io.StringIO(out2, newline=""))))
        return fn

    cases = [(os.path.basename(f), ["-f", f]) for f in sorted(glob.glob(os.path.join(srcdir, "examples", "*.lds")))]
    cases += [
        ("huge totals", ["arch sm90; threads 1024; groups 1000000000; read f32[tid * 2 % 64] for k in 0..1000000000000"]),
        ("several profiles", ["arch sm80; read f32[lane*2]; write f32[lane]; arch gfx942; read f32[lane*4]; "
                              "set banks 16; read f32[lane]; expect total.cycles > 3"]),
        ("a failed access", ["read f32[lane]\nread f32[lane + k*8] for k in 0..10000"]),
        ("global and shared memory", ["arch gfx942; threads 64; read global b32 @ lane * 256; array f32 s[64]; "
                                      "read s[lane]; array global f16 g[1024]; write g[lane * 2] for k in 0..3"]),
        ("a kernel file with a skipped access",
         ["--threads", "128", "-D", "n=4096", "-f", os.path.join(srcdir, "tests", "kernels", "histogram.cu")]),
    ]
    for name, args in cases:
        t.case("json and csv agree: " + name, json_and_csv(args))

    def golden():
        cli = os.path.join(srcdir, "tests", "cli")
        seen = 0
        for cmd in sorted(glob.glob(os.path.join(cli, "*.cmd"))):
            if not re.search(r"--format[= ]json", open(cmd).read()):   # (compile_commands.json is no output)
                continue
            for line in open(cmd[:-4] + ".out").read().splitlines():
                check_doc(parse(line), schema)
                seen += 1
        assert seen >= 5, seen
    t.case("every golden JSON output validates against the schema", golden)

    def kernels_named():
        # a kernel file of two kernels: each access says which, in file order;
        # a program without kernels has no such key
        _, out = run(lds, ["--format", "json", "--threads", "32,8", "-D", "n=1024", "-f",
                           os.path.join(srcdir, "examples", "transpose.cu")])
        kernels = [a["kernel"] for a in parse(out)["accesses"]]
        assert kernels == ["transpose_naive"] * 4 + ["transpose_padded"] * 4, kernels
        _, out = run(lds, ["--format", "json", "read f32[lane]"])
        assert "kernel" not in parse(out)["accesses"][0]
    t.case("a kernel file's accesses name their kernel", kernels_named)

    def validator_refuses():
        doc = parse(run(lds, ["--format", "json", "f32[lane]"])[1])
        for breaking in (lambda d: d.pop("totals"), lambda d: d["accesses"][0].update(ways=-1),
                         lambda d: d.update(extra=1), lambda d: d["accesses"][0].update(kind="load")):
            bad = json.loads(json.dumps(doc))
            breaking(bad)
            try:
                schema_lite.validate(bad, schema)
            except ValueError:
                continue
            raise AssertionError("the validator accepted a broken document")
    t.case("the validator refuses broken documents", validator_refuses)

    def sweep():
        _, out = run(lds, ["-D", "S=1..65", "--format", "json", "f32[lane*S]"])
        docs = [parse(line) for line in out.splitlines()]
        assert len(docs) == 64
        for d in docs:
            check_doc(d, schema)
            s = d["defines"]["S"]
            assert d["accesses"][0]["ways"] == math.gcd(s, 32), s
        _, out = run(lds, ["-D", "S=1..65", "--format", "csv", "f32[lane*S]"])
        rows = list(csv.DictReader(io.StringIO(out, newline="")))
        assert len(rows) == 64
        for r in rows:
            assert int(r["ways"]) == math.gcd(int(r["S"]), 32)
    t.case("sweep S=1..65: ways == gcd(S, 32) in JSON and CSV", sweep)

    def failing_sweep():
        prog = "arch sm80; array f16 A[64][64+P]; read b128 A[lane%16][(lane/16)*8]"
        st, out = run(lds, ["-D", "P=0..4", "--format", "json", prog])
        assert st == 4, st
        docs = [parse(line) for line in out.splitlines()]
        for d in docs:
            check_doc(d, schema)
        assert [d["status"] for d in docs] == [0, 4, 4, 4]
        for d in docs[1:]:
            assert "not aligned" in d["error"]["message"] and "excess" not in d["accesses"][0]
        st, out = run(lds, ["-D", "P=0..4", "--format", "csv", prog])
        assert st == 4, st
        rows = list(csv.DictReader(io.StringIO(out, newline="")))
        assert [r["status"] for r in rows] == ["ok", "error", "error", "error"]
        assert all(r["excess"] == "" and r["exit"] == "4" for r in rows[1:])
        assert rows[0]["excess"] == "28"
    t.case("a sweep with failed points: status, error, no numbers (JSON and CSV)", failing_sweep)

    def failed_outside_access():
        st, out = run(lds, ["-D", "N=0..2", "--format", "csv", "array f32 t[N + 0][4]; read t[0][lane % 4]"])
        rows = list(csv.DictReader(io.StringIO(out, newline="")))
        assert [r["status"] for r in rows] == ["error", "ok"], rows
        assert rows[0]["index"] == "" and "dimension" in rows[0]["error"]
    t.case("a run that fails before any access still has its row", failed_outside_access)

    print("1..%d" % t.n)
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())
