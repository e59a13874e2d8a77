#!/bin/sh
# Every input in tests/regress/ once crashed or tripped a sanitizer: each
# must now end with an exit status (0-4), no signal, no sanitizer report.
. "$srcdir/tests/lib.sh"
for f in "$srcdir"/tests/regress/*.lds; do
    out=$(lds -f "$f" 2>&1 >/dev/null)
    st=$?
    if [ $st -le 4 ] && ! printf '%s\n' "$out" | grep -q -E 'runtime error|Sanitizer|ERROR: '; then
        ok "$(basename "$f") (exit $st)"
    else
        not_ok "$(basename "$f") (exit $st)"
        printf '%s\n' "$out" | sed 's/^/# /' | head -10
    fi
done
# and the int64 path (with its shortcuts and the lane-vector evaluator)
# agrees with the GMP path on each, byte for byte
for f in "$srcdir"/tests/regress/*.lds; do
    a=$(lds -j1 -f "$f" 2>&1); b=$(lds -j1 --gmp-only -f "$f" 2>&1)
    if [ "$a" = "$b" ]; then ok "$(basename "$f"): int64 = GMP"; else
        not_ok "$(basename "$f"): int64 = GMP"; printf '%s\n' "$a" | diff - "$(printf '%s\n' "$b" > "${TMPDIR:-/tmp}/lds-regress.$$"; echo "${TMPDIR:-/tmp}/lds-regress.$$")" | sed 's/^/# /' | head; rm -f "${TMPDIR:-/tmp}/lds-regress.$$"; fi
done
tap_end
