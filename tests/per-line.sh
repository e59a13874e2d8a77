#!/bin/sh
# Two paths to one kernel give the same shared-memory numbers per source
# line, or differ where tests/per_line.py names why: Triton's kernels of
# tests/ttgir read as TTGIR and as the PTX Triton made of them (per line
# of kernels.py), and the CUDA kernels of tests/ptx read as source and
# as the PTX nvcc made of them (per line of NAME.cu).
. "$srcdir/tests/lib.sh"
if [ -z "$PYTHON3" ]; then
    echo "1..0 # SKIP python3 not found"
    exit 0
fi
"$PYTHON3" "$srcdir/tests/per_line.py" ttgir "$srcdir" "$LDS_CALC" | sed 's/^1\.\.\([0-9]*\)$/# ttgir: \1 checks/' > "${TMPDIR:-/tmp}/per-line.$$"
"$PYTHON3" "$srcdir/tests/per_line.py" cuda "$srcdir" "$LDS_CALC" | sed 's/^1\.\.\([0-9]*\)$/# cuda: \1 checks/' >> "${TMPDIR:-/tmp}/per-line.$$"
awk '/^(not )?ok [0-9]+ - / { sub(/ok [0-9]+ - /, "ok " ++n " - ") } { print } END { print "1.." n }' "${TMPDIR:-/tmp}/per-line.$$"
rm -f "${TMPDIR:-/tmp}/per-line.$$"
