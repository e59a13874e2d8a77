#!/usr/bin/env python3
"""Run a notebook's code cells in one namespace, without Jupyter: a check
of the notebook's code where Jupyter is not installed (tests/api.sh).

Usage: run_notebook.py NOTEBOOK      prints TAP, one line per code cell

Matplotlib draws off-screen (Agg); a cell that needs a module this Python
lacks (matplotlib, IPython) is skipped and says so.
"""
import json
import sys

nb = json.load(open(sys.argv[1], encoding="utf-8"))
cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
namespace = {"__name__": "__notebook__"}
try:
    import matplotlib
    matplotlib.use("Agg")
except ImportError:
    pass
failed = 0
for n, cell in enumerate(cells, 1):
    source = "".join(cell["source"])
    first = source.strip().splitlines()[0] if source.strip() else ""
    try:
        exec(compile(source, "cell %d" % n, "exec"), namespace)
        print("ok %d - cell %d: %s" % (n, n, first))
    except ModuleNotFoundError as e:
        print("ok %d - cell %d: %s # SKIP %s" % (n, n, first, e))
    except Exception as e:   # a failing cell: say which and why
        failed += 1
        print("not ok %d - cell %d: %s: %s: %s" % (n, n, first, type(e).__name__, e))
print("1..%d" % len(cells))
sys.exit(1 if failed else 0)
