#!/bin/sh
# bench/run.sh - `make bench`: lds-calc against loops written by hand
# (bench/hand.c), one thread against one thread and two against two, then
# the rows of lds-calc alone.  The rows and the paired timing are in
# bench/bench.py, shared with bench/compare.sh.
#
# Usage: run.sh LDS_CALC HAND
exec "${PYTHON3:-python3}" "$(dirname "$0")/bench.py" run "$1" "$2"
