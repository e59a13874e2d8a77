#!/bin/sh
# Kernel files as written (tests/kernels/) give the numbers of their hand
# translations into lds, and valid JSON, SARIF and diagnostics
# (tests/check_kernels.py).
. "$srcdir/tests/lib.sh"
if [ -z "$PYTHON3" ]; then
    echo "1..0 # SKIP python3 not found"
    exit 0
fi
exec "$PYTHON3" "$srcdir/tests/check_kernels.py" "$LDS_CALC" "$srcdir"
