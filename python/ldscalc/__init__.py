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

A layout search prepares its question once and scores candidates:

    >>> tile = ldscalc.prepare("array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8", arch="sm80")
    >>> [s.ways for s in tile.score_many([{"PAD": 0}, {"PAD": 1}])]
    [32, 1]
    >>> tile.score(PAD=1).accesses[0]["excess"], tile.score().reason
    (0, "no value for the parameter 'PAD'")

score_many(..., arrays=True) gives the batch as columns instead: a dict
of the totals, numpy arrays when numpy is installed, else lists.

A run's warnings go to warnings.warn as LdsCalcWarning (and stay in
Result.warnings).  Install: pip install ./python from the source tree;
the library is found by LDSCALC_LIBRARY, else as libldscalc.so.API where
the dynamic linker looks (_native.py says the whole order).
"""
from __future__ import annotations

import json as _json
import struct as _struct
import os as _os
import threading as _threading
import warnings as _warnings
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from ._html import result_html

__all__ = ["run", "run_file", "prepare", "Prepared", "Score", "Session", "Result", "Access", "LdsCalcError", "Cancelled",
           "LdsCalcWarning", "API_VERSION", "JSON_FORMAT", "version"]

Text = Union[str, bytes, bytearray, memoryview]
PathLike = Union[str, bytes, "_os.PathLike[str]", "_os.PathLike[bytes]"]
OptionValue = Union[str, bytes, int, bool, Sequence[int]]
Candidate = Mapping[str, Union[int, str, None]]

API_VERSION = _native.API_VERSION
JSON_FORMAT = _native.JSON_FORMAT
OK, CHECK, USAGE, SYNTAX, EVAL, NO_MEMORY, CANCELLED = 0, 1, 2, 3, 4, 5, 130


def _text(value: object, what: str) -> bytes:
    """A text the C API takes as bytes: str (as UTF-8) or bytes-like."""
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError("ldscalc: %s must be str or bytes, not %s" % (what, type(value).__name__))


def _path(value: object, what: str = "path") -> bytes:
    if isinstance(value, (str, bytes, _os.PathLike)):
        return _os.fsencode(value)
    raise TypeError("ldscalc: %s must be str, bytes or a path, not %s" % (what, type(value).__name__))


def _option_value(option: str, value: object) -> bytes:
    """An option's value as ldscalc_set takes it: on/off for a bool,
    decimal for an int, X,Y,Z for a tuple of ints, a text as it is."""
    if isinstance(value, bool):
        return b"on" if value else b"off"
    if isinstance(value, int):
        return str(value).encode()
    if isinstance(value, (tuple, list)) and value and all(isinstance(v, int) and not isinstance(v, bool)
                                                          for v in value):
        return ",".join(str(v) for v in value).encode()
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        return _text(value, "the value of option %r" % option)
    raise TypeError("ldscalc: the value of option %r must be str, bytes, int, bool or a tuple of ints, not %s"
                    % (option, type(value).__name__))


def version() -> str:
    """The library's version ("0.1.0")."""
    return _native.lib.ldscalc_version().decode()


class LdsCalcWarning(UserWarning):
    """A warning of a run (what lds-calc(1) prints as "warning:"), given
    to warnings.warn as the run returns: filter it with
    warnings.filterwarnings("ignore", category=ldscalc.LdsCalcWarning).
    Result.warnings keeps them as text too."""


class LdsCalcError(Exception):
    """A run or an option failed: status (lds-calc(1)'s exit status),
    file, line, column (from 1; 0 when it has no place), message, and
    the result of what ran before the error (None for an option)."""

    status: int
    message: str
    file: Optional[str]
    line: int
    column: int
    result: Optional["Result"]

    def __init__(self, status: int, message: str, file: Optional[str] = None, line: int = 0, column: int = 0,
                 result: Optional["Result"] = None) -> None:
        self.status, self.message, self.file, self.line, self.column = status, message, file, line, column
        self.result = result
        where = "%s:%d:%d: " % (file, line, column) if file and line else (file + ": " if file else "")
        super().__init__(where + message)


class Cancelled(LdsCalcError):
    """Session.cancel() stopped the run."""


def _error_of(ptr: Any, result: Optional["Result"] = None) -> LdsCalcError:
    e = ptr.contents
    cls = Cancelled if e.status == CANCELLED else LdsCalcError
    return cls(e.status, (e.message or b"").decode("utf-8", "replace"),
               e.file.decode("utf-8", "replace") if e.file else None, e.line, e.column, result)


# The fields every access record of the JSON report may have
# (lds-calc(1), JSON): declared on Access, None where a record has none.
_ACCESS_FIELDS = ("index", "file", "line", "column", "source", "kernel", "profile", "rules", "overrides",
                  "kind", "width", "bytes", "parts", "space", "geometry", "status", "error", "reason",
                  "instructions", "ways", "cycles", "ideal", "excess", "broadcasts", "unaligned", "skipped",
                  "transactions", "requests", "useful_bytes", "fetched_bytes", "efficiency", "lines", "line_bytes",
                  "sectors", "coalescing", "counters", "notes")


class Access:
    """One access statement's result: the fields of its JSON record
    (lds-calc(1), JSON) as attributes, exact Python integers - line,
    column, source, profile, kind, width, space, instructions, ways,
    cycles, ideal, excess, broadcasts, counters, notes ... (None where
    the record has no such field: transactions on a shared-memory access);
    record is the whole record, and a field a newer library adds is an
    attribute too."""

    __slots__ = ("_result", "_index", "record") + _ACCESS_FIELDS
    record: Dict[str, Any]
    index: int
    file: str
    line: int
    column: int
    source: str
    kernel: Optional[str]
    profile: str
    rules: str
    overrides: str
    kind: str
    width: Optional[str]   # "b32"; None: not known (a skipped access)
    bytes: Optional[int]
    parts: int
    space: str
    geometry: Optional[Dict[str, Any]]
    status: str
    error: Optional[str]
    reason: Optional[str]
    instructions: int
    ways: int
    cycles: int
    ideal: int
    excess: int
    broadcasts: int
    unaligned: int
    skipped: int
    transactions: Optional[int]
    requests: Optional[int]
    useful_bytes: Optional[int]
    fetched_bytes: Optional[int]
    efficiency: Optional[Any]
    lines: Optional[int]
    line_bytes: Optional[int]
    sectors: Optional[int]
    coalescing: Optional[Dict[str, Any]]
    counters: Dict[str, Any]
    notes: List[Any]

    def __init__(self, result: "Result", index: int, record: Dict[str, Any]) -> None:
        self._result, self._index, self.record = result, index, record
        for name in _ACCESS_FIELDS:
            setattr(self, name, record.get(name))

    def __getattr__(self, name: str) -> Any:
        """A field of the record not declared above (a newer library's)."""
        try:
            return self.record[name]
        except (KeyError, AttributeError):
            raise AttributeError("Access has no field %r" % name) from None

    def svg(self) -> str:
        """Its lanes-by-banks picture (its costliest instruction) as SVG."""
        status, text = _native.text(
            lambda b, n, ln: _native.lib.ldscalc_access_svg(self._result._ptr, self._index, b, n, ln))
        if status != OK or text is None:
            raise LdsCalcError(status, "access %d has no picture (it failed)" % (self._index + 1))
        return text

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return "<Access %s:%s %r: %s-way, excess %s>" % (self.file, self.line, self.source,
                                                         self.record.get("ways"), self.record.get("excess"))


class Result:
    """What a run produced.  status is lds-calc(1)'s exit status (0, or
    1 when an expect failed; errors raise instead)."""

    status: int

    def __init__(self, ptr: int) -> None:
        self._ptr: Optional[int] = ptr
        self.status = _native.lib.ldscalc_result_status(ptr)
        self._doc: Optional[Dict[str, Any]] = None

    def __del__(self, _free: Callable[[Any], None] = _native.lib.ldscalc_result_free) -> None:   # bound now: at exit the module may be gone
        if getattr(self, "_ptr", None):
            _free(self._ptr)
            self._ptr = None

    def render(self, format: str) -> str:
        """The report in a --format of lds-calc(1): text, json, csv,
        markdown, svg, counters, diagnostics or sarif."""
        if not isinstance(format, str):
            raise TypeError("ldscalc: format must be str, not %s" % type(format).__name__)
        status, text = _native.text(
            lambda b, n, ln: _native.lib.ldscalc_render(self._ptr, format.encode(), b, n, ln))
        if status != OK or text is None:
            raise LdsCalcError(status, "cannot render %r (svg holds one picture: use Access.svg())" % format)
        return text

    def to_json(self) -> str:
        """The JSON report, byte for byte what lds-calc --format json writes."""
        return self.render("json")

    def json(self) -> Dict[str, Any]:
        """The JSON report as Python data."""
        if self._doc is None:
            self._doc = _json.loads(self.to_json())
        return self._doc

    def text(self) -> str:
        """The text report, what lds-calc prints."""
        return self.render("text")

    def markdown(self) -> str:
        """The Markdown report."""
        return self.render("markdown")

    def svg(self, access: int = -1) -> str:
        """The picture of an access (the last by default) as SVG."""
        if not isinstance(access, int) or isinstance(access, bool):
            raise TypeError("ldscalc: access must be an int (an index into accesses), not %s"
                            % type(access).__name__)
        return self.accesses[access].svg()

    @property
    def accesses(self) -> List[Access]:
        """One Access per access statement that ran, in order."""
        return [Access(self, i, rec) for i, rec in enumerate(self.json()["accesses"])]

    @property
    def totals(self) -> List[Dict[str, Any]]:
        """One dict per profile and memory space: instructions, ways,
        cycles, ideal, excess, ... (never summed across profiles)."""
        return self.json()["totals"]

    @property
    def expects(self) -> List[Dict[str, Any]]:
        """The expect statements: source, metric, ok, actual, expected."""
        return self.json()["expects"]

    @property
    def suggestions(self) -> List[Dict[str, Any]]:
        """The suggest statements' ranked layouts."""
        return self.json().get("suggestions", [])

    @property
    def warnings(self) -> List[str]:
        """The run's warnings as text, "FILE:LINE:COLUMN: message" (each
        also given to warnings.warn as an LdsCalcWarning when the run
        returned)."""
        n = _native.lib.ldscalc_result_nwarnings(self._ptr)
        return [str(_error_of(_native.lib.ldscalc_result_warning(self._ptr, i))) for i in range(n)]

    @property
    def printed(self) -> str:
        """What the program's print statements wrote."""
        return _native.lib.ldscalc_result_printed(self._ptr).decode("utf-8", "replace")

    def _repr_html_(self) -> str:
        return result_html(self)

    def _repr_svg_(self) -> Optional[str]:
        return self.svg() if self.accesses else None

    def __repr__(self) -> str:
        return "<Result status %d, %d accesses>" % (self.status, len(self.accesses))


class Session:
    """Options kept across runs; each run starts afresh under them.  One
    run at a time in a session (a second waits for the first); sessions
    on several threads run at once.  After close() (or a with block) every
    call raises ValueError; close() from another thread cancels a run in
    progress and waits for it.

    Session(arch="sm80", defines={"PAD": 1}, max_steps=10**9, jobs=1,
    show="phases", explain=True, lang="cu", kernel="transpose",
    threads="32, 8")"""

    def __init__(self, arch: Optional[str] = None, defines: Optional[Mapping[str, Union[int, str]]] = None,
                 **options: OptionValue) -> None:
        self._cond = _threading.Condition()
        self._busy = False
        self._ptr: Optional[int] = None
        if defines is not None and not isinstance(defines, _Mapping):
            raise TypeError("ldscalc: defines must be a mapping of names to values, not %s"
                            % type(defines).__name__)
        self._ptr = _native.lib.ldscalc_open()
        if not self._ptr:
            raise MemoryError("ldscalc: out of memory")
        try:
            if arch is not None:
                self.set("arch", arch)
            for name, value in (defines or {}).items():
                if not isinstance(name, str):
                    raise TypeError("ldscalc: a define's name must be str, not %s" % type(name).__name__)
                if isinstance(value, bool) or not isinstance(value, (int, str)):
                    raise TypeError("ldscalc: the value of define %r must be int or str, not %s"
                                    % (name, type(value).__name__))
                self.set("define", "%s=%s" % (name, value))
            for option, option_value in options.items():
                self.set(option.replace("_", "-"), option_value)
        except BaseException:
            self.close()
            raise

    def _enter(self) -> int:
        """Wait for the call in progress, if any; the session's pointer,
        held until _leave (close waits for it)."""
        with self._cond:
            while self._busy and self._ptr:
                self._cond.wait()
            if not self._ptr:
                raise ValueError("ldscalc: the session is closed")
            self._busy = True
            return self._ptr

    def _leave(self) -> None:
        with self._cond:
            self._busy = False
            self._cond.notify_all()

    def set(self, option: str, value: OptionValue) -> None:
        """Set an option by its long command-line name (lds-calc(3))."""
        if not isinstance(option, str):
            raise TypeError("ldscalc: option must be str, not %s" % type(option).__name__)
        data = _option_value(option, value)
        ptr = self._enter()
        try:
            if _native.lib.ldscalc_set(ptr, option.encode(), data) != OK:
                raise _error_of(_native.lib.ldscalc_session_error(ptr))
        finally:
            self._leave()

    def _finish(self, ptr: Optional[int], stacklevel: int) -> Result:
        """The result of a run, its warnings given to warnings.warn
        (stacklevel: the user's call, counted from the caller's)."""
        if not ptr:
            raise MemoryError("ldscalc: out of memory")
        result = Result(ptr)
        if result.status >= USAGE:
            err = _native.lib.ldscalc_result_error(ptr)
            if err:
                raise _error_of(err, result)
            raise LdsCalcError(result.status, "the run failed", result=result)
        for text in result.warnings:
            _warnings.warn(text, LdsCalcWarning, stacklevel=stacklevel + 1)
        return result

    def run(self, program: Text, name: Optional[Text] = None, *, _stacklevel: int = 2) -> Result:
        """Run an lds program (lds(5)), str or bytes; name: how messages
        name it.  Its warnings go to warnings.warn (LdsCalcWarning)."""
        data = _text(program, "the program")
        label = None if name is None else _text(name, "name")
        ptr = self._enter()
        try:
            got = _native.lib.ldscalc_run(ptr, label, data, len(data))
        finally:
            self._leave()
        return self._finish(got, _stacklevel)

    def run_file(self, path: PathLike, *, _stacklevel: int = 2) -> Result:
        """Run an lds file, or a kernel (.cu .cuh .hip .hlsl .comp .glsl)."""
        data = _path(path)
        ptr = self._enter()
        try:
            got = _native.lib.ldscalc_run_file(ptr, data)
        finally:
            self._leave()
        return self._finish(got, _stacklevel)

    def cancel(self, _cancel: Callable[[Any], None] = _native.lib.ldscalc_cancel) -> None:
        """Stop the run in progress (from another thread): it raises Cancelled."""
        with self._cond:
            if not self._ptr:
                raise ValueError("ldscalc: the session is closed")
            _cancel(self._ptr)

    @property
    def closed(self) -> bool:
        return getattr(self, "_ptr", None) is None

    def close(self, _close: Callable[[Any], None] = _native.lib.ldscalc_close,
              _cancel: Callable[[Any], None] = _native.lib.ldscalc_cancel) -> None:
        """Free the session (results stay valid).  A run in progress on
        another thread is cancelled, and close waits for it to end."""
        cond = getattr(self, "_cond", None)
        if cond is None:   # __init__ never got that far
            return
        with cond:
            ptr = self._ptr
            if not ptr:
                return
            self._ptr = None   # from now on every call raises
            while self._busy:
                _cancel(ptr)   # a cancel just before the run starts is forgotten: again until it ends
                cond.wait(0.05)
            cond.notify_all()
        _close(ptr)

    __del__ = close

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Score:
    """A candidate's score (ldscalc_score_result): status, reason (None
    when it ran; else why it is infeasible: a misaligned access, an index
    out of bounds, a parameter without a value), the totals over its
    shared-memory accesses (ways: the worst; instructions, cycles, ideal,
    excess, broadcasts: sums) and accesses, one dict per access statement
    with the fields of Access (line, column, array, profile, kind, width,
    global, failed and the metrics)."""

    __slots__ = ("status", "reason", "ways", "instructions", "cycles", "ideal", "excess",
                 "broadcasts", "_raw", "_accesses")
    status: int
    reason: Optional[str]
    ways: int
    instructions: int
    cycles: int
    ideal: int
    excess: int
    broadcasts: int
    _raw: List[Tuple[Tuple[Any, ...], Optional[str], Optional[str], Optional[str]]]
    _accesses: Optional[List[Dict[str, Any]]]

    @property
    def feasible(self) -> bool:
        """Whether it ran (reason None)."""
        return self.reason is None

    @property
    def accesses(self) -> List[Dict[str, Any]]:
        """One dict per access statement that ran (made when first read:
        a search that reads only the totals never pays for them)."""
        if self._accesses is None:
            out = []
            for f, array, profile, kind in self._raw:
                d = dict(zip(_METRICS, f[9:]))
                d.update(line=f[1], column=f[2], array=array, profile=profile, kind=kind, width=f[6], failed=f[8])
                d["global"] = bool(f[7])
                out.append(d)
            self._accesses = out
        return self._accesses

    def __repr__(self) -> str:
        if self.reason is not None:
            return "<Score infeasible: %s>" % self.reason
        return "<Score %d-way, cycles %d, excess %d, %d accesses>" % (
            self.ways, self.cycles, self.excess, len(self.accesses))


# ldscalc_score_access as struct.unpack reads it: size, line, column, the
# three strings (pointers), width, global, failed, the six metrics
_ACCESS_LAYOUT = _struct.Struct("@NIIPPPIii6Q")
_METRICS = ("instructions", "cycles", "ideal", "excess", "ways", "broadcasts")


class Prepared:
    """A program parsed once, scored for many candidates (lds-calc(3),
    ldscalc_prepare): prepare(text).score(PAD=1) -> Score;
    .score_many([{"PAD": 0}, {"PAD": 1, "arch": "gfx942"}]) -> [Score].
    An infeasible candidate gives a Score with its reason, never an
    exception.  params: the program's free names, with their defaults
    (the session's defines) or None."""

    params: Dict[str, Optional[int]]

    def __init__(self, session: Session, program: Text, name: Optional[Text] = None) -> None:
        data = _text(program, "the program")
        label = None if name is None else _text(name, "name")
        self._session = session
        self._ptr: Optional[int] = None
        handle = _native._P()
        ptr = session._enter()
        try:
            status = _native.lib.ldscalc_prepare(ptr, label, data, len(data), _native.ctypes.byref(handle))
            if status != OK:
                err = _native.lib.ldscalc_session_error(ptr)
                raise _error_of(err) if err else MemoryError("ldscalc: out of memory")
        finally:
            session._leave()
        self._ptr = handle.value
        self.params = {}
        value, has = _native.ctypes.c_int64(), _native.ctypes.c_int()
        for i in range(_native.lib.ldscalc_prepared_nparams(self._ptr)):
            pname = _native.lib.ldscalc_prepared_param(self._ptr, i, _native.ctypes.byref(value),
                                                       _native.ctypes.byref(has)).decode()
            self.params[pname] = value.value if has.value else None
        self._names = {n: n.encode() for n in self.params}
        self._one = _native.ScoreResult()
        self._one.size = _native.ctypes.sizeof(_native.ScoreResult)
        self._acc = _native.ScoreAccess()
        self._acc.size = _native.ctypes.sizeof(self._acc)
        assert _ACCESS_LAYOUT.size <= self._acc.size
        self._get_access = _native.lib.ldscalc_scored_access
        self._strings: Dict[int, str] = {}
        # score's candidate, made once: a value per parameter at most
        self._values = (_native.Value * max(len(self.params), 1))()
        self._cand = _native.Candidate()
        self._cand.values = self._values
        self._cand_ref = _native.ctypes.byref(self._cand)
        self._one_ref = _native.ctypes.byref(self._one)

    def _candidate(self, values: Candidate, cand: _native.Candidate, keep: List[Any]) -> None:
        """Fill the ctypes candidate cand from a mapping ("arch" names the
        profile); keep holds what it points to."""
        arch = values.get("arch")
        n = len(values) - (arch is not None or "arch" in values)
        arr = (_native.Value * max(n, 1))()
        i = 0
        for key, v in values.items():
            if key == "arch":
                continue
            if isinstance(v, bool) or not isinstance(v, int) or not -2**63 <= v < 2**63:
                raise TypeError("ldscalc: the value of %r must be an int of 64 bits, not %r" % (key, v))
            arr[i].name = self._names.get(key) or _text(key, "a parameter's name")
            arr[i].value = v
            i += 1
        cand.arch = None if arch is None else _text(arch, "arch")
        cand.values = arr
        cand.nvalues = n
        keep.append(arr)

    def _string(self, address: Optional[int]) -> Optional[str]:
        """A string the handle owns (an array's or profile's name, kept
        for its life), read once."""
        if not address:
            return None
        got = self._strings.get(address)
        if got is None:
            got = self._strings[address] = _native.ctypes.string_at(address).decode("utf-8", "replace")
        return got

    def _read(self, k: int, res: _native.ScoreResult) -> Score:
        sc = Score()
        sc.status = res.status
        sc.reason = None if res.reason is None else res.reason.decode("utf-8", "replace")
        sc.ways, sc.instructions, sc.cycles = res.ways, res.instructions, res.cycles
        sc.ideal, sc.excess, sc.broadcasts = res.ideal, res.excess, res.broadcasts
        if res.status == NO_MEMORY:   # a slot made again: its names may have moved
            self._strings.clear()
        acc, get, unpack, ptr, string = self._acc, self._get_access, _ACCESS_LAYOUT.unpack_from, self._ptr, self._string
        raw: List[Tuple[Tuple[Any, ...], Optional[str], Optional[str], Optional[str]]] = []
        for i in range(res.naccesses):   # read now: the next score replaces them
            get(ptr, k, i, acc)
            f = unpack(acc)
            raw.append((f, string(f[3]), string(f[4]), string(f[5])))
        sc._raw, sc._accesses = raw, None
        return sc

    def _handle(self) -> int:
        if not self._ptr:
            raise ValueError("ldscalc: the prepared program is freed")
        return self._ptr

    def _fill_one(self, values: Candidate) -> Any:
        """score's candidate from a mapping: the values in place, when
        every name is a parameter (else through _candidate)."""
        names, arr, n = self._names, self._values, 0
        arch = None
        for key, v in values.items():
            if key == "arch":
                arch = v
                continue
            name = names.get(key)
            if name is None or n == len(arr):
                return None
            if v.__class__ is not int and (isinstance(v, bool) or not isinstance(v, int)) or not -2**63 <= v < 2**63:
                raise TypeError("ldscalc: the value of %r must be an int of 64 bits, not %r" % (key, v))
            arr[n].name = name
            arr[n].value = v
            n += 1
        self._cand.arch = None if arch is None else _text(arch, "arch")
        self._cand.nvalues = n
        return self._cand_ref

    def score(self, values: Optional[Candidate] = None, **named: Union[int, str, None]) -> Score:
        """Score one candidate: score(PAD=1), score({"PAD": 1}), score(PAD=1, arch="sm90")."""
        merged: Dict[str, Union[int, str, None]] = dict(values, **named) if values else dict(named)
        keep: List[Any] = []
        self._session._enter()
        try:
            cand = self._fill_one(merged)
            if cand is None:   # a name that is not a parameter: the library says so
                one = _native.Candidate()
                self._candidate(merged, one, keep)
                cand = _native.ctypes.byref(one)
            _native.lib.ldscalc_score(self._handle(), cand, self._one_ref)
            return self._read(0, self._one)
        finally:
            self._session._leave()

    def _score_array(self, candidates: _Iterable[Candidate]) -> Tuple[Any, int]:
        """Score a batch into a ctypes array of ldscalc_score_result; the
        array and the number scored."""
        candidates = list(candidates)
        n = len(candidates)
        cands = (_native.Candidate * max(n, 1))()
        keep: List[Any] = []
        for i, values in enumerate(candidates):
            if not isinstance(values, _Mapping):
                raise TypeError("ldscalc: a candidate is a mapping of names to values, not %s"
                                % type(values).__name__)
            self._candidate(values, cands[i], keep)
        out = (_native.ScoreResult * max(n, 1))()
        out[0].size = _native.ctypes.sizeof(_native.ScoreResult)
        if _native.lib.ldscalc_score_many(self._handle(), cands, n, out) != OK:
            raise MemoryError("ldscalc: out of memory")
        return out, n

    def score_many(self, candidates: _Iterable[Candidate], arrays: bool = False) -> Any:
        """Score a list of candidates (mappings, as score's) on the
        session's threads -> a list of Score, in order.

        arrays=True: the batch as columns instead, a dict of the totals
        (status, ways, instructions, cycles, ideal, excess, broadcasts,
        naccesses) as numpy arrays of 64-bit integers when numpy is
        installed, else as lists, and reason, a list of str or None; no
        Score is made, and no access read (what a search over many
        candidates wants)."""
        self._session._enter()
        try:
            out, n = self._score_array(candidates)
            if arrays:
                return _columns(out, n)
            return [self._read(k, out[k]) for k in range(n)]
        finally:
            self._session._leave()

    def free(self, _free: Callable[[Any], None] = _native.lib.ldscalc_prepared_free) -> None:
        """Free the prepared program (its session stays open)."""
        ptr, self._ptr = getattr(self, "_ptr", None), None
        if ptr:
            _free(ptr)

    __del__ = free

    def __enter__(self) -> "Prepared":
        return self

    def __exit__(self, *exc: object) -> None:
        self.free()


_COLUMNS = ("status", "ways", "instructions", "cycles", "ideal", "excess", "broadcasts", "naccesses")


def _columns(out: Any, n: int) -> Dict[str, Any]:
    """A batch's totals as columns: numpy arrays where numpy is
    installed (read from the C structs without a Python loop), lists
    otherwise; reason a list either way."""
    reasons = [None if out[k].reason is None else out[k].reason.decode("utf-8", "replace") for k in range(n)]
    try:
        import numpy
    except ImportError:
        cols: Dict[str, Any] = {c: [getattr(out[k], c) for k in range(n)] for c in _COLUMNS}
    else:
        fields = [getattr(_native.ScoreResult, c) for c in _COLUMNS]   # ctypes' offset and size of each
        layout = numpy.dtype({"names": list(_COLUMNS),
                              "formats": ["%s%d" % ("i" if c == "status" else "u", f.size) for c, f in zip(_COLUMNS, fields)],
                              "offsets": [f.offset for f in fields],
                              "itemsize": _native.ctypes.sizeof(_native.ScoreResult)})
        table = numpy.frombuffer(out, dtype=layout, count=n)
        cols = {c: table[c].astype(numpy.int64 if c == "status" else numpy.uint64) for c in _COLUMNS}
    cols["reason"] = reasons
    return cols


def prepare(program: Text, arch: Optional[str] = None, defines: Optional[Mapping[str, Union[int, str]]] = None,
            session: Optional[Session] = None, name: Optional[Text] = None, **options: OptionValue) -> Prepared:
    """Parse a program once for scoring many candidates: prepare(text,
    arch="sm80").score(PAD=1).  Its session (made from arch, defines and
    options unless given) lives as long as the Prepared."""
    if session is None:
        session = Session(arch, defines, **options)
    return Prepared(session, program, name)


def run(program: Text, arch: Optional[str] = None, defines: Optional[Mapping[str, Union[int, str]]] = None,
        **options: OptionValue) -> Result:
    """Run an lds program once: ldscalc.run(text, arch="sm80",
    defines={"N": 64}, max_steps=..., jobs=...) -> Result."""
    with Session(arch, defines, **options) as s:
        return s.run(program, _stacklevel=3)


def run_file(path: PathLike, arch: Optional[str] = None, defines: Optional[Mapping[str, Union[int, str]]] = None,
             **options: OptionValue) -> Result:
    """Run a file once (an lds program or a kernel)."""
    with Session(arch, defines, **options) as s:
        return s.run_file(path, _stacklevel=3)
