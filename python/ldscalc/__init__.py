"""ldscalc: lds-calc's shared-memory bank-conflict calculator, from Python.

    >>> import ldscalc
    >>> r = ldscalc.run("array f32 T[32][32]\\nread T[lane][0]", arch="sm80")
    >>> r.accesses[0].ways, r.accesses[0].excess
    (32, 31)

A run returns a Result: its accesses (with every metric lds-calc
reports), totals per profile, expects, suggestions and warnings, and
the same reports as the command line (to_json, text, markdown, svg).
In Jupyter a result shows as a table with each access's lanes-by-banks
picture.  An error raises LdsCalcError with its file, line and column;
a cancelled run raises Cancelled.  The language is lds(5); the C API
underneath, lds-calc(3).
"""
import json as _json

from . import _native
from ._html import result_html

__all__ = ["run", "run_file", "Session", "Result", "Access", "LdsCalcError", "Cancelled",
           "API_VERSION", "JSON_FORMAT", "version"]

API_VERSION = _native.API_VERSION
JSON_FORMAT = _native.JSON_FORMAT
OK, CHECK, USAGE, SYNTAX, EVAL, NO_MEMORY, CANCELLED = 0, 1, 2, 3, 4, 5, 130


def version():
    """The library's version ("0.1.0")."""
    return _native.lib.ldscalc_version().decode()


class LdsCalcError(Exception):
    """A run or an option failed: status (lds-calc(1)'s exit status),
    file, line, column (from 1; 0 when it has no place), message, and
    the result of what ran before the error (None for an option)."""

    def __init__(self, status, message, file=None, line=0, column=0, result=None):
        self.status, self.message, self.file, self.line, self.column = status, message, file, line, column
        self.result = result
        where = "%s:%d:%d: " % (file, line, column) if file and line else (file + ": " if file else "")
        super().__init__(where + message)


class Cancelled(LdsCalcError):
    """Session.cancel() stopped the run."""


def _error_of(ptr, result=None):
    e = ptr.contents
    cls = Cancelled if e.status == CANCELLED else LdsCalcError
    return cls(e.status, (e.message or b"").decode("utf-8", "replace"),
               e.file.decode("utf-8", "replace") if e.file else None, e.line, e.column, result)


class Access:
    """One access statement's result: the fields of its JSON record
    (lds-calc(1), JSON) as attributes - line, column, source, profile,
    kind, width, space, instructions, ways, cycles, ideal, excess,
    broadcasts, counters, notes ... - exact Python integers."""

    def __init__(self, result, index, record):
        self._result, self._index, self.record = result, index, record
        for key, value in record.items():
            setattr(self, key, value)

    def svg(self):
        """Its lanes-by-banks picture (its first instruction) as SVG."""
        status, text = _native.text(
            lambda b, n, ln: _native.lib.ldscalc_access_svg(self._result._ptr, self._index, b, n, ln))
        if status != OK:
            raise LdsCalcError(status, "access %d has no picture (it failed)" % (self._index + 1))
        return text

    def _repr_svg_(self):
        return self.svg()

    def __repr__(self):
        return "<Access %s:%s %r: %s-way, excess %s>" % (self.file, self.line, self.source,
                                                         self.record.get("ways"), self.record.get("excess"))


class Result:
    """What a run produced.  status is lds-calc(1)'s exit status (0, or
    1 when an expect failed; errors raise instead)."""

    def __init__(self, ptr):
        self._ptr = ptr
        self.status = _native.lib.ldscalc_result_status(ptr)
        self._doc = None

    def __del__(self, _free=_native.lib.ldscalc_result_free):   # bound now: at exit the module may be gone
        if getattr(self, "_ptr", None):
            _free(self._ptr)
            self._ptr = None

    def render(self, format):
        """The report in a --format of lds-calc(1): text, json, csv,
        markdown, svg, counters, diagnostics or sarif."""
        status, text = _native.text(
            lambda b, n, ln: _native.lib.ldscalc_render(self._ptr, format.encode(), b, n, ln))
        if status != OK:
            raise LdsCalcError(status, "cannot render %r (svg holds one picture: use Access.svg())" % format)
        return text

    def to_json(self):
        """The JSON report, byte for byte what lds-calc --format json writes."""
        return self.render("json")

    def json(self):
        """The JSON report as Python data."""
        if self._doc is None:
            self._doc = _json.loads(self.to_json())
        return self._doc

    def text(self):
        return self.render("text")

    def markdown(self):
        return self.render("markdown")

    def svg(self, access=-1):
        """The picture of an access (the last by default) as SVG."""
        return self.accesses[access].svg()

    @property
    def accesses(self):
        return [Access(self, i, rec) for i, rec in enumerate(self.json()["accesses"])]

    @property
    def totals(self):
        """One dict per profile and memory space: instructions, ways,
        cycles, ideal, excess, ... (never summed across profiles)."""
        return self.json()["totals"]

    @property
    def expects(self):
        return self.json()["expects"]

    @property
    def suggestions(self):
        return self.json().get("suggestions", [])

    @property
    def warnings(self):
        n = _native.lib.ldscalc_result_nwarnings(self._ptr)
        return [str(_error_of(_native.lib.ldscalc_result_warning(self._ptr, i))) for i in range(n)]

    @property
    def printed(self):
        """What the program's print statements wrote."""
        return _native.lib.ldscalc_result_printed(self._ptr).decode("utf-8", "replace")

    def _repr_html_(self):
        return result_html(self)

    def _repr_svg_(self):
        return self.svg() if self.accesses else None

    def __repr__(self):
        return "<Result status %d, %d accesses>" % (self.status, len(self.accesses))


class Session:
    """Options kept across runs; each run starts afresh under them.  One
    run at a time in a session; sessions on several threads run at once.

    Session(arch="sm80", defines={"PAD": 1}, max_steps=10**9, jobs=1,
    show="phases", explain=True, lang="cu", kernel="transpose",
    threads="32, 8")"""

    def __init__(self, arch=None, defines=None, **options):
        self._ptr = _native.lib.ldscalc_open()
        if not self._ptr:
            raise MemoryError("ldscalc: out of memory")
        if arch is not None:
            self.set("arch", arch)
        for name, value in (defines or {}).items():
            self.set("define", "%s=%s" % (name, value))
        for name, value in options.items():
            if isinstance(value, bool):
                value = "on" if value else "off"
            self.set(name.replace("_", "-"), value)

    def set(self, option, value):
        """Set an option by its long command-line name (lds-calc(3))."""
        if _native.lib.ldscalc_set(self._ptr, option.encode(), str(value).encode()) != OK:
            raise _error_of(_native.lib.ldscalc_session_error(self._ptr))

    def _finish(self, ptr):
        if not ptr:
            raise MemoryError("ldscalc: out of memory")
        result = Result(ptr)
        if result.status >= USAGE:
            err = _native.lib.ldscalc_result_error(ptr)
            if err:
                raise _error_of(err, result)
            raise LdsCalcError(result.status, "the run failed", result=result)
        return result

    def run(self, program, name=None):
        """Run an lds program (lds(5)); name: how messages name it."""
        data = program.encode()
        return self._finish(_native.lib.ldscalc_run(self._ptr, name.encode() if name else None, data, len(data)))

    def run_file(self, path):
        """Run an lds file, or a kernel (.cu .cuh .hip .hlsl .comp .glsl)."""
        return self._finish(_native.lib.ldscalc_run_file(self._ptr, str(path).encode()))

    def cancel(self):
        """Stop the run in progress (from another thread): it raises Cancelled."""
        _native.lib.ldscalc_cancel(self._ptr)

    def close(self, _close=_native.lib.ldscalc_close):   # bound now: at exit the module may be gone
        if getattr(self, "_ptr", None):
            _close(self._ptr)
            self._ptr = None

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run(program, arch=None, defines=None, **options):
    """Run an lds program once: ldscalc.run(text, arch="sm80",
    defines={"N": 64}, max_steps=..., jobs=...) -> Result."""
    with Session(arch, defines, **options) as s:
        return s.run(program)


def run_file(path, arch=None, defines=None, **options):
    """Run a file once (an lds program or a kernel)."""
    with Session(arch, defines, **options) as s:
        return s.run_file(path)
