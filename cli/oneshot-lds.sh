#!/bin/sh
# cli/oneshot-lds.sh - print the linker's default script for a program
# linked with LINK_COMMAND, with the list FRAGMENT (cli/oneshot-text.ld)
# included at the head of .text, after its startup and hot input
# sections.  configure writes it to oneshot.lds; lds-calc is linked with
# it where the linker takes it (GNU ld prints its script with --verbose).
# The functions stay in the one .text section, so debuggers, valgrind
# and perf name them as before.
#
# Usage: oneshot-lds.sh "LINK_COMMAND" FRAGMENT > oneshot.lds
link=$1 fragment=$2
tmp=${TMPDIR:-/tmp}/oneshot-lds.$$
trap 'rm -f "$tmp".c "$tmp".out "$tmp"' EXIT
echo 'int main(void) { return 0; }' > "$tmp.c"
$link -Wl,--verbose "$tmp.c" -o "$tmp" > "$tmp.out" 2>&1 || exit 1
# the script lies between two lines of '=' signs
awk -v f="$fragment" '
  /^==================================================/ { inside = !inside; next }
  !inside { next }
  { print }
  /^ *\*\(\.text\.hot \.text\.hot\.\*\)$/ { print "    INCLUDE \"" f "\""; n++ }
  END { exit n == 1 ? 0 : 1 }' "$tmp.out"
