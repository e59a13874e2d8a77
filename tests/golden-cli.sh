#!/bin/sh
# Golden command-line tests.  Each tests/cli/NAME.cmd is a shell command
# line run in tests/cli with `lds` standing for lds-calc (and NAME.stdin,
# if present, on its standard input); its stdout, stderr and exit status
# must equal NAME.out, NAME.err and NAME.status.
#
# To regenerate the expected files after an intended change:
#   make regen-golden        (or REGEN=1 with this script), then review
#   `git diff tests/cli` before committing.
#
# Under valgrind, one lds-calc run in four runs under it (tests/lib.sh's
# lds): every case is checked, a quarter of them under valgrind.
. "$srcdir/tests/lib.sh"
cd "$srcdir/tests/cli" || exit 99
tmp=${TMPDIR:-/tmp}/lds-golden.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
for cmd in *.cmd; do
    name=${cmd%.cmd}
    input=/dev/null
    [ -f "$name.stdin" ] && input=$name.stdin
    ( . "$srcdir/tests/lib.sh"; eval "$(cat "$cmd")" ) <"$input" >"$tmp/out" 2>"$tmp/err"
    echo $? >"$tmp/status"
    if [ -n "$REGEN" ]; then
        cp "$tmp/out" "$name.out"; cp "$tmp/err" "$name.err"; cp "$tmp/status" "$name.status"
        ok "$name (regenerated)"
        continue
    fi
    if cmp -s "$tmp/out" "$name.out" && cmp -s "$tmp/err" "$name.err" && cmp -s "$tmp/status" "$name.status"; then
        ok "$name"
    else
        not_ok "$name"
        for f in out err status; do
            diff -u "$name.$f" "$tmp/$f" | sed 's/^/# /' | head -40
        done
    fi
done
tap_end
