/* src/suggest_print.h - a suggest statement's result as text: the
 * ranked layouts ready to paste, and --explain's one-line fix.  Reads
 * results only, so the text report can use it. */
#ifndef LDS_SUGGEST_PRINT_H
#define LDS_SUGGEST_PRINT_H

#include <stdio.h>

#include "base/buf.h"
#include "base/diag.h"
#include "src/results.h"

void lds_suggest_print(FILE *out, const lds_suggestion *sg);
/* The fixes --explain has printed: one an array of a kernel, and the
 * layouts it chose; a later one that chooses the same points back to it. */
typedef struct {
    char *array, *kernel, *choice;
    unsigned line, col;
} lds_fix_said;
typedef struct {
    lds_fix_said *v;
    size_t n, cap;
} lds_fixes_said;
void lds_fixes_said_free(lds_fixes_said *f);
/* --explain's line: the best fix for sg's array after the statement at
 * loc (rec: the access that conflicted, for the kernel's own terms; said:
 * what was printed before, updated; either may be NULL). */
void lds_suggest_print_fix(FILE *out, const lds_suggestion *sg, const lds_access_result *rec, lds_fixes_said *said,
                           lds_loc loc);
/* A padded 2-D (or more) array as the language of access record a's
 * file declares it: "__shared__ float tile[32][33];", "array f32
 * tile[32][33]" in lds; false for another layout or one dimension. */
bool lds_fix_declaration(lds_buf *b, const lds_suggestion *sg, const lds_suggest_candidate *c,
                         const lds_access_result *a);
/* Candidate c of a one-dimensional array (a dynamic one included) as the
 * kernel of access record a writes it: the index rewritten, on the name
 * its accesses use ("sdata[i ^ ((i >> 5) & 7)] for sdata[i]"), in the
 * elements they read; a 2-D array's XOR ("tile[r][c ^ r] for tile[r][c]").  False where it cannot be (not a lowered record, a
 * layout of another family, elements that do not divide it). */
bool lds_fix_in_kernel_terms(lds_buf *b, const lds_suggestion *sg, const lds_suggest_candidate *c,
                             const lds_access_result *a);

/* The language a record's file is written in, as its extension: the
 * kernel file's ("cu", "ttgir"), else by its name ("" for none). */
const char *lds_access_lang_ext(const lds_access_result *a);

#endif
