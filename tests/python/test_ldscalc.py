"""The Python module (python/ldscalc) against the command line.

Run by tests/api.sh: with pytest where it is installed, else with
unittest (python3 tests/python/test_ldscalc.py).  Needs LDS_CALC (the
lds-calc binary), srcdir, LDSCALC_LIBRARY and PYTHONPATH=srcdir/python.
"""
import glob
import os
import subprocess
import sys
import threading
import time
import unittest

import ldscalc

SRCDIR = os.environ.get("srcdir", ".")
LDS_CALC = os.environ.get("LDS_CALC", "./lds-calc")

# the options each kernel file needs (its comment says them)
KERNEL_OPTIONS = {"transpose.cu": (["--threads", "32,8", "-D", "n=1024"], {"threads": "32,8", "defines": {"n": 1024}})}


def cli_json(path, extra=()):
    out = subprocess.run([LDS_CALC, "--format", "json", *extra, "-f", path], capture_output=True, text=True)
    return out.stdout


def examples():
    files = sorted(glob.glob(os.path.join(SRCDIR, "examples", "*.lds")))
    return files + [os.path.join(SRCDIR, "examples", k) for k in KERNEL_OPTIONS]


class SameAsCommandLine(unittest.TestCase):
    def test_every_example(self):
        checked = 0
        for path in examples():
            cli, opts = KERNEL_OPTIONS.get(os.path.basename(path), ([], {}))
            opts = dict(opts)
            with self.subTest(example=os.path.basename(path)):
                defines = opts.pop("defines", None)
                result = ldscalc.run_file(path, defines=defines, **opts)
                self.assertEqual(result.to_json(), cli_json(path, cli))
                checked += 1
        self.assertGreaterEqual(checked, 30)

    def test_data_matches_json(self):
        r = ldscalc.run("array f32 T[32][32]\nread T[lane][0]\nread T[0][lane]\n", arch="sm80")
        a, b = r.accesses
        self.assertEqual((a.ways, a.cycles, a.excess, a.line), (32, 32, 31, 2))
        self.assertEqual((b.ways, b.excess), (1, 0))
        self.assertEqual(r.totals[0]["cycles"], 33)
        self.assertEqual(r.totals[0]["profile"], "sm80")
        self.assertEqual(r.json()["format"], ldscalc.JSON_FORMAT)

    def test_suggestions(self):
        r = ldscalc.run_file(os.path.join(SRCDIR, "examples", "suggest-transpose.lds"))
        (sg,) = r.suggestions
        self.assertEqual(sg["array"], "t")
        self.assertGreater(len(sg["candidates"]), 2)

    def test_defines_and_big_numbers(self):
        r = ldscalc.run("read f32[lane * S] for i in 0..(1 << 40), j in 0..(1 << 40)", defines={"S": 2})
        self.assertEqual(r.accesses[0].instructions, 1 << 80)   # exact, past 64 bits
        self.assertEqual(r.accesses[0].ways, 2)


class Errors(unittest.TestCase):
    def test_syntax_error_has_its_place(self):
        with self.assertRaises(ldscalc.LdsCalcError) as cm:
            ldscalc.run("array f32 A[64]\nread A[lane +]\n")
        e = cm.exception
        self.assertEqual((e.status, e.file, e.line, e.column), (ldscalc.SYNTAX, "<arg1>", 2, 14))
        self.assertIn("<arg1>:2:14:", str(e))

    def test_evaluation_error_keeps_what_ran(self):
        with self.assertRaises(ldscalc.LdsCalcError) as cm:
            ldscalc.Session().run("read f32[lane]\nread f32[lane / (lane - lane)]\n", name="p.lds")
        e = cm.exception
        self.assertEqual((e.status, e.file, e.line), (ldscalc.EVAL, "p.lds", 2))
        self.assertIn("division by zero", e.message)
        self.assertEqual(e.result.accesses[0].ways, 1)

    def test_bad_option(self):
        with self.assertRaises(ldscalc.LdsCalcError) as cm:
            ldscalc.run("read f32[lane]", arch="sm7")
        self.assertEqual(cm.exception.status, ldscalc.USAGE)
        self.assertIn("sm7", cm.exception.message)

    def test_failed_expect_is_a_result(self):
        r = ldscalc.run("read f32[lane * 2]\nexpect ways == 1\n")
        self.assertEqual(r.status, ldscalc.CHECK)
        self.assertFalse(r.expects[0]["ok"])

    def test_cancelled_run_raises(self):
        s = ldscalc.Session(max_steps=10**11, max_ops=10**14)
        raised = []

        def long_run():
            try:
                s.run("read f32[(lane * 2654435761 + k * k * 40503) % 1000000007 % 16384] for k in 0..10000000000")
            except ldscalc.Cancelled as e:
                raised.append(e)

        t = threading.Thread(target=long_run)
        t.start()
        deadline = time.time() + 30
        while t.is_alive() and time.time() < deadline:
            time.sleep(0.02)
            s.cancel()
        t.join()
        self.assertEqual(len(raised), 1)
        self.assertEqual(raised[0].status, ldscalc.CANCELLED)


LONG_RUN = "read f32[(lane * 2654435761 + k * k * 40503) % 1000000007 % 16384] for k in 0..10000000000"


def wait_busy(s, deadline=30):
    """Wait until a run holds the session (its C call is under way)."""
    end = time.time() + deadline
    while not s._busy and time.time() < end:
        time.sleep(0.01)
    time.sleep(0.05)   # into the C call, past the cancel it clears at its start


class Closing(unittest.TestCase):
    def test_every_call_after_close_raises(self):
        with ldscalc.Session(arch="sm80") as s:
            self.assertEqual(s.run("read f32[lane * 2]").accesses[0].ways, 2)
        self.assertTrue(s.closed)
        for call in (lambda: s.run("read f32[lane]"), lambda: s.run_file(os.path.join(SRCDIR, "examples",
                                                                                      "transpose-32x32.lds")),
                     lambda: s.set("arch", "sm90"), s.cancel):
            with self.assertRaises(ValueError) as cm:
                call()
            self.assertIn("closed", str(cm.exception))
        s.close()   # twice: nothing

    def test_close_from_another_thread_cancels_and_waits(self):
        s = ldscalc.Session(max_steps=10**11, max_ops=10**14)
        raised = []

        def long_run():
            try:
                s.run(LONG_RUN)
            except ldscalc.Cancelled as e:
                raised.append(e)

        t = threading.Thread(target=long_run)
        t.start()
        wait_busy(s)
        s.close()   # cancels the run, and returns once it has ended
        self.assertFalse(s._busy)
        t.join(30)
        self.assertFalse(t.is_alive())
        self.assertEqual(len(raised), 1)
        with self.assertRaises(ValueError):
            s.run("read f32[lane]")

    def test_runs_on_two_threads_take_turns(self):
        s = ldscalc.Session(arch="sm80")
        ways = []

        def work(stride):
            for _ in range(20):
                ways.append((stride, s.run("read f32[lane * %d]" % stride).accesses[0].ways))

        threads = [threading.Thread(target=work, args=(k,)) for k in (1, 2, 4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        s.close()
        self.assertEqual(len(ways), 60)
        self.assertTrue(all(w == k for k, w in ways), ways)


class Arguments(unittest.TestCase):
    def assert_type_error(self, call, words):
        with self.assertRaises(TypeError) as cm:
            call()
        self.assertIn("ldscalc:", str(cm.exception))
        self.assertIn(words, str(cm.exception))

    def test_wrong_types_raise_type_error(self):
        s = ldscalc.Session()
        r = s.run("read f32[lane]")
        self.assert_type_error(lambda: ldscalc.run(123), "the program must be str or bytes, not int")
        self.assert_type_error(lambda: ldscalc.run(None), "not NoneType")
        self.assert_type_error(lambda: s.run(["read f32[lane]"]), "not list")
        self.assert_type_error(lambda: s.run("read f32[lane]", name=7), "name must be str or bytes")
        self.assert_type_error(lambda: s.run_file(123), "path must be str, bytes or a path")
        self.assert_type_error(lambda: ldscalc.run_file(None), "path must be")
        self.assert_type_error(lambda: s.set(1, "x"), "option must be str")
        self.assert_type_error(lambda: s.set("arch", 1.5), "value of option 'arch'")
        self.assert_type_error(lambda: s.set("arch", None), "value of option 'arch'")
        self.assert_type_error(lambda: ldscalc.run("read f32[lane]", defines=[("N", 1)]), "defines must be a mapping")
        self.assert_type_error(lambda: ldscalc.run("read f32[lane]", defines={"N": 1.5}), "define 'N'")
        self.assert_type_error(lambda: ldscalc.run("read f32[lane]", defines={3: 1}), "name must be str")
        self.assert_type_error(lambda: r.render(123), "format must be str")
        self.assert_type_error(lambda: r.svg("0"), "access must be an int")
        s.close()

    def test_bytes_programs(self):
        want = ldscalc.run("read f32[lane * 2]", arch="sm80").to_json()
        for program in (b"read f32[lane * 2]", bytearray(b"read f32[lane * 2]"), memoryview(b"read f32[lane * 2]")):
            self.assertEqual(ldscalc.run(program, arch=b"sm80").to_json(), want)
        with self.assertRaises(ldscalc.LdsCalcError) as cm:
            ldscalc.Session().run(b"read f32[lane +]", name=b"bytes.lds")
        self.assertEqual((cm.exception.file, cm.exception.line), ("bytes.lds", 1))

    def test_option_values(self):
        s = ldscalc.Session(jobs=1, explain=True, threads=(32, 8), lang="cuda")
        s.set("explain", False)
        s.close()


class Pictures(unittest.TestCase):
    def test_reports_and_pictures(self):
        r = ldscalc.run("array f32 T[32][32]\nread T[lane][0]\nread T[0][lane]\n", arch="sm80")
        self.assertIn("32-way", r.text())
        self.assertTrue(r.markdown().startswith("#"))
        svg = r.svg(0)
        self.assertIn("<svg", svg)
        self.assertEqual(r._repr_svg_(), r.svg(-1))
        page = r._repr_html_()
        self.assertEqual(page.count("<svg"), 2)   # a picture per access
        self.assertIn("<table>", page)
        with self.assertRaises(ldscalc.LdsCalcError):
            r.render("svg")   # two pictures: one SVG cannot hold them

    def test_print_output(self):
        self.assertEqual(ldscalc.run("print 6 * 7").printed, "42\n")


class Candidates(unittest.TestCase):
    """prepare/score: a score is a full run of the program with each
    parameter written out as its value in the text."""

    PROGRAMS = [
        "arch sm80; array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8",
        "array f32 T[32][32 + PAD]; read T[lane][k ^ (lane % (SW + 1))] for k in 0..8\nwrite T[k][lane] for k in 0..4",
        "read b128 @ (lane * 16 + PAD * 4)",
        "array f32 T[N]; read T[lane * SW]",
    ]

    def test_score_equals_substituted_run(self):
        import random
        import re
        rng = random.Random(7)
        for text in self.PROGRAMS:
            prepared = ldscalc.prepare(text, jobs=1)
            names = sorted(prepared.params)
            for _ in range(25):
                values = {n: rng.choice([0, 1, 2, 3, 5, 8, 40, 100, 70000]) for n in names}
                score = prepared.score(**values)
                written = re.sub(r"\b(%s)\b" % "|".join(names), lambda m: "(%d)" % values[m.group(1)], text)
                try:
                    run = ldscalc.run(written, jobs=1)
                except ldscalc.LdsCalcError as e:
                    self.assertIsNotNone(score.reason, (text, values))
                    # the written-out text's columns differ: the line and the message agree
                    self.assertTrue(score.reason.startswith("%d:" % e.line), (score.reason, e.line))
                    self.assertTrue(score.reason.endswith(": " + e.message), (score.reason, e.message))
                    continue
                self.assertIsNone(score.reason, (text, values))
                self.assertEqual(len(score.accesses), len(run.accesses))
                for got, want in zip(score.accesses, run.accesses):
                    for field in ("ways", "cycles", "ideal", "excess", "instructions", "line"):
                        self.assertEqual(got[field], getattr(want, field), (text, values, field))

    def test_batch_and_infeasible(self):
        prepared = ldscalc.prepare(self.PROGRAMS[0])
        self.assertEqual(prepared.params, {"PAD": None})
        scores = prepared.score_many([{"PAD": p} for p in range(4)] + [{}, {"PAD": 1, "arch": "nope"}])
        self.assertEqual([s.ways for s in scores[:4]], [32, 1, 2, 1])
        self.assertEqual(scores[4].reason, "no value for the parameter 'PAD'")
        self.assertEqual(scores[5].reason, "unknown profile 'nope'")
        self.assertFalse(scores[5].feasible)
        self.assertEqual(prepared.score(Q=1).reason, "'Q' is not a parameter of the program")
        with self.assertRaises(TypeError):
            prepared.score(PAD="1")
        with self.assertRaises(ldscalc.LdsCalcError):
            ldscalc.prepare("read T[")

    def test_autotune_example(self):
        out = subprocess.run([sys.executable, os.path.join(SRCDIR, "examples", "autotune.py"), "sm80", "gfx942"],
                             capture_output=True, text=True, check=True).stdout
        self.assertIn("sm80     best: PAD=0 SW=5 MUL=1  excess 0 cycles", out)
        self.assertIn("gfx942   no feasible candidate: 4:12: index 32 is out of range", out)
        self.assertIn("324 candidates (162 infeasible)", out)


class Hygiene(unittest.TestCase):
    """The module as a typed, installable package: declared fields,
    annotations, warnings through the warnings module, columns."""

    def test_access_fields_are_declared(self):
        import inspect  # noqa: F401 (kept beside the other checks' imports)
        declared = set(ldscalc._ACCESS_FIELDS)
        self.assertEqual(set(ldscalc.Access.__slots__) - {"_result", "_index", "record"}, declared)
        self.assertTrue(declared <= set(ldscalc.Access.__annotations__))
        seen = set()
        for path in examples():
            cli, opts = KERNEL_OPTIONS.get(os.path.basename(path), ([], {}))
            try:
                result = ldscalc.run_file(path, **opts)
            except ldscalc.LdsCalcError as e:
                result = e.result
            for a in (result.accesses if result else []):
                seen |= set(a.record)
                self.assertEqual(a.ways, a.record.get("ways"))
        self.assertFalse(seen - declared, "record fields not declared on Access")
        a = ldscalc.run("read f32[lane]").accesses[0]
        self.assertIsNone(a.transactions)   # a shared-memory access has none
        with self.assertRaises(AttributeError):
            a.no_such_field
        with self.assertRaises(AttributeError):
            a.other = 1   # slots: no attribute made by a typo

    def test_public_api_is_annotated(self):
        import inspect
        missing = []
        for name in ldscalc.__all__:
            obj = getattr(ldscalc, name)
            members = [obj] if inspect.isfunction(obj) else [
                m for n, m in vars(obj).items() if inspect.isfunction(m) and (not n.startswith("_") or n == "__init__")
            ] if inspect.isclass(obj) else []
            for f in members:
                sig = inspect.signature(f)
                if sig.return_annotation is inspect.Signature.empty:
                    missing.append("%s.%s -> ?" % (name, f.__name__))
                missing += ["%s.%s(%s)" % (name, f.__name__, p) for p in sig.parameters
                            if p != "self" and sig.parameters[p].annotation is inspect.Parameter.empty]
        self.assertEqual(missing, [])
        here = os.path.dirname(ldscalc.__file__)
        self.assertTrue(os.path.exists(os.path.join(here, "py.typed")))

    def test_warnings_go_to_the_warnings_module(self):
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = ldscalc.run("arch sm90\nread f32[lane]", arch="sm80")
        mine = [w for w in caught if issubclass(w.category, ldscalc.LdsCalcWarning)]
        self.assertEqual(len(mine), 1, [str(w.message) for w in caught])
        self.assertIn("replaces sm80", str(mine[0].message))
        self.assertEqual(os.path.basename(mine[0].filename), os.path.basename(__file__))   # the caller's line
        self.assertEqual(result.warnings, [str(mine[0].message)])
        with warnings.catch_warnings():
            warnings.simplefilter("error", ldscalc.LdsCalcWarning)
            with self.assertRaises(ldscalc.LdsCalcWarning):
                ldscalc.Session(arch="sm80").run("arch sm90\nread f32[lane]")

    def test_score_many_columns(self):
        prepared = ldscalc.prepare("arch sm80; array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8")
        cands = [{"PAD": p} for p in range(4)] + [{}]
        cols = prepared.score_many(cands, arrays=True)
        scores = prepared.score_many(cands)
        for field in ("status", "ways", "cycles", "excess", "instructions", "ideal", "broadcasts"):
            self.assertEqual([int(v) for v in cols[field]], [getattr(s, field) for s in scores], field)
        self.assertEqual(cols["reason"], [s.reason for s in scores])
        self.assertEqual(list(cols["ways"][:4]), [32, 1, 2, 1])
        try:
            import numpy
        except ImportError:
            self.assertIsInstance(cols["ways"], list)
        else:
            self.assertIsInstance(cols["ways"], numpy.ndarray)
            self.assertEqual(cols["ways"].dtype, numpy.uint64)


if __name__ == "__main__":
    unittest.main(verbosity=2)
