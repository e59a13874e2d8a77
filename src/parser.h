/* src/parser.h - precedence-climbing parser for the lds language. */
#ifndef LDS_PARSER_H
#define LDS_PARSER_H

#include "src/ast.h"
#include "src/diag.h"

/* Deepest nesting of expressions and blocks (language.md limits). */
#define LDS_MAX_DEPTH 256
/* Tallest expression tree (bounds every recursive walk of it). */
#define LDS_MAX_HEIGHT 1024

/* Parse a whole source into prog (statements allocated in prog->arena,
 * which the caller owns).  Returns 0, or -1 with diag set. */
int lds_parse_program(const lds_source *src, lds_program *prog, lds_diag *diag);

/* Parse a source that holds one expression (a -D value). */
int lds_parse_expression(const lds_source *src, lds_arena *arena, lds_expr **out, lds_diag *diag);

/* Whether a source ends inside an open ( [ or { (the REPL asks for more). */
int lds_parse_incomplete(const lds_source *src);

#endif
