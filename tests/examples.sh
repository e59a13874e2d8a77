#!/bin/sh
# Every example checks itself with `expect`: it must exit 0, and must say
# what it teaches in its header.
. "$srcdir/tests/lib.sh"
for f in "$srcdir"/examples/*.lds; do
    name=$(basename "$f")
    if ! grep -q '^# What this teaches:' "$f"; then
        not_ok "$name: header says what it teaches"
        continue
    fi
    out=$(lds -f "$f" 2>&1)
    st=$?
    if [ $st -eq 0 ]; then
        ok "$name"
    else
        not_ok "$name (exit $st)"
        printf '%s\n' "$out" | sed 's/^/# /' | head -20
    fi
done
tap_end
