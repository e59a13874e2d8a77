#!/bin/sh
# The command line and the REPL use the library through its public API
# alone (lds-calc(3)): every library function their objects call is an
# ldscalc_ function.  tests/layering.py checks their #includes; this
# checks what the compiled objects of lds-calc actually reference.
. "$srcdir/tests/lib.sh"
builddir=$(dirname "$LDS_CALC")
if ! command -v nm > /dev/null 2>&1; then
    echo "1..0 # SKIP nm not found"
    exit 0
fi
objects=$(ls "$builddir"/cli/lds_calc-*.o "$builddir"/repl/lds_calc-*.o 2> /dev/null)
libs=$(ls "$builddir"/.libs/libldslang.a "$builddir"/.libs/libldssim.a 2> /dev/null)
if [ -z "$objects" ] || [ -z "$libs" ]; then
    echo "1..0 # SKIP lds-calc's objects or the internal libraries are not in $builddir"
    exit 0
fi
tmp=${TMPDIR:-/tmp}/cli-api.$$
trap 'rm -f "$tmp".*' EXIT
# what the library defines, and what the program's objects need
nm -g --defined-only $libs 2> /dev/null | awk 'NF == 3 { print $3 }' | sort -u > "$tmp.lib"
nm -u $objects | awk 'NF >= 2 && $1 == "U" { print $2 }' | sort -u > "$tmp.used"
comm -12 "$tmp.lib" "$tmp.used" > "$tmp.both"
grep -v '^ldscalc_' "$tmp.both" > "$tmp.private"
check "lds-calc's objects reference library functions (the check sees them: $(wc -l < "$tmp.both") found)" \
    test -s "$tmp.both"
if [ -s "$tmp.private" ]; then
    not_ok "cli/ and repl/ call only ldscalc_ functions; also: $(tr '\n' ' ' < "$tmp.private")"
else
    ok "cli/ and repl/ call only ldscalc_ functions"
fi
tap_end
