#!/bin/sh
# Golden error messages: each program of tests/errors/programs.txt (run as
# lds-calc PROGRAM) must end with the exit status and the first line of
# standard error that tests/errors/errors.golden holds for it.  Every
# run-time error message of src/ appears there, so a broken message (a
# "(null)", a lost argument) cannot pass.  REGEN=1 rewrites the golden file.
. "$srcdir/tests/lib.sh"
dir="$srcdir/tests/errors"
tmp=${TMPDIR:-/tmp}/lds-errors.$$
trap 'rm -f "$tmp"' EXIT
grep -v '^#' "$dir/programs.txt" | grep . | while IFS= read -r prog; do
    opts=
    while case "$prog" in --*) true ;; *) false ;; esac; do   # leading options
        opts="$opts ${prog%% *}"
        prog=${prog#* }
    done
    ( ulimit -t $(cpu_cap 20) 2>/dev/null; lds $opts "$prog" ) >/dev/null 2>"$tmp"
    printf '%s\t%s\n' "$?" "$(head -n 1 "$tmp")"
done >"$tmp.got"
if [ -n "$REGEN" ]; then
    cp "$tmp.got" "$dir/errors.golden"
    echo "1..0 # SKIP regenerated $dir/errors.golden"
    rm -f "$tmp.got"
    exit 0
fi
grep -v '^#' "$dir/programs.txt" | grep . >"$tmp.progs"
i=0
while IFS= read -r prog; do
    i=$((i + 1))
    got=$(sed -n "${i}p" "$tmp.got")
    want=$(sed -n "${i}p" "$dir/errors.golden")
    if [ "$got" = "$want" ]; then
        ok "$prog"
    else
        not_ok "$prog"
        echo "# want: $want"
        echo "# got:  $got"
    fi
    case "$got" in *"(null)"*) not_ok "no (null) in: $prog" ;; esac
done <"$tmp.progs"
rm -f "$tmp.got" "$tmp.progs"
tap_end
