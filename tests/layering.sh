#!/bin/sh
# The source tree's shape: one-way folders, no include cycles, report
# writers that read results only, file sizes, rules only in sim/
# (tests/layering.py).
. "$srcdir/tests/lib.sh"
if [ -z "$PYTHON3" ]; then
    echo "1..0 # SKIP python3 not found"
    exit 0
fi
exec "$PYTHON3" "$srcdir/tests/layering.py" "$srcdir" "$PWD"
