#!/usr/bin/env python3
"""The source tree drawn as a graph of modules, for HACKING.md's figures.

Usage: tree-graph.py SRCDIR BUILDDIR [--as-folders MAPFILE]

A module is a .c file with the .h of the same name (a header without
one is a module of its own).  An arrow runs from A to B when A (its .c
or .h) includes B's header, or A's object uses a symbol B's object
defines (nm).  Prints: modules per folder; the circles (strongly
connected sets of more than one module) and their sizes; the levels
(longest path through the circles, each counted as one); the arrows
between folders that run against the order
    cli -> repl -> src -> front -> sim -> base
(tests/tree.py: a folder may use those right of it; a reader in front/X
uses the waist front/lowered.h, not another reader); and function
lengths.
--as-folders takes lines "PATH FOLDER" to place files in the folders
they would have (to measure a tree before a move by the rules after).
"""
import os, sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tree

top, build = sys.argv[1], sys.argv[2]
remap = {}
if len(sys.argv) > 4 and sys.argv[3] == "--as-folders":
    for line in open(sys.argv[4]):
        if line.strip() and not line.startswith("#"):
            p, f = line.split()
            remap[p] = f

files = tree.load_files(top)
def module(p):
    return p[:-2]
def folder(p):
    return remap.get(p) or tree.folder(p)

mods = sorted({module(p) for p in files})
mfolder = {module(p): folder(p) for p in files}
edges = defaultdict(set)
for f, incs in tree.include_edges(files).items():
    for i in incs:
        if module(i) != module(f):
            edges[module(f)].add(module(i))
for f, g in tree.object_calls(build, files) or ():
    edges[module(f)].add(module(g))

# strongly connected sets (Tarjan, iterative enough for a few hundred)
sys.setrecursionlimit(10000)
index, low, onstack, stack, comps = {}, {}, set(), [], []
def strong(v):
    index[v] = low[v] = len(index)
    stack.append(v); onstack.add(v)
    for w in edges[v]:
        if w not in index:
            strong(w); low[v] = min(low[v], low[w])
        elif w in onstack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); onstack.discard(w); c.append(w)
            if w == v:
                break
        comps.append(c)
for v in mods:
    if v not in index:
        strong(v)
comp_of = {v: i for i, c in enumerate(comps) for v in c}
circles = [c for c in comps if len(c) > 1]
level = {}
for i, c in enumerate(comps):        # Tarjan gives sinks first
    level[i] = 1 + max([level[comp_of[w]] for v in c for w in edges[v] if comp_of[w] != i] or [0])

print("modules: %d" % len(mods))
for f in sorted(set(mfolder.values())):
    print("  %-10s %d" % (f, sum(1 for m in mods if mfolder[m] == f)))
print("arrows: %d" % sum(len(e) for e in edges.values()))
print("circles: %d (%s modules in them)" % (len(circles), sum(len(c) for c in circles)))
for c in sorted(circles, key=len, reverse=True):
    fs = sorted({mfolder[m] for m in c})
    print("  %d modules, folders %s%s" % (len(c), ",".join(fs), ": " + " ".join(sorted(c)) if len(c) <= 6 else ""))
print("levels: %d" % max(level.values()))
against = sorted("%s -> %s" % (a, b) for a in edges for b in edges[a] if not tree.may_use(mfolder[a], mfolder[b]))
print("arrows against the folder order: %d" % len(against))
for a in against:
    print("  " + a)
cross = [c for c in circles if len({mfolder[m] for m in c}) > 1]
print("circles through more than one folder: %d" % len(cross))

lengths = [n for p, t in files.items() if p.endswith(".c") for _, _, n in tree.function_lengths(t)]
lengths.sort()
print("functions: %d, median %d lines, 90th percentile %d, longest %d, over 150: %d" % (
    len(lengths), lengths[len(lengths) // 2], lengths[int(len(lengths) * 0.9)], lengths[-1],
    sum(1 for n in lengths if n > 150)))
