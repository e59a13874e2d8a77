#!/bin/sh
# The C API and the Python module (issue 32; lds-calc(3)): the C example
# built in the tree runs; the Python tests (pytest where installed, else
# unittest) compare the module with the command line on every example;
# the notebook executes (jupyter nbconvert where installed, else its code
# cells in plain Python).  The unit tests of the C API are
# tests/unit/test-api.c.
. "$srcdir/tests/lib.sh"
builddir=$(dirname "$LDS_CALC")

out=$($LDS_VALGRIND "$builddir/examples/api-example" 2>&1)
check "the C API's example runs and finds 32-way against conflict-free" test $? -eq 0
case $out in *'"format": "lds-calc/'*) ok "its JSON names its format" ;; *) not_ok "its JSON names its format" ;; esac

# lds-calc(3)'s EXAMPLES program compiles and prints what the page says
if [ -n "$MANDOC" ] && [ -n "$PYTHON3" ] && [ "$LDS_SANITIZED" != 1 ] && command -v "${CC:-cc}" > /dev/null; then
    tmp=${TMPDIR:-/tmp}/lds-man3-$$
    mkdir -p "$tmp"
    "$MANDOC" -Tascii "$srcdir/man/lds-calc.3" | sed 's/.\x08//g' | "$PYTHON3" -c '
import sys
lines = sys.stdin.read().expandtabs().splitlines()
i = [k for k, l in enumerate(lines) if "#include <lds-calc.h>" in l][-1]
ind = len(lines[i]) - len(lines[i].lstrip())
for l in lines[i:]:
    print(l[ind:])
    if l[ind:] == "}":
        break' > "$tmp/example.c"
    if "${CC:-cc}" -std=c11 -I"$srcdir/src" "$tmp/example.c" "$builddir/.libs/libldscalc.a" -lgmp -lpthread \
        -o "$tmp/example" 2> "$tmp/log" && [ "$("$tmp/example")" = "PAD=0: 32-way
PAD=1: 1-way" ]; then
        ok "lds-calc(3)'s example compiles and prints PAD=0: 32-way, PAD=1: 1-way"
    else
        not_ok "lds-calc(3)'s example compiles and prints PAD=0: 32-way, PAD=1: 1-way"
        sed 's/^/# /' "$tmp/log"
    fi
    rm -rf "$tmp"
else
    ok "lds-calc(3)'s example # SKIP needs mandoc, python3, a C compiler and a build without sanitizers"
fi

# the library an ASan build makes cannot be loaded into a Python that
# was not built with it; valgrind would trace Python itself
if [ -z "$PYTHON3" ] || [ "$LDS_SANITIZED" = 1 ]; then
    why="no python3"
    [ -n "$PYTHON3" ] && why="a sanitizer build"
    ok "the Python module and the notebook # SKIP $why"
    tap_end
    exit
fi
LDSCALC_LIBRARY="$builddir/.libs/libldscalc.so"
PYTHONPATH="$srcdir/python${PYTHONPATH:+:$PYTHONPATH}"
export LDSCALC_LIBRARY PYTHONPATH LDS_CALC srcdir

log=${TMPDIR:-/tmp}/lds-api-$$.log
# pytest in configure's Python, or in the system's (the README installs
# Debian's python3-pytest there)
pytest_python=
for p in "$PYTHON3" /usr/bin/python3; do
    if [ -z "$pytest_python" ] && "$p" -c 'import pytest' 2> /dev/null; then pytest_python=$p; fi
done
if [ -n "$pytest_python" ]; then
    how="pytest, $pytest_python"
    "$pytest_python" -m pytest -q -p no:cacheprovider "$srcdir/tests/python" > "$log" 2>&1
else
    how="unittest; pytest is not installed"
    "$PYTHON3" "$srcdir/tests/python/test_ldscalc.py" > "$log" 2>&1
fi
check "Python tests ($how): the module against the command line, errors, cancel, pictures" test $? -eq 0
sed 's/^/# /' "$log" | tail -25
rm -f "$log"

if command -v jupyter > /dev/null 2>&1 && jupyter nbconvert --version > /dev/null 2>&1; then
    dir=${TMPDIR:-/tmp}/lds-nb-$$
    mkdir -p "$dir"
    PYDEVD_DISABLE_FILE_VALIDATION=1 jupyter nbconvert --to notebook --execute --output-dir "$dir" \
        "$srcdir/examples/notebook.ipynb" > "$log" 2>&1
    check "examples/notebook.ipynb executes (jupyter nbconvert --execute)" test $? -eq 0
    grep -v 'Debugger warning\|frozen modules\|Debugging will proceed' "$log" | sed 's/^/# /'
    rm -rf "$dir" "$log"
else
    ok "examples/notebook.ipynb under Jupyter # SKIP jupyter nbconvert is not installed"
fi
if "$PYTHON3" "$srcdir/tests/run_notebook.py" "$srcdir/examples/notebook.ipynb" > "${log}.nb" 2>&1; then
    ok "the notebook's code cells run in plain Python"
else
    not_ok "the notebook's code cells run in plain Python"
fi
sed 's/^/# /' "${log}.nb"
rm -f "${log}.nb"
tap_end
