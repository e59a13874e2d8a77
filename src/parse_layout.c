/* src/parse_layout.c - layouts in CuTe's notation (lds(5), LAYOUTS):
 *
 *   layout NAME = SHAPE : STRIDE
 *   layout NAME = Swizzle<B,M,S> o SHAPE : STRIDE
 *
 * SHAPE and STRIDE are integers or parenthesised tuples of them, nested
 * alike: (8,(4,2)):(4,(1,32)).  The statement is a def of one parameter
 * per top-level mode, so that `array ... layout NAME` and NAME(i, j)
 * work as for any def.  Its body is CuTe's crd2idx written out: mode k's
 * coordinate is split colexicographically over the mode's sub-shapes
 * (the first fastest; the last takes what is left, unbounded, as CuTe's
 * idx2crd does) and each part is scaled by its stride; a swizzle is
 * applied to the sum (swizzle(B, M, S, x), CuTe's Swizzle). */
#include "src/parser_impl.h"

#include <stdlib.h>
#include <string.h>

#include "src/builtins.h"
#include "src/limits.h"

#define MAX_MODES LDS_MAX_PARAMS

/* A tuple as written: leaves in order, and for each top-level mode the
 * range of its leaves. */
typedef struct {
    int64_t leaf[MAX_MODES * 4];
    lds_loc loc[MAX_MODES * 4];
    unsigned nleaves;
    unsigned mode_first[MAX_MODES + 1];
    unsigned nmodes;
    char shape[512];          /* its nesting, for the congruence check: "(i,(i,i))" */
    size_t shape_len;
} tuple;

static void shape_putc(tuple *t, char c)
{
    if (t->shape_len + 1 < sizeof t->shape)
        t->shape[t->shape_len++] = c;
    t->shape[t->shape_len] = '\0';
}

static int parse_tuple_inner(parser *p, tuple *t, bool top);

/* INT or '(' tuple ')' */
static int parse_element(parser *p, tuple *t, bool top)
{
    if (top)
        t->mode_first[t->nmodes] = t->nleaves;
    if (p->tok.kind == TK_INT) {
        if (t->nleaves == sizeof t->leaf / sizeof t->leaf[0]) {
            lds_diag_set(p->diag, p->tok.loc, "a layout of more than %zu integers", sizeof t->leaf / sizeof t->leaf[0]);
            return -1;
        }
        lds_expr *e = pr_parse_unary(p);
        if (!e)
            return -1;
        if (e->kind != E_NUM || e->big) {
            lds_diag_set(p->diag, e->loc, "a layout's shape and stride are integers written out");
            return -1;
        }
        t->loc[t->nleaves] = e->loc;
        t->leaf[t->nleaves++] = e->value;
        shape_putc(t, 'i');
    } else if (p->tok.kind == TK_LPAREN) {
        if (pr_enter(p) < 0)
            return -1;
        pr_advance(p);
        shape_putc(t, '(');
        if (parse_tuple_inner(p, t, false) < 0 || pr_expect_tok(p, TK_RPAREN, "',' or ')'") < 0)
            return -1;
        shape_putc(t, ')');
        p->depth--;
    } else {
        pr_error_at_tok(p, "an integer or '(' in a CuTe shape or stride");
        return -1;
    }
    if (top && ++t->nmodes > MAX_MODES) {
        lds_diag_set(p->diag, p->tok.loc, "a layout of more than %d modes", MAX_MODES);
        return -1;
    }
    return 0;
}

static int parse_tuple_inner(parser *p, tuple *t, bool top)
{
    for (;;) {
        if (parse_element(p, t, top) < 0)
            return -1;
        if (p->tok.kind != TK_COMMA)
            return 0;
        shape_putc(t, ',');
        pr_advance(p);
    }
}

/* A shape or stride: a tuple's top-level modes are the layout's modes; a
 * bare integer is one mode. */
static int parse_tuple(parser *p, tuple *t)
{
    memset(t, 0, sizeof *t);
    if (p->tok.kind == TK_LPAREN) {   /* (a, b, ...): its elements are the modes */
        if (pr_enter(p) < 0)
            return -1;
        pr_advance(p);
        if (parse_tuple_inner(p, t, true) < 0 || pr_expect_tok(p, TK_RPAREN, "',' or ')'") < 0)
            return -1;
        p->depth--;
    } else if (parse_element(p, t, true) < 0) {
        return -1;
    }
    t->mode_first[t->nmodes] = t->nleaves;
    return 0;
}

static lds_expr *num(parser *p, lds_loc loc, int64_t v)
{
    lds_expr *e = pr_new_expr(p, E_NUM, loc);
    e->value = v;
    return e;
}

static lds_expr *binary(parser *p, lds_loc loc, lds_op op, lds_expr *a, lds_expr *b)
{
    if (!a || !b)
        return NULL;
    lds_expr *e = pr_new_expr(p, E_BINARY, loc);
    e->op = op;
    e->a = a;
    e->b = b;
    return pr_check_height(p, e);
}

static lds_expr *param(parser *p, lds_loc loc, const char *name)
{
    lds_expr *e = pr_new_expr(p, E_NAME, loc);
    e->name = name;
    return e;
}

/* crd2idx for mode k: sum over its leaves j of (c / prod(s_<j) % s_j) * d_j,
 * the last leaf without the modulo. */
static lds_expr *mode_offset(parser *p, const tuple *shape, const tuple *stride, unsigned k, const char *coord)
{
    lds_expr *sum = NULL;
    int64_t below = 1;
    unsigned first = shape->mode_first[k], end = shape->mode_first[k + 1];
    for (unsigned j = first; j < end; j++) {
        lds_loc loc = shape->loc[j];
        lds_expr *c = param(p, loc, coord);
        if (below != 1)
            c = binary(p, loc, OP_DIV, c, num(p, loc, below));
        if (j + 1 < end)
            c = binary(p, loc, OP_MOD, c, num(p, loc, shape->leaf[j]));
        lds_expr *term = binary(p, loc, OP_MUL, c, num(p, stride->loc[j], stride->leaf[j]));
        sum = sum ? binary(p, loc, OP_ADD, sum, term) : term;
        if (!sum)
            return NULL;
        if (__builtin_mul_overflow(below, shape->leaf[j], &below)) {
            lds_diag_set(p->diag, loc, "the mode's size overflows 64 bits");
            return NULL;
        }
    }
    return sum;
}

/* Swizzle<B,M,S> o: the three integers, after 'Swizzle'. */
static int parse_swizzle(parser *p, int64_t bms[3])
{
    if (pr_expect_tok(p, TK_LT, "'<' after Swizzle (Swizzle<B,M,S>)") < 0)
        return -1;
    for (int i = 0; i < 3; i++) {
        if (p->tok.kind != TK_INT) {
            pr_error_at_tok(p, i == 0 ? "B of Swizzle<B,M,S>" : i == 1 ? "M of Swizzle<B,M,S>" : "S of Swizzle<B,M,S>");
            return -1;
        }
        lds_expr *e = pr_parse_unary(p);
        if (!e)
            return -1;
        bms[i] = e->value;
        if (i < 2 && pr_expect_tok(p, TK_COMMA, "',' in Swizzle<B,M,S>") < 0)
            return -1;
    }
    if (pr_expect_tok(p, TK_GT, "'>' to close Swizzle<B,M,S>") < 0)
        return -1;
    if (!lds_tok_is(&p->tok, "o")) {
        pr_error_at_tok(p, "'o' and the layout the swizzle is composed with (Swizzle<B,M,S> o SHAPE:STRIDE)");
        return -1;
    }
    pr_advance(p);
    return 0;
}

lds_stmt *pr_parse_layout(parser *p, lds_loc loc)
{
    lds_stmt *s = pr_new_stmt(p, S_DEF, loc);
    if (pr_take_name(p, "the layout's name", &s->u.def.name, &s->u.def.name_loc) < 0
        || pr_expect_tok(p, TK_ASSIGN, "'=' and the layout (SHAPE:STRIDE, or Swizzle<B,M,S> o SHAPE:STRIDE)") < 0)
        return NULL;
    int64_t bms[3];
    bool swizzled = lds_tok_is(&p->tok, "Swizzle");
    lds_loc swizzle_loc = p->tok.loc;
    if (swizzled) {
        pr_advance(p);
        if (parse_swizzle(p, bms) < 0)
            return NULL;
    }
    tuple *shape = lds_arena_alloc(p->arena, sizeof *shape), *stride = lds_arena_alloc(p->arena, sizeof *stride);
    lds_loc stride_loc;
    if (parse_tuple(p, shape) < 0 || pr_expect_tok(p, TK_COLON, "':' and the stride (SHAPE:STRIDE)") < 0)
        return NULL;
    stride_loc = p->tok.loc;
    if (parse_tuple(p, stride) < 0)
        return NULL;
    if (strcmp(shape->shape, stride->shape) || shape->nmodes != stride->nmodes) {
        for (char *c = shape->shape; *c; c++)
            *c = *c == 'i' ? '_' : *c;
        for (char *c = stride->shape; *c; c++)
            *c = *c == 'i' ? '_' : *c;
        lds_diag_set(p->diag, stride_loc, "the stride (%s) is not nested as the shape (%s)", stride->shape,
                     shape->shape);
        return NULL;
    }
    for (unsigned j = 0; j < shape->nleaves; j++)
        if (shape->leaf[j] <= 0) {
            lds_diag_set(p->diag, shape->loc[j], "a shape's sizes are positive");
            return NULL;
        }
    const char **params = lds_arena_alloc(p->arena, sizeof *params * shape->nmodes);
    lds_expr *body = NULL;
    for (unsigned k = 0; k < shape->nmodes; k++) {
        char name[16];
        snprintf(name, sizeof name, "i%u", k);
        params[k] = lds_arena_strndup(p->arena, name, strlen(name));
        lds_expr *m = mode_offset(p, shape, stride, k, params[k]);
        body = body ? binary(p, loc, OP_ADD, body, m) : m;
        if (!body)
            return NULL;
    }
    if (swizzled) {
        lds_expr *call = pr_new_expr(p, E_CALL, swizzle_loc);
        call->name = "swizzle";
        call->nargs = 4;
        call->args = lds_arena_alloc(p->arena, sizeof *call->args * 4);
        for (int i = 0; i < 3; i++)
            call->args[i] = num(p, swizzle_loc, bms[i]);
        call->args[3] = body;
        if (!(body = pr_check_height(p, call)))
            return NULL;
    }
    s->u.def.params = params;
    s->u.def.nparams = shape->nmodes;
    s->u.def.body = body;
    return s;
}
