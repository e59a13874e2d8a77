/* src/parser.c - hand-written recursive-descent parser with precedence
 * climbing for binary operators.  Each rule is written above its function.
 * Errors are values: the first one is kept in the diag, the partial tree
 * lives in the arena and is freed with it. */
#include "src/parser.h"

#include <string.h>

#include "src/types.h"

typedef struct {
    lds_lexer lx;
    lds_token tok;         /* current token */
    const char *prev_end;  /* end of the token before it */
    lds_arena *arena;
    lds_diag *diag;
    unsigned depth;
} parser;

#define FAIL(P) ((P)->diag->set)

static void advance(parser *p)
{
    if (p->tok.start)   /* none before the first token */
        p->prev_end = p->tok.start + p->tok.len;
    p->tok = lds_lex_next(&p->lx);
}

static void error_at_tok(parser *p, const char *what)
{
    if (p->tok.kind == TK_ERROR)
        return;   /* the lexer already said why */
    if (p->tok.kind == TK_NAME || p->tok.kind == TK_INT)
        lds_diag_set(p->diag, p->tok.loc, "expected %s, found '%.*s'", what,
                     (int)(p->tok.len > 40 ? 40 : p->tok.len), p->tok.start);
    else
        lds_diag_set(p->diag, p->tok.loc, "expected %s, found %s", what, lds_tok_name(p->tok.kind));
}

static int expect_tok(parser *p, lds_tok_kind k, const char *what)
{
    if (p->tok.kind != k) {
        error_at_tok(p, what);
        return -1;
    }
    advance(p);
    return 0;
}

static const char *tok_str(parser *p)
{
    return lds_arena_strndup(p->arena, p->tok.start, p->tok.len);
}

static int enter(parser *p)
{
    if (++p->depth > LDS_MAX_DEPTH) {
        lds_diag_set(p->diag, p->tok.loc, "nested deeper than %d levels", LDS_MAX_DEPTH);
        return -1;
    }
    return 0;
}

/* Record a node's height; a tree taller than LDS_MAX_HEIGHT (a chain of
 * that many operators) is refused so that walking it stays bounded. */
static lds_expr *check_height(parser *p, lds_expr *e)
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

static lds_expr *new_expr(parser *p, lds_expr_kind k, lds_loc loc)
{
    lds_expr *e = lds_arena_alloc(p->arena, sizeof *e);
    e->kind = k;
    e->loc = loc;
    return e;
}

/* ---------------------------------------------------------------- exprs */

static lds_expr *parse_expr(parser *p);

/* Set a literal's value from its digits ('_' and suffixes skipped). */
static void literal_value(parser *p, lds_expr *e)
{
    const char *s = p->tok.start, *end = s + p->tok.len;
    int base = 10;
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
    if (mpz_fits_slong_p(z) && sizeof(long) == 8) {
        e->small = mpz_get_si(z);
    } else {
        e->is_big = true;
        e->big = z;
    }
}

/* args := '(' [ expr { ',' expr } ] ')' */
static int parse_args(parser *p, lds_expr *call)
{
    lds_expr *buf[64];
    lds_expr **list = buf;
    unsigned n = 0, cap = 64;
    advance(p);   /* '(' */
    if (p->tok.kind != TK_RPAREN) {
        for (;;) {
            lds_expr *a = parse_expr(p);
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
            advance(p);
        }
    }
    if (expect_tok(p, TK_RPAREN, "',' or ')' after a function argument") < 0)
        return -1;
    call->args = lds_arena_alloc(p->arena, sizeof *list * (n ? n : 1));
    memcpy(call->args, list, sizeof *list * n);
    call->nargs = n;
    return 0;
}

/* primary := INT | NAME | NAME args | '(' expr ')' */
static lds_expr *parse_primary(parser *p)
{
    lds_expr *e;
    switch (p->tok.kind) {
    case TK_INT:
        e = new_expr(p, E_NUM, p->tok.loc);
        literal_value(p, e);
        advance(p);
        return e;
    case TK_NAME:
        e = new_expr(p, E_NAME, p->tok.loc);
        e->name = tok_str(p);
        advance(p);
        if (p->tok.kind == TK_LPAREN) {
            e->kind = E_CALL;
            if (parse_args(p, e) < 0)
                return NULL;
        }
        return check_height(p, e);
    case TK_LPAREN:
        advance(p);
        e = parse_expr(p);
        if (!e || expect_tok(p, TK_RPAREN, "')'") < 0)
            return NULL;
        return e;
    default:
        error_at_tok(p, "an expression");
        return NULL;
    }
}

/* unary := ( '-' | '+' | '~' | '!' ) unary | primary */
static lds_expr *parse_unary(parser *p)
{
    lds_tok_kind k = p->tok.kind;
    if (k == TK_MINUS || k == TK_PLUS || k == TK_TILDE || k == TK_BANG) {
        lds_loc loc = p->tok.loc;
        if (enter(p) < 0)
            return NULL;
        advance(p);
        lds_expr *a = parse_unary(p);
        p->depth--;
        if (!a)
            return NULL;
        if (k == TK_PLUS)
            return a;
        lds_expr *e = new_expr(p, E_UNARY, loc);
        e->op = k;
        e->a = a;
        return check_height(p, e);
    }
    return parse_primary(p);
}

/* Binding power of a binary operator token, 0 if it is none (C's table). */
static int precedence(lds_tok_kind k)
{
    switch (k) {
    case TK_OROR: return 1;
    case TK_ANDAND: return 2;
    case TK_PIPE: return 3;
    case TK_CARET: return 4;
    case TK_AMP: return 5;
    case TK_EQ: case TK_NE: return 6;
    case TK_LT: case TK_LE: case TK_GT: case TK_GE: return 7;
    case TK_SHL: case TK_SHR: return 8;
    case TK_PLUS: case TK_MINUS: return 9;
    case TK_STAR: case TK_SLASH: case TK_PERCENT: return 10;
    default: return 0;
    }
}

/* binary(min) := unary { OP binary(prec(OP)+1) }   for prec(OP) >= min
 * (precedence climbing; every binary operator is left-associative) */
static lds_expr *parse_binary(parser *p, int min_prec)
{
    lds_expr *lhs = parse_unary(p);
    while (lhs) {
        int prec = precedence(p->tok.kind);
        if (prec == 0 || prec < min_prec)
            break;
        lds_expr *e = new_expr(p, E_BINARY, p->tok.loc);
        e->op = p->tok.kind;
        advance(p);
        e->a = lhs;
        e->b = parse_binary(p, prec + 1);
        lhs = e->b ? check_height(p, e) : NULL;
    }
    return lhs;
}

/* expr := binary(1) [ '?' expr ':' expr ]   (right-associative) */
static lds_expr *parse_expr(parser *p)
{
    if (enter(p) < 0)
        return NULL;
    lds_expr *c = parse_binary(p, 1);
    if (c && p->tok.kind == TK_QUESTION) {
        lds_expr *e = new_expr(p, E_COND, p->tok.loc);
        advance(p);
        e->a = c;
        e->b = parse_expr(p);
        if (!e->b || expect_tok(p, TK_COLON, "':' in a conditional expression") < 0)
            c = NULL;
        else
            c = (e->c = parse_expr(p)) ? check_height(p, e) : NULL;
    }
    p->depth--;
    return c;
}

/* ----------------------------------------------------------- statements */

static lds_stmt *parse_block(parser *p, lds_tok_kind end);

static lds_stmt *new_stmt(parser *p, lds_stmt_kind k, lds_loc loc)
{
    lds_stmt *s = lds_arena_alloc(p->arena, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

static int at_end_of_statement(const parser *p)
{
    lds_tok_kind k = p->tok.kind;
    return k == TK_NEWLINE || k == TK_SEMI || k == TK_EOF || k == TK_RBRACE;
}

/* A bare word argument (arch NAME, rules seed, show grid, set KEY). */
static const char *parse_word(parser *p, const char *what)
{
    lds_token t = lds_lex_word(&p->lx);
    if (t.kind != TK_WORD) {
        p->tok = t;
        error_at_tok(p, what);
        return NULL;
    }
    p->tok = t;   /* so that the statement's text ends after it */
    return lds_arena_strndup(p->arena, t.start, t.len);
}

/* range := expr '..' expr */
static int parse_range(parser *p, lds_loop *lp)
{
    if (!(lp->lo = parse_expr(p)))
        return -1;
    if (p->tok.kind != TK_DOTDOT) {
        error_at_tok(p, "'..' in a range LO..HI");
        return -1;
    }
    advance(p);
    return (lp->hi = parse_expr(p)) ? 0 : -1;
}

/* loop := NAME 'in' range */
static int parse_loop(parser *p, lds_loop *lp)
{
    if (p->tok.kind != TK_NAME) {
        error_at_tok(p, "a loop variable name");
        return -1;
    }
    lp->var = tok_str(p);
    lp->loc = p->tok.loc;
    advance(p);
    if (!lds_tok_is(&p->tok, "in")) {
        error_at_tok(p, "'in' after the loop variable");
        return -1;
    }
    advance(p);
    return parse_range(p, lp);
}

/* type := NAME [ NAME ]   ("long long", "unsigned int") */
static unsigned parse_type(parser *p, const char **name)
{
    const char *start = p->tok.start;
    size_t len = p->tok.len;
    if (p->tok.kind != TK_NAME) {
        error_at_tok(p, "a type (f32, float, b128, ...)");
        return 0;
    }
    unsigned size = lds_type_size(p->tok.start, (unsigned)p->tok.len);
    if (!size) {
        error_at_tok(p, "a type (f32, float, b128, ...)");
        return 0;
    }
    advance(p);
    /* C's two- and three-word types */
    while (p->tok.kind == TK_NAME && (lds_tok_is(&p->tok, "int") || lds_tok_is(&p->tok, "long"))) {
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
        advance(p);
    }
    *name = lds_arena_strndup(p->arena, start, len);
    return size;
}

/* dims := { '[' expr ']' } */
static int parse_dims(parser *p, lds_expr ***out, unsigned *n)
{
    lds_expr *buf[32];
    unsigned k = 0;
    while (p->tok.kind == TK_LBRACKET) {
        if (k == 32) {
            lds_diag_set(p->diag, p->tok.loc, "more than 32 dimensions");
            return -1;
        }
        advance(p);
        if (!(buf[k++] = parse_expr(p)))
            return -1;
        if (expect_tok(p, TK_RBRACKET, "']' after an index") < 0)
            return -1;
    }
    *out = lds_arena_alloc(p->arena, sizeof *buf * (k ? k : 1));
    memcpy(*out, buf, sizeof *buf * k);
    *n = k;
    return 0;
}

/* array := 'array' type NAME dims [ 'at' expr ] [ 'layout' NAME [ 'size' expr ] ]
 * cdecl := ( '__shared__' | 'groupshared' ) type NAME dims [ ';' ] */
static lds_stmt *parse_array(parser *p, lds_loc loc, int c_style)
{
    lds_stmt *s = new_stmt(p, S_ARRAY, loc);
    if (!(s->elem_size = parse_type(p, &s->type_name)))
        return NULL;
    if (p->tok.kind != TK_NAME) {
        error_at_tok(p, "the array's name");
        return NULL;
    }
    s->name = tok_str(p);
    s->name_loc = p->tok.loc;
    advance(p);
    if (parse_dims(p, &s->dims, &s->ndims) < 0)
        return NULL;
    if (c_style)
        return s;
    if (lds_tok_is(&p->tok, "at")) {
        advance(p);
        if (!(s->at = parse_expr(p)))
            return NULL;
    }
    if (lds_tok_is(&p->tok, "layout")) {
        advance(p);
        if (p->tok.kind != TK_NAME) {
            error_at_tok(p, "the name of a layout function");
            return NULL;
        }
        s->layout = tok_str(p);
        s->layout_loc = p->tok.loc;
        advance(p);
        if (lds_tok_is(&p->tok, "size")) {
            advance(p);
            if (!(s->size = parse_expr(p)))
                return NULL;
        }
    }
    return s;
}

/* target := NAME dims | TYPE '[' expr ']' | '@' expr */
static int parse_target(parser *p, lds_target *t)
{
    t->loc = p->tok.loc;
    if (p->tok.kind == TK_AT) {
        advance(p);
        t->kind = T_ADDR;
        return (t->addr = parse_expr(p)) ? 0 : -1;
    }
    if (p->tok.kind != TK_NAME) {
        error_at_tok(p, "an access target: ARRAY[i]..., TYPE[i] or @ADDRESS");
        return -1;
    }
    unsigned size = lds_type_size(p->tok.start, (unsigned)p->tok.len);
    t->name = tok_str(p);
    advance(p);
    if (size && p->tok.kind == TK_LBRACKET) {
        t->kind = T_ANON;
        t->elem_size = size;
        if (parse_dims(p, &t->idx, &t->nidx) < 0)
            return -1;
        if (t->nidx != 1) {
            lds_diag_set(p->diag, t->loc, "an anonymous %s array takes one index, not %u", t->name, t->nidx);
            return -1;
        }
        return 0;
    }
    t->kind = T_ELEM;
    return parse_dims(p, &t->idx, &t->nidx);
}

/* access := ( 'read' | 'write' | 'atomic' | DS_INSTRUCTION ) [ WIDTH ] target
 *           [ 'if' expr ] [ 'for' loop { ',' loop } ] */
static lds_stmt *parse_access(parser *p, lds_loc loc, lds_access_kind kind, unsigned width)
{
    lds_stmt *s = new_stmt(p, S_ACCESS, loc);
    s->access = kind;
    s->width = width;
    if (!width && p->tok.kind == TK_NAME) {
        unsigned w = lds_width_bytes(p->tok.start, (unsigned)p->tok.len);
        if (w) {
            /* "read b32[i]" is an anonymous b32 array; "read b32 @a" a width */
            lds_lexer save = p->lx;
            lds_token here = p->tok;
            advance(p);
            if (p->tok.kind == TK_LBRACKET) {
                p->lx = save;
                p->tok = here;
            } else {
                s->width = w;
            }
        }
    }
    if (parse_target(p, &s->target) < 0)
        return NULL;
    if (lds_tok_is(&p->tok, "if")) {
        advance(p);
        if (!(s->cond = parse_expr(p)))
            return NULL;
    }
    if (lds_tok_is(&p->tok, "for")) {
        lds_loop buf[16];
        unsigned n = 0;
        do {
            advance(p);
            if (n == 16) {
                lds_diag_set(p->diag, p->tok.loc, "more than 16 loops on one access");
                return NULL;
            }
            if (parse_loop(p, &buf[n++]) < 0)
                return NULL;
        } while (p->tok.kind == TK_COMMA);
        s->loops = lds_arena_alloc(p->arena, sizeof *buf * n);
        memcpy(s->loops, buf, sizeof *buf * n);
        s->nloops = n;
    }
    return s;
}

/* def := 'def' NAME '(' [ NAME { ',' NAME } ] ')' '=' expr */
static lds_stmt *parse_def(parser *p, lds_loc loc)
{
    lds_stmt *s = new_stmt(p, S_DEF, loc);
    const char *params[64];
    if (p->tok.kind != TK_NAME) {
        error_at_tok(p, "the function's name");
        return NULL;
    }
    s->name = tok_str(p);
    s->name_loc = p->tok.loc;
    advance(p);
    if (expect_tok(p, TK_LPAREN, "'(' and the parameter list") < 0)
        return NULL;
    while (p->tok.kind == TK_NAME) {
        if (s->nparams == 64) {
            lds_diag_set(p->diag, p->tok.loc, "more than 64 parameters");
            return NULL;
        }
        params[s->nparams++] = tok_str(p);
        advance(p);
        if (p->tok.kind != TK_COMMA)
            break;
        advance(p);
    }
    if (expect_tok(p, TK_RPAREN, "a parameter name or ')'") < 0)
        return NULL;
    if (expect_tok(p, TK_ASSIGN, "'=' and the function's body") < 0)
        return NULL;
    s->params = lds_arena_alloc(p->arena, sizeof *params * (s->nparams ? s->nparams : 1));
    memcpy(s->params, params, sizeof *params * s->nparams);
    return (s->body = parse_expr(p)) ? s : NULL;
}

/* expect := 'expect' ( 'conflict-free' | METRIC CMP expr ) */
static lds_stmt *parse_expect(parser *p, lds_loc loc)
{
    lds_stmt *s = new_stmt(p, S_EXPECT, loc);
    if (p->tok.kind != TK_NAME) {
        error_at_tok(p, "a metric (ways, cycles, excess, ...) or conflict-free");
        return NULL;
    }
    if (lds_tok_is(&p->tok, "conflict")) {
        lds_token first = p->tok;
        advance(p);
        if (p->tok.kind != TK_MINUS) {
            p->tok = first;
        } else {
            advance(p);
            if (!lds_tok_is(&p->tok, "free")) {
                error_at_tok(p, "'conflict-free'");
                return NULL;
            }
            advance(p);
            s->metric = "excess";
            s->cmp = TK_EQ;
            lds_expr *zero = new_expr(p, E_NUM, loc);
            s->e[0] = zero;
            s->ne = 1;
            return s;
        }
    }
    s->metric = tok_str(p);
    advance(p);
    lds_tok_kind k = p->tok.kind;
    if (k != TK_EQ && k != TK_NE && k != TK_LT && k != TK_LE && k != TK_GT && k != TK_GE) {
        error_at_tok(p, "a comparison (== != < <= > >=)");
        return NULL;
    }
    s->cmp = k;
    advance(p);
    s->ne = 1;
    return (s->e[0] = parse_expr(p)) ? s : NULL;
}

/* set := 'set' KEY ( expr | WORD | WIDTH SPEC ) */
static lds_stmt *parse_set(parser *p, lds_loc loc)
{
    lds_stmt *s = new_stmt(p, S_SET, loc);
    if (!(s->word = parse_word(p, "a setting: banks, bank_bytes, wave, lds, r2, r3, write_merge or phases")))
        return NULL;
    if (!strcmp(s->word, "r2") || !strcmp(s->word, "r3") || !strcmp(s->word, "write_merge")) {
        if (!(s->word2 = parse_word(p, "a value")))
            return NULL;
    } else if (!strcmp(s->word, "phases")) {
        const char *w = parse_word(p, "a width (b8 ... b128, or b128r / b128w)");
        if (!w || !(s->word2 = parse_word(p, "a lane-phase table (16 or 16c or 0-3,20-23|...)")))
            return NULL;
        s->name = w;
    } else {
        advance(p);
        s->ne = 1;
        if (!(s->e[0] = parse_expr(p)))
            return NULL;
    }
    if (s->word2)
        advance(p);
    return s;
}

/* threads := 'threads' expr [ ',' expr [ ',' expr ] ] */
static lds_stmt *parse_threads(parser *p, lds_loc loc)
{
    lds_stmt *s = new_stmt(p, S_THREADS, loc);
    for (;;) {
        if (!(s->e[s->ne++] = parse_expr(p)))
            return NULL;
        if (p->tok.kind != TK_COMMA || s->ne == 3)
            break;
        advance(p);
    }
    return s;
}

/* print := 'print' expr { ',' expr } */
static lds_stmt *parse_print(parser *p, lds_loc loc)
{
    lds_stmt *s = new_stmt(p, S_PRINT, loc);
    lds_expr *buf[64];
    for (;;) {
        if (s->nexprs == 64) {
            lds_diag_set(p->diag, p->tok.loc, "more than 64 values in one print");
            return NULL;
        }
        if (!(buf[s->nexprs++] = parse_expr(p)))
            return NULL;
        if (p->tok.kind != TK_COMMA)
            break;
        advance(p);
    }
    s->exprs = lds_arena_alloc(p->arena, sizeof *buf * s->nexprs);
    memcpy(s->exprs, buf, sizeof *buf * s->nexprs);
    return s;
}

/* for := 'for' loop '{' block '}' */
static lds_stmt *parse_for(parser *p, lds_loc loc)
{
    lds_stmt *s = new_stmt(p, S_FOR, loc);
    s->loops = lds_arena_alloc(p->arena, sizeof *s->loops);
    s->nloops = 1;
    if (parse_loop(p, s->loops) < 0)
        return NULL;
    while (p->tok.kind == TK_NEWLINE)
        advance(p);
    if (expect_tok(p, TK_LBRACE, "'{' after the range (a loop on one access goes after it: read X[k] for k in 0..8)") < 0)
        return NULL;
    if (enter(p) < 0)
        return NULL;
    s->body_stmts = parse_block(p, TK_RBRACE);
    p->depth--;
    if (FAIL(p) || expect_tok(p, TK_RBRACE, "'}' to close the block") < 0)
        return NULL;
    return s;
}

/* word_stmt := ( 'arch' | 'rules' | 'show' ) WORD */
static lds_stmt *parse_word_stmt(parser *p, lds_loc loc, lds_stmt_kind k, const char *what)
{
    lds_stmt *s = new_stmt(p, k, loc);
    if (!(s->word = parse_word(p, what)))
        return NULL;
    advance(p);
    return s;
}

/* statement := arch | set | rules | threads | groups | let | def | array
 *            | cdecl | access | target-as-read | for | print | expect | show */
static lds_stmt *parse_statement(parser *p)
{
    lds_loc loc = p->tok.loc;
    lds_token t = p->tok;
    int write;
    if (t.kind == TK_AT)
        return parse_access(p, loc, ACC_READ, 0);
    if (t.kind != TK_NAME) {
        error_at_tok(p, "a statement");
        return NULL;
    }
    if (lds_tok_is(&t, "arch"))
        return parse_word_stmt(p, loc, S_ARCH, "a profile name (see lds-calc --arch-info)");
    if (lds_tok_is(&t, "rules"))
        return parse_word_stmt(p, loc, S_RULES, "'seed' or 'calibrated'");
    if (lds_tok_is(&t, "show"))
        return parse_word_stmt(p, loc, S_SHOW, "summary, phases, lanes or grid");
    if (lds_tok_is(&t, "set"))
        return parse_set(p, loc);
    lds_lexer after_first = p->lx;
    advance(p);
    if (lds_tok_is(&t, "threads"))
        return parse_threads(p, loc);
    if (lds_tok_is(&t, "groups")) {
        lds_stmt *s = new_stmt(p, S_GROUPS, loc);
        s->ne = 1;
        return (s->e[0] = parse_expr(p)) ? s : NULL;
    }
    if (lds_tok_is(&t, "let")) {
        lds_stmt *s = new_stmt(p, S_LET, loc);
        if (p->tok.kind != TK_NAME) {
            error_at_tok(p, "a name after 'let'");
            return NULL;
        }
        s->name = tok_str(p);
        s->name_loc = p->tok.loc;
        advance(p);
        if (expect_tok(p, TK_ASSIGN, "'=' after the name") < 0)
            return NULL;
        s->ne = 1;
        return (s->e[0] = parse_expr(p)) ? s : NULL;
    }
    if (lds_tok_is(&t, "def"))
        return parse_def(p, loc);
    if (lds_tok_is(&t, "array"))
        return parse_array(p, loc, 0);
    if (lds_tok_is(&t, "__shared__") || lds_tok_is(&t, "groupshared"))
        return parse_array(p, loc, 1);
    if (lds_tok_is(&t, "read"))
        return parse_access(p, loc, ACC_READ, 0);
    if (lds_tok_is(&t, "write"))
        return parse_access(p, loc, ACC_WRITE, 0);
    if (lds_tok_is(&t, "atomic"))
        return parse_access(p, loc, ACC_ATOMIC, 0);
    unsigned w = lds_amd_instruction(t.start, (unsigned)t.len, &write);
    if (w)
        return parse_access(p, loc, write ? ACC_WRITE : ACC_READ, w);
    if (lds_tok_is(&t, "for"))
        return parse_for(p, loc);
    if (lds_tok_is(&t, "print"))
        return parse_print(p, loc);
    if (lds_tok_is(&t, "explain"))
        return new_stmt(p, S_EXPLAIN, loc);
    if (lds_tok_is(&t, "expect"))
        return parse_expect(p, loc);
    /* a bare target is a read: go back to its first token */
    p->lx = after_first;
    p->tok = t;
    return parse_access(p, loc, ACC_READ, 0);
}

/* The statement's own text, trimmed, for reports. */
static const char *statement_source(parser *p, const char *start, const char *end)
{
    while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == ';' || end[-1] == '\n' || end[-1] == '\r'))
        end--;
    char *s = lds_arena_strndup(p->arena, start, (size_t)(end - start));
    for (char *q = s; *q; q++)
        if (*q == '\n' || *q == '\t' || *q == '\r')
            *q = ' ';
    return s;
}

/* block := { statement ( NEWLINE | ';' ) }   up to `end` */
static lds_stmt *parse_block(parser *p, lds_tok_kind end)
{
    lds_stmt *first = NULL, **tail = &first;
    for (;;) {
        while (p->tok.kind == TK_NEWLINE || p->tok.kind == TK_SEMI)
            advance(p);
        if (p->tok.kind == end || p->tok.kind == TK_EOF || p->tok.kind == TK_ERROR)
            break;
        const char *start = p->tok.start;
        lds_stmt *s = parse_statement(p);
        if (!s || FAIL(p))
            return NULL;
        if (!at_end_of_statement(p)) {
            error_at_tok(p, "the end of the statement (a new line or ';')");
            return NULL;
        }
        s->source = statement_source(p, start, p->prev_end);
        *tail = s;
        tail = &s->next;
    }
    if (p->tok.kind == TK_ERROR)
        return NULL;
    if (p->tok.kind == TK_EOF && end != TK_EOF) {
        error_at_tok(p, "'}' to close the block");
        return NULL;
    }
    return first;
}

int lds_parse_program(const lds_source *src, lds_program *prog, lds_diag *diag)
{
    parser p;
    memset(&p, 0, sizeof p);
    lds_lex_init(&p.lx, src, diag);
    p.arena = prog->arena;
    p.diag = diag;
    prog->src = src;
    advance(&p);
    prog->first = parse_block(&p, TK_EOF);
    return diag->set ? -1 : 0;
}

int lds_parse_incomplete(const lds_source *src)
{
    lds_diag d = { 0 };
    lds_lexer lx;
    int braces = 0;
    lds_lex_init(&lx, src, &d);
    for (;;) {
        lds_token t = lds_lex_next(&lx);
        if (t.kind == TK_EOF || t.kind == TK_ERROR)
            break;
        if (t.kind == TK_LBRACE)
            braces++;
        else if (t.kind == TK_RBRACE)
            braces--;
    }
    return !d.set && (lx.bracket_depth > 0 || braces > 0);
}

int lds_parse_expression(const lds_source *src, lds_arena *arena, lds_expr **out, lds_diag *diag)
{
    parser p;
    memset(&p, 0, sizeof p);
    lds_lex_init(&p.lx, src, diag);
    p.arena = arena;
    p.diag = diag;
    advance(&p);
    *out = parse_expr(&p);
    if (*out && p.tok.kind != TK_EOF)
        error_at_tok(&p, "the end of the expression");
    return diag->set ? -1 : 0;
}
