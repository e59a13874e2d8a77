"""Per source line totals of a run's JSON records (tests/ptx.sh).

Reads lds-calc --format json on stdin; prints one line per source line
and memory space: "FILE:LINE SPACE instructions=N cycles=N ideal=N
excess=N", FILE the base name of the record's file, sorted.  The PTX
path places each instruction at its .loc's source line, so a kernel
read from its source and from its PTX can be compared line by line.
Records not modelled are counted as such ("not-modelled=N")."""
import json
import os
import sys


def main():
    doc = json.load(sys.stdin)
    lines = {}
    for a in doc.get("accesses", []):
        key = (os.path.basename(a.get("file") or "?"), a.get("line", 0), a.get("space", "?"))
        t = lines.setdefault(key, {"instructions": 0, "cycles": 0, "ideal": 0, "excess": 0, "not-modelled": 0})
        if a.get("status") != "ok":
            t["not-modelled"] += 1
            continue
        for k in ("instructions", "cycles", "ideal", "excess"):
            t[k] += a.get(k) or 0
    for (f, line, space), t in sorted(lines.items()):
        print(f"{f}:{line} {space} " + " ".join(f"{k}={v}" for k, v in t.items()))


if __name__ == "__main__":
    main()
