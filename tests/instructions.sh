#!/bin/sh
# The instruction statements (lds(5), INSTRUCTIONS): tests/instructions.lds
# holds one access per family with its numbers worked out by hand in its
# comments and checked by its expect lines; then the messages.
. "$srcdir/tests/lib.sh"
check "every instruction's hand-derived numbers" lds -q -f "$srcdir/tests/instructions.lds"
check "a misspelt instruction is named, with the closest" \
    sh -c "'$LDS_CALC' 'ds_raed_b128 @ lane' 2>&1 | grep -qF \"unknown statement or instruction 'ds_raed_b128'; did you mean 'ds_read_b128'?\""
check "ldmatrix's note says how it is modelled" \
    sh -c "'$LDS_CALC' 'arch sm80; ldmatrix.x4 @ lane * 16' | grep -q 'note: ldmatrix: 16-byte rows whose addresses lanes 0-31 give'"
check "ldmatrix.x3 does not exist" sh -c "! '$LDS_CALC' 'ldmatrix.x3 @ lane * 16' 2>/dev/null"
tap_end
