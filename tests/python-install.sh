#!/bin/sh
# The Python module installs with pip from the source tree (python/,
# python/pyproject.toml) into a fresh virtual environment, offline, and
# the installed module - not the tree's - finds the built library, by
# LDSCALC_LIBRARY and by the dynamic linker's path (libldscalc.so.API),
# and scores a candidate.
. "$srcdir/tests/lib.sh"
builddir=$(cd "$(dirname "$LDS_CALC")" && pwd)
lib="$builddir/.libs/libldscalc.so"
py=${PYTHON3:-python3}
skip() { echo "1..0 # SKIP $*"; exit 0; }
[ "${LDS_SANITIZED:-0}" = 1 ] && skip "a sanitizer build's library cannot be loaded into Python"
command -v "$py" > /dev/null 2>&1 || skip "no python3"
[ -f "$lib" ] || skip "no shared library in $builddir/.libs"
tmp=${TMPDIR:-/tmp}/lds-pyinstall-$$
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"
"$py" -m venv --system-site-packages "$tmp/venv" > "$tmp/venv.log" 2>&1 || skip "python3 -m venv does not work here (no ensurepip?)"
"$tmp/venv/bin/python" -m pip --version > /dev/null 2>&1 || skip "no pip in the virtual environment"
# a copy of python/: pip then writes nothing into the source tree (a
# read-only one, as distcheck's, too)
cp -R "$srcdir/python" "$tmp/src"
chmod -R u+w "$tmp/src"
rm -rf "$tmp/src/ldscalc/_libdir.py" "$tmp/src/ldscalc/__pycache__"
"$tmp/venv/bin/python" -m pip install --no-build-isolation --no-deps --no-index --disable-pip-version-check \
    "$tmp/src" > "$tmp/pip.log" 2>&1
check "pip install --no-build-isolation --no-deps --no-index python/ into a venv" test $? -eq 0
sed 's/^/# /' "$tmp/pip.log" | tail -5

score='
import os, sys, ldscalc
here = os.path.dirname(ldscalc.__file__)
assert here.startswith(sys.prefix), "imported %s, not the installed module" % here
assert os.path.exists(os.path.join(here, "py.typed")), "no py.typed"
p = ldscalc.prepare("arch sm80; array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8")
print(ldscalc.version(), [s.ways for s in p.score_many([{"PAD": 0}, {"PAD": 1}])], p.score(PAD=1).excess)
'
cd "$tmp" || exit 2   # not the source tree: the installed module alone
want="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$srcdir/python/pyproject.toml") [32, 1] 0"
got=$(env -u PYTHONPATH LDSCALC_LIBRARY="$lib" "$tmp/venv/bin/python" -c "$score" 2>&1)
check "the installed module, LDSCALC_LIBRARY set, scores a candidate ($got)" test "$got" = "$want"
got=$(env -u PYTHONPATH -u LDSCALC_LIBRARY LD_LIBRARY_PATH="$builddir/.libs" "$tmp/venv/bin/python" -c "$score" 2>&1)
check "...and found as libldscalc.so.API on the dynamic linker's path ($got)" test "$got" = "$want"
got=$(env -u PYTHONPATH -u LDSCALC_LIBRARY LD_LIBRARY_PATH=/nonexistent "$tmp/venv/bin/python" -c "import ldscalc" 2>&1)
case $got in
    *"libldscalc not found"*LDSCALC_LIBRARY*) ok "no library anywhere: an ImportError saying to set LDSCALC_LIBRARY" ;;
    "") ok "no library anywhere # SKIP a libldscalc is installed on this machine" ;;
    *) not_ok "no library anywhere: an ImportError saying to set LDSCALC_LIBRARY ($got)" ;;
esac
tap_end
