/* front/csrc/pp.h - what the kernel file's preprocessor shares between
 * front/csrc/lex.c (lexing, directives) and front/csrc/pp_macro.c (macros,
 * #if); not for use outside them. */
#ifndef LDS_CSRC_PP_H
#define LDS_CSRC_PP_H

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "front/csrc/lex.h"
#include "base/mem.h"

#define MAX_EXPANSION_DEPTH 200
#define MAX_TOKENS (1u << 22)   /* a file and its expansions: 4M tokens */
#define MAX_PARAMS 64
#define MAX_IF_DEPTH 256

typedef struct macro {
    const char *name;
    unsigned name_len;
    bool func, variadic;
    const csrc_tok *params;   /* the parameter names */
    unsigned nparams;
    const csrc_tok *body;
    unsigned nbody;
    const csrc_predefined *predef;   /* a macro the compiler predefines, or NULL */
    bool noted;                      /* its note was given */
    struct macro *next;
} macro;

typedef struct {
    const csrc_pp_options *o;
    lds_arena *arena;
    lds_diag *diag;
    macro *macros;
    csrc_toks *out;
    unsigned depth;
} pp;

/* A list of tokens being built. */
typedef csrc_toks list;

/* The macros disabled while a macro's expansion is rescanned. */
typedef struct hide {
    const macro *m;
    const struct hide *up;
} hide;

/* #if's constant expressions: C's operators over integers. */
typedef struct {
    pp *p;
    const csrc_tok *t;
    size_t n, i;
    lds_loc at;
} if_expr;

/* Translation phases 1 to 3 over one text: line splices (a backslash at
 * a line's end) joined wherever they are, a NUL byte or a byte-order
 * mark after the first read as a blank (counted, for one warning). */
typedef struct {
    const lds_source *src;
    const char *p, *end, *line_start;
    unsigned line;
    bool bol;
    lds_diag *diag;
    lds_arena *arena;             /* the spellings of tokens a splice cuts */
    bool spliced;                 /* the token being read crosses a splice */
    bool blank;                   /* a blank or a comment before it */
    unsigned nuls, boms;          /* NUL bytes and inner byte-order marks read as blanks */
    lds_loc nul_at, bom_at;       /* the first of each */
} raw_lexer;

typedef struct {
    bool active;      /* its lines are kept */
    bool taken;       /* a branch of it was */
    bool outer;       /* the group around it keeps its lines */
    bool seen_else;
    lds_loc at;
} cond_group;



/* front/csrc/pp_macro.c: macros, #if */
macro *pp_find_macro(const pp *p, const char *name, unsigned len);
const csrc_define *pp_find_define(const pp *p, const char *name, unsigned len);
void pp_list_free(list *l);
int pp_too_many(pp *p, const list *l, lds_loc loc);
bool pp_hidden(const hide *h, const macro *m);
int pp_expand(pp *p, const csrc_tok *in, size_t n, const hide *h, list *out);
int pp_collect_args(pp *p, const macro *m, const csrc_tok *in, size_t n, size_t *i, size_t *starts,
                        size_t *ends, unsigned *nargs, lds_loc use);
int pp_param_index(const macro *m, const csrc_tok *t);
csrc_tok pp_made(pp *p, csrc_tok_kind kind, const char *text, size_t len, lds_loc use);
csrc_tok pp_stringize(pp *p, const csrc_tok *a, size_t n, lds_loc use);
int pp_substitute(pp *p, const macro *m, const csrc_tok *in, const size_t *starts, const size_t *ends,
                      const hide *h, lds_loc use, list *out);
int pp_define_macro(pp *p, const csrc_tok *line, size_t n, lds_loc at);
int pp_referenced(pp *p, macro *m, bool value, lds_loc at);
void pp_undefine(pp *p, const csrc_tok *name);
const csrc_tok *pp_if_peek(if_expr *x);
int pp_if_fail(if_expr *x, const char *what);
int pp_if_primary(if_expr *x, int64_t *v);
int pp_if_binary(if_expr *x, int level, int64_t *v);
int pp_if_cond(if_expr *x, int64_t *v);
int pp_if_value(pp *p, const csrc_tok *line, size_t n, lds_loc at, bool *holds);

/* front/csrc/lex.c: lexing, directives */
void pp_push(csrc_toks *t, const csrc_tok *k);
int pp_raw_next(raw_lexer *lx, csrc_tok *t);
/* The raw tokens of a whole text (a file, a header) appended to raw, its
 * EOF token last; its odd blanks warned of.  -1 with diag set. */
int pp_lex_file(const lds_source *src, const csrc_pp_options *o, lds_arena *arena, lds_diag *diag, csrc_toks *raw);

/* front/csrc/pp_include.c: the #include line at `at` (its words after
 * "include": rest), whose tokens end before (*keep)[end]: the header it
 * names, found, lexed and put in place of the line in *keep (n tokens,
 * made anew in the arena; the old array stays, macros point into it).
 * Nothing where it is not found (a warning for a "..." one) or said
 * #pragma once.  -1 with p->diag set. */
int pp_include(pp *p, lds_loc at, const csrc_tok *rest, size_t nrest, csrc_tok **keep, size_t *n, size_t end);
/* -include's files (p->o->includes->files), found as the compilers find
 * them (the path as given, then each -I folder), put before the first of
 * the n tokens of *keep, the file src's.  -1 with p->diag set where one
 * is found nowhere or cannot be read. */
int pp_include_files(pp *p, const lds_source *src, csrc_tok **keep, size_t *n);
/* #pragma once in src: an #include of it again reads nothing. */
void pp_pragma_once(pp *p, const lds_source *src);

#endif
