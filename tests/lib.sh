# tests/lib.sh - TAP helpers for the script tests (sourced).
: "${LDS_CALC:?LDS_CALC must name the lds-calc binary}"
: "${srcdir:=.}"
tap_n=0
tap_failed=0
ok() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $*"; }
not_ok() { tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n - $*"; }
# check DESCRIPTION COMMAND...: ok if the command succeeds
check() { d=$1; shift; if "$@"; then ok "$d"; else not_ok "$d"; fi; }
# run lds-calc (under $LDS_VALGRIND when set)
lds() { $LDS_VALGRIND "$LDS_CALC" "$@"; }
tap_end() { echo "1..$tap_n"; [ "$tap_failed" -eq 0 ]; }
