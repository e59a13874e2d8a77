/* src/layout_draw.h - a `show layout` picture drawn: as text for the
 * terminal (a bank grid, then a lane grid), and as a standalone SVG 1.1
 * picture for teaching, each element coloured by its bank and by its
 * lane, as CuTe's print_latex and the swizzle visualisers colour them. */
#ifndef LDS_LAYOUT_DRAW_H
#define LDS_LAYOUT_DRAW_H

#include <stdio.h>

#include "src/results.h"

void lds_layout_draw_text(FILE *out, const lds_layout_result *pic);
void lds_layout_draw_svg(FILE *out, const lds_layout_result *pic);

#endif
