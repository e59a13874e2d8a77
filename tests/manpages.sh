#!/bin/sh
# Man pages: lint-clean, every option of --help documented in lds-calc(1),
# and every command of lds-calc(1)'s EXAMPLES runs with the output shown.
. "$srcdir/tests/lib.sh"
if [ -z "$MANDOC" ]; then
    echo "1..0 # SKIP mandoc not found"
    exit 0
fi
for m in "$srcdir"/man/*.[0-9]; do
    out=$("$MANDOC" -Tlint -W warning "$m" 2>&1)
    if [ -z "$out" ]; then ok "mandoc -Tlint $(basename "$m")"; else not_ok "mandoc -Tlint $(basename "$m")"; printf '%s\n' "$out" | sed 's/^/# /'; fi
done
# options in --help versus the man page
man1=$("$MANDOC" -Tascii "$srcdir/man/lds-calc.1" | sed 's/.\x08//g')
for opt in $("$LDS_CALC" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
    if printf '%s\n' "$man1" | grep -q -- "$opt"; then ok "lds-calc(1) documents $opt"; else not_ok "lds-calc(1) documents $opt"; fi
done
# the C API: every function of lds-calc.h in lds-calc(3)'s synopsis and text
man3=$("$MANDOC" -Tascii "$srcdir/man/lds-calc.3" | sed 's/.\x08//g')
for fn in $(grep -oE '^[a-z].* \**(ldscalc_[a-z_]+)\(' "$srcdir/src/lds-calc.h" | grep -oE 'ldscalc_[a-z_]+' | sort -u); do
    n=$(printf '%s\n' "$man3" | grep -c -- "$fn")
    if [ "$n" -ge 2 ]; then ok "lds-calc(3) documents $fn"; else not_ok "lds-calc(3) documents $fn (named $n times)"; fi
done
# EXAMPLES: a literal line "$ lds-calc ..." and the output lines under it
tmp=${TMPDIR:-/tmp}/lds-man.$$
mkdir -p "$tmp/bin"; trap 'rm -rf "$tmp"' EXIT
ln -s "$LDS_CALC" "$tmp/bin/lds-calc"
printf '%s\n' "$man1" | awk -v dir="$tmp" '
    /^EXAMPLES/ { on = 1; next }
    /^[A-Z][A-Z ]+$/ { on = 0 }
    on && /^ +\$ (lds-calc|printf .*[|] *lds-calc)/ { n++; indent = index($0, "$") - 1; out = dir "/" n ".want"
        print substr($0, indent + 3) > (dir "/" n ".cmd"); printf "" > out; next }
    on && out != "" && length($0) > indent && substr($0, 1, indent) ~ /^ +$/ { print substr($0, indent + 1) >> out; next }
    { out = "" }'
for c in "$tmp"/*.cmd; do
    [ -f "$c" ] || continue
    cmd=$(cat "$c")
    got=$(cd "$srcdir/examples" && PATH="$tmp/bin:$PATH" sh -c "$cmd" 2>&1 | tr -d "\r")
    if [ "$got" = "$(cat "${c%.cmd}.want")" ]; then ok "man example: $cmd"; else
        not_ok "man example: $cmd"; printf '%s\n' "$got" | diff "${c%.cmd}.want" - | sed 's/^/# /'; fi
done
tap_end
