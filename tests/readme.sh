#!/bin/sh
# The README's tour works as written: every "$ lds-calc ..." line of its
# console blocks runs (from the source directory, with lds-calc on the
# PATH as after `make install`) and prints the lines shown under it.
. "$srcdir/tests/lib.sh"
tmp=${TMPDIR:-/tmp}/lds-readme.$$
mkdir -p "$tmp/bin"; trap 'rm -rf "$tmp"' EXIT
ln -s "$LDS_CALC" "$tmp/bin/lds-calc"
awk -v dir="$tmp" '
    /^```console/ { on = 1; next }
    /^```/ { on = 0; out = ""; next }
    on && /^\$ lds-calc/ { n++; out = dir "/" n ".want"; print substr($0, 3) > (dir "/" n ".cmd"); printf "" > out; next }
    on && /^$/ { out = ""; next }
    on && out != "" { print >> out }' "$srcdir/README.md"
for c in "$tmp"/*.cmd; do
    [ -f "$c" ] || continue
    cmd=$(cat "$c")
    got=$(cd "$srcdir" && PATH="$tmp/bin:$PATH" sh -c "$cmd" 2>&1)
    if [ "$got" = "$(cat "${c%.cmd}.want")" ]; then ok "README: $cmd"; else
        not_ok "README: $cmd"; printf '%s\n' "$got" | diff "${c%.cmd}.want" - | sed 's/^/# /'; fi
done
tap_end
