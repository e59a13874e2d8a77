#!/usr/bin/env python3
"""The source tree's shape (HACKING.md, "The map"), checked.

Usage: layering.py TOP_SRCDIR [BUILDDIR]        prints TAP

- folders depend one way, by their includes and by their calls (the
  objects' symbols in BUILDDIR, from nm):
      cli -> repl -> src -> front -> sim -> base
  a folder uses only those right of it; the readers (front/csrc,
  front/ptx) use their waist (front/lowered.h) and never each other;
- no call circle between folders;
- src/ sees a reader through its door alone (front/csrc/csrc.h,
  front/ptx/ptx.h, front/ttgir/ttgir.h); what the readers share at
  front/'s top (front/lowered.h, front/linlayout.h) it may use;
- the command line and the REPL (cli/, repl/) see the library through
  its headers alone, src/lds-calc.h (the embedding API) and
  src/lds-calc-tool.h (the command line's layer; tests/cli-api.sh checks the
  objects' symbols too);
- no include cycle between files;
- the writers of reports (src/report*.c, views.c, explain.c, svg.c,
  notes.c) see nothing of the interpreter or the parser, directly or
  through a header;
- no function over 150 lines (files split where the call graph splits,
  not at a line count);
- only sim/ computes the word of an address, the bank of a word or
  whether lanes merge;
- the library allocates and frees through base/mem.c alone (its blocks
  carry a header and belong to a heap: a free() of one is a crash).
"""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tree import ORDER, folder, function_lengths, include_edges, load_files, may_use, object_calls

top = sys.argv[1]
build = sys.argv[2] if len(sys.argv) > 2 else None
files = load_files(top)
edges = include_edges(files)

n = 0
failed = 0
def check(ok, what):
    global n, failed
    n += 1
    if not ok:
        failed += 1
    print(("ok" if ok else "not ok") + " %d - %s" % (n, what))

def skip(what, why):
    global n
    n += 1
    print("ok %d - %s # SKIP %s" % (n, what, why))

bad = ["%s -> %s" % (f, i) for f, inc in edges.items() for i in inc if not may_use(folder(f), folder(i))]
check(not bad, "folders include one way (%s)" % ORDER + ("; against it: " + ", ".join(bad) if bad else ""))

doors = {"front/csrc/csrc.h", "front/ptx/ptx.h", "front/ttgir/ttgir.h", "front/amdgcn/amdgcn.h"}
peek = ["%s -> %s" % (f, i) for f, inc in edges.items() for i in inc
        if folder(f) == "src" and folder(i).startswith("front/") and i not in doors]
check(not peek, "src/ sees a reader through its door alone (%s)" % ", ".join(sorted(doors)) +
      ("; against it: " + ", ".join(peek) if peek else ""))

calls = object_calls(build, files)
what_calls = "folders call one way (%s)" % ORDER
what_circle = "no call circle between folders"
if calls is None:
    skip(what_calls, "no objects or no nm (give BUILDDIR after a build)")
    skip(what_circle, "no objects or no nm")
else:
    bad = sorted("%s -> %s" % (f, g) for f, g in calls if not may_use(folder(f), folder(g)))
    check(not bad, what_calls + ("; against it: " + ", ".join(bad[:12]) if bad else ""))
    fedges = {}
    for f, g in calls:
        if folder(f) != folder(g):
            fedges.setdefault(folder(f), set()).add(folder(g))
    def reaches(a, b, seen=None):
        seen = seen or set()
        for c in fedges.get(a, ()):
            if c == b or (c not in seen and (seen.add(c) or reaches(c, b, seen))):
                return True
        return False
    circle = sorted("%s <-> %s" % (a, b) for a in fedges for b in fedges[a] if reaches(b, a))
    check(not circle, what_circle + ("; " + ", ".join(circle) if circle else ""))

# the command line and the REPL: the public API only
api_headers = ("src/lds-calc.h", "src/lds-calc-tool.h")
private = ["%s -> %s" % (f, i) for f, inc in edges.items() for i in inc
           if f.split("/")[0] in ("cli", "repl") and i.split("/")[0] in ("base", "front", "src", "sim") and i not in api_headers]
check(not private, "cli/ and repl/ include only the library's API headers (%s)" % ", ".join(api_headers) +
      ("; against it: " + ", ".join(private) if private else ""))

# the command line's layer holds what the command line uses, and only that:
# every function src/lds-calc-tool.h declares is called in cli/ or repl/
def declared(header):
    return set(re.findall(r"\b(ldscalc_\w+)\(", files.get(header, "")))
front_text = "".join(t for f, t in files.items() if f.split("/")[0] in ("cli", "repl"))
unused = sorted(fn for fn in declared("src/lds-calc-tool.h") if not re.search(r"\b%s\(" % fn, front_text))
check(declared("src/lds-calc-tool.h") and not unused,
      "every function of src/lds-calc-tool.h is the command line's (called in cli/ or repl/)" +
      ("; not called there: " + ", ".join(unused) + " (lds-calc.h is the place of what embedders use)" if unused else ""))
both = sorted(declared("src/lds-calc-tool.h") & declared("src/lds-calc.h"))
check(not both, "no function in both src/lds-calc.h and src/lds-calc-tool.h" + ("; " + ", ".join(both) if both else ""))

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

# functions short enough to read: a body (from a "{" alone on its line
# at the left margin to the "}" that closes it there, the style of every
# C file here) of at most 150 lines.  Files are split where the call
# graph splits, not at a line count.
for f in sorted(files):
    if f.endswith(".c"):
        long = ["%s (line %d, %d lines)" % fn for fn in function_lengths(files[f]) if fn[2] > 150]
        check(not long, "%s: no function over 150 lines" % f + ("; " + ", ".join(long) if long else ""))

# only sim/ applies the rules
rule = re.compile(r"/\s*[\w>.()-]*\bbank_bytes\b|%\s*[\w>.()-]*\bbanks\b|\bwrite_merge\s*[?&|)]|"
                  r"ACC_ATOMIC\s*\|\|")
hits = ["%s:%d: %s" % (f, i + 1, line.strip()) for f, t in files.items() if not f.startswith("sim/")
        for i, line in enumerate(t.split("\n")) if rule.search(line)]
check(not hits, "only sim/ computes words, banks and merges" + ("; also: " + "; ".join(hits) if hits else ""))

# the library's memory: base/mem.c's functions only (base/mem.h says why)
libc = re.compile(r"(?<![\w.>])(malloc|calloc|realloc|reallocarray|free|strdup|strndup|aligned_alloc|"
                  r"posix_memalign|open_memstream|asprintf|vasprintf)\s*\(")
comment = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
hits = ["%s:%d: %s" % (f, i + 1, line.strip()) for f, t in files.items() if f.split("/")[0] in ("src", "sim", "front")
        and f != "base/mem.c" for i, line in enumerate(comment.sub(lambda m: "\n" * m.group(0).count("\n"), t).split("\n")) if libc.search(line)]
check(not hits, "the library (base/, src/, sim/, front/) allocates and frees through base/mem.c alone" + ("; also: " + "; ".join(hits) if hits else ""))

print("1..%d" % n)
sys.exit(1 if failed else 0)
