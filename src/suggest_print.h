/* src/suggest_print.h - a suggest statement's result as text: the
 * ranked layouts ready to paste, and --explain's one-line fix.  Reads
 * results only, so the text report can use it. */
#ifndef LDS_SUGGEST_PRINT_H
#define LDS_SUGGEST_PRINT_H

#include <stdio.h>

#include "src/results.h"

void lds_suggest_print(FILE *out, const lds_suggestion *sg);
void lds_suggest_print_fix(FILE *out, const lds_suggestion *sg);

#endif
