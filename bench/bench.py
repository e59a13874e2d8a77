#!/usr/bin/env python3
"""bench/bench.py - the benchmark rows of `make bench` and bench/compare.sh,
defined once, and the paired timing both use.  A benchmark, not a test: it
asserts no time; it fails only when a program fails or two programs that
must agree print different totals.

  bench.py run LDS_CALC HAND       lds-calc against the hand loops
  bench.py compare OLD NEW         one lds-calc against another

Every row is timed in pairs, interleaved (A, B, A, B, ...), BENCH_RUNS
pairs (default 5), so that a machine that slows down for a while slows
both sides of the pairs it touches; the table gives the minimum and the
median of each side and of the per-pair ratio.  Times are wall-clock
seconds of the whole process (start-up included); lds-calc runs with -j1
against a one-thread hand loop, except the row named -j2, which runs both
on two threads.
"""
import csv
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time

# Rows with a loop written by hand (bench/hand.c): name, hand workload, N,
# threads, lds-calc program.  "folds" says whether lds-calc may shortcut
# the row (a period, the memo): the rows that cannot are the engine's
# real speed.
SCATTER = "arch sm80; read f32[(lane * 2654435761 + k * k * 40503) % 1000003 % 16384] for k in 0..1000000"
HAND_ROWS = [
    ("scatter", "scatter", 1000000, 1, False, SCATTER),
    ("scatter -j2", "scatter", 1000000, 2, False, SCATTER),
    ("bigint (GMP)", "bigint", 100000, 1, False,
     "arch sm80; read f32[(lane * k * k * k * 40503 + k) % 1000003 % 16384] for k in 0..100000"),
    ("modular", "modular", 20000, 1, True,
     "arch sm80; threads 256; groups 10; read f32[(tid * k + group * k * k) % 4099] for k in 0..20000"),
    ("swizzle-b128", "swizzle-b128", 20000, 1, True,
     "arch gfx942; threads 256; groups 4; read b128 @ (((tid / 8) * 8 + ((tid % 8) ^ ((tid / 8 + k * k + group) % 8))) * 16) % 65536 for k in 0..20000"),
    ("padded-columns", "padded-columns", 400000, 1, True,
     "arch sm80; threads 128; read f16[(lane + 32 * (wave % 2)) * (64 + k * k % 7) + k % 64] for k in 0..400000"),
]


def many_statements(path):
    """100,000 statements, each a different stride (the memo sees 97)."""
    with open(path, "w") as f:
        for i in range(100000):
            f.write("read f32[(lane * %d + %d) %% 4096]\n" % (i % 97 + 1, i % 13))


# Rows of lds-calc alone (compared old against new): name, arguments.
# A file argument "@many" is made by many_statements().
SOLO_ROWS = [
    ("trivial", ["read f32[lane]"]),
    ("sweep 2049 points", ["-D", "S=0..2048", "read f32[lane*S % 1024]"]),
    ("100000 statements", ["-f", "@many"]),
    ("suggest transpose", ["-f", "@examples/suggest-transpose.lds"]),
    ("periodic 1e6", ["read f32[(lane + 32*k) % 4096] for k in 0..1000000"]),
    ("periodic 1e12", ["read f32[(lane + 32*k) % 4096] for k in 0..1000000000000"]),
    ("xor period 1e12", ["read f32[lane ^ (k % 32)] for k in 0..1000000000000"]),
    ("poly period 1e12", ["read f32[(lane * k * k) % 64] for k in 0..1000000000000"]),
    ("1024 thr x 1e12", ["arch sm90; threads 1024; read f32[(tid * 3 + k) % 4096] for k in 0..1000000000000"]),
    ("10 groups x 1e12", ["arch sm80; threads 256; groups 10; read f32[(tid * k + group) % 97] for k in 0..1000000000000"]),
]


class Failed(Exception):
    def __init__(self, cmd, status, err):
        super().__init__("%s exited %d: %s" % (" ".join(cmd), status, err[:300]))
        self.status = status


def timed(cmd):
    """Wall seconds of one run; Failed if it exits non-zero."""
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    t = time.perf_counter() - t0
    if r.returncode != 0:
        raise Failed(cmd, r.returncode, r.stderr.decode(errors="replace"))
    return t


def paired(a, b, runs):
    """Interleaved runs of commands a and b: (times of a, times of b)."""
    ta, tb = [], []
    for _ in range(runs):
        ta.append(timed(a))
        tb.append(timed(b))
    return ta, tb


def fmt(ts):
    return "%8.3f %8.3f" % (min(ts), statistics.median(ts))


def ratios(ta, tb):
    r = [x / y for x, y in zip(ta, tb)]
    return "%6.2fx %6.2fx" % (min(r), statistics.median(r))


def lds_totals(lds, program, jobs):
    out = subprocess.run([lds, "-j%d" % jobs, "--format", "csv", program], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("bench: lds-calc failed on %r: %s" % (program, out.stderr))
    last = list(csv.DictReader(io.StringIO(out.stdout)))[-1]
    return "instructions %s cycles %s ideal %s" % (last["instructions"], last["cycles"], last["ideal"])


def solo_args(args, tmp, srcdir):
    out = []
    for a in args:
        if a == "@many":
            out.append(os.path.join(tmp, "many.lds"))
        elif a.startswith("@"):
            out.append(os.path.join(srcdir, a[1:]))
        else:
            out.append(a)
    return out


def run(lds, hand, runs):
    print("lds-calc against a loop written by hand: wall seconds, min and median of %d interleaved pairs" % runs)
    print("%-16s %5s %12s  %17s  %17s  %15s" % ("row", "folds", "instructions", "lds-calc min med",
                                                 "hand min med", "ratio min med"))
    for name, work, n, threads, folds, program in HAND_ROWS:
        want = subprocess.run([hand, work, str(n), str(threads)], capture_output=True, text=True).stdout.strip()
        got = lds_totals(lds, program, threads)
        if want != got:
            sys.exit("bench: %s: the totals differ: lds-calc '%s', by hand '%s'" % (name, got, want))
        tl, th = paired([lds, "-q", "-j%d" % threads, program], [hand, work, str(n), str(threads)], runs)
        print("%-16s %5s %12s  %s  %s  %s" % (name, "yes" if folds else "no", want.split()[1], fmt(tl), fmt(th),
                                               ratios(tl, th)))


def compare(old, new, runs, srcdir):
    """Exits 1 if the new lds-calc fails a row, or the old one fails a row
    after running it once; a row the old one refuses from the start (a
    statement it does not have: v1 has no suggest) is listed, not timed."""
    print("old %s against new %s: wall seconds, min and median of %d interleaved pairs" % (old, new, runs))
    print("%-18s  %17s  %17s  %15s" % ("row", "old min med", "new min med", "new/old min med"))
    # v1 has no -j (it ran on one thread): give -j1 to those that know it
    def jobs_flag(lds):
        known = subprocess.run([lds, "-q", "-j1", "read f32[lane]"], capture_output=True).returncode == 0
        return ["-j1"] if known else []
    old_j, new_j = jobs_flag(old), jobs_flag(new)
    rows = [(name, [program]) for name, _, _, threads, _, program in HAND_ROWS if threads == 1]
    rows += [(name, args) for name, args in SOLO_ROWS]
    slower, absent = [], []
    with tempfile.TemporaryDirectory() as tmp:
        many_statements(os.path.join(tmp, "many.lds"))
        for name, args in rows:
            a = solo_args(args, tmp, srcdir)
            try:
                timed([old, "-q"] + old_j + a)
            except Failed as e:
                absent.append(name)
                print("%-18s  old cannot run it (exit %d): not compared" % (name, e.status))
                timed([new, "-q"] + new_j + a)
                continue
            to, tn = paired([old, "-q"] + old_j + a, [new, "-q"] + new_j + a, runs)
            if statistics.median(tn) > 1.1 * statistics.median(to):
                slower.append(name)
            print("%-18s  %s  %s  %s" % (name, fmt(to), fmt(tn), ratios(tn, to)))
    print("slower by more than 10%% (median): %s" % (", ".join(slower) if slower else "none"))
    if absent:
        print("not compared (the old one refuses them): %s" % ", ".join(absent))


def solo(lds, runs, srcdir):
    print("\nlds-calc alone: wall seconds, min and median of %d runs" % runs)
    with tempfile.TemporaryDirectory() as tmp:
        many_statements(os.path.join(tmp, "many.lds"))
        for name, args in SOLO_ROWS:
            ts = [timed([lds, "-q", "-j1"] + solo_args(args, tmp, srcdir)) for _ in range(runs)]
            print("%-18s  %s" % (name, fmt(ts)))


# The Python row: what a layout search in Python pays per question, through
# the module (one call, its JSON parsed) against one lds-calc process per
# question, the way it was done before the library.
PY_PROGRAM = "arch sm80; array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8"
PY_CALLS = 2000


def python_row(lds, runs, srcdir):
    lib = os.path.join(os.path.dirname(os.path.abspath(lds)), ".libs", "libldscalc.so")
    if not os.path.exists(lib):
        print("\npython: %s not built: no Python row" % lib)
        return
    os.environ.setdefault("LDSCALC_LIBRARY", lib)
    sys.path.insert(0, os.path.join(srcdir, "python"))
    import ldscalc
    session = ldscalc.Session(jobs=1)

    def module_calls():
        t = time.perf_counter()
        for i in range(PY_CALLS):
            session.set("define", "PAD=%d" % (i % 64))
            session.run(PY_PROGRAM).totals[0]["excess"]
        return (time.perf_counter() - t) / PY_CALLS

    def process_calls(n=50):
        t = time.perf_counter()
        for i in range(n):
            subprocess.run([lds, "-q", "-j1", "--format", "json", "-D", "PAD=%d" % (i % 64), PY_PROGRAM],
                           capture_output=True, check=True)
        return (time.perf_counter() - t) / n

    prepared = ldscalc.prepare(PY_PROGRAM, jobs=1)
    batch = [{"PAD": i % 64} for i in range(PY_CALLS)]
    prepared_all = ldscalc.prepare(PY_PROGRAM)

    def score_calls():   # (wall, CPU) seconds a candidate
        t, c = time.perf_counter(), time.process_time()
        for i in range(PY_CALLS):
            prepared.score(PAD=i % 64).excess
        return (time.perf_counter() - t) / PY_CALLS, (time.process_time() - c) / PY_CALLS

    def many_calls(p):
        t, c = time.perf_counter(), time.process_time()
        p.score_many(batch)
        return (time.perf_counter() - t) / PY_CALLS, (time.process_time() - c) / PY_CALLS

    mod = [module_calls() for _ in range(runs)]
    proc = [process_calls() for _ in range(runs)]
    cand = [score_calls() for _ in range(runs)]
    many = [many_calls(prepared) for _ in range(runs)]
    many_all = [many_calls(prepared_all) for _ in range(runs)]
    print("\npython: a layout search's question (%s), microseconds a call, min and median of %d" % (PY_PROGRAM, runs))
    print("%-18s  %8.1f %8.1f   (%d calls a second)" % ("ldscalc.run", 1e6 * min(mod), 1e6 * statistics.median(mod),
                                                         int(1 / statistics.median(mod))))
    print("%-18s  %8.1f %8.1f   (%d calls a second)" % ("a process a call", 1e6 * min(proc),
                                                         1e6 * statistics.median(proc), int(1 / statistics.median(proc))))
    print("the candidate API, microseconds a candidate: wall min and median, then CPU min and median"
          " (all threads: the process's CPU over them)")
    for name, ts in (("Prepared.score", cand), ("score_many -j1", many), ("score_many (all)", many_all)):
        wall, cpu = [t[0] for t in ts], [t[1] for t in ts]
        print("%-18s  %8.1f %8.1f %8.1f %8.1f   (%d candidates a second)"
              % (name, 1e6 * min(wall), 1e6 * statistics.median(wall), 1e6 * min(cpu), 1e6 * statistics.median(cpu),
                 int(1 / statistics.median(wall))))


def main(argv):
    runs = int(os.environ.get("BENCH_RUNS", "5"))
    srcdir = os.environ.get("srcdir", os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    try:
        if len(argv) == 4 and argv[1] == "run":
            run(argv[2], argv[3], runs)
            solo(argv[2], runs, srcdir)
            python_row(argv[2], runs, srcdir)
            candidates = os.path.join(os.path.dirname(os.path.abspath(argv[3])), "candidates")
            if os.path.exists(candidates):   # the C candidate API's rows (bench/candidates.c)
                sys.stdout.flush()
                subprocess.run([candidates, str(runs)], check=True)
        elif len(argv) == 4 and argv[1] == "compare":
            compare(argv[2], argv[3], runs, srcdir)
        else:
            sys.exit(__doc__)
    except Failed as e:
        sys.exit("bench: %s" % e)


if __name__ == "__main__":
    main(sys.argv)
