"""The C API (lds-calc.h) through ctypes: finding libldscalc and
declaring its functions.  ctypes releases the GIL around every call, so
a run in one thread can be cancelled from another.

The library is found, first to last: the file LDSCALC_LIBRARY names; the
source tree's, built in place (python/ldscalc -> .libs); the one `make
install` installed beside this module (_libdir.py); libldscalc.so.API
(the soname of the API this module speaks) where the dynamic linker
looks (LD_LIBRARY_PATH, ld.so.cache: run ldconfig after installing to
/usr/local/lib); ctypes.util.find_library("ldscalc")."""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Any, Callable, Iterator, List, Optional, Tuple

API_VERSION = 2
JSON_FORMAT = "lds-calc/2"


class Error(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int), ("file", ctypes.c_char_p),
                ("line", ctypes.c_uint), ("column", ctypes.c_uint),
                ("message", ctypes.c_char_p)]


class Value(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("value", ctypes.c_int64)]


class Candidate(ctypes.Structure):
    _fields_ = [("arch", ctypes.c_char_p), ("values", ctypes.POINTER(Value)),
                ("nvalues", ctypes.c_size_t)]


_TOTALS: List[Tuple[str, Any]] = [("ways", ctypes.c_uint64), ("instructions", ctypes.c_uint64),
           ("cycles", ctypes.c_uint64), ("ideal", ctypes.c_uint64),
           ("excess", ctypes.c_uint64), ("broadcasts", ctypes.c_uint64)]


class ScoreResult(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("status", ctypes.c_int),
                ("reason", ctypes.c_char_p), ("naccesses", ctypes.c_size_t)] + _TOTALS   # type: ignore[assignment]


class ScoreAccess(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("line", ctypes.c_uint), ("column", ctypes.c_uint),
                ("array", ctypes.c_char_p), ("profile", ctypes.c_char_p), ("kind", ctypes.c_char_p),
                ("width", ctypes.c_uint), ("global_", ctypes.c_int), ("failed", ctypes.c_int),
                ("instructions", ctypes.c_uint64), ("cycles", ctypes.c_uint64),
                ("ideal", ctypes.c_uint64), ("excess", ctypes.c_uint64),
                ("ways", ctypes.c_uint64), ("broadcasts", ctypes.c_uint64)]


def _candidates() -> Iterator[str]:
    """Where libldscalc may be, most specific first."""
    env = os.environ.get("LDSCALC_LIBRARY")
    if env:
        yield env
    here = os.path.dirname(os.path.abspath(__file__))
    # the source tree, built in place: python/ldscalc -> .libs
    yield os.path.join(here, "..", "..", ".libs", "libldscalc.so")
    try:
        from ._libdir import LIBDIR  # written by make install
        yield os.path.join(LIBDIR, "libldscalc.so.%d" % API_VERSION)
    except ImportError:
        pass
    yield "libldscalc.so.%d" % API_VERSION   # the dynamic linker's search
    found = ctypes.util.find_library("ldscalc")
    if found:
        yield found


def _load() -> ctypes.CDLL:
    tried = []
    for path in _candidates():
        if os.path.sep in path and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("ldscalc: libldscalc not found; build lds-calc, or set LDSCALC_LIBRARY "
                      "to the path of libldscalc.so (tried: %s)" % (", ".join(tried) if tried else "none"))


lib = _load()

_P = ctypes.c_void_p
_S = ctypes.c_char_p
_SIZE = ctypes.c_size_t


def _declare(name: str, restype: Any, *argtypes: Any) -> None:
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_declare("ldscalc_api_version", ctypes.c_int)
_declare("ldscalc_version", _S)
_declare("ldscalc_open", _P)
_declare("ldscalc_set", ctypes.c_int, _P, _S, _S)
_declare("ldscalc_session_error", ctypes.POINTER(Error), _P)
_declare("ldscalc_cancel", None, _P)
_declare("ldscalc_close", None, _P)
_declare("ldscalc_run", _P, _P, _S, _S, _SIZE)
_declare("ldscalc_run_file", _P, _P, _S)
_declare("ldscalc_result_free", None, _P)
_declare("ldscalc_result_status", ctypes.c_int, _P)
_declare("ldscalc_result_error", ctypes.POINTER(Error), _P)
_declare("ldscalc_result_nwarnings", _SIZE, _P)
_declare("ldscalc_result_warning", ctypes.POINTER(Error), _P, _SIZE)
_declare("ldscalc_result_printed", _S, _P)
_declare("ldscalc_result_naccesses", _SIZE, _P)
_declare("ldscalc_render", ctypes.c_int, _P, _S, ctypes.c_char_p, _SIZE, ctypes.POINTER(_SIZE))
_declare("ldscalc_access_svg", ctypes.c_int, _P, _SIZE, ctypes.c_char_p, _SIZE, ctypes.POINTER(_SIZE))

_declare("ldscalc_version_number", ctypes.c_int)
_declare("ldscalc_prepare", ctypes.c_int, _P, _S, _S, _SIZE, ctypes.POINTER(_P))
_declare("ldscalc_prepared_nparams", _SIZE, _P)
_declare("ldscalc_prepared_param", _S, _P, _SIZE, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int))
_declare("ldscalc_score", ctypes.c_int, _P, ctypes.POINTER(Candidate), ctypes.POINTER(ScoreResult))
_declare("ldscalc_score_many", ctypes.c_int, _P, ctypes.POINTER(Candidate), _SIZE, ctypes.POINTER(ScoreResult))
_declare("ldscalc_scored_access", ctypes.c_int, _P, _SIZE, _SIZE, ctypes.POINTER(ScoreAccess))
_declare("ldscalc_prepared_free", None, _P)

if lib.ldscalc_api_version() != API_VERSION:
    raise ImportError("ldscalc: this module speaks API %d, the library %d: install matching versions"
                      % (API_VERSION, lib.ldscalc_api_version()))


def text(fill: Callable[[Any, int, Any], int]) -> Tuple[int, Optional[str]]:
    """Text a C function writes as snprintf does: fill(buf, size, length)."""
    need = _SIZE(0)
    status = fill(None, 0, ctypes.byref(need))
    if status != 0:
        return status, None
    buf = ctypes.create_string_buffer(need.value + 1)
    status = fill(buf, need.value + 1, None)
    return status, buf.raw[:need.value].decode("utf-8", "replace")
