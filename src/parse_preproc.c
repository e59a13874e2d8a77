/* src/parse_preproc.c - C's conditional compilation in pasted kernels
 * (lds(5), KERNEL STATEMENTS):
 *
 *   #if EXPR   #ifdef NAME   #ifndef NAME   #elif EXPR   #else   #endif
 *   #undef NAME
 *
 * evaluated while the text is parsed, as a C preprocessor does: the
 * lines of a branch not taken are skipped unread.  A condition may use
 * integers, C's operators, defined(NAME) and the names #define gave a
 * constant (or -D gave); any other name is an error rather than C's
 * silent 0, so that a condition is never guessed. */
#include <string.h>

#include "src/parse_ctx.h"
#include "src/parser_impl.h"

/* ------------------------------------------------------------ folding */

static int fold(parser *p, const lds_expr *e, int64_t *out);

static int name_value(parser *p, const lds_expr *e, int64_t *out)
{
    int64_t v = 0;
    switch (lds_parse_ctx_macro(p->ctx, e->name, strlen(e->name), &v)) {
    case LDS_MACRO_VALUE:
        *out = v;
        return 0;
    case LDS_MACRO_SWEPT:
        lds_diag_set(p->diag, e->loc, "'%s' takes several values (-D %s=...): #if needs one", e->name, e->name);
        return -1;
    case LDS_MACRO_OTHER:
        lds_diag_set(p->diag, e->loc, "'%s' is a macro, but not of an integer #if can read", e->name);
        return -1;
    case LDS_MACRO_NONE:
        break;
    }
    lds_diag_set(p->diag, e->loc,
                 "'%s' in #if is neither a macro #define gave a constant above nor a -D name (C would read it as 0; "
                 "lds-calc does not guess): #define it, or give -D %s=VALUE",
                 e->name, e->name);
    return -1;
}

static int fold_call(parser *p, const lds_expr *e, int64_t *out)
{
    if (strcmp(e->name, "defined") || e->nargs != 1 || e->args[0]->kind != E_NAME) {
        lds_diag_set(p->diag, e->loc, "#if takes integers, operators and defined(NAME), not a call of '%s'", e->name);
        return -1;
    }
    int64_t v;
    const char *n = e->args[0]->name;
    *out = lds_parse_ctx_macro(p->ctx, n, strlen(n), &v) != LDS_MACRO_NONE;
    return 0;
}

static int fold_binary(parser *p, const lds_expr *e, int64_t a, int64_t b, int64_t *out)
{
    bool bad = false;
    switch (e->op) {
    case OP_ADD: bad = __builtin_add_overflow(a, b, out); break;
    case OP_SUB: bad = __builtin_sub_overflow(a, b, out); break;
    case OP_MUL: bad = __builtin_mul_overflow(a, b, out); break;
    case OP_DIV:
    case OP_MOD:
        if (b == 0 || (a == INT64_MIN && b == -1)) {
            lds_diag_set(p->diag, e->loc, b == 0 ? "division by zero in #if" : "an #if value beyond 64 bits");
            return -1;
        }
        *out = e->op == OP_DIV ? a / b : a % b;
        return 0;
    case OP_SHL:
    case OP_SHR:
        if (b < 0 || b > 62 || (e->op == OP_SHL && (a < 0 || a > (INT64_MAX >> b)))) {
            lds_diag_set(p->diag, e->loc, "a shift in #if beyond 64 bits");
            return -1;
        }
        *out = e->op == OP_SHL ? a << b : a >> b;
        return 0;
    case OP_AND: *out = a & b; break;
    case OP_OR: *out = a | b; break;
    case OP_XOR: *out = a ^ b; break;
    case OP_EQ: *out = a == b; break;
    case OP_NE: *out = a != b; break;
    case OP_LT: *out = a < b; break;
    case OP_LE: *out = a <= b; break;
    case OP_GT: *out = a > b; break;
    case OP_GE: *out = a >= b; break;
    default:
        lds_diag_set(p->diag, e->loc, "an operator #if does not take");
        return -1;
    }
    if (bad)
        lds_diag_set(p->diag, e->loc, "an #if value beyond 64 bits");
    return bad ? -1 : 0;
}

/* The value of an #if condition, as C's preprocessor computes it. */
static int fold(parser *p, const lds_expr *e, int64_t *out)
{
    int64_t a, b;
    switch (e->kind) {
    case E_NUM:
        if (e->big) {
            lds_diag_set(p->diag, e->loc, "an #if value beyond 64 bits");
            return -1;
        }
        *out = e->value;
        return 0;
    case E_NAME:
        return name_value(p, e, out);
    case E_CALL:
        return fold_call(p, e, out);
    case E_UNARY:
        if (fold(p, e->a, &a) < 0)
            return -1;
        if (e->op == OP_NEG && a == INT64_MIN) {
            lds_diag_set(p->diag, e->loc, "an #if value beyond 64 bits");
            return -1;
        }
        *out = e->op == OP_NOT ? !a : e->op == OP_COMPL ? ~a : -a;
        return 0;
    case E_COND:
        if (fold(p, e->a, &a) < 0)
            return -1;
        return fold(p, a ? e->b : e->c, out);
    case E_BINARY:
        if (fold(p, e->a, &a) < 0)
            return -1;
        if ((e->op == OP_LAND && !a) || (e->op == OP_LOR && a)) {   /* C does not read the other side */
            *out = e->op == OP_LOR;
            return 0;
        }
        if (fold(p, e->b, &b) < 0)
            return -1;
        if (e->op == OP_LAND || e->op == OP_LOR) {
            *out = b != 0;
            return 0;
        }
        return fold_binary(p, e, a, b, out);
    }
    return -1;
}

void pr_macro_defined(parser *p, const lds_token *name, const lds_expr *value)
{
    lds_diag scratch = { 0 }, *real = p->diag;
    int64_t v = 0;
    p->diag = &scratch;   /* a value #if cannot read is not an error until #if reads it */
    bool constant = value && fold(p, value, &v) == 0;
    p->diag = real;
    lds_parse_ctx_define(p->ctx, name->start, name->len, constant ? LDS_MACRO_VALUE : LDS_MACRO_OTHER, v);
}

/* ---------------------------------------------------------- directives */

static bool word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && memcmp(w, s, n) == 0;
}

/* The rest of a directive's line must be empty. */
static int end_of_directive(parser *p, const char *what)
{
    if (p->tok.kind != TK_NEWLINE && p->tok.kind != TK_EOF) {
        char msg[64];
        snprintf(msg, sizeof msg, "the end of the line after %s", what);
        pr_error_at_tok(p, msg);
        return -1;
    }
    return 0;
}

/* #if EXPR / #elif EXPR: the condition's value. */
static int condition(parser *p, bool *out)
{
    p->in_if = true;
    lds_expr *e = pr_parse_expr(p);
    p->in_if = false;
    int64_t v;
    if (!e || fold(p, e, &v) < 0 || end_of_directive(p, "the condition") < 0)
        return -1;
    *out = v != 0;
    return 0;
}

/* #ifdef NAME / #ifndef NAME / #undef NAME: the name. */
static int directive_name(parser *p, lds_token *name)
{
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "a macro name");
        return -1;
    }
    *name = p->tok;
    pr_advance(p);
    return end_of_directive(p, "the name");
}

/* Leave out lines up to the directive that ends the group (its #elif,
 * #else or #endif), and read that directive's token. */
static void skip_group(parser *p)
{
    lds_lex_skip_group(&p->lx);
    pr_advance(p);
}

/* The branch after this directive is taken (parse on) or not (skip it). */
static int branch(parser *p, pr_conditional *c, bool take)
{
    if (take) {
        c->taken = true;
        return 0;
    }
    skip_group(p);
    return p->tok.kind == TK_DIRECTIVE ? pr_directive(p) : 0;
}

int pr_directive(parser *p)
{
    lds_token t = p->tok;
    size_t n;
    const char *w = lds_directive_word(&t, &n);
    pr_advance(p);
    if (word_is(w, n, "undef")) {
        lds_token name;
        if (directive_name(p, &name) < 0)
            return -1;
        lds_parse_ctx_undef(p->ctx, name.start, name.len);
        return 0;
    }
    if (word_is(w, n, "if") || word_is(w, n, "ifdef") || word_is(w, n, "ifndef")) {
        if (p->ncond == PR_MAX_CONDITIONALS) {
            lds_diag_set(p->diag, t.loc, "#if nested more than %d deep", PR_MAX_CONDITIONALS);
            return -1;
        }
        pr_conditional *c = &p->cond[p->ncond++];
        c->loc = t.loc;
        c->taken = c->in_else = false;
        bool take;
        if (word_is(w, n, "if")) {
            if (condition(p, &take) < 0)
                return -1;
        } else {
            lds_token name;
            int64_t v;
            if (directive_name(p, &name) < 0)
                return -1;
            take = (lds_parse_ctx_macro(p->ctx, name.start, name.len, &v) != LDS_MACRO_NONE) == word_is(w, n, "ifdef");
        }
        return branch(p, c, take);
    }
    /* #elif, #else, #endif: of the innermost group */
    if (p->ncond == 0) {
        lds_diag_set(p->diag, t.loc, "#%.*s without #if", (int)n, w);
        return -1;
    }
    pr_conditional *c = &p->cond[p->ncond - 1];
    if (word_is(w, n, "endif")) {
        p->ncond--;
        return end_of_directive(p, "#endif");
    }
    if (c->in_else) {
        lds_diag_set(p->diag, t.loc, "#%.*s after #else", (int)n, w);
        return -1;
    }
    if (word_is(w, n, "else")) {
        c->in_else = true;
        if (end_of_directive(p, "#else") < 0)
            return -1;
        return branch(p, c, !c->taken);
    }
    /* #elif: its condition is read only if no branch was taken, as C does */
    bool take = false;
    if (!c->taken && condition(p, &take) < 0)
        return -1;
    return branch(p, c, !c->taken && take);
}

int pr_conditionals_closed(parser *p)
{
    if (p->ncond == 0)
        return 0;
    lds_diag_set(p->diag, p->cond[p->ncond - 1].loc, "#if without #endif");
    p->eof_error = true;   /* the REPL reads more lines */
    return -1;
}
