"""A PEP 517 build backend for the ldscalc module, in the standard
library alone: the module is pure Python (ctypes over libldscalc), so a
wheel is its files, a METADATA, a WHEEL and a RECORD zipped, and `pip
install ./python` needs no build package to download (setuptools
without `wheel` cannot build one).  python/pyproject.toml names it.

Hooks: build_wheel, build_editable (a .pth file pointing at the source
tree), build_sdist, and the get_requires_* hooks (nothing)."""
from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile
from typing import Any, Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # python/
PACKAGE = "ldscalc"
TAG = "py3-none-any"


def _project() -> Dict[str, str]:
    """pyproject.toml's [project] strings (one `key = "value"` a line)."""
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"^\[project\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    if not section:
        raise RuntimeError("ldscalc_backend: pyproject.toml has no [project] table")
    return dict(re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"\s*$', section.group(1), re.M))


def _metadata(p: Dict[str, str]) -> str:
    lines = ["Metadata-Version: 2.1", "Name: %s" % p["name"], "Version: %s" % p["version"],
             "Summary: %s" % p.get("description", "")]
    if "requires-python" in p:
        lines.append("Requires-Python: %s" % p["requires-python"])
    return "\n".join(lines) + "\n"


def _module_files() -> List[Tuple[str, str]]:
    """(path in the wheel, path here) of the package's files: its .py
    and py.typed (not _libdir.py, which make install writes)."""
    root = os.path.join(HERE, PACKAGE)
    names = sorted(n for n in os.listdir(root) if (n.endswith(".py") or n == "py.typed") and n != "_libdir.py")
    return [("%s/%s" % (PACKAGE, n), os.path.join(root, n)) for n in names]


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def _write_wheel(directory: str, entries: List[Tuple[str, bytes]]) -> str:
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    info = dist + ".dist-info"
    entries = entries + [
        ("%s/METADATA" % info, _metadata(p).encode()),
        ("%s/WHEEL" % info, ("Wheel-Version: 1.0\nGenerator: ldscalc_backend\nRoot-Is-Purelib: true\nTag: %s\n"
                             % TAG).encode()),
    ]
    record = [_record_line(n, d) for n, d in entries] + ["%s/RECORD,," % info]
    entries.append(("%s/RECORD" % info, ("\n".join(record) + "\n").encode()))
    name = "%s-%s.whl" % (dist, TAG)
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in entries:
            z.writestr(n, d)
    return name


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                metadata_directory: Optional[str] = None) -> str:
    entries = []
    for name, path in _module_files():
        with open(path, "rb") as f:
            entries.append((name, f.read()))
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                   metadata_directory: Optional[str] = None) -> str:
    """A wheel whose one file puts this folder on sys.path."""
    return _write_wheel(wheel_directory, [("%s.pth" % PACKAGE, (HERE + "\n").encode())])


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    files = [("pyproject.toml", os.path.join(HERE, "pyproject.toml")),
             ("_build/ldscalc_backend.py", os.path.abspath(__file__))] + _module_files()
    name = dist + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        for arc, path in files:
            t.add(path, arcname="%s/%s" % (dist, arc))
        info = tarfile.TarInfo("%s/PKG-INFO" % dist)
        data = _metadata(p).encode()
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return name
