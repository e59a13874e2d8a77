/* src/parser_impl.h - the parser's state and helpers, shared by the
 * lds grammar (src/parser.c) and the kernel forms pasted from CUDA, HIP
 * and OpenCL source (src/parse_kernel.c).  Not for use outside them. */
#ifndef LDS_PARSER_IMPL_H
#define LDS_PARSER_IMPL_H

#include "src/ast.h"
#include "src/lexer.h"

/* An access found inside a kernel statement's expression (x = A[i] * B[j]). */
typedef struct {
    lds_access_kind kind;
    lds_target target;
    lds_expr *cond;           /* the lanes that make it (a side of ?:), or NULL: all */
} pr_found_access;

struct lds_parse_ctx;

/* An #if group being parsed. */
typedef struct {
    lds_loc loc;              /* its #if */
    bool taken;               /* a branch of it was taken */
    bool in_else;             /* after its #else */
} pr_conditional;

#define PR_MAX_CONDITIONALS 64

typedef struct {
    lds_lexer lx;
    lds_token tok;         /* current token */
    const char *prev_end;  /* end of the token before it */
    lds_arena *arena;
    lds_diag *diag;
    unsigned depth;
    bool eof_error;        /* the error is that the input ended with a bracket open */
    /* while parsing the right side of a kernel assignment: array elements
     * (and atomic calls) met in expressions are collected here and read
     * as accesses (NULL elsewhere: an index is never an array element) */
    bool collecting;
    pr_found_access *found;
    unsigned nfound, found_cap;
    lds_expr *guard;       /* while collecting: the condition under which the
                              part being parsed runs (the side of a ?: or of
                              && ||), NULL: always */
    unsigned data_seen;    /* stand-ins made so far for data (loaded values,
                              floating-point literals) */
    lds_token float_tok;   /* the first floating-point literal collected (len 0: none) */
    bool in_if;            /* parsing an #if condition: 'defined NAME' */
    bool kernel_literals;  /* a kernel form: 010 is C's octal, so refused */
    struct lds_parse_ctx *ctx;   /* macros, -D names, shared scalars (never NULL) */
    pr_conditional cond[PR_MAX_CONDITIONALS];
    unsigned ncond;
    const lds_source *line_src;   /* the kernel line a lowered statement came from */
    unsigned line_no;             /*   last: its source, number and start, where */
    const char *line_at;          /*   the next one's search starts */
} parser;

#define FAIL(P) ((P)->diag->set)

void pr_advance(parser *p);
/* "expected WHAT, found ..." at the current token. */
void pr_error_at_tok(parser *p, const char *what);
int pr_expect_tok(parser *p, lds_tok_kind k, const char *what);
const char *pr_tok_str(parser *p);
/* A name being declared (an array, a def, a layout): its text and place;
 * -1 with "expected WHAT" if the token is not a name. */
int pr_take_name(parser *p, const char *what, const char **name, lds_loc *loc);
/* One more level of nesting; -1 past LDS_MAX_DEPTH. */
int pr_enter(parser *p);
void pr_unknown_word(parser *p, lds_loc loc, const char *what, const char *word, const char *const *words,
                     const char *list);
lds_expr *pr_check_height(parser *p, lds_expr *e);
lds_expr *pr_new_expr(parser *p, lds_expr_kind k, lds_loc loc);
lds_stmt *pr_new_stmt(parser *p, lds_stmt_kind k, lds_loc loc);
lds_expr *pr_parse_expr(parser *p);
lds_expr *pr_parse_unary(parser *p);
lds_stmt *pr_parse_def(parser *p, lds_loc loc, bool macro);
/* src/parse_layout.c: layout NAME = ..., a def (lds(5), LAYOUTS). */
lds_stmt *pr_parse_layout(parser *p, lds_loc loc);
/* src/parse_fragment.c: fragment NAME = ..., the defs NAME.row and
 * NAME.col and the name NAME.values, linked. */
lds_stmt *pr_parse_fragment(parser *p, lds_loc loc);
unsigned pr_parse_type(parser *p, const char **name);
int pr_parse_dims(parser *p, lds_expr ***out, unsigned *n);
int pr_parse_target(parser *p, lds_target *t);
/* access := ... target [ 'if' expr ] [ 'for' loops ]; the target parsed
 * already when t is not NULL. */
lds_stmt *pr_parse_access(parser *p, lds_loc loc, lds_access_kind kind, unsigned width, const lds_target *t);

/* "'1.5' is a floating-point number; an index or a size is an integer" */
void pr_float_error(parser *p, const lds_token *t);

/* src/parse_preproc.c: C's conditional directives, evaluated as the
 * text is parsed. */
/* At a TK_DIRECTIVE token: #if, #ifdef, #ifndef, #elif, #else, #endif,
 * #undef; the lines a false condition leaves out are skipped.  0, or -1. */
int pr_directive(parser *p);
/* At the end of the input: every #if closed.  0, or -1. */
int pr_conditionals_closed(parser *p);
/* A #define NAME value: what #if will read NAME as. */
void pr_macro_defined(parser *p, const lds_token *name, const lds_expr *value);

/* src/parse_kernel.c: statements as kernels write them. */
/* Whether the statement starting at token t (the parser is one token
 * past it) is one of the kernel forms handled below. */
bool pr_kernel_statement_starts(const parser *p, const lds_token *t);
/* A kernel statement: a shared declaration (one statement per
 * declarator), a constant, '#define', an assignment or an atomic call
 * (its accesses, in the order the hardware performs them), or a bare
 * expression (a print).  t is its first token, already consumed.
 * Returns the first of a chain of statements linked by ->next. */
lds_stmt *pr_parse_kernel_statement(parser *p, lds_loc loc, const lds_token *t);
/* At '=' or a compound assignment after a target: the statements of
 * A[i] = v (a write) or A[i] += v (a read and a write), after the reads
 * the right side makes. */
lds_stmt *pr_parse_kernel_store(parser *p, const lds_target *target);
/* In an expression, at NAME '[' or an atomic call while collecting:
 * record the access and return a stand-in value. */
lds_expr *pr_collect_access(parser *p);
/* At '(' : a C cast '(TYPE)' if one starts here (the value is checked to
 * fit the type); NULL with no diagnostic if not a cast. */
lds_expr *pr_parse_cast(parser *p);

#endif
