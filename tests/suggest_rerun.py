"""Every layout a suggest statement ranked, pasted back into its program,
gives the metrics the suggestion printed (lds(5), suggest).

usage: suggest_rerun.py [--every N] LDS_CALC PROGRAM.lds...

--every N re-runs the five best of each suggestion and every Nth after
them (for a sanitizer build, where each run costs a second's start-up;
the plain build's test re-runs them all).

For each program: run it with --format json, and for each suggestion and
each candidate that ran, rebuild the program up to the suggest statement (its expects may fail: status 1)
with the array declared `layout` the candidate's expression (on the
declaration's own line, so that line numbers stay; a CUDA __shared__
declaration is rewritten as an lds array of the shape the suggestion
names), run that, and compare
the cycles, excess and worst ways of the accesses the suggestion lists.
Prints TAP; exits 1 on any difference."""
import json
import re
import subprocess
import sys

args = sys.argv[1:]
every = 1
if args[:1] == ["--every"]:
    every, args = int(args[1]), args[2:]
lds, programs = args[0], args[1:]
n = failed = 0


def run_json(text):
    out = subprocess.run([lds, "--format", "json", "-f", "-"], input=text, capture_output=True, text=True)
    return json.loads(out.stdout.splitlines()[0]), out.returncode


def tap(ok, what):
    global n, failed
    n += 1
    failed += not ok
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))


for path in programs:
    lines = open(path).read().split("\n")
    doc, _ = run_json("\n".join(lines))
    for sg in doc.get("suggestions", []):
        name, upto = sg["array"], sg["line"] - 1        # the lines before the statement
        decl = [i for i in range(upto) if re.match(r"\s*(array\s+\S+|__shared__\s+[^\[]*\S)\s+%s\s*\[" % re.escape(name), lines[i])]
        wanted = {a["line"] for a in sg["accesses"]}
        checked = bad = 0
        first_bad = ""
        for c in sg["candidates"]:
            if c["status"] != "ok" or c["layout"] is None or (c["rank"] > 5 and c["rank"] % every):
                continue
            text = list(lines[:upto])
            i = decl[-1]
            declared = text[i].split("#")[0].rstrip()
            if declared.lstrip().startswith("__shared__"):   # CUDA's spelling has no layout clause:
                declared = "array %s %s%s" % (sg["shape"].split("[")[0], name, sg["shape"][sg["shape"].index("["):])
            text[i] = "layout lds_rerun__ = %s; %s layout lds_rerun__" % (c["layout"], declared)
            got, status = run_json("\n".join(text))
            acc = [a for a in got["accesses"] if a["line"] in wanted and a["status"] == "ok"]
            cycles = sum(a["cycles"] for a in acc)
            excess = sum(a["excess"] for a in acc)
            ways = max((a["ways"] for a in acc), default=0)
            checked += 1
            if status not in (0, 1) or len(acc) != len(sg["accesses"]) or (cycles, excess, ways) != (c["cycles"], c["excess"], c["ways"]):
                bad += 1
                first_bad = first_bad or "%s: printed %s/%s/%s, re-run %s/%s/%s (status %d)" % (
                    c["label"], c["cycles"], c["excess"], c["ways"], cycles, excess, ways, status)
        tap(checked > 0 and bad == 0,
            "%s: suggest %s: %d layouts re-run as programs give the printed cycles, excess and ways%s"
            % (path.split("/")[-1], name, checked, "; " + first_bad if first_bad else ""))
print("1..%d" % n)
sys.exit(1 if failed else 0)
