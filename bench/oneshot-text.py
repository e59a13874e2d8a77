#!/usr/bin/env python3
"""bench/oneshot-text.py - write cli/oneshot-text.ld: a linker-script
fragment that places the functions a one-shot run of lds-calc executes
together, ahead of the rest of the code.

Why: a one-shot run executes about 90 KB of the 380 KB of lds-calc's code.
Left in source order, those functions are spread over about 50 pages;
gathered, over about 22.  Every page a process touches costs a page-table
entry and a TLB entry, and on a virtual machine with shadow page tables
(the CI machines here) about 7 us the first time even when the kernel
has it mapped: 25 pages are about 0.2 ms there.

The functions are those callgrind sees run in the commands below (the
bench's `trivial` row, README's example, a sweep).  A function missing
from the list only runs from the rest of .text; a name in the list that
no longer exists matches nothing.  So the list can be stale without
harm, and tests/oneshot-text.sh says when it has become so.

Usage: bench/oneshot-text.py LDS_CALC SRCDIR > cli/oneshot-text.ld
(`make oneshot-text` does this; it needs valgrind.)
       bench/oneshot-text.py --check LDS_CALC SRCDIR
checks an lds-calc linked with the list: of the code the first command
executes, at least 90% (by function size) lies among the one-shot functions; it
names the functions outside and exits 1 when the list has gone stale.
       bench/oneshot-text.py --pages LDS_CALC [ARG...]
counts the distinct pages a run touches (valgrind's lackey): in all, in
lds-calc's own file, and of its code (default ARG: read f32[lane])."""
import os
import re
import subprocess
import sys
import tempfile

# What a user runs once from a shell or a script.
COMMANDS = [
    ["read f32[lane]"],
    ["-f", "examples/transpose.cu", "--threads", "32,8", "-D", "n=1024"],
    ["-D", "S=0..8", "read f32[lane * S % 1024]"],
]

# the C start-up files' own code, not in function sections
CRT = {"_start", "_init", "_fini", "__do_global_dtors_aux", "deregister_tm_clones", "register_tm_clones",
       "frame_dummy"}
# gcc's clone suffixes: the clone's section is .text.NAME.SUFFIX
CLONE = re.compile(r"\.(part|constprop|isra|lto_priv|localalias|cold)(\.\d+)?")


def executed_functions(lds_calc, srcdir, commands):
    """For each command, the symbols of lds-calc's own functions it
    executes (clones keep their suffix: exec_access.part.0)."""
    binary = os.path.realpath(lds_calc)
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, args in enumerate(commands):
            out = os.path.join(tmp, "cg.%d" % i)
            subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary] + args,
                           cwd=srcdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            runs.append(functions_of(out, binary))
    return runs


def placement_order(runs):
    """Source-level names: the first command's, then those the second
    adds, and so on, so that the simplest run touches the fewest pages."""
    order, seen = [], set()
    for symbols in runs:
        added = {CLONE.split(s)[0] for s in symbols} - seen
        added = {n for n in added if re.fullmatch(r"[A-Za-z_]\w*", n) and n not in CRT}
        order += sorted(added)
        seen |= added
    return order


def functions_of(callgrind_out, binary):
    """Functions with cost in callgrind_out whose object is binary.

    Callgrind compresses names: the first `fn=(7) name` defines 7, later
    lines say `fn=(7)`; `ob=` likewise names the object file."""
    objs, fns, names = {}, {}, set()
    current_ob = None
    for line in open(callgrind_out, encoding="utf-8", errors="replace"):
        m = re.match(r"(c?)(ob|fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not m:
            continue
        called, kind, ident, name = m.groups()
        table = objs if kind == "ob" else fns
        if name is not None:
            table[ident] = name
        if called:
            continue
        if kind == "ob":
            current_ob = objs.get(ident)
        elif current_ob and os.path.realpath(current_ob) == binary:
            names.add(fns[ident])
    return names


def check(lds_calc, srcdir):
    """Exit 1 when under 90% of the first command's code (function sizes
    from nm) lies among the one-shot functions."""
    symbols = {}
    for line in subprocess.run(["nm", "-S", "--defined-only", lds_calc], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW":
            symbols.setdefault(f[3], (int(f[0], 16), int(f[1], 16)))
        elif len(f) == 3 and f[2].startswith("lds_oneshot_text_"):
            symbols[f[2]] = (int(f[0], 16), 0)
    if "lds_oneshot_text_start" not in symbols:
        sys.exit("%s was not linked with cli/oneshot-text.ld" % lds_calc)
    start = symbols["lds_oneshot_text_start"][0]
    size = symbols["lds_oneshot_text_end"][0] - start
    inside = outside = 0
    missing = []
    for name in sorted(executed_functions(lds_calc, srcdir, COMMANDS[:1])[0]):
        if name not in symbols or name in CRT:
            continue
        addr, length = symbols[name]
        if start <= addr < start + size:
            inside += length
        else:
            outside += length
            missing.append("%s (%d bytes)" % (name, length))
    if missing:
        print("outside the one-shot functions: %s%s" % (", ".join(missing[:20]),
                                                         " and %d more" % (len(missing) - 20) if len(missing) > 20 else ""))
    print("%d of %d bytes of the functions `%s` runs lie in the one-shot functions"
          % (inside, inside + outside, " ".join(COMMANDS[0])))
    if inside < 0.9 * (inside + outside):
        sys.exit("cli/oneshot-text.ld is stale: make oneshot-text")


def pages(lds_calc, args):
    """Distinct 4 KiB pages the run touches: all, the executable's, its code's."""
    binary = os.path.realpath(lds_calc)
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "lackey")
        subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + log, binary] + args,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        touched, code = set(), set()
        for line in open(log, encoding="utf-8", errors="replace"):
            f = line.split()
            if len(f) == 2 and f[0] in ("I", "L", "S", "M"):
                page = int(f[1].split(",")[0], 16) >> 12
                touched.add(page)
                if f[0] == "I":
                    code.add(page)
    # valgrind maps a position-independent executable at 0x108000
    size = os.path.getsize(binary)
    own = {p for p in touched if 0x108 <= p < 0x108 + (size >> 12) + 1}
    print("%s: %d pages, %d of lds-calc's file, %d of its code" % (lds_calc, len(touched), len(own), len(own & code)))


def main():
    if sys.argv[1] == "--pages":
        pages(sys.argv[2], sys.argv[3:] or ["read f32[lane]"])
        return
    if sys.argv[1] == "--check":
        check(sys.argv[2], sys.argv[3])
        return
    lds_calc, srcdir = sys.argv[1], sys.argv[2]
    names = placement_order(executed_functions(lds_calc, srcdir, COMMANDS))
    print("/* cli/oneshot-text.ld - written by bench/oneshot-text.py (make oneshot-text):")
    print("   the functions a one-shot run executes, at the head of .text (-ffunction-sections;")
    print("   cli/oneshot-lds.sh includes this in the linker's own script). */")
    print("lds_oneshot_text_start = .;")
    for name in names:
        print("*(.text.%s .text.%s.*)" % (name, name))
    print("lds_oneshot_text_end = .;")

if __name__ == "__main__":
    main()
