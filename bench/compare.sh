#!/bin/sh
# bench/compare.sh - one lds-calc against another (say v1 against today) on
# the rows of `make bench`, in interleaved pairs; exits non-zero when
# either fails on a row.  The rows are in bench/bench.py.
#
# Usage: compare.sh OLD_LDS_CALC NEW_LDS_CALC
#   e.g. git worktree add /tmp/v1 a0d83ac && (cd /tmp/v1 &&
#        autoreconf -fi && ./configure && make lds-calc)
#        bench/compare.sh /tmp/v1/lds-calc ./lds-calc
exec "${PYTHON3:-python3}" "$(dirname "$0")/bench.py" compare "$1" "$2"
