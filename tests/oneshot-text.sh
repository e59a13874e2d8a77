#!/bin/sh
# tests/oneshot-text.sh - a one-shot run's functions lie together at the
# head of lds-calc's code (cli/oneshot-text.ld, HACKING.md "Start-up"): of
# the code `lds-calc 'read f32[lane]'` executes, at least 90% lies between
# the list's bounds; less means the list has gone stale (make oneshot-text).
. "$srcdir/tests/lib.sh"
if [ -z "$LDS_LAYOUT" ]; then
    echo "1..0 # SKIP this build does not order the code (configure found no linker for it, or instrumented)"
    exit 0
fi
# check-valgrind runs every script test again; this one runs valgrind itself
if [ -n "$LDS_VALGRIND" ] || ! command -v valgrind > /dev/null || ! command -v nm > /dev/null \
        || [ -z "$PYTHON3" ]; then
    echo "1..0 # SKIP needs valgrind, nm and python3 (and not under valgrind)"
    exit 0
fi
out=$("$PYTHON3" "$srcdir/bench/oneshot-text.py" --check "$LDS_CALC" "$srcdir" 2>&1)
st=$?
printf '%s\n' "$out" | sed 's/^/# /'
check "at least 90% of a trivial run's code lies among the one-shot functions" [ "$st" -eq 0 ]
# the bounds enclose code: an empty list would pass the check above vacuously
bytes=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) of \([0-9]*\) bytes.*/\1/p')
check "the one-shot functions hold code the run executes (${bytes:-no} bytes)" [ "${bytes:-0}" -gt 10000 ]
tap_end
