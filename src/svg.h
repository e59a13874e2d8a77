/* src/svg.h - lanes against banks as a standalone SVG 1.1 picture. */
#ifndef LDS_SVG_H
#define LDS_SVG_H

#include <stdio.h>

#include "src/results.h"

/* One picture of instruction `sample` of an access: one column per bank,
 * one row per lane grouped by phase, a mark for each word a lane touches
 * (green: the bank serves it alone; blue: shared with another lane, a
 * broadcast; red: on a bank that serves several words, a conflict). */
void lds_svg_write(FILE *out, const lds_access_result *rec, unsigned sample);
/* A global access's instruction: lanes by transactions (src/svg_global.c). */
void lds_svg_global(FILE *out, const lds_access_result *rec, unsigned sample);
/* The picture's start: the XML declaration, the <svg> element (monospace
 * 11 px), its <title>, a white background.  The caller ends it with </svg>. */
void lds_svg_begin(FILE *out, unsigned width, unsigned height, const char *title);
/* Text as SVG character data: markup characters escaped, and by the rule
 * of user text (base/usertext.h) control bytes and bytes not in valid
 * UTF-8 as \xNN. */
void lds_svg_text(FILE *out, const char *s);
/* At most `max` characters of it, "..." marking a cut. */
void lds_svg_text_fit(FILE *out, const char *s, size_t max);
/* A picture's heading: "line 7 of KERNEL: SOURCE" (of KERNEL in a kernel
 * file), cut to the picture's width. */
void lds_svg_heading(FILE *out, const lds_access_result *rec, unsigned width);

#endif
