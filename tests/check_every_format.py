#!/usr/bin/env python3
"""Every access in every format: nothing dropped, nothing said twice.

Usage: check_every_format.py LDS_CALC SRCDIR            prints TAP

For each kernel file of tests/kernels/ (run with its hand translation's
args: line) and each golden command line of tests/cli/ that is one plain
run of lds-calc on its input (--lang, --threads, -D, --kernel, -a, -U,
-I, -f; exit status 0, no sweep, no suggest, whose CSV is the ranked
layouts), the run is repeated in five formats
and the records counted in each:

- JSON: its accesses, and of them those not modelled (status skipped)
  and those that conflict (a shared access over 1-way, a global one
  with excess transactions);
- text: one line per access ("L:C: kind: ..." in a kernel file, "L: ..."
  in a program), those not modelled saying "not modelled";
- CSV: one row per access;
- diagnostics: one warning per access not modelled and per conflict;
- SARIF: one result per access not modelled (lds-not-modelled) and per
  conflict (lds-bank-conflict, lds-uncoalesced).

The text, CSV and JSON counts must be equal (modelled and not modelled
alike), and so must the counts of accesses not modelled and of conflicts
across JSON, text, diagnostics and SARIF (diagnostics and SARIF report
only what needs attention, not every access).  "Not modelled" is a
warning in both diagnostics and SARIF, and a JSON record not modelled
names its memory, its width (or null) and, in a kernel file, its kernel.
Under valgrind or a sanitizer build every fourth case runs.
"""
import csv, glob, io, json, os, re, shlex, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vgsample import valgrind_wrap  # noqa: E402

TEXT_RECORD = re.compile(r"^(?:.+:)?\d+:\d+: (?:read|write|atomic): |^\d+: ")
DIAG = re.compile(r"^.+:\d+:\d+: (warning|error): .*\[(lds-[a-z-]+)\]$")
SAFE_WITH_VALUE = {"--lang", "--threads", "-D", "--kernel", "-a", "-U", "-I", "-f"}


def run(lds, args, cwd, stdin):
    wrap = valgrind_wrap()
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as inp:
        p = subprocess.run(wrap + [lds] + args, capture_output=True, cwd=cwd, stdin=inp)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def kernel_cases(srcdir):
    """(name, cwd, args, stdin) of each kernel file with a hand translation."""
    for path in sorted(glob.glob(os.path.join(srcdir, "tests", "kernels", "*.lds"))):
        head = {}
        for line in open(path):
            m = re.match(r"#\s*(kernel|args):\s*(.*)$", line.rstrip("\n"))
            if m:
                head[m.group(1)] = m.group(2).strip()
        yield ("kernels/" + head["kernel"], os.path.dirname(path), shlex.split(head["args"]) + ["-f", head["kernel"]],
               None)


def plain_run(text, name):
    """The arguments of a golden command line that is one plain run of
    lds-calc (its input on standard input), or None.  Its comment lines
    (the derivations some tests write above the command) are not part of it."""
    text = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#"))
    text = re.sub(r"\s*<\s*" + re.escape(name) + r"\.stdin$", "", text.strip())
    if any(c in text for c in "\n;|&<>$`"):
        return None
    try:
        words = shlex.split(text)
    except ValueError:
        return None
    if not words or words[0] != "lds" or "-f" not in words:
        return None
    args, i = words[1:], 0
    while i < len(args):
        if args[i] in SAFE_WITH_VALUE and i + 1 < len(args):
            value = args[i + 1]
            if args[i] == "-a" and "," in value:
                return None   # a sweep: one report per point
            if args[i] == "-D" and re.search(r"=.*(\.\.|,)", value):
                return None
            i += 2
        else:
            return None
    return args


def cli_cases(srcdir):
    cdir = os.path.join(srcdir, "tests", "cli")
    for cmd in sorted(glob.glob(os.path.join(cdir, "*.cmd"))):
        name = os.path.basename(cmd)[:-4]
        status = os.path.join(cdir, name + ".status")
        if not os.path.exists(status) or open(status).read().strip() != "0":
            continue
        args = plain_run(open(cmd).read(), name)
        if args is None:
            continue
        stdin = os.path.join(cdir, name + ".stdin")
        if os.path.exists(stdin) and re.search(r"^\s*suggest\b", open(stdin, errors="replace").read(), re.M):
            continue   # its CSV is the ranked layouts' table, not the accesses
        yield ("cli/" + name, cdir, args, stdin if os.path.exists(stdin) else None)


def conflicts(a):
    if a["status"] != "ok":
        return False
    return a["excess"] > 0 if a["space"] == "global" else a["ways"] > 1


def check_case(lds, cwd, args, stdin):
    outs = {}
    for fmt in ("json", "text", "csv", "diagnostics", "sarif"):
        st, out, err = run(lds, ["--format", fmt] + args, cwd, stdin)
        assert st == 0, (fmt, "exit", st, err[-400:])
        outs[fmt] = out
    doc = json.loads(outs["json"])
    accesses = doc["accesses"]
    total = len(accesses)
    skipped = sum(a["status"] == "skipped" for a in accesses)
    conflicted = sum(conflicts(a) for a in accesses)
    lowered = any("kernel" in a for a in accesses)
    for a in accesses:
        if a["status"] == "skipped":
            assert a["space"] in ("shared", "global"), ("space", a["line"], a["space"])
            assert a["width"] is None or re.match(r"^b[0-9]+$", a["width"]), ("width", a["line"], a["width"])
            assert (a["width"] is None) == (a["bytes"] is None), ("bytes", a["line"])
            assert not lowered or "kernel" in a, ("kernel", a["line"], a["source"])

    text = [l for l in outs["text"].splitlines() if TEXT_RECORD.match(l)]
    assert len(text) == total, ("text records", len(text), "JSON", total)
    text_skipped = sum(": not modelled: " in l for l in text)
    assert text_skipped == skipped, ("text not modelled", text_skipped, "JSON", skipped)

    rows = [r for r in csv.DictReader(io.StringIO(outs["csv"])) if r["index"].isdigit()]
    assert len(rows) == total, ("CSV rows", len(rows), "JSON", total)
    assert sum(r["status"] == "skipped" for r in rows) == skipped, "CSV not modelled"

    diags = [DIAG.match(l) for l in outs["diagnostics"].splitlines()]
    diags = [m for m in diags if m]
    nm = [m for m in diags if m.group(2) == "lds-not-modelled"]
    assert len(nm) == skipped, ("diagnostics not modelled", len(nm), "JSON", skipped)
    assert all(m.group(1) == "warning" for m in nm), "diagnostics: not modelled is a warning"
    dc = sum(m.group(2) in ("lds-bank-conflict", "lds-uncoalesced") for m in diags)
    assert dc == conflicted, ("diagnostics conflicts", dc, "JSON", conflicted)

    sarif = json.loads(outs["sarif"])
    results = [r for run_ in sarif["runs"] for r in run_["results"]]
    snm = [r for r in results if r["ruleId"] == "lds-not-modelled"]
    assert len(snm) == skipped, ("SARIF not modelled", len(snm), "JSON", skipped)
    assert all(r["level"] == "warning" for r in snm), "SARIF: not modelled is a warning"
    for run_ in sarif["runs"]:
        for rule in run_["tool"]["driver"]["rules"]:
            if rule["id"] == "lds-not-modelled":
                assert rule["defaultConfiguration"]["level"] == "warning", "SARIF rule level"
    sc = sum(r["ruleId"] in ("lds-bank-conflict", "lds-uncoalesced") for r in results)
    assert sc == conflicted, ("SARIF conflicts", sc, "JSON", conflicted)
    return total, skipped


def main():
    lds, srcdir = sys.argv[1], sys.argv[2]
    sample = 4 if os.environ.get("LDS_VALGRIND") or os.environ.get("LDS_SANITIZED", "0") not in ("", "0") else 1
    cases = list(kernel_cases(srcdir)) + list(cli_cases(srcdir))
    n = failed = 0
    records = not_modelled = 0
    for k, (name, cwd, args, stdin) in enumerate(cases):
        if k % sample:
            continue
        n += 1
        try:
            t, s = check_case(lds, cwd, args, stdin)
            records += t
            not_modelled += s
            print("ok %d - %s: %d records, %d not modelled, in every format" % (n, name, t, s))
        except Exception as e:  # noqa: BLE001 - any failure is a TAP failure
            failed += 1
            print("not ok %d - %s: %r" % (n, name, e))
    n += 1
    # the inputs must be there: a glob that found nothing checks nothing
    if len(cases) >= 50 and not_modelled > 0:
        print("ok %d - %d inputs, %d records (%d not modelled)" % (n, len(cases), records, not_modelled))
    else:
        failed += 1
        print("not ok %d - only %d inputs, %d not modelled" % (n, len(cases), not_modelled))
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
