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
tap_end
