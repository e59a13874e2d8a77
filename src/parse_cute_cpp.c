/* src/parse_cute_cpp.c - CuTe's layouts as its C++ writes them, read into
 * the same pr_cute as the SHAPE:STRIDE notation (src/parse_layout.h):
 *
 *   make_layout(make_shape(Int<128>{}, Int<8>{}), make_stride(Int<1>{}, Int<129>{}))
 *   make_layout(make_shape(_8, _64), LayoutRight{})       (compact, row-major)
 *   Layout<Shape<_128,_8>, Stride<_1,_129>>{}
 *   composition(Swizzle<3,3,3>{}, LAYOUT)
 *   decltype(LAYOUT)
 *
 * lds-calc prints its suggestions in these spellings, and reads them
 * back.  A number is an integer, Int<N>{}, _N, or an expression of names
 * whose values the parser knows (-D values, #define constants): the
 * constant folding is pr_fold_int. */
#include "src/parse_layout.h"

#include <string.h>

#include "base/limits.h"
#include "src/parse_ctx.h"

bool pr_cute_cpp_starts(const lds_token *t)
{
    return lds_tok_is(t, "make_layout") || lds_tok_is(t, "Layout") || lds_tok_is(t, "composition")
           || lds_tok_is(t, "decltype") || lds_tok_is(t, "cute::make_layout");
}

/* '>' closing template arguments: a '>>' token is two of them. */
static int close_angle(parser *p, const char *what)
{
    if (p->tok.kind == TK_SHR) {   /* the first '>' of '>>': the second stays */
        p->tok.kind = TK_GT;
        p->tok.start++;
        p->tok.len = 1;
        p->tok.loc.col++;
        return 0;
    }
    return pr_expect_tok(p, TK_GT, what);
}

/* An optional '{}' after a type: Int<8>{}, LayoutRight{}. */
static int braces(parser *p)
{
    if (p->tok.kind != TK_LBRACE)
        return 0;
    pr_advance(p);
    return pr_expect_tok(p, TK_RBRACE, "'}' (an empty {} after a CuTe type)");
}

int pr_fold_int(parser *p, const lds_expr *e, int64_t *out)
{
    int64_t a, b;
    switch (e->kind) {
    case E_NUM:
        if (e->big) {
            lds_diag_set(p->diag, e->loc, "a layout's number does not fit 64 bits");
            return -1;
        }
        *out = e->value;
        return 0;
    case E_NAME: {
        lds_macro_kind k = lds_parse_ctx_macro(p->ctx, e->name, strlen(e->name), out);
        if (k == LDS_MACRO_VALUE)
            return 0;
        lds_diag_set(p->diag, e->loc,
                     k == LDS_MACRO_SWEPT ? "'%s' takes several values (a sweep): a layout is built once, when it is read"
                                          : "a layout needs '%s' when it is read: give it with -D %s=VALUE or #define",
                     e->name, e->name);
        return -1;
    }
    case E_UNARY:
        if (pr_fold_int(p, e->a, &a) < 0)
            return -1;
        if (e->op == OP_NEG && a != INT64_MIN) {
            *out = -a;
            return 0;
        }
        break;
    case E_BINARY:
        if (pr_fold_int(p, e->a, &a) < 0 || pr_fold_int(p, e->b, &b) < 0)
            return -1;
        switch (e->op) {
        case OP_ADD: if (!__builtin_add_overflow(a, b, out)) return 0; break;
        case OP_SUB: if (!__builtin_sub_overflow(a, b, out)) return 0; break;
        case OP_MUL: if (!__builtin_mul_overflow(a, b, out)) return 0; break;
        case OP_DIV: if (b && !(a == INT64_MIN && b == -1)) { *out = a / b; return 0; } break;
        case OP_MOD: if (b && !(a == INT64_MIN && b == -1)) { *out = a % b; return 0; } break;
        case OP_SHL: if (b >= 0 && b < 62 && a >= 0 && a <= (INT64_MAX >> b)) { *out = a << b; return 0; } break;
        case OP_SHR: if (b >= 0 && b < 64) { *out = a >> b; return 0; } break;
        default: break;
        }
        break;
    default:
        break;
    }
    lds_diag_set(p->diag, e->loc, "a layout's numbers are integers, or arithmetic of names with known values");
    return -1;
}

void pr_note_constant(parser *p, const char *name, const lds_expr *value)
{
    lds_diag *real = p->diag, scratch = { 0 };
    int64_t v;
    p->diag = &scratch;   /* a value the parser cannot work out is no error here */
    if (pr_fold_int(p, value, &v) == 0)
        lds_parse_ctx_define(p->ctx, name, strlen(name), LDS_MACRO_VALUE, v);
    else if (lds_parse_ctx_macro(p->ctx, name, strlen(name), &v) == LDS_MACRO_VALUE)
        lds_parse_ctx_undef(p->ctx, name, strlen(name));   /* no longer that constant */
    p->diag = real;
}

/* Arithmetic in a template argument: + - * / % over unary operands
 * (a comparison or a shift would take the template's '>'). */
static lds_expr *template_arith(parser *p)
{
    lds_expr *e = pr_parse_unary(p);
    while (e && (p->tok.kind == TK_PLUS || p->tok.kind == TK_MINUS || p->tok.kind == TK_STAR
                 || p->tok.kind == TK_SLASH || p->tok.kind == TK_PERCENT)) {
        lds_op op = p->tok.kind == TK_PLUS ? OP_ADD : p->tok.kind == TK_MINUS ? OP_SUB : p->tok.kind == TK_STAR ? OP_MUL
                  : p->tok.kind == TK_SLASH ? OP_DIV : OP_MOD;
        lds_loc at = p->tok.loc;
        pr_advance(p);
        e = pr_lbin(p, at, op, e, pr_parse_unary(p));
    }
    return e;
}

/* A number: Int<N>{}, _N, _N{}, or integer arithmetic (pr_fold_int). */
int pr_cute_number(parser *p, int64_t *out, lds_loc *loc)
{
    *loc = p->tok.loc;
    if (lds_tok_is(&p->tok, "Int") || lds_tok_is(&p->tok, "C")) {
        pr_advance(p);
        if (pr_expect_tok(p, TK_LT, "'<' after Int") < 0)
            return -1;
        lds_expr *e = template_arith(p);
        if (!e || pr_fold_int(p, e, out) < 0 || close_angle(p, "'>' to close Int<N>") < 0)
            return -1;
        return braces(p);
    }
    if (p->tok.kind == TK_NAME && p->tok.len > 1 && p->tok.start[0] == '_'
        && p->tok.start[1] >= '0' && p->tok.start[1] <= '9') {   /* _128 */
        int64_t v = 0;
        for (size_t i = 1; i < p->tok.len; i++) {
            char c = p->tok.start[i];
            if (c < '0' || c > '9' || v > (INT64_MAX - 9) / 10) {
                pr_error_at_tok(p, "a CuTe integer constant (_8, Int<8>{})");
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        *out = v;
        pr_advance(p);
        return braces(p);   /* _32 is a type too: _32{} */
    }
    lds_expr *e = template_arith(p);
    return e && pr_fold_int(p, e, out) == 0 ? 0 : -1;
}

static bool starts_tuple(const lds_token *t)
{
    return lds_tok_is(t, "make_shape") || lds_tok_is(t, "make_stride") || lds_tok_is(t, "make_tuple")
           || lds_tok_is(t, "make_step") || lds_tok_is(t, "Shape") || lds_tok_is(t, "Stride") || lds_tok_is(t, "Step")
           || lds_tok_is(t, "tuple") || lds_tok_is(t, "cute::make_shape") || lds_tok_is(t, "cute::make_stride");
}

static int cpp_element(parser *p, pr_tuple *t, bool top);

/* The elements of make_shape(...) or Shape<...>, to close. */
static int cpp_elements(parser *p, pr_tuple *t, bool top, bool angle)
{
    for (bool first = true;; first = false) {
        if (!first && p->tok.kind != TK_COMMA)
            break;
        if (!first) {
            pr_tuple_putc(t, ',');
            pr_advance(p);
        }
        if (cpp_element(p, t, top) < 0)
            return -1;
    }
    return angle ? close_angle(p, "'>' or ','") : pr_expect_tok(p, TK_RPAREN, "')' or ','");
}

/* make_shape(a, b) / Shape<a, b>{}: a tuple in CuTe's C++. */
static int cpp_tuple(parser *p, pr_tuple *t, bool top)
{
    bool angle = lds_tok_is(&p->tok, "Shape") || lds_tok_is(&p->tok, "Stride") || lds_tok_is(&p->tok, "Step")
                 || lds_tok_is(&p->tok, "tuple");
    pr_advance(p);
    if (pr_expect_tok(p, angle ? TK_LT : TK_LPAREN, angle ? "'<' after Shape" : "'(' after make_shape") < 0
        || pr_enter(p) < 0)
        return -1;
    if (!top)
        pr_tuple_putc(t, '(');
    if (cpp_elements(p, t, top, angle) < 0)
        return -1;
    p->depth--;
    if (!top)
        pr_tuple_putc(t, ')');
    return angle ? braces(p) : 0;
}

static int cpp_element(parser *p, pr_tuple *t, bool top)
{
    if (top) {
        t->mode_first[t->nmodes] = t->nleaves;
        if (t->nmodes >= LDS_MAX_PARAMS) {
            lds_diag_set(p->diag, p->tok.loc, "a layout of more than %d modes", LDS_MAX_PARAMS);
            return -1;
        }
    }
    if (starts_tuple(&p->tok)) {
        if (cpp_tuple(p, t, false) < 0)
            return -1;
    } else {
        int64_t v;
        lds_loc loc;
        if (pr_cute_number(p, &v, &loc) < 0 || pr_tuple_leaf(p, t, loc, v) < 0)
            return -1;
        pr_tuple_putc(t, 'i');
    }
    if (top)
        t->nmodes++;
    return 0;
}

int pr_parse_cute_cpp_tuple(parser *p, pr_tuple *t)
{
    memset(t, 0, sizeof *t);
    if (starts_tuple(&p->tok)) {
        if (cpp_tuple(p, t, true) < 0)
            return -1;
    } else if (cpp_element(p, t, true) < 0) {
        return -1;
    }
    t->mode_first[t->nmodes] = t->nleaves;
    return 0;
}

bool pr_cute_cpp_tuple_starts(const lds_token *t) { return starts_tuple(t); }

/* Compact strides for a shape: column-major (CuTe's LayoutLeft, its
 * default) or row-major (LayoutRight), over the flattened leaves. */
static int compact(parser *p, const pr_tuple *shape, bool right, pr_tuple *stride)
{
    *stride = *shape;
    int64_t step = 1;
    for (unsigned k = 0; k < shape->nleaves; k++) {
        unsigned j = right ? shape->nleaves - 1 - k : k;
        stride->leaf[j] = step;
        if (__builtin_mul_overflow(step, shape->leaf[j], &step)) {
            lds_diag_set(p->diag, shape->loc[j], "the layout's size overflows 64 bits");
            return -1;
        }
    }
    return 0;
}

/* make_layout(SHAPE[, STRIDE | LayoutLeft{} | LayoutRight{}]) */
static int make_layout(parser *p, pr_cute *c)
{
    pr_advance(p);
    if (pr_expect_tok(p, TK_LPAREN, "'(' after make_layout") < 0 || pr_parse_cute_cpp_tuple(p, &c->shape) < 0)
        return -1;
    bool right = false, given = false;
    if (p->tok.kind == TK_COMMA) {
        pr_advance(p);
        if (lds_tok_is(&p->tok, "LayoutRight") || lds_tok_is(&p->tok, "GenRowMajor")) {
            right = true;
            pr_advance(p);
            if (braces(p) < 0)
                return -1;
        } else if (lds_tok_is(&p->tok, "LayoutLeft") || lds_tok_is(&p->tok, "GenColMajor")) {
            pr_advance(p);
            if (braces(p) < 0)
                return -1;
        } else {
            given = true;
            if (pr_parse_cute_cpp_tuple(p, &c->stride) < 0)
                return -1;
        }
    }
    if (pr_expect_tok(p, TK_RPAREN, "')' to close make_layout") < 0)
        return -1;
    return given ? 0 : compact(p, &c->shape, right, &c->stride);
}

/* Layout<Shape<...>[, Stride<...>]>{} */
static int layout_type(parser *p, pr_cute *c)
{
    pr_advance(p);
    if (pr_expect_tok(p, TK_LT, "'<' after Layout") < 0 || pr_parse_cute_cpp_tuple(p, &c->shape) < 0)
        return -1;
    bool given = p->tok.kind == TK_COMMA;
    if (given) {
        pr_advance(p);
        if (pr_parse_cute_cpp_tuple(p, &c->stride) < 0)
            return -1;
    }
    if (close_angle(p, "'>' to close Layout<...>") < 0 || braces(p) < 0)
        return -1;
    return given ? 0 : compact(p, &c->shape, false, &c->stride);
}

int pr_parse_cute_cpp(parser *p, pr_cute *c)
{
    if (lds_tok_is(&p->tok, "decltype")) {
        pr_advance(p);
        if (pr_expect_tok(p, TK_LPAREN, "'(' after decltype") < 0 || pr_parse_cute(p, c) < 0)
            return -1;
        return pr_expect_tok(p, TK_RPAREN, "')' to close decltype");
    }
    if (lds_tok_is(&p->tok, "composition")) {   /* composition(Swizzle<B,M,S>{}, LAYOUT) */
        lds_loc at = p->tok.loc;
        pr_advance(p);
        if (pr_expect_tok(p, TK_LPAREN, "'(' after composition") < 0)
            return -1;
        if (!lds_tok_is(&p->tok, "Swizzle")) {
            pr_error_at_tok(p, "Swizzle<B,M,S>{} first in composition (a composition of two layouts is not read)");
            return -1;
        }
        int64_t bms[3];
        pr_advance(p);
        if (pr_expect_tok(p, TK_LT, "'<' after Swizzle") < 0 || pr_parse_swizzle_args(p, bms) < 0)
            return -1;
        if (close_angle(p, "'>' to close Swizzle<B,M,S>") < 0 || braces(p) < 0
            || pr_expect_tok(p, TK_COMMA, "',' and the layout the swizzle is composed with") < 0
            || pr_parse_cute(p, c) < 0 || pr_expect_tok(p, TK_RPAREN, "')' to close composition") < 0)
            return -1;
        if (c->xored) {
            lds_diag_set(p->diag, at, "a swizzle over ck_tile's xor transform is not read in C++ spelling");
            return -1;
        }
        return pr_cute_compose_swizzle(p, c, bms, at);   /* outermost: over any the inner layout has */
    }
    if (lds_tok_is(&p->tok, "Layout"))
        return layout_type(p, c);
    return make_layout(p, c);
}
