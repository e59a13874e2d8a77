#!/usr/bin/env python3
"""Kernel files as written against their hand translations.

Usage: check_kernels.py LDS_CALC SRCDIR            prints TAP

Each tests/kernels/NAME.lds is a hand translation of a kernel file into
the lds language.  Its header names the file and how to run it:

    # kernel: FILE        (relative to tests/kernels)
    # args: ARGS          (--threads, -D: what the kernel file needs)
    # lines: L1 L2 ...    (the kernel file's line of each access, in order)

For each one:
- both run with exit status 0 (the translation's own expect lines, worked
  out by hand, hold);
- they make the same accesses in the same order, and each access's
  numbers (instructions, wavefronts, ideal, ways, broadcasts, idle waves,
  the profilers' counters) are equal; a skipped access is skipped in both;
- the kernel file's JSON says each access is at the line the header
  gives, and validates against doc/lds-calc.schema.json;
- its SARIF validates against doc/sarif-2.1.0-subset.schema.json and has
  one result per conflicting or skipped access, at that access's line;
- --format diagnostics writes one "FILE:L:C: warning:" line per
  conflicting access.
"""
import glob, json, os, re, shlex, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vgsample import valgrind_wrap  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import schema_lite  # noqa: E402

SAME = ["kind", "width", "status", "space", "instructions", "ways", "cycles", "ideal", "excess", "broadcasts",
        "unaligned", "skipped", "counters", "transactions", "useful_bytes", "fetched_bytes", "lines"]


def header(path):
    h = {}
    for line in open(path):
        m = re.match(r"#\s*(kernel|args|lines):\s*(.*)$", line.rstrip("\n"))
        if m:
            h[m.group(1)] = m.group(2).strip()
    missing = {"kernel", "args", "lines"} - set(h)
    if missing:
        raise ValueError("%s: header lacks %s" % (path, sorted(missing)))
    h["lines"] = [int(x) for x in h["lines"].split()]
    h["args"] = shlex.split(h["args"])
    return h


def run(lds, args, cwd):
    # under make check-valgrind every lds-calc runs under valgrind (an
    # error exits 99, which fails the status checks)
    wrap = valgrind_wrap()
    p = subprocess.run(wrap + [lds] + args, capture_output=True, cwd=cwd)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def check_one(lds, srcdir, lds_path):
    kdir = os.path.dirname(lds_path)
    h = header(lds_path)
    kernel = h["kernel"]
    st, out, err = run(lds, ["--format", "json"] + h["args"] + ["-f", kernel], kdir)
    assert st == 0, ("kernel file", st, err)
    kdoc = json.loads(out)
    st, out, err = run(lds, ["--format", "json", "-f", os.path.basename(lds_path)], kdir)
    assert st == 0, ("hand translation", st, err, [e for e in json.loads(out)["expects"] if not e["ok"]] if out else "")
    hdoc = json.loads(out)
    assert hdoc["expects"], "the hand translation checks nothing by hand"
    schema = json.load(open(os.path.join(srcdir, "doc", "lds-calc.schema.json")))
    schema_lite.validate(kdoc, schema)
    ka, ha = kdoc["accesses"], hdoc["accesses"]
    assert len(ka) == len(ha), ("accesses", len(ka), len(ha))
    assert [a["line"] for a in ka] == h["lines"], ("lines", [a["line"] for a in ka], h["lines"])
    for k, m in zip(ka, ha):
        for key in SAME:
            assert k.get(key) == m.get(key), (k["line"], k["source"], key, k.get(key), m.get(key))
    if kdoc["totals"]:
        for key in ("instructions", "cycles", "ideal", "excess"):
            assert sum(t[key] for t in kdoc["totals"]) == sum(t[key] for t in hdoc["totals"]), key

    # SARIF: valid, and one result per access that conflicts or is skipped
    st, out, err = run(lds, ["--format", "sarif"] + h["args"] + ["-f", kernel], kdir)
    assert st == 0, ("sarif", st, err)
    sarif = json.loads(out)
    schema_lite.validate(sarif, json.load(open(os.path.join(srcdir, "doc", "sarif-2.1.0-subset.schema.json"))))
    want = sorted((a["line"], a["column"]) for a in ka
                  if a["status"] == "skipped"
                  or (a["status"] == "ok" and (a["excess"] > 0 if a["space"] == "global" else a["ways"] > 1)))
    got = sorted((r["locations"][0]["physicalLocation"]["region"]["startLine"],
                  r["locations"][0]["physicalLocation"]["region"]["startColumn"])
                 for run_ in sarif["runs"] for r in run_["results"])
    assert got == want, ("sarif results", got, want)
    for run_ in sarif["runs"]:
        for r in run_["results"]:
            rule = run_["tool"]["driver"]["rules"][r["ruleIndex"]]
            assert rule["id"] == r["ruleId"]
            if r["ruleId"] == "lds-uncoalesced":
                assert r["properties"]["transactions"] > r["properties"]["ideal"] and r["level"] == "warning"
            if r["ruleId"] == "lds-bank-conflict":
                assert r["properties"]["ways"] > 1 and r["level"] == "warning"
                assert r["properties"]["excess"] == r["properties"]["wavefronts"] - r["properties"]["ideal"]

    # diagnostics: one warning per conflicting access, where it is
    st, out, err = run(lds, ["--format", "diagnostics"] + h["args"] + ["-f", kernel], kdir)
    assert st == 0, ("diagnostics", st, err)
    warned = sorted((int(m.group(1)), int(m.group(2)))
                    for m in re.finditer(r"^[^\n]*:(\d+):(\d+): warning: ((\d+)-way bank conflict|uncoalesced)", out,
                                         re.M))
    conflicted = sorted((a["line"], a["column"]) for a in ka if a["status"] == "ok"
                        and (a["excess"] > 0 if a["space"] == "global" else a["ways"] > 1))
    assert warned == conflicted, ("diagnostics", warned, conflicted)


def main():
    lds, srcdir = sys.argv[1], sys.argv[2]
    paths = sorted(glob.glob(os.path.join(srcdir, "tests", "kernels", "*.lds")))
    n = failed = 0
    for p in paths:
        n += 1
        try:
            check_one(lds, srcdir, p)
            print("ok %d - %s" % (n, os.path.basename(p)))
        except Exception as e:  # noqa: BLE001 - any failure is a TAP failure
            failed += 1
            print("not ok %d - %s: %r" % (n, os.path.basename(p), e))
    n += 1
    if len(paths) >= 12:
        print("ok %d - %d kernel files have hand translations" % (n, len(paths)))
    else:
        failed += 1
        print("not ok %d - only %d kernel files have hand translations (want 12)" % (n, len(paths)))
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
