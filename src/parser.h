/* src/parser.h - text to syntax tree (src/ast.h). */
#ifndef LDS_PARSER_H
#define LDS_PARSER_H

#include "src/ast.h"
#include "src/diag.h"

/* Parse a whole source into prog (statements allocated in prog->arena,
 * which the caller owns).  Returns 0, or -1 with diag set. */
int lds_parse_program(const lds_source *src, lds_program *prog, lds_diag *diag);

/* Parse a source that holds one expression (a -D value). */
int lds_parse_expression(const lds_source *src, lds_arena *arena, lds_expr **out, lds_diag *diag);

/* Whether a source ends inside an open ( [ or { (the REPL asks for more). */
int lds_parse_incomplete(const lds_source *src);

#endif
