/* base/source_index.h - a program text's lines and statements, found once:
 * where each line starts (so that finding line N does not read the N - 1
 * before it), and, in a kernel file, where each C statement starts and
 * ends (so that a record's source is its statement, not its whole line);
 * and a statement's text as records show it. */
#ifndef LDS_SOURCE_INDEX_H
#define LDS_SOURCE_INDEX_H

#include <stdbool.h>
#include <stddef.h>

#include "base/arena.h"
#include "base/diag.h"

/* Index src's lines and, when c_family (a kernel file: C, C++, HLSL,
 * GLSL, OpenCL C), its statements; lds_input_free frees the index. */
void lds_source_index(lds_source *src, bool c_family);
void lds_source_index_free(lds_source *src);

/* The line `line` of an indexed src: as lds_source_line. */
const char *lds_source_index_line(const lds_source *src, unsigned line, size_t *len);

/* A record's source: the text of the statement of a program (start..end)
 * or of a kernel file (c_family: strings and characters kept whole, '#'
 * no comment), comments dropped, each run of blanks that held a comment
 * or a line break made one space, no blanks or ';' at its end, written by
 * the rule of user text (base/usertext.h), and cut to LDS_MAX_SOURCE_TEXT
 * bytes with "..." where it is longer.  In a's memory. */
const char *lds_statement_text(lds_arena *a, const char *start, const char *end, bool c_family);

/* The source of a statement lowered from line `line`, column `col` of a
 * kernel file src (indexed): the C statement that holds that place, or
 * from the place to the end of its line where none does. */
const char *lds_kernel_statement_text(lds_arena *a, const lds_source *src, unsigned line, unsigned col);
/* The name a kernel file's text subscripts at line `line`, column `col`
 * (sdata of sdata[i], where sdata may point into another array), or NULL
 * where no NAME [ starts there.  In a's memory. */
const char *lds_kernel_subscripted_name(lds_arena *a, const lds_source *src, unsigned line, unsigned col);

#endif
