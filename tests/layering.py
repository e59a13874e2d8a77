#!/usr/bin/env python3
"""The source tree's shape (HACKING.md, "The map"), checked.

Usage: layering.py TOP_SRCDIR        prints TAP

- folders depend one way: cli -> repl -> src -> sim (sim includes only
  sim; src never cli or repl; repl never cli);
- the command line and the REPL (cli/, repl/) see the library through
  its public header alone, src/lds-calc.h (tests/cli-api.sh checks the
  objects' symbols too);
- no include cycle between files (#include "..." edges);
- the writers of reports (src/report*.c, views.c, explain.c, svg.c,
  notes.c) see
  nothing of the interpreter or the parser, directly or through a header;
- each reader of compiled code (front/ptx, front/amdgcn) is seen through
  its door header (front/NAME/NAME.h) alone; front/common, what they
  share, is seen by them alone; front/ needs of src/ only the base
  library and the lowered-kernel type;
- no C file over 600 lines but the parser;
- only sim/ computes the word of an address, the bank of a word or
  whether lanes merge;
- the library allocates and frees through src/mem.c alone (its blocks
  carry a header and belong to a heap: a free() of one is a crash).
"""
import os, re, sys

top = sys.argv[1]
readers = [d for d in sorted(os.listdir(os.path.join(top, "front"))) if d != "common"
           and os.path.isdir(os.path.join(top, "front", d))]
folders = ["sim", "src", "cli", "repl", "front/common"] + ["front/" + r for r in readers]
doors = {"front/%s/%s.h" % (r, r) for r in readers}
files = {}
for d in folders:
    for name in sorted(os.listdir(os.path.join(top, d))):
        if name.endswith((".c", ".h")):
            path = d + "/" + name
            files[path] = open(os.path.join(top, path), encoding="utf-8").read()

def folder(path):
    return "/".join(path.split("/")[:2]) if path.startswith("front/") else path.split("/")[0]

include = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
edges = {f: [i for i in include.findall(t) if i in files] for f, t in files.items()}

n = 0
failed = 0
def check(ok, what):
    global n, failed
    n += 1
    if not ok:
        failed += 1
    print(("ok" if ok else "not ok") + " %d - %s" % (n, what))

# folders, one way
allowed = {"sim": {"sim"}, "src": {"src", "sim"}, "repl": {"repl", "src", "sim"},
           "cli": {"cli", "repl", "src", "sim"}, "front/common": {"front/common", "src"}}
for r in readers:
    allowed["front/" + r] = {"front/" + r, "front/common", "src"}
bad = ["%s -> %s" % (f, i) for f, inc in edges.items() for i in inc
       if folder(i) not in allowed[folder(f)] and not (folder(f) == "src" and i in doors)]
check(not bad, "folders depend one way (cli -> repl -> src -> sim; a reader of compiled code is seen through its door, "
      "front/common through the readers)" + ("; against it: " + ", ".join(bad) if bad else ""))

# the readers of compiled code: each one's door is its one header seen
# from outside it, and front/ needs of src/ only the base (memory,
# buffers, arenas, diagnostics, spelling, limits, checks) and the
# lowered-kernel type the doors return
base = {"src/mem.h", "src/buf.h", "src/arena.h", "src/diag.h", "src/spell.h", "src/limits.h", "src/check.h",
        "src/csrc_lower.h"}
outside = ["%s -> %s" % (f, i) for f, inc in edges.items() for i in inc
           if folder(i).startswith("front/") and folder(f) != folder(i) and i not in doors
           and not (folder(i) == "front/common" and folder(f).startswith("front/"))]
check(not outside, "only a reader's door (%s) is included from outside it" % ", ".join(sorted(doors)) +
      ("; against it: " + ", ".join(outside) if outside else ""))
needs = ["%s -> %s" % (f, i) for f, inc in edges.items() for i in inc
         if folder(f).startswith("front/") and folder(i) == "src" and i not in base]
check(not needs, "front/ includes of src/ only the base and src/csrc_lower.h" +
      ("; against it: " + ", ".join(needs) if needs else ""))

# the command line and the REPL: the public API only
private = ["%s -> %s" % (f, i) for f, inc in edges.items() for i in inc
           if f.split("/")[0] in ("cli", "repl") and i.split("/")[0] in ("src", "sim") and i != "src/lds-calc.h"]
check(not private, "cli/ and repl/ include only src/lds-calc.h of the library" +
      ("; against it: " + ", ".join(private) if private else ""))

# no cycle between files
def find_cycle():
    state = {}
    stack = []
    def visit(f):
        state[f] = 1
        stack.append(f)
        for g in edges[f]:
            if state.get(g) == 1:
                return stack[stack.index(g):] + [g]
            if g not in state:
                c = visit(g)
                if c:
                    return c
        stack.pop()
        state[f] = 2
        return None
    for f in sorted(files):
        if f not in state:
            c = visit(f)
            if c:
                return c
    return None
cycle = find_cycle()
check(cycle is None, "no include cycle between files" + (": " + " -> ".join(cycle) if cycle else ""))

# the report writers see nothing of the interpreter or the parser
forbidden = {"src/ast.h", "src/parser.h", "src/lexer.h", "src/interp.h", "src/eval.h", "src/resolve.h",
             "src/scope.h", "src/iterspace.h", "src/session.h", "src/num.h", "src/affine.h"}
def closure(f):
    seen, todo = set(), [f]
    while todo:
        g = todo.pop()
        for h in edges[g]:
            if h not in seen:
                seen.add(h)
                todo.append(h)
    return seen
writers = [f for f in files if re.match(r"src/(report[a-z_]*|views|explain|svg|notes)\.c$", f)]
for w in sorted(writers):
    seen = closure(w) & forbidden
    check(not seen, "%s reads results only" % w + (" (includes " + ", ".join(sorted(seen)) + ")" if seen else ""))

# one job per file
for f in sorted(files):
    if f.endswith(".c") and f != "src/parser.c":
        lines = files[f].count("\n")
        check(lines <= 600, "%s: %d lines (at most 600)" % (f, lines))

# only sim/ applies the rules
rule = re.compile(r"/\s*[\w>.()-]*\bbank_bytes\b|%\s*[\w>.()-]*\bbanks\b|\bwrite_merge\s*[?&|)]|"
                  r"ACC_ATOMIC\s*\|\|")
hits = ["%s:%d: %s" % (f, i + 1, line.strip()) for f, t in files.items() if not f.startswith("sim/")
        for i, line in enumerate(t.split("\n")) if rule.search(line)]
check(not hits, "only sim/ computes words, banks and merges" + ("; also: " + "; ".join(hits) if hits else ""))

# the library's memory: src/mem.c's functions only (src/mem.h says why)
libc = re.compile(r"(?<![\w.>])(malloc|calloc|realloc|reallocarray|free|strdup|strndup|aligned_alloc|"
                  r"posix_memalign|open_memstream|asprintf|vasprintf)\s*\(")
comment = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
hits = ["%s:%d: %s" % (f, i + 1, line.strip()) for f, t in files.items() if f.split("/")[0] in ("src", "sim", "front")
        and f != "src/mem.c" for i, line in enumerate(comment.sub(lambda m: "\n" * m.group(0).count("\n"), t).split("\n")) if libc.search(line)]
check(not hits, "the library (src/, sim/, front/) allocates and frees through src/mem.c alone" + ("; also: " + "; ".join(hits) if hits else ""))

print("1..%d" % n)
sys.exit(1 if failed else 0)
