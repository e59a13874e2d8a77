/* src/parser.h - text to syntax tree (src/ast.h). */
#ifndef LDS_PARSER_H
#define LDS_PARSER_H

#include <stdbool.h>

#include "src/ast.h"
#include "base/diag.h"

struct lds_parse_ctx;

/* Parse a whole source into prog (statements allocated in prog->arena,
 * which the caller owns).  Returns 0, or -1 with diag set. */
int lds_parse_program(const lds_source *src, lds_program *prog, lds_diag *diag);
/* The same, with what earlier texts and -D told the parser (#define'd
 * macros for #if, shared scalars), which this text adds to. */
int lds_parse_program_in(const lds_source *src, lds_program *prog, struct lds_parse_ctx *ctx, lds_diag *diag);

/* Whether a source is one statement of this kind (an lds_stmt_kind) and
 * nothing else but blanks, ';' and comments (the REPL's explain). */
bool lds_parse_is_lone(const lds_source *src, int kind);

/* Parse a source that holds one expression (a -D value). */
int lds_parse_expression(const lds_source *src, lds_arena *arena, lds_expr **out, lds_diag *diag);

/* Whether a source ends inside an open ( [ or { or #if (the REPL asks for
 * more); ctx (may be NULL): what the parser knows before it. */
int lds_parse_incomplete(const lds_source *src, const struct lds_parse_ctx *ctx);

#endif
