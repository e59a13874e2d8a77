/* src/parser.c - hand-written recursive-descent parser with precedence
 * climbing for binary operators.  Each grammar rule is written above its
 * function.  Errors are values: the first one is kept in the diag, the
 * partial tree lives in the arena and is freed with it. */
#include "src/parser.h"
#include "src/parse_layout.h"
#include "src/parser_impl.h"

#include <stdlib.h>
#include <string.h>

#include "src/parse_ctx.h"

#include "sim/profile.h"
#include "src/lexer.h"
#include "src/instructions.h"
#include "base/limits.h"
#include "base/source_index.h"
#include "src/names.h"
#include "base/spell.h"
#include "src/types.h"


void pr_advance(parser *p)
{
    if (p->tok.start)   /* none before the first token */
        p->prev_end = p->tok.start + p->tok.len;
    p->tok = lds_lex_next(&p->lx);
}

void pr_error_at_tok(parser *p, const char *what)
{
    char open;
    lds_loc where;
    if (p->tok.kind == TK_ERROR)
        return;   /* the lexer already said why */
    if (p->tok.kind == TK_EOF && lds_lex_open_bracket(&p->lx, &open, &where)) {
        /* point at what was left open, not at the end of the text */
        lds_diag_set(p->diag, where, "this '%c' is never closed (expected %s at the end of the input)", open, what);
        p->eof_error = true;
        return;
    }
    if (p->tok.kind == TK_NAME || p->tok.kind == TK_INT || p->tok.kind == TK_WORD)
        lds_diag_set(p->diag, p->tok.loc, "expected %s, found '%.*s'", what,
                     (int)(p->tok.len > 40 ? 40 : p->tok.len), p->tok.start);
    else
        lds_diag_set(p->diag, p->tok.loc, "expected %s, found %s", what, lds_tok_name(p->tok.kind));
}

int pr_expect_tok(parser *p, lds_tok_kind k, const char *what)
{
    if (p->tok.kind != k) {
        pr_error_at_tok(p, what);
        return -1;
    }
    pr_advance(p);
    return 0;
}

const char *pr_tok_str(parser *p)
{
    return lds_arena_strndup(p->arena, p->tok.start, p->tok.len);
}

int pr_take_name(parser *p, const char *what, const char **name, lds_loc *loc)
{
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, what);
        return -1;
    }
    *name = pr_tok_str(p);
    *loc = p->tok.loc;
    pr_advance(p);
    return 0;
}

int pr_enter(parser *p)
{
    if (++p->depth > LDS_MAX_DEPTH) {
        lds_diag_set(p->diag, p->tok.loc, "nested deeper than %d levels", LDS_MAX_DEPTH);
        return -1;
    }
    return 0;
}

/* An unknown word where one of `words` belongs: the message names what
 * was expected and the closest word. */
void pr_unknown_word(parser *p, lds_loc loc, const char *what, const char *word,
                         const char *const *words, const char *list)
{
    lds_spell sp;
    lds_spell_init(&sp, word);
    lds_spell_consider_all(&sp, words);
    if (lds_spell_best(&sp))
        lds_diag_set(p->diag, loc, "unknown %s '%s'; did you mean '%s'?", what, word, lds_spell_best(&sp));
    else
        lds_diag_set(p->diag, loc, "unknown %s '%s' (%s)", what, word, list);
}

/* Record a node's height; a tree taller than LDS_MAX_HEIGHT (a chain of
 * that many operators) is refused so that walking it stays bounded. */
lds_expr *pr_check_height(parser *p, lds_expr *e)
{
    unsigned h = 0;
    const lds_expr *kids[3] = { e->a, e->b, e->c };
    for (int i = 0; i < 3; i++)
        if (kids[i] && kids[i]->height > h)
            h = kids[i]->height;
    for (unsigned i = 0; i < e->nargs; i++)
        if (e->args[i]->height > h)
            h = e->args[i]->height;
    e->height = h + 1;
    if (e->height > LDS_MAX_HEIGHT) {
        lds_diag_set(p->diag, e->loc, "expression more than %d levels deep (a chain of operators counts one level each)", LDS_MAX_HEIGHT);
        return NULL;
    }
    return e;
}

lds_expr *pr_new_expr(parser *p, lds_expr_kind k, lds_loc loc)
{
    lds_expr *e = lds_arena_alloc(p->arena, sizeof *e);
    e->kind = k;
    e->loc = loc;
    e->param = -1;
    e->builtin = -1;
    return e;
}

/* ---------------------------------------------------------------- exprs */

/* Set a literal's value from its digits ('_' and suffixes skipped).  In
 * a line pasted from a kernel, 010 is C's octal 8, which lds would read
 * as 10: refused rather than read either way. */
static int literal_value(parser *p, lds_expr *e)
{
    const char *s = p->tok.start, *end = s + p->tok.len;
    int base = 10;
    if (p->kernel_literals && end - s > 1 && s[0] == '0' && s[1] >= '0' && s[1] <= '9') {
        lds_diag_set(p->diag, p->tok.loc, "'%.*s' is octal in C, but lds reads a leading 0 as decimal: write C's value "
                                          "in decimal, or as 0o%.*s",
                     (int)(p->tok.len > 40 ? 40 : p->tok.len), s, (int)(p->tok.len > 40 ? 39 : p->tok.len - 1), s + 1);
        return -1;
    }
    if (end - s > 2 && s[0] == '0' && strchr("xXbBoO", s[1])) {
        base = (s[1] | 32) == 'x' ? 16 : (s[1] | 32) == 'b' ? 2 : 8;
        s += 2;
    }
    char *digits = lds_arena_alloc(p->arena, (size_t)(end - s) + 1);
    size_t n = 0;
    for (; s < end; s++)
        if (*s != '_' && !strchr("uUlL", *s))
            digits[n++] = *s;
    digits[n] = '\0';
    mpz_ptr z = lds_arena_mpz(p->arena);
    mpz_set_str(z, digits, base);
    if (mpz_fits_slong_p(z) && sizeof(long) == 8)
        e->value = mpz_get_si(z);
    else
        e->big = z;
    return 0;
}

/* args := '(' [ expr { ',' expr } ] ')' */
static int parse_args(parser *p, lds_expr *call)
{
    lds_expr *buf[64];
    lds_expr **list = buf;
    unsigned n = 0, cap = 64;
    pr_advance(p);   /* '(' */
    if (p->tok.kind != TK_RPAREN) {
        for (;;) {
            lds_expr *a = pr_parse_expr(p);
            if (!a)
                return -1;
            if (n == cap) {
                lds_expr **bigger = lds_arena_alloc(p->arena, sizeof *bigger * cap * 2);
                memcpy(bigger, list, sizeof *list * n);
                list = bigger;
                cap *= 2;
            }
            list[n++] = a;
            if (p->tok.kind != TK_COMMA)
                break;
            pr_advance(p);
        }
    }
    if (pr_expect_tok(p, TK_RPAREN, "',' or ')' after a function argument") < 0)
        return -1;
    call->args = lds_arena_alloc(p->arena, sizeof *list * (n ? n : 1));
    memcpy(call->args, list, sizeof *list * n);
    call->nargs = n;
    return 0;
}

/* In an #if: 'defined' NAME | 'defined' '(' NAME ')', as a call. */
static lds_expr *parse_defined(parser *p)
{
    lds_expr *e = pr_new_expr(p, E_CALL, p->tok.loc);
    e->name = "defined";
    pr_advance(p);
    bool paren = p->tok.kind == TK_LPAREN;
    if (paren)
        pr_advance(p);
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "a macro name after defined");
        return NULL;
    }
    e->args = lds_arena_alloc(p->arena, sizeof *e->args);
    e->args[0] = pr_new_expr(p, E_NAME, p->tok.loc);
    e->args[0]->name = pr_tok_str(p);
    e->nargs = 1;
    pr_advance(p);
    if (paren && pr_expect_tok(p, TK_RPAREN, "')' after the macro name") < 0)
        return NULL;
    return pr_check_height(p, e);
}

void pr_float_error(parser *p, const lds_token *t)
{
    lds_diag_set(p->diag, t->loc, "'%.*s' is a floating-point number; an index or a size is an integer",
                 (int)(t->len > 40 ? 40 : t->len), t->start);
}

/* primary := INT | NAME | NAME args | 'true' | 'false' | '(' expr ')' | '(' TYPE ')' unary
 *          | (in a kernel assignment) target | atomic call */
static lds_expr *parse_primary(parser *p)
{
    lds_expr *e;
    switch (p->tok.kind) {
    case TK_INT:
        e = pr_new_expr(p, E_NUM, p->tok.loc);
        if (literal_value(p, e) < 0)
            return NULL;
        pr_advance(p);
        return e;
    case TK_FLOAT:
        if (!p->collecting) {
            pr_float_error(p, &p->tok);
            return NULL;
        }
        p->data_seen++;
        if (!p->float_tok.len)
            p->float_tok = p->tok;
        e = pr_new_expr(p, E_NUM, p->tok.loc);   /* data stored or combined: its value does not matter */
        pr_advance(p);
        return e;
    case TK_NAME:
        if (p->collecting && (e = pr_collect_access(p)) != NULL)
            return e;
        if (FAIL(p))
            return NULL;
        if (p->in_if && lds_tok_is(&p->tok, "defined"))
            return parse_defined(p);
        if (lds_tok_is(&p->tok, "true") || lds_tok_is(&p->tok, "false")) {
            e = pr_new_expr(p, E_NUM, p->tok.loc);
            e->value = lds_tok_is(&p->tok, "true");
            pr_advance(p);
            return e;
        }
        e = pr_new_expr(p, E_NAME, p->tok.loc);
        e->name = pr_tok_str(p);
        pr_advance(p);
        if (p->tok.kind == TK_LPAREN) {
            e->kind = E_CALL;
            if (parse_args(p, e) < 0)
                return NULL;
        }
        return pr_check_height(p, e);
    case TK_LPAREN:
        if ((e = pr_parse_cast(p)) != NULL || FAIL(p))
            return e;
        pr_advance(p);
        e = pr_parse_expr(p);
        if (!e || pr_expect_tok(p, TK_RPAREN, "')'") < 0)
            return NULL;
        return e;
    default:
        pr_error_at_tok(p, "an expression");
        return NULL;
    }
}

/* unary := ( '-' | '+' | '~' | '!' ) unary | primary */
lds_expr *pr_parse_unary(parser *p)
{
    lds_tok_kind k = p->tok.kind;
    if (k == TK_MINUS || k == TK_PLUS || k == TK_TILDE || k == TK_BANG) {
        lds_loc loc = p->tok.loc;
        if (pr_enter(p) < 0)
            return NULL;
        pr_advance(p);
        lds_expr *a = pr_parse_unary(p);
        p->depth--;
        if (!a)
            return NULL;
        if (k == TK_PLUS)
            return a;
        lds_expr *e = pr_new_expr(p, E_UNARY, loc);
        e->op = k == TK_MINUS ? OP_NEG : k == TK_TILDE ? OP_COMPL : OP_NOT;
        e->a = a;
        return pr_check_height(p, e);
    }
    return parse_primary(p);
}

/* The binary operator a token stands for and its binding power (C's
 * table); 0 if the token is no binary operator. */
static int binary_op(lds_tok_kind k, lds_op *op)
{
    static const struct { lds_tok_kind tok; lds_op op; int prec; } table[] = {
        { TK_OROR, OP_LOR, 1 }, { TK_ANDAND, OP_LAND, 2 }, { TK_PIPE, OP_OR, 3 },
        { TK_CARET, OP_XOR, 4 }, { TK_AMP, OP_AND, 5 }, { TK_EQ, OP_EQ, 6 }, { TK_NE, OP_NE, 6 },
        { TK_LT, OP_LT, 7 }, { TK_LE, OP_LE, 7 }, { TK_GT, OP_GT, 7 }, { TK_GE, OP_GE, 7 },
        { TK_SHL, OP_SHL, 8 }, { TK_SHR, OP_SHR, 8 }, { TK_PLUS, OP_ADD, 9 }, { TK_MINUS, OP_SUB, 9 },
        { TK_STAR, OP_MUL, 10 }, { TK_SLASH, OP_DIV, 10 }, { TK_PERCENT, OP_MOD, 10 },
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].tok == k) {
            *op = table[i].op;
            return table[i].prec;
        }
    return 0;
}

/* ---- the lanes that make a kernel statement's accesses
 * C evaluates one side of ?:, and the right of && (||) only where the
 * left is true (false): the accesses collected there are made by those
 * lanes only.  The guard is the condition in force, NULL: every lane. */

/* Enter a side guarded by cond (negated: by !cond); returns the guard to
 * restore. */
static lds_expr *enter_side(parser *p, lds_expr *cond, bool negate)
{
    lds_expr *outer = p->guard, *g = cond;
    if (negate) {
        g = pr_new_expr(p, E_UNARY, cond->loc);
        g->op = OP_NOT;
        g->a = cond;
        g = pr_check_height(p, g);
    }
    if (g && outer) {
        lds_expr *both = pr_new_expr(p, E_BINARY, cond->loc);
        both->op = OP_LAND;
        both->a = outer;
        both->b = g;
        g = pr_check_height(p, both);
    }
    p->guard = g;
    return outer;
}

/* Leave a side: an access in it under a condition of data (cond_data: a
 * loaded value, a floating-point number), which cannot say which lanes
 * take the side, is refused. */
static int leave_side(parser *p, lds_expr *outer, unsigned found_before, bool cond_data, lds_loc at)
{
    p->guard = outer;
    if (cond_data && p->nfound > found_before) {
        lds_diag_set(p->diag, at,
                     "which lanes take this side depends on data (a value read from shared memory, or a "
                     "floating-point number): lds-calc cannot tell which lanes make the access on it; write it as "
                     "an access with 'if' and a condition of thread ids");
        return -1;
    }
    return 0;
}

/* binary(min) := unary { OP binary(prec(OP)+1) }   for prec(OP) >= min
 * (precedence climbing; every binary operator is left-associative) */
static lds_expr *parse_binary(parser *p, int min_prec)
{
    unsigned data_before = p->data_seen;
    lds_expr *lhs = pr_parse_unary(p);
    while (lhs) {
        lds_op op;
        int prec = binary_op(p->tok.kind, &op);
        if (prec == 0 || prec < min_prec)
            break;
        lds_expr *e = pr_new_expr(p, E_BINARY, p->tok.loc);
        e->op = op;
        pr_advance(p);
        e->a = lhs;
        bool sided = p->collecting && (op == OP_LAND || op == OP_LOR), lhs_data = p->data_seen > data_before;
        unsigned found = p->nfound;
        lds_expr *outer = sided ? enter_side(p, lhs, op == OP_LOR) : NULL;
        e->b = parse_binary(p, prec + 1);
        if (sided && leave_side(p, outer, found, lhs_data, e->loc) < 0)
            return NULL;
        lhs = e->b ? pr_check_height(p, e) : NULL;
    }
    return lhs;
}

/* expr := binary(1) [ '?' expr ':' expr ]   (right-associative) */
lds_expr *pr_parse_expr(parser *p)
{
    if (pr_enter(p) < 0)
        return NULL;
    unsigned data_before = p->data_seen;
    lds_expr *c = parse_binary(p, 1);
    if (c && p->tok.kind == TK_QUESTION) {
        lds_expr *e = pr_new_expr(p, E_COND, p->tok.loc);
        bool data = p->data_seen > data_before;
        unsigned found = p->nfound;
        pr_advance(p);
        e->a = c;
        lds_expr *outer = p->collecting ? enter_side(p, c, false) : NULL;
        e->b = pr_parse_expr(p);
        if (p->collecting && leave_side(p, outer, found, data, e->loc) < 0)
            e->b = NULL;
        if (!e->b || pr_expect_tok(p, TK_COLON, "':' in a conditional expression") < 0) {
            c = NULL;
        } else {
            found = p->nfound;
            outer = p->collecting ? enter_side(p, c, true) : NULL;
            e->c = pr_parse_expr(p);
            if (p->collecting && leave_side(p, outer, found, data, e->loc) < 0)
                e->c = NULL;
            c = e->c ? pr_check_height(p, e) : NULL;
        }
    }
    p->depth--;
    return c;
}

/* ----------------------------------------------------------- statements */

static lds_stmt *parse_block(parser *p, lds_tok_kind end);

lds_stmt *pr_new_stmt(parser *p, lds_stmt_kind k, lds_loc loc)
{
    lds_stmt *s = lds_arena_alloc(p->arena, sizeof *s);
    s->kind = k;
    s->loc = loc;
    const char *what;
    size_t len;
    if (loc.src != p->lx.src && lds_lex_mark_note(&p->lx, &s->related, &what, &len))
        s->related_what = lds_arena_strndup(p->arena, what, len);
    return s;
}

static int at_end_of_statement(const parser *p)
{
    lds_tok_kind k = p->tok.kind;
    return k == TK_NEWLINE || k == TK_SEMI || k == TK_EOF || k == TK_RBRACE;
}

/* A bare word argument (arch NAME, rules seed, show grid, set KEY); the
 * current token becomes it, so the statement's text ends after it. */
static const char *parse_word(parser *p, const char *what)
{
    lds_token t = lds_lex_word(&p->lx);
    p->tok = t;
    if (t.kind != TK_WORD) {
        pr_error_at_tok(p, what);
        return NULL;
    }
    return lds_arena_strndup(p->arena, t.start, t.len);
}

/* range := expr '..' expr */
static int parse_range(parser *p, lds_loop *lp)
{
    if (!(lp->lo = pr_parse_expr(p)))
        return -1;
    if (p->tok.kind != TK_DOTDOT) {
        pr_error_at_tok(p, "'..' in a range LO..HI");
        return -1;
    }
    pr_advance(p);
    return (lp->hi = pr_parse_expr(p)) ? 0 : -1;
}

/* loop := NAME 'in' range */
static int parse_loop(parser *p, lds_loop *lp)
{
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "a loop variable name");
        return -1;
    }
    lp->var = pr_tok_str(p);
    lp->loc = p->tok.loc;
    pr_advance(p);
    if (!lds_tok_is(&p->tok, "in")) {
        pr_error_at_tok(p, "'in' after the loop variable");
        return -1;
    }
    pr_advance(p);
    return parse_range(p, lp);
}

/* type := NAME { NAME }   ("long long", "unsigned short int") */
unsigned pr_parse_type(parser *p, const char **name)
{
    const char *start = p->tok.start;
    size_t len = p->tok.len;
    unsigned size = p->tok.kind == TK_NAME ? lds_type_size(p->tok.start, (unsigned)p->tok.len) : 0;
    if (!size) {
        pr_error_at_tok(p, "a type (f32, float, b128, ...)");
        return 0;
    }
    pr_advance(p);
    /* C's two- and three-word types */
    while (p->tok.kind == TK_NAME
           && (lds_tok_is(&p->tok, "int") || lds_tok_is(&p->tok, "long") || lds_tok_is(&p->tok, "short")
               || lds_tok_is(&p->tok, "char"))) {
        size_t joined = (size_t)(p->tok.start + p->tok.len - start);
        char buf[64];
        unsigned n = 0;
        for (size_t i = 0; i < joined && n < sizeof buf - 1; i++)
            if (start[i] != ' ' && start[i] != '\t')
                buf[n++] = start[i];
            else if (n && buf[n - 1] != ' ')
                buf[n++] = ' ';
        unsigned s2 = lds_type_size(buf, n);
        if (!s2)
            break;
        size = s2;
        len = joined;
        pr_advance(p);
    }
    *name = lds_arena_strndup(p->arena, start, len);
    return size;
}

/* dims := { '[' expr ']' } */
int pr_parse_dims(parser *p, lds_expr ***out, unsigned *n)
{
    lds_expr *buf[LDS_MAX_DIMS];
    unsigned k = 0;
    while (p->tok.kind == TK_LBRACKET) {
        if (k == LDS_MAX_DIMS) {
            lds_diag_set(p->diag, p->tok.loc, "more than %d dimensions", LDS_MAX_DIMS);
            return -1;
        }
        pr_advance(p);
        if (!(buf[k++] = pr_parse_expr(p)))
            return -1;
        if (pr_expect_tok(p, TK_RBRACKET, "']' after an index") < 0)
            return -1;
    }
    *out = lds_arena_alloc(p->arena, sizeof *buf * (k ? k : 1));
    memcpy(*out, buf, sizeof *buf * k);
    *n = k;
    return 0;
}

/* Whether the token is the memory-space word 'global' (not an array
 * of that name: a name followed by '['). */
static bool at_global(parser *p)
{
    if (!lds_tok_is(&p->tok, "global"))
        return false;
    lds_lexer save = p->lx;
    lds_token here = p->tok;
    pr_advance(p);
    bool word = p->tok.kind != TK_LBRACKET;
    p->lx = save;
    p->tok = here;
    return word;
}

/* array := 'array' [ 'global' ] type NAME dims [ 'at' expr ] [ 'layout' NAME [ 'size' expr ] ]
 * (the C form, __shared__ float t[32][33], is in src/parse_kernel.c) */
static lds_stmt *parse_array(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_ARRAY, loc);
    if (at_global(p)) {
        s->u.array.global = true;
        pr_advance(p);
    }
    if (!(s->u.array.elem_size = pr_parse_type(p, &s->u.array.type_name))
        || pr_take_name(p, "the array's name", &s->u.array.name, &s->u.array.name_loc) < 0)
        return NULL;
    if (pr_parse_dims(p, &s->u.array.dims, &s->u.array.ndims) < 0)
        return NULL;
    if (lds_tok_is(&p->tok, "at")) {
        pr_advance(p);
        if (!(s->u.array.at = pr_parse_expr(p)))
            return NULL;
    }
    if (lds_tok_is(&p->tok, "layout")) {
        pr_advance(p);
        if (p->tok.kind != TK_NAME) {
            pr_error_at_tok(p, "the name of a layout function");
            return NULL;
        }
        s->u.array.layout = pr_tok_str(p);
        s->u.array.layout_loc = p->tok.loc;
        pr_advance(p);
        if (lds_tok_is(&p->tok, "size")) {
            pr_advance(p);
            if (!(s->u.array.size = pr_parse_expr(p)))
                return NULL;
        }
        return pr_ttgir_array_layout(p, s);
    }
    return s;
}

/* target := NAME dims | TYPE '[' expr ']' | '@' expr */
int pr_parse_target(parser *p, lds_target *t)
{
    t->loc = p->tok.loc;
    if (p->tok.kind == TK_AT) {
        pr_advance(p);
        t->kind = T_ADDR;
        return (t->addr = pr_parse_expr(p)) ? 0 : -1;
    }
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "an access target: ARRAY[i]..., TYPE[i] or @ADDRESS");
        return -1;
    }
    unsigned size = lds_type_size(p->tok.start, (unsigned)p->tok.len);
    t->name = pr_tok_str(p);
    pr_advance(p);
    if (size && p->tok.kind == TK_LBRACKET) {
        t->kind = T_ANON;
        t->elem_size = size;
        if (pr_parse_dims(p, &t->idx, &t->nidx) < 0)
            return -1;
        if (t->nidx != 1) {
            lds_diag_set(p->diag, t->loc, "an anonymous %s array takes one index, not %u", t->name, t->nidx);
            return -1;
        }
        return 0;
    }
    t->kind = T_ELEM;
    return pr_parse_dims(p, &t->idx, &t->nidx);
}

/* access := ( 'read' | 'write' | 'atomic' | INSTRUCTION ) [ 'global' ] [ WIDTH ] target
 *           [ 'if' expr ] [ 'for' loop { ',' loop } ] */
lds_stmt *pr_parse_access(parser *p, lds_loc loc, lds_access_kind kind, unsigned width, const lds_target *t)
{
    lds_stmt *s = pr_new_stmt(p, S_ACCESS, loc);
    s->u.access.kind = kind;
    s->u.access.naddr = 1;
    s->u.access.width = width;
    if (t)
        s->u.access.target = *t;
    if (!t && at_global(p)) {
        s->u.access.global_written = true;
        pr_advance(p);
    }
    if (!t && !width && p->tok.kind == TK_NAME) {
        unsigned w = lds_width_bytes(p->tok.start, (unsigned)p->tok.len);
        /* or an element type: "read float3 X[i][0]" reads a float3 there, named whole */
        unsigned typed = w ? 0 : lds_type_size(p->tok.start, (unsigned)p->tok.len);
        if (w || typed) {
            /* "read b32[i]" is an anonymous b32 array; "read b32 @a" a width */
            lds_lexer save = p->lx;
            lds_token here = p->tok;
            pr_advance(p);
            if (p->tok.kind == TK_LBRACKET || (typed && p->tok.kind != TK_NAME && p->tok.kind != TK_AT)) {
                p->lx = save;
                p->tok = here;
            } else {
                s->u.access.width = w ? w : typed;
                s->u.access.width_of_type = typed != 0;
            }
        }
    }
    if (!t && pr_parse_target(p, &s->u.access.target) < 0)
        return NULL;
    if (lds_tok_is(&p->tok, "if")) {
        pr_advance(p);
        if (!(s->u.access.cond = pr_parse_expr(p)))
            return NULL;
    }
    if (lds_tok_is(&p->tok, "for")) {
        lds_loop buf[LDS_MAX_ACCESS_LOOPS];
        unsigned n = 0;
        do {
            pr_advance(p);
            if (n == LDS_MAX_ACCESS_LOOPS) {
                lds_diag_set(p->diag, p->tok.loc, "more than %d loops on one access", LDS_MAX_ACCESS_LOOPS);
                return NULL;
            }
            memset(&buf[n], 0, sizeof buf[n]);
            if (parse_loop(p, &buf[n++]) < 0)
                return NULL;
        } while (p->tok.kind == TK_COMMA);
        s->u.access.loops = lds_arena_alloc(p->arena, sizeof *buf * n);
        memcpy(s->u.access.loops, buf, sizeof *buf * n);
        s->u.access.nloops = n;
    }
    return s;
}

/* def := 'def' NAME '(' [ NAME { ',' NAME } ] ')' '=' expr
 * A macro ('#define NAME(a, b) expr') has no '='. */
lds_stmt *pr_parse_def(parser *p, lds_loc loc, bool macro)
{
    lds_stmt *s = pr_new_stmt(p, S_DEF, loc);
    const char *params[LDS_MAX_PARAMS];
    unsigned n = 0;
    if (pr_take_name(p, "the function's name", &s->u.def.name, &s->u.def.name_loc) < 0)
        return NULL;
    if (pr_expect_tok(p, TK_LPAREN, "'(' and the parameter list") < 0)
        return NULL;
    while (p->tok.kind == TK_NAME) {
        if (n == LDS_MAX_PARAMS) {
            lds_diag_set(p->diag, p->tok.loc, "more than %d parameters", LDS_MAX_PARAMS);
            return NULL;
        }
        for (unsigned k = 0; k < n; k++)
            if (lds_tok_is(&p->tok, params[k])) {
                lds_diag_set(p->diag, p->tok.loc, "parameter '%s' is listed twice", params[k]);
                return NULL;
            }
        params[n++] = pr_tok_str(p);
        pr_advance(p);
        if (p->tok.kind != TK_COMMA)
            break;
        pr_advance(p);
    }
    if (pr_expect_tok(p, TK_RPAREN, "a parameter name or ')'") < 0)
        return NULL;
    if (!macro && pr_expect_tok(p, TK_ASSIGN, "'=' and the function's body") < 0)
        return NULL;
    s->u.def.params = lds_arena_alloc(p->arena, sizeof *params * (n ? n : 1));
    memcpy(s->u.def.params, params, sizeof *params * n);
    s->u.def.nparams = n;
    return (s->u.def.body = pr_parse_expr(p)) ? s : NULL;
}

/* The comparison operator at the current token, if it is one. */
static int comparison(const parser *p, lds_op *op)
{
    switch (p->tok.kind) {
    case TK_EQ: *op = OP_EQ; return 1;
    case TK_NE: *op = OP_NE; return 1;
    case TK_LT: *op = OP_LT; return 1;
    case TK_LE: *op = OP_LE; return 1;
    case TK_GT: *op = OP_GT; return 1;
    case TK_GE: *op = OP_GE; return 1;
    default: return 0;
    }
}

/* expect := 'expect' ( 'conflict-free' | METRIC CMP expr ) */
static lds_stmt *parse_expect(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_EXPECT, loc);
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "a metric (ways, cycles, excess, ...) or conflict-free");
        return NULL;
    }
    if (lds_tok_is(&p->tok, "conflict")) {
        lds_lexer save = p->lx;
        lds_token first = p->tok;
        pr_advance(p);
        if (p->tok.kind == TK_MINUS) {
            pr_advance(p);
            if (!lds_tok_is(&p->tok, "free")) {
                pr_error_at_tok(p, "'conflict-free'");
                return NULL;
            }
            pr_advance(p);
            s->u.expect.metric = M_EXCESS;
            s->u.expect.metric_name = "excess";
            s->u.expect.cmp = OP_EQ;
            s->u.expect.value = pr_new_expr(p, E_NUM, loc);
            return s;
        }
        p->lx = save;
        p->tok = first;
    }
    s->u.expect.metric_name = pr_tok_str(p);
    if (!lds_metric_lookup(s->u.expect.metric_name, &s->u.expect.metric, &s->u.expect.total)) {
        pr_unknown_word(p, p->tok.loc, "metric", s->u.expect.metric_name, lds_metric_names,
                     "ways cycles ideal excess broadcasts instructions unaligned skipped, or total.cycles ...");
        return NULL;
    }
    pr_advance(p);
    if (!comparison(p, &s->u.expect.cmp)) {
        pr_error_at_tok(p, "a comparison (== != < <= > >=)");
        return NULL;
    }
    pr_advance(p);
    return (s->u.expect.value = pr_parse_expr(p)) ? s : NULL;
}

/* Whether a word names an instruction class's kind. */
static bool is_kind_word(const char *w)
{
    return !strcmp(w, "read") || !strcmp(w, "write") || !strcmp(w, "atomic");
}

/* [KIND] WIDTH, the instruction class of set phases and set banks; the
 * first word has been read (first). */
static int parse_class(parser *p, lds_stmt *s, const char *first)
{
    if (is_kind_word(first)) {
        s->u.set.kind = first;
        if (!(first = parse_word(p, "a width (b8 b16 b32 b64 b96 b128)")))
            return -1;
    }
    s->u.set.width = first;
    s->u.set.word_loc = p->tok.loc;
    return 0;
}

/* set := 'set' KEY ( expr | WORD )
 *      | 'set' 'phases' [KIND] WIDTH TABLE
 *      | 'set' 'banks' [[KIND] WIDTH] expr */
static lds_stmt *parse_set(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_SET, loc);
    const char *key = parse_word(p, "a setting: banks, bank_bytes, wave, lds, r2, r3, write_merge, idle_waves or phases");
    if (!key)
        return NULL;
    if (!lds_setting_lookup(key, &s->u.set.key)) {
        pr_unknown_word(p, p->tok.loc, "setting", key, lds_setting_names,
                     "banks, bank_bytes, wave, lds, r2, r3, write_merge, idle_waves or phases");
        return NULL;
    }
    switch (s->u.set.key) {
    case SET_R2:
    case SET_R3:
    case SET_WRITE_MERGE:
    case SET_IDLE_WAVES: {
        static const char *const choices[4][3] = { { "word", "strict", NULL }, { "phases", "substeps", NULL },
                                                   { "yes", "no", NULL }, { "branch", "predicate", NULL } };
        const char *const *ok = choices[s->u.set.key - SET_R2];
        if (!(s->u.set.word = parse_word(p, "a value")))
            return NULL;
        s->u.set.word_loc = p->tok.loc;
        if (strcmp(s->u.set.word, ok[0]) && strcmp(s->u.set.word, ok[1])) {
            lds_diag_set(p->diag, p->tok.loc, "set %s: expected '%s' or '%s', not '%s'", key, ok[0], ok[1],
                         s->u.set.word);
            return NULL;
        }
        break;
    }
    case SET_PHASES: {
        const char *first = parse_word(p, "a width (b8 ... b128), or read, write or atomic and a width");
        if (!first || parse_class(p, s, first) < 0)
            return NULL;
        if (!(s->u.set.table = parse_word(p, "a lane-phase table (16 or 16c or 0-3,20-23|...)")))
            return NULL;
        break;
    }
    case SET_BANKS: {
        /* a class first (set banks write b64 32), or the count alone */
        lds_lexer save = p->lx;
        lds_token word = lds_lex_word(&p->lx);
        char w[16] = "";
        if (word.kind == TK_WORD && word.len < sizeof w)
            memcpy(w, word.start, word.len);
        /* b followed by a digit reads as a width (an unknown one is
         * reported as such), never as a name */
        if (is_kind_word(w) || (w[0] == 'b' && w[1] >= '0' && w[1] <= '9')) {
            p->tok = word;
            if (parse_class(p, s, lds_arena_strndup(p->arena, word.start, word.len)) < 0)
                return NULL;
        } else {
            p->lx = save;
        }
        pr_advance(p);
        return (s->u.set.value = pr_parse_expr(p)) ? s : NULL;
    }
    default:
        pr_advance(p);
        return (s->u.set.value = pr_parse_expr(p)) ? s : NULL;
    }
    pr_advance(p);
    return s;
}

/* threads := 'threads' expr [ ',' expr [ ',' expr ] ] */
static lds_stmt *parse_threads(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_THREADS, loc);
    for (;;) {
        if (!(s->u.threads.dim[s->u.threads.n++] = pr_parse_expr(p)))
            return NULL;
        if (p->tok.kind != TK_COMMA || s->u.threads.n == 3)
            break;
        pr_advance(p);
    }
    return s;
}

/* print := 'print' expr { ',' expr } */
static lds_stmt *parse_print(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_PRINT, loc);
    lds_expr *buf[LDS_MAX_PRINT_VALUES];
    unsigned n = 0;
    for (;;) {
        if (n == LDS_MAX_PRINT_VALUES) {
            lds_diag_set(p->diag, p->tok.loc, "more than %d values in one print", LDS_MAX_PRINT_VALUES);
            return NULL;
        }
        if (!(buf[n++] = pr_parse_expr(p)))
            return NULL;
        if (p->tok.kind != TK_COMMA)
            break;
        pr_advance(p);
    }
    s->u.print.values = lds_arena_alloc(p->arena, sizeof *buf * n);
    memcpy(s->u.print.values, buf, sizeof *buf * n);
    s->u.print.n = n;
    return s;
}

/* for := 'for' loop '{' block '}' */
/* '{' block '}', newlines before the '{' allowed; what says what the
 * block follows, for the message when the '{' is missing. */
static lds_stmt *parse_braced(parser *p, const char *what)
{
    while (p->tok.kind == TK_NEWLINE)
        pr_advance(p);
    if (pr_expect_tok(p, TK_LBRACE, what) < 0)
        return NULL;
    if (pr_enter(p) < 0)
        return NULL;
    lds_stmt *body = parse_block(p, TK_RBRACE);
    p->depth--;
    if (FAIL(p) || pr_expect_tok(p, TK_RBRACE, "'}' to close the block") < 0)
        return NULL;
    return body;
}

/* The while form after 'for NAME': '=' INIT 'while' COND 'next' NEXT. */
static int parse_while_loop(parser *p, lds_loop *lp)
{
    pr_advance(p);   /* '=' */
    if (!(lp->lo = pr_parse_expr(p)))
        return -1;
    if (!lds_tok_is(&p->tok, "while")) {
        pr_error_at_tok(p, "'while' and the loop's condition (for s = 128 while s > 0 next s / 2 { ... })");
        return -1;
    }
    pr_advance(p);
    if (!(lp->cond = pr_parse_expr(p)))
        return -1;
    if (!lds_tok_is(&p->tok, "next")) {
        pr_error_at_tok(p, "'next' and the variable's next value (for s = 128 while s > 0 next s / 2 { ... })");
        return -1;
    }
    pr_advance(p);
    return (lp->next = pr_parse_expr(p)) ? 0 : -1;
}

/* shown := 'as' NAME '=' EXPR { ',' NAME '=' EXPR } */
static int parse_shown(parser *p, lds_loop *lp)
{
    lp->shown_name = lds_arena_alloc(p->arena, sizeof *lp->shown_name * LDS_MAX_SHOWN);
    lp->shown = lds_arena_alloc(p->arena, sizeof *lp->shown * LDS_MAX_SHOWN);
    do {
        pr_advance(p);   /* 'as' or ',' */
        if (lp->nshown == LDS_MAX_SHOWN) {
            pr_error_at_tok(p, "the '{' of the loop: a loop shows its trips by at most 16 names");
            return -1;
        }
        if (p->tok.kind != TK_NAME) {
            pr_error_at_tok(p, "a name the trips are shown by (for k in 0..9 as s = 1 << k { ... })");
            return -1;
        }
        lp->shown_name[lp->nshown] = pr_tok_str(p);
        pr_advance(p);
        if (p->tok.kind != TK_ASSIGN) {
            pr_error_at_tok(p, "'=' and the value the name shows (for k in 0..9 as s = 1 << k { ... })");
            return -1;
        }
        pr_advance(p);
        if (!(lp->shown[lp->nshown++] = pr_parse_expr(p)))
            return -1;
    } while (p->tok.kind == TK_COMMA);
    return 0;
}

/* for := 'for' NAME 'in' range [ shown ] '{' block '}'
 *      | 'for' NAME '=' INIT 'while' COND 'next' NEXT '{' block '}' */
static lds_stmt *parse_for(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_FOR, loc);
    lds_loop *lp = &s->u.loop.loop;
    if (p->tok.kind == TK_NAME) {
        lds_lexer save = p->lx;
        lds_token name = p->tok;
        pr_advance(p);
        bool while_form = p->tok.kind == TK_ASSIGN;
        p->lx = save;
        p->tok = name;
        if (while_form) {
            lp->var = pr_tok_str(p);
            lp->loc = p->tok.loc;
            pr_advance(p);
            if (parse_while_loop(p, lp) < 0)
                return NULL;
            return (s->u.loop.body = parse_braced(p, "'{' after the loop's next value")) || !FAIL(p) ? s : NULL;
        }
    }
    if (parse_loop(p, lp) < 0 || (lds_tok_is(&p->tok, "as") && parse_shown(p, lp) < 0))
        return NULL;
    s->u.loop.body = parse_braced(p, "'{' after the range (a loop on one access goes after it: read X[k] for k in 0..8)");
    return FAIL(p) ? NULL : s;
}

/* if := 'if' COND '{' block '}' [ 'else' ( if | '{' block '}' ) ]
 * An else-if chain is read in a loop, each if the previous one's
 * otherwise: its length costs no depth (src/resolve.c and src/exec.c
 * follow it the same way). */
static lds_stmt *parse_if(parser *p, lds_loc loc)
{
    lds_stmt *first = NULL, **link = &first;
    for (;;) {
        lds_stmt *s = pr_new_stmt(p, S_IF, loc);
        *link = s;
        if (!(s->u.branch.cond = pr_parse_expr(p)))
            return NULL;
        s->u.branch.then = parse_braced(p, "'{' after the condition (a per-lane condition goes on an access: read X[i] if COND)");
        if (FAIL(p))
            return NULL;
        /* 'else' on the line of the '}', or on the next */
        lds_lexer save = p->lx;
        lds_token at = p->tok;
        while (p->tok.kind == TK_NEWLINE)
            pr_advance(p);
        if (!lds_tok_is(&p->tok, "else")) {
            p->lx = save;
            p->tok = at;
            return first;
        }
        pr_advance(p);
        if (!lds_tok_is(&p->tok, "if")) {
            s->u.branch.otherwise = parse_braced(p, "'{' after else");
            return FAIL(p) ? NULL : first;
        }
        loc = p->tok.loc;
        pr_advance(p);
        link = &s->u.branch.otherwise;
    }
}

/* The width of a skipped access, bN (N a multiple of 8: a struct a
 * kernel copies whole may be 24 bytes), if the token is one and a name
 * follows it; else 0 and nothing taken. */
static unsigned skipped_width(parser *p)
{
    const lds_token *t = &p->tok;
    if (t->kind != TK_NAME || t->len < 2 || t->len > 6 || t->start[0] != 'b')
        return 0;
    unsigned bits = 0;
    for (size_t i = 1; i < t->len; i++) {
        if (t->start[i] < '0' || t->start[i] > '9')
            return 0;
        bits = bits * 10 + (unsigned)(t->start[i] - '0');
    }
    if (!bits || bits % 8 || bits > LDS_MAX_SKIPPED_BITS)
        return 0;
    lds_lexer save = p->lx;
    lds_token here = p->tok;
    pr_advance(p);
    bool named = p->tok.kind == TK_NAME;   /* "skipped read b32: ..." names an array b32 */
    if (!named) {
        p->lx = save;
        p->tok = here;
    }
    return named ? bits / 8 : 0;
}

/* skipped := 'skipped' ('read' | 'write' | 'atomic') ['global'] [WIDTH]
 * NAME ':' WHY (to the end of the line) */
static lds_stmt *parse_skipped(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_SKIPPED, loc);
    static const char *const kinds[] = { "read", "write", "atomic", NULL };
    int k = -1;
    for (int i = 0; kinds[i]; i++)
        if (lds_tok_is(&p->tok, kinds[i]))
            k = i;
    if (k < 0) {
        pr_error_at_tok(p, "read, write or atomic (skipped read NAME: WHY)");
        return NULL;
    }
    s->u.skipped.kind = k == 0 ? ACC_READ : k == 1 ? ACC_WRITE : ACC_ATOMIC;
    pr_advance(p);
    if (at_global(p)) {
        s->u.skipped.global = true;
        pr_advance(p);
    }
    s->u.skipped.width = skipped_width(p);
    lds_loc name_loc;
    if (pr_take_name(p, "the array (skipped read NAME: WHY)", &s->u.skipped.array, &name_loc) < 0)
        return NULL;
    if (p->tok.kind != TK_COLON) {
        pr_error_at_tok(p, "':' and why it was skipped");
        return NULL;
    }
    /* the reason: the rest of the line, as written */
    const char *why = p->tok.start + 1, *end = why;
    while (end < p->lx.end && *end != '\n' && *end != '\r')
        end++;
    while (why < end && (*why == ' ' || *why == '\t'))
        why++;
    s->u.skipped.why = lds_arena_strndup(p->arena, why, (size_t)(end - why));
    p->tok.len = (size_t)(end - p->tok.start);   /* the statement's text ends with it */
    p->lx.p = end;
    pr_advance(p);
    return s;
}

/* arch := 'arch' PROFILE */
static lds_stmt *parse_arch(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_ARCH, loc);
    if (!(s->u.arch.name = parse_word(p, "a profile name (see lds-calc --arch-info)")))
        return NULL;
    s->u.arch.name_loc = p->tok.loc;
    if (!lds_sim_profile_find(s->u.arch.name)) {
        char msg[512];
        lds_unknown_profile(s->u.arch.name, msg, sizeof msg);
        lds_diag_set(p->diag, p->tok.loc, "%s", msg);
        return NULL;
    }
    pr_advance(p);
    return s;
}

/* rules := 'rules' ( 'seed' | 'calibrated' )
 * show := 'show' ( 'summary' | 'phases' | 'lanes' | 'grid' | 'layout' NAME ) */
static lds_stmt *parse_rules_or_show(parser *p, lds_loc loc, lds_stmt_kind k)
{
    static const char *const rules[] = { "calibrated", "seed", NULL };
    lds_stmt *s = pr_new_stmt(p, k, loc);
    const char *w = parse_word(p, k == S_RULES ? "'seed' or 'calibrated'" : "summary, phases, lanes or grid");
    if (!w)
        return NULL;
    if (k == S_SHOW && !strcmp(w, "layout")) {   /* show layout NAME: a picture, now */
        pr_advance(p);
        return pr_take_name(p, "the array to draw (show layout NAME)", &s->u.show.array, &s->u.show.array_loc) < 0
                   ? NULL
                   : s;
    }
    if (k == S_SHOW && !lds_show_lookup(w, &s->u.show.level)) {
        pr_unknown_word(p, p->tok.loc, "show level", w, lds_show_names, "summary, phases, lanes or grid");
        return NULL;
    }
    if (k == S_RULES) {
        if (strcmp(w, "seed") && strcmp(w, "calibrated")) {
            pr_unknown_word(p, p->tok.loc, "rule set", w, rules, "seed or calibrated");
            return NULL;
        }
        s->u.rules.which = strcmp(w, "seed") ? RULES_CALIBRATED : RULES_SEED;
    }
    pr_advance(p);
    return s;
}

/* let := 'let' NAME '=' expr */
static lds_stmt *parse_let(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_LET, loc);
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "a name after 'let'");
        return NULL;
    }
    s->u.let.name = pr_tok_str(p);
    s->u.let.name_loc = p->tok.loc;
    pr_advance(p);
    if (pr_expect_tok(p, TK_ASSIGN, "'=' after the name") < 0)
        return NULL;
    if (!(s->u.let.value = pr_parse_expr(p)))
        return NULL;
    pr_note_constant(p, s->u.let.name, s->u.let.value);
    return s;
}

/* An instruction's access: its kind and width, only the lanes that give
 * addresses (ldmatrix.x1: lanes 0-7) active, and its note. */
/* offset0:N offset1:N after a two-address instruction's target, in units
 * of its width times its stride (0..255 each, as the encoding holds). */
static int parse_offsets(parser *p, const lds_instruction *ins, int64_t offset[2])
{
    offset[0] = offset[1] = 0;
    while (lds_tok_is(&p->tok, "offset0") || lds_tok_is(&p->tok, "offset1")) {
        int k = p->tok.start[6] - '0';
        lds_loc at = p->tok.loc;
        pr_advance(p);
        if (pr_expect_tok(p, TK_COLON, "':' and the offset (offset1:32)") < 0)
            return -1;
        if (p->tok.kind != TK_INT) {
            pr_error_at_tok(p, "an offset, 0..255");
            return -1;
        }
        lds_expr *v = pr_parse_unary(p);   /* an integer as the language writes one: 32, 0x20, 0b100000 */
        if (!v)
            return -1;
        if (v->kind != E_NUM || v->big || v->value < 0 || v->value > 255) {
            lds_diag_set(p->diag, at, "offset%d is 8 bits: 0..255", k);
            return -1;
        }
        offset[k] = v->value * ins->width * ins->stride;
    }
    return 0;
}

/* A load into LDS (global_load_lds_dword @ BASE, buffer_load_dword lds @
 * BASE): the ISA writes lane i at the wave's base + i x width, so BASE is
 * the wave's (M0 + the instruction's offset; src/resolve.c checks that no
 * lane changes it) and the address is BASE + lane * width. */
static int lds_dma_address(parser *p, lds_stmt *s, const lds_instruction *ins, const char *name)
{
    lds_target *t = &s->u.access.target;
    if (t->kind != T_ADDR) {
        lds_diag_set(p->diag, t->loc, "%s writes LDS at the wave's base + lane x %u: give the base (%s @ BASE), "
                     "not an element", name, ins->width, name);
        return -1;
    }
    lds_loc at = t->addr->loc;
    lds_expr *lane = pr_new_expr(p, E_NAME, at), *w = pr_new_expr(p, E_NUM, at);
    lane->name = "lane";
    w->value = ins->width;
    lds_expr *step = pr_new_expr(p, E_BINARY, at), *sum = pr_new_expr(p, E_BINARY, at);
    step->op = OP_MUL;
    step->a = pr_check_height(p, lane);
    step->b = pr_check_height(p, w);
    sum->op = OP_ADD;
    sum->a = t->addr;
    sum->b = pr_check_height(p, step);
    if (!(t->addr = pr_check_height(p, sum)))
        return -1;
    s->u.access.dma_base = sum->a;
    return 0;
}

static lds_stmt *parse_instruction(parser *p, lds_loc loc, const lds_instruction *ins, const lds_token *tok)
{
    const char *name = lds_arena_strndup(p->arena, tok->start, (size_t)tok->len);
    lds_instruction to_lds;
    if (ins->global && lds_tok_is(&p->tok, "lds")) {   /* buffer_load_dword lds: AMD's MUBUF lds bit */
        to_lds = *ins;
        if (strncmp(name, "buffer_load_", 12) || !lds_instruction_to_lds(&to_lds)) {
            pr_error_at_tok(p, "a buffer_load of 1, 2, 4, 12 or 16 bytes a lane before 'lds' (buffer_load_dword lds @ BASE)");
            return NULL;
        }
        pr_advance(p);
        ins = &to_lds;
    }
    if (ins->nv_kind)   /* TMA and bulk copies, tcgen05.ld/st (src/parse_nvidia.c) */
        return pr_parse_nv_instruction(p, loc, ins, name);
    lds_stmt *s;
    if (ins->stride) {   /* target, its offsets, then the access's if and for */
        lds_target t;
        int64_t offset[2];
        if (pr_parse_target(p, &t) < 0 || parse_offsets(p, ins, offset) < 0)
            return NULL;
        if (!(s = pr_parse_access(p, loc, ins->kind, ins->width, &t)))
            return NULL;
        s->u.access.naddr = 2;
        s->u.access.offset[0] = offset[0];
        s->u.access.offset[1] = offset[1];
    } else if (!(s = pr_parse_access(p, loc, ins->kind, ins->width, NULL))) {
        return NULL;
    }
    if (ins->lds_dma && lds_dma_address(p, s, ins, name) < 0)
        return NULL;
    s->u.access.global_written |= ins->global;
    if (ins->needs_width && s->u.access.width != 4 && s->u.access.width != 8 && s->u.access.width != 16) {
        lds_diag_set(p->diag, tok->loc, "%s copies 4, 8 or 16 bytes: write its width after it (%s b128 @ ...)",
                     name, name);
        return NULL;
    }
    unsigned sim_form = ins->sim_form;
    const char *note = ins->note;
    char async_note[sizeof ins->note];
    if (ins->needs_width) {   /* cp.async: how it runs depends on its width and cache level */
        if (ins->async_level == 2 && s->u.access.width != 16) {
            lds_diag_set(p->diag, tok->loc, "%s: .cg copies 16 bytes only (PTX ISA); use .ca for 4 or 8", name);
            return NULL;
        }
        sim_form = lds_instruction_async_form(s->u.access.width, ins->async_level, async_note, sizeof async_note);
        note = async_note;
    }
    if (ins->lanes) {   /* lane < N [&& the access's own condition] */
        lds_expr *lane = pr_new_expr(p, E_NAME, loc), *n = pr_new_expr(p, E_NUM, loc);
        lane->name = "lane";
        n->value = ins->lanes;
        lds_expr *lt = pr_new_expr(p, E_BINARY, loc);
        lt->op = OP_LT;
        lt->a = pr_check_height(p, lane);
        lt->b = pr_check_height(p, n);
        lt = pr_check_height(p, lt);
        if (s->u.access.cond) {
            lds_expr *both = pr_new_expr(p, E_BINARY, loc);
            both->op = OP_LAND;
            both->a = lt;
            both->b = s->u.access.cond;
            lt = pr_check_height(p, both);
        }
        if (!lt)
            return NULL;
        s->u.access.cond = lt;
    }
    lds_access_form *form = lds_arena_alloc(p->arena, sizeof *form);
    form->name = name;
    form->align = ins->align;
    form->counter_op = ins->counter_op;
    form->row_lanes = ins->lanes;
    form->sim_form = sim_form;
    form->inferred = ins->lds_dma;   /* the DMA write path's phases are unpublished */
    s->u.access.form = form;
    if (note[0])
        s->u.access.note = lds_arena_strndup(p->arena, note, strlen(note));
    return s;
}

/* statement := arch | set | rules | threads | groups | let | def | array
 *            | cdecl | access | target-as-read | for | print | expect | show
 *            | explain | 'suggest' NAME */
static lds_stmt *parse_statement(parser *p)
{
    lds_loc loc = p->tok.loc;
    lds_token t = p->tok;
    if (t.kind == TK_AT)
        return pr_parse_access(p, loc, ACC_READ, 0, NULL);
    if (pr_ttgir_op_line(p)) {
        lds_diag_set(p->diag, loc, "a TTGIR op, not an lds statement: lds-calc reads a TTGIR module whole, with "
                     "-f FILE.ttgir (or --lang ttgir); in an lds program only a dump's attribute lines "
                     "('#shared = #ttg.swizzled_shared<...>', '#loc = loc(...)') are read");
        return NULL;
    }
    if (t.kind != TK_NAME && t.kind != TK_DEFINE && t.kind != TK_INT && t.kind != TK_FLOAT && t.kind != TK_LPAREN
        && t.kind != TK_MINUS && t.kind != TK_TILDE && t.kind != TK_BANG) {
        pr_error_at_tok(p, "a statement");
        return NULL;
    }
    if (t.kind == TK_NAME && t.start[0] == '#' && !memchr(t.start, '.', t.len)) {   /* #shared = #ttg.... */
        pr_advance(p);
        if (pr_expect_tok(p, TK_ASSIGN, "'=' and a TTGIR attribute") < 0)
            return NULL;
        return pr_parse_ttgir_alias(p, loc, lds_arena_strndup(p->arena, t.start + 1, t.len - 1), true);
    }
    lds_statement_word word = t.kind == TK_NAME ? lds_statement_word_of(t.start, t.len) : W_NONE;
    switch (word) {   /* those that read their argument as a bare word */
    case W_ARCH: return parse_arch(p, loc);
    case W_RULES: return parse_rules_or_show(p, loc, S_RULES);
    case W_SHOW: return parse_rules_or_show(p, loc, S_SHOW);
    case W_SET: return parse_set(p, loc);
    default: break;
    }
    lds_lexer after_first = p->lx;
    pr_advance(p);
    switch (word) {
    case W_THREADS: return parse_threads(p, loc);
    case W_SUGGEST:
        if (p->tok.kind != TK_NAME)
            break;   /* an array named suggest, accessed as suggest[i] */
        lds_stmt *s = pr_new_stmt(p, S_SUGGEST, loc);
        return pr_take_name(p, "the array (suggest NAME)", &s->u.suggest.array, &s->u.suggest.array_loc) < 0 ? NULL
                                                                                                            : s;
    case W_GROUPS: {
        lds_stmt *g = pr_new_stmt(p, S_GROUPS, loc);
        return (g->u.groups.count = pr_parse_expr(p)) ? g : NULL;
    }
    case W_LET: return parse_let(p, loc);
    case W_DEF: return pr_parse_def(p, loc, false);
    case W_ARRAY: return parse_array(p, loc);
    case W_LAYOUT: return pr_parse_layout(p, loc);
    case W_DESC:
        if (p->tok.kind != TK_NAME)
            break;   /* a variable named desc: desc = 1 */
        return pr_parse_desc(p, loc);
    case W_READ_DESC: return pr_parse_read_desc(p, loc);
    case W_FRAGMENT: return pr_parse_fragment(p, loc);
    case W_READ: return pr_parse_access(p, loc, ACC_READ, 0, NULL);
    case W_WRITE: return pr_parse_access(p, loc, ACC_WRITE, 0, NULL);
    case W_ATOMIC: return pr_parse_access(p, loc, ACC_ATOMIC, 0, NULL);
    case W_FOR: return parse_for(p, loc);
    case W_IF: return parse_if(p, loc);
    case W_SKIPPED: return parse_skipped(p, loc);
    case W_KERNEL: {
        lds_stmt *k = pr_new_stmt(p, S_KERNEL, loc);
        lds_loc name_loc;
        return pr_take_name(p, "the kernel's name (kernel NAME)", &k->u.kernel.name, &name_loc) < 0 ? NULL : k;
    }
    case W_PRINT: return parse_print(p, loc);
    case W_EXPLAIN: return pr_new_stmt(p, S_EXPLAIN, loc);
    case W_EXPECT: return parse_expect(p, loc);
    case W_ARCH: case W_RULES: case W_SHOW: case W_SET: case W_NONE:
        break;
    }
    lds_instruction ins;
    if (t.kind == TK_NAME && lds_instruction_lookup(t.start, (unsigned)t.len, &ins))
        return parse_instruction(p, loc, &ins, &t);
    /* the kernel forms, from their first token */
    bool kernel = pr_kernel_statement_starts(p, &t);
    p->lx = after_first;
    p->tok = t;
    if (kernel)
        return pr_parse_kernel_statement(p, loc, &t);
    /* a bare target is a read; a target and '=' a kernel's store */
    lds_target target;
    if (pr_parse_target(p, &target) < 0)
        return NULL;
    if (p->tok.kind == TK_ASSIGN || p->tok.kind == TK_OPASSIGN)
        return pr_parse_kernel_store(p, &target);
    return pr_parse_access(p, loc, ACC_READ, 0, &target);
}

/* block := { statement ( NEWLINE | ';' ) }   up to `end` */
static lds_stmt *parse_block(parser *p, lds_tok_kind end)
{
    lds_stmt *first = NULL, **tail = &first;
    for (;;) {
        while (p->tok.kind == TK_NEWLINE || p->tok.kind == TK_SEMI)
            pr_advance(p);
        if (p->tok.kind == TK_DIRECTIVE) {   /* #if and its kin: no statement */
            if (pr_directive(p) < 0)
                return NULL;
            continue;
        }
        if (p->tok.kind == end || p->tok.kind == TK_EOF || p->tok.kind == TK_ERROR)
            break;
        const char *start = p->tok.start;
        lds_stmt *s = parse_statement(p);
        if (!s || FAIL(p))
            return NULL;
        if (!at_end_of_statement(p)) {
            pr_error_at_tok(p, "the end of the statement (a new line or ';')");
            return NULL;
        }
        /* a record's source: the statement's text, or that of the kernel
         * statement it was lowered from */
        bool lowered = s->loc.src && s->loc.src != p->lx.src;
        const char *source = lowered ? lds_kernel_statement_text(p->arena, s->loc.src, s->loc.line, s->loc.col)
                                     : lds_statement_text(p->arena, start, p->prev_end, false);
        if (lowered && !*source && s->related.src && s->related.line)   /* its file unread (a TTGIR loc's
                                                                            Python file): its note's text */
            source = lds_kernel_statement_text(p->arena, s->related.src, s->related.line, s->related.col);
        const char *written = lowered && s->kind == S_ACCESS && !s->loc.src->named_by_line_info
                                  ? lds_kernel_subscripted_name(p->arena, s->loc.src, s->loc.line, s->loc.col)
                                  : NULL;
        *tail = s;
        for (; s; s = s->next) {   /* a kernel statement may be several */
            s->source = source;
            s->lowered = lowered;
            if (lowered && s->related.src && s->related_what)   /* an inlined helper's line: its statement too */
                s->related_source = lds_kernel_statement_text(p->arena, s->related.src, s->related.line, s->related.col);
            s->written = written;
            tail = &s->next;
        }
    }
    if (p->tok.kind == TK_ERROR)
        return NULL;
    if (p->tok.kind == TK_EOF && end != TK_EOF) {
        pr_error_at_tok(p, "'}' to close the block");
        return NULL;
    }
    return first;
}

/* The parser at the start of src. */
static void parser_init(parser *p, const lds_source *src, lds_arena *arena, lds_parse_ctx *ctx, lds_diag *diag)
{
    memset(p, 0, sizeof *p);
    lds_lex_init(&p->lx, src, diag);
    p->arena = arena;
    p->diag = diag;
    p->ctx = ctx;
    pr_advance(p);
}

/* program := block, every #if closed */
static lds_stmt *parse_whole(parser *p)
{
    lds_stmt *first = parse_block(p, TK_EOF);
    if (!FAIL(p))
        pr_conditionals_closed(p);
    return first;
}

int lds_parse_program_in(const lds_source *src, lds_program *prog, lds_parse_ctx *ctx, lds_diag *diag)
{
    lds_parse_ctx *own = ctx ? NULL : lds_parse_ctx_new();
    parser p;
    parser_init(&p, src, prog->arena, ctx ? ctx : own, diag);
    prog->src = src;
    prog->first = parse_whole(&p);
    lds_parse_ctx_free(own);
    return diag->set ? -1 : 0;
}

int lds_parse_program(const lds_source *src, lds_program *prog, lds_diag *diag)
{
    return lds_parse_program_in(src, prog, NULL, diag);
}

int lds_parse_incomplete(const lds_source *src, const lds_parse_ctx *ctx)
{
    /* more lines can complete the text only if it fails at its end with
     * something still open; an error before the end (a line that cannot
     * continue it) is reported at once, as Python's REPL does */
    lds_diag d = { 0 };
    lds_arena *arena = lds_arena_new();
    lds_parse_ctx *scratch = lds_parse_ctx_clone(ctx);   /* a trial: what it defines is forgotten */
    parser p;
    parser_init(&p, src, arena, scratch, &d);
    parse_whole(&p);
    int incomplete = d.set && p.eof_error;
    lds_parse_ctx_free(scratch);
    lds_arena_free(arena);
    return incomplete;
}

bool lds_parse_is_lone(const lds_source *src, int kind)
{
    lds_diag d = { 0 };
    lds_arena *arena = lds_arena_new();
    lds_parse_ctx *scratch = lds_parse_ctx_new();
    parser p;
    parser_init(&p, src, arena, scratch, &d);
    lds_stmt *first = parse_whole(&p);
    bool lone = !d.set && first && !first->next && (int)first->kind == kind;
    lds_parse_ctx_free(scratch);
    lds_arena_free(arena);
    return lone;
}

int lds_parse_expression(const lds_source *src, lds_arena *arena, lds_expr **out, lds_diag *diag)
{
    lds_parse_ctx *ctx = lds_parse_ctx_new();
    parser p;
    parser_init(&p, src, arena, ctx, diag);
    *out = pr_parse_expr(&p);
    if (*out && p.tok.kind != TK_EOF)
        pr_error_at_tok(&p, "the end of the expression");
    lds_parse_ctx_free(ctx);
    return diag->set ? -1 : 0;
}
