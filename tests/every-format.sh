#!/bin/sh
# Every access of every test kernel appears in every output format (text,
# JSON, CSV, diagnostics, SARIF), modelled or not modelled, and "not
# modelled" is a warning wherever a format has a level
# (tests/check_every_format.py).
. "$srcdir/tests/lib.sh"
if [ -z "$PYTHON3" ]; then
    echo "1..0 # SKIP python3 not found"
    exit 0
fi
exec "$PYTHON3" "$srcdir/tests/check_every_format.py" "$LDS_CALC" "$srcdir"
