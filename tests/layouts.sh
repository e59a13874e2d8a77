#!/bin/sh
# Layouts in CuTe's notation (lds(5), LAYOUTS): each offset table below is
# derived by hand in the comments and compared with what lds-calc prints.
. "$srcdir/tests/lib.sh"
# prints PROGRAM EXPECTED: the program's print lines, joined by spaces
prints() { [ "$(lds "$1" 2>&1 | tr '\n' ' ')" = "$2 " ]; }
fails_with() { lds "$1" 2>&1 | grep -qF "$2"; }

# (8,(4,2)):(4,(1,32)), CuTe's own example of a hierarchical layout:
# mode 0 (8 rows) has stride 4; mode 1 (8 columns) splits j into
# (j % 4, j / 4) with strides (1, 32): offset = 4i + j % 4 + 32 (j / 4).
# Row 0: 0 1 2 3 32 33 34 35; row 7 adds 28: 28 29 30 31 60 61 62 63.
check "(8,(4,2)):(4,(1,32)) row 0" \
    prints 'layout L = (8,(4,2)):(4,(1,32)); print L(0,0), L(0,1), L(0,2), L(0,3), L(0,4), L(0,5), L(0,6), L(0,7)' \
    '0 1 2 3 32 33 34 35'
check "(8,(4,2)):(4,(1,32)) row 7" \
    prints 'layout L = (8,(4,2)):(4,(1,32)); print L(7,0), L(7,1), L(7,2), L(7,3), L(7,4), L(7,5), L(7,6), L(7,7)' \
    '28 29 30 31 60 61 62 63'
# A one-mode layout 8:2 is 2i; the last sub-mode is unbounded, as CuTe's
# idx2crd: the one mode ((4,2)):((1,4)) at 9 is 9 % 4 + 4 (9 / 4) = 1 + 8 = 9.
check "8:2 and an unbounded last sub-mode" prints 'layout A = 8:2; layout B = ((4,2)):((1,4)); print A(5), B(9)' '10 9'
# CuTe's Swizzle<3,3,3> o (8,64):(64,1), the fp16 8 x 64 atom: the 16-byte
# chunk c / 8 of row r moves to (c / 8) ^ (r % 8):
#   (1,0): 64 + (0 ^ 1) 8 = 72      (1,8): 64 + (1 ^ 1) 8 = 64
#   (3,16): 192 + (2 ^ 3) 8 = 200   (7,63): 448 + (7 ^ 7) 8 + 7 = 455
check "Swizzle<3,3,3> o (8,64):(64,1)" \
    prints 'layout S = Swizzle<3,3,3> o (8,64):(64,1); print S(1,0), S(1,8), S(3,16), S(7,63)' '72 64 200 455'
# An array with a layout reads through it: column 0 of the plain atom is
# 8 rows on banks 0-3 (8-way for b128), swizzled on 8 different groups.
check "an array laid out by Swizzle<3,3,3> o (8,64):(64,1) is conflict-free down a column" \
    lds -q 'arch sm80; layout S = Swizzle<3,3,3> o (8,64):(64,1); array f16 t[8][64] layout S; read b128 t[lane % 8][0]; expect conflict-free'

check "a stride not nested as the shape" \
    fails_with 'layout B = (8,(4,2)):(4,(1,32),3)' "the stride (_,(_,_),_) is not nested as the shape (_,(_,_))"
check "a size that is not positive" fails_with 'layout B = (8,0):(1,8)' "a shape's sizes are positive"
check "SHAPE without :STRIDE" fails_with 'layout B = (8,4)(1,8)' "expected ':' and the stride (SHAPE:STRIDE), found '('"
check "Swizzle<B,M> is short one" fails_with 'layout B = Swizzle<3,3> o (8,4):(1,8)' "expected ',' in Swizzle<B,M,S>, found '>'"
check "a computed size is refused" fails_with 'layout B = (8,2*2):(1,8)' "expected ',' or ')'"
tap_end
