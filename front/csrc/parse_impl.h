/* front/csrc/parse_impl.h - what the files of the kernel parser share
 * (front/csrc/parse.c and front/csrc/parse_type.c, front/csrc/parse_expr.c, front/csrc/parse_stmt.c);
 * not for use outside them. */
#ifndef LDS_CSRC_PARSE_IMPL_H
#define LDS_CSRC_PARSE_IMPL_H

#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "front/csrc/parse.h"
#include "base/limits.h"

typedef struct {
    const csrc_tok *t;
    size_t n, i;
    size_t end;                   /* non-zero: tokens from here on read as the end of
                                     the file (one template argument parsed alone) */
    lds_arena *arena;
    lds_diag *diag;
    lds_lang lang;
    const char **types;           /* typedef and using names, template type parameters */
    unsigned ntypes, captypes;
    unsigned depth;
    bool failed;                  /* a statement could not be parsed: skip it */
    const char *ns;               /* the namespace the code here is in ("a::b"; "" outside) */
    csrc_unit *unit;              /* what the file declares so far */
    csrc_stmt ***gtail;           /* where its next file-scope declaration goes */
} cparser;





/* front/csrc/parse_type.c: tokens and types */
const csrc_tok *cp_peek(const cparser *p);
const csrc_tok *cp_peek_at(const cparser *p, size_t k);
bool cp_at(const cparser *p, const char *s);
bool cp_at_eof(const cparser *p);
void cp_advance(cparser *p);
bool cp_accept(cparser *p, const char *s);
char *cp_tok_str(cparser *p, const csrc_tok *t);
void cp_fail(cparser *p, const char *what);
void cp_fail_at(cparser *p, lds_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool cp_enter(cparser *p);
void cp_leave(cparser *p);
bool cp_expect(cparser *p, const char *s);
void cp_skip_group(cparser *p);
const char *cp_text_of(cparser *p, size_t from, size_t to);
bool cp_vector_type(const char *s, char *scalar, size_t size, unsigned *lanes);
bool cp_is_declared_type(const cparser *p, const csrc_tok *t);
void cp_declare_type(cparser *p, const char *name);
bool cp_is_type_word(const cparser *p, const csrc_tok *t);
int cp_storage_word_in(lds_lang lang, const csrc_tok *t);
bool cp_is_storage(const cparser *p, const csrc_tok *t);
const char *cp_qualified_name(cparser *p);
bool cp_template_args_ahead(const cparser *p, size_t *close);
const char *cp_template_args(cparser *p);
const char *cp_template_args_parsed(cparser *p, csrc_expr ***exprs, const char ***texts, unsigned *n);
bool cp_parse_type(cparser *p, csrc_type *type, unsigned *quals, csrc_expr **launch_bounds);
void cp_skip_attribute_args(cparser *p, csrc_expr **first_arg);

/* front/csrc/parse_struct.c: struct definitions */
bool cp_struct_ahead(const cparser *p);
void cp_struct_definition(cparser *p, csrc_unit *u, csrc_func *tmpl, csrc_func ***ftail);
bool cp_typedef_struct(cparser *p, csrc_unit *u);

/* front/csrc/parse_expr.c: expressions */
csrc_expr *cp_new_expr(cparser *p, csrc_expr_kind k, lds_loc loc);
/* e with its height set from its operands'; NULL (the statement failed)
 * where it is taller than LDS_MAX_HEIGHT. */
csrc_expr *cp_grown(cparser *p, csrc_expr *e);
bool cp_cast_ahead(cparser *p, csrc_type *type);
csrc_expr *cp_call_args(cparser *p, csrc_expr *e, const char *close);
bool cp_launch_ahead(const cparser *p);
csrc_expr *cp_launch(cparser *p, csrc_expr *c);
csrc_expr *cp_hip_launch(cparser *p, csrc_expr *call);
csrc_expr *cp_primary(cparser *p);
csrc_expr *cp_postfix(cparser *p);
csrc_expr *cp_unary(cparser *p);
csrc_expr *cp_binary(cparser *p, int level);
csrc_expr *cp_conditional(cparser *p);
csrc_expr *cp_parse_assign(cparser *p);
csrc_expr *cp_parse_expr(cparser *p);

/* front/csrc/parse_stmt.c: statements */
csrc_stmt *cp_new_stmt(cparser *p, csrc_stmt_kind k, lds_loc loc);
bool cp_declarator(cparser *p, const csrc_type *type, csrc_declarator *d);
csrc_stmt *cp_declaration(cparser *p, const csrc_type *type, unsigned quals, lds_loc loc);
bool cp_declaration_ahead(cparser *p);
void cp_skip_statement(cparser *p);
csrc_stmt *cp_opaque(cparser *p, lds_loc loc, const char *what);
csrc_stmt *cp_compound(cparser *p);
csrc_expr *cp_paren_cond(cparser *p);
csrc_stmt *cp_for_statement(cparser *p, lds_loc loc);
csrc_stmt *cp_statement_inner(cparser *p);
csrc_stmt *cp_statement(cparser *p);

/* front/csrc/parse_rewrite.c: statements rewritten as they are parsed */
csrc_stmt *cp_switch_statement(cparser *p, lds_loc loc, bool *followed);
csrc_stmt *cp_leading_breaks(cparser *p, csrc_stmt *loop);

/* front/csrc/parse_scope.c: namespaces, using, enumerations, static members */
/* name qualified by scope ("a::b", "name"; "" or NULL: name itself) */
const char *cp_scoped(cparser *p, const char *scope, const char *name);
/* using namespace X; using X::P; namespace A = X;  at p->i: recorded in
 * p->unit (scope: p->ns); false, nothing consumed, for another using. */
bool cp_using(cparser *p);
/* [inline] namespace [NAME[::NAME]] at p->i, up to its '{': the
 * namespace its body is in. */
const char *cp_namespace_head(cparser *p);
/* enum [class] [NAME] [: type] { ... } at p->i (up to the '}'): its
 * enumerators as constant ints named in scope; NULL, nothing consumed,
 * where no body follows (a declaration, enum E x;). */
csrc_stmt *cp_enum(cparser *p, const char *scope);
/* A file-scope declaration appended to the unit's. */
void cp_add_global(cparser *p, csrc_stmt *s);
/* static const[expr] T NAME = value; at p->i, a member of struct owner:
 * a file-scope constant owner::NAME; false, nothing consumed, otherwise. */
bool cp_static_member(cparser *p, const char *owner);
/* After a block's '}': what it declares, to the ';' that ends it (a line
 * that starts a declaration ends it where that ';' is left out). */
void cp_block_declarators(cparser *p);
/* HLSL's cbuffer/tbuffer at p->i, to its '}' (and a ';' after it). */
void cp_hlsl_buffer_block(cparser *p);
/* Whether a GLSL interface block (uniform NAME {, buffer NAME {) is at
 * p->i; the block read (a buffer's members global memory). */
bool cp_glsl_block_ahead(const cparser *p);
int cp_glsl_interface_block(cparser *p, csrc_func ***ftail, csrc_stmt ***gtail);

/* front/csrc/parse.c: the file level */
void cp_template_params(cparser *p, csrc_func *f);
bool cp_parse_params(cparser *p, csrc_func *f);
void cp_numthreads(cparser *p, csrc_expr **out);
bool cp_glsl_layout(cparser *p, csrc_unit *u);
int cp_file_declaration(cparser *p, csrc_func ***ftail, csrc_stmt ***gtail, csrc_func *pending);
int cp_file_level(cparser *p, csrc_unit *u, csrc_func ***ftail, csrc_stmt ***gtail, bool braced);

#endif
