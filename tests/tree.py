"""The source tree's folders and arrows, for tests/layering.py (which
checks them) and tests/tree-graph.py (which counts them)."""
import os, re, subprocess

ROOTS = ["base", "sim", "front", "src", "repl", "cli"]
ORDER = ("cli -> repl -> src -> front -> sim -> base; a reader uses front/lowered.h and front/common, "
         "not another reader")
RANK = {"base": 0, "sim": 1, "front": 2, "front/common": 2.25, "src": 3, "repl": 4, "cli": 5}


def load_files(top):
    """Every .c and .h of the library's folders, path -> text."""
    files = {}
    for root in ROOTS:
        for d, _, names in os.walk(os.path.join(top, root)):
            for name in sorted(names):
                if name.endswith((".c", ".h")):
                    path = os.path.relpath(os.path.join(d, name), top)
                    files[path] = open(os.path.join(top, path), encoding="utf-8").read()
    return files


def folder(path):
    """base, sim, front (the readers' waist), front/csrc, front/ptx, src, repl, cli"""
    parts = path.split("/")
    return "/".join(parts[:2]) if parts[0] == "front" and len(parts) > 2 else parts[0]


def may_use(a, b):
    """Whether folder a may use folder b: those right of it in ORDER; a
    reader (front/X) stands above the waist and what the readers of
    compiled code share (front/common), beside the other readers."""
    return a == b or RANK.get(b, 2.5) < RANK.get(a, 2.5)


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def include_edges(files):
    """path -> the paths of the tree it includes"""
    return {f: [i for i in INCLUDE.findall(t) if i in files] for f, t in files.items()}


def object_calls(build, files):
    """(caller .c, callee .c) pairs from the objects' symbols under build
    (nm), or None when there are none to read."""
    if not build or subprocess.run(["sh", "-c", "command -v nm"], capture_output=True).returncode:
        return None
    defined, used = {}, {}
    for d, _, names in os.walk(build):
        rel = os.path.relpath(d, build)
        if rel == "." or rel.split("/")[0] not in ROOTS or "/.libs" in "/" + rel:
            continue
        for name in names:
            if not name.endswith(".o"):
                continue
            stem = name.split("-", 1)[1] if "-" in name else name
            src = rel + "/" + stem[:-2] + ".c"
            if src not in files:
                continue
            out = subprocess.run(["nm", os.path.join(d, name)], capture_output=True, text=True).stdout
            for line in out.splitlines():
                w = line.split()
                if len(w) == 2 and w[0] == "U":
                    used.setdefault(src, set()).add(w[1])
                elif len(w) == 3 and w[1] in "TDBRV":
                    defined[w[2]] = src
    calls = {(f, defined[s]) for f, syms in used.items() for s in syms if s in defined and defined[s] != f}
    return calls or None


def function_lengths(text):
    """(name, line, length) of each function of a C text: a body from a
    "{" alone on its line at the left margin to the "}" that closes it
    there, the style of every C file here."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i] == "{" and i > 0:
            j = i - 1
            while j > 0 and "(" not in lines[j]:
                j -= 1
            m = re.search(r"(\w+)\s*\(", lines[j])
            k = i + 1
            while k < len(lines) and lines[k] != "}":
                k += 1
            yield (m.group(1) if m else "?"), i + 1, k - i + 1
            i = k
        i += 1
