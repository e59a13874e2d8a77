/* src/picture.h - `show layout NAME`: an array's tile drawn element by
 * element with the bank each element lies in, and the lanes of the last
 * access to it, as CuTe's print_layout and the swizzle visualisers draw
 * it (lds(5), show). */
#ifndef LDS_PICTURE_H
#define LDS_PICTURE_H

#include "src/interp.h"

/* Draw array `array` to in->print_out (nothing under -q, after the same
 * checks).  0, or -1 with in->diag set at loc. */
int lds_show_layout(lds_interp *in, const struct lds_sym *array, lds_loc loc);

#endif
