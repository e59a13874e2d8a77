/* src/parse_layout.c - the `layout` statement (lds(5), LAYOUTS), and in it
 * CuTe's and ck_tile's notations:
 *
 *   layout NAME = SHAPE : STRIDE
 *   layout NAME = Swizzle<B,M,S> o SHAPE : STRIDE
 *   layout NAME = make_xor_transform((LA, LB), (a, b)) o SHAPE : STRIDE
 *   layout NAME = tile_to_shape(ATOM, SHAPE [, ORDER])
 *   layout NAME = SwizzledSharedLayout(...) ...   (src/parse_triton.c)
 *
 * SHAPE and STRIDE are integers or parenthesised tuples of them, nested
 * alike: (8,(4,2)):(4,(1,32)).  The statement is a def of one parameter
 * per top-level mode, so that `array ... layout NAME` and NAME(i, j)
 * work as for any def.  Its body is CuTe's crd2idx written out: mode k's
 * coordinate is split colexicographically over the mode's sub-shapes
 * (the first fastest; the last takes what is left, unbounded, as CuTe's
 * idx2crd does) and each part is scaled by its stride; a swizzle is
 * applied to the sum (swizzle(B, M, S, x), CuTe's Swizzle). */
#include "src/parse_layout.h"

#include <stdlib.h>
#include <string.h>

#include "src/builtins.h"
#include "base/limits.h"

/* ------------------------------------------------------------ builders */

lds_expr *pr_lnum(parser *p, lds_loc loc, int64_t v)
{
    lds_expr *e = pr_new_expr(p, E_NUM, loc);
    e->value = v;
    return e;
}

lds_expr *pr_lbin(parser *p, lds_loc loc, lds_op op, lds_expr *a, lds_expr *b)
{
    if (!a || !b)
        return NULL;
    lds_expr *e = pr_new_expr(p, E_BINARY, loc);
    e->op = op;
    e->a = a;
    e->b = b;
    return pr_check_height(p, e);
}

lds_expr *pr_lparam(parser *p, lds_loc loc, const char *name)
{
    lds_expr *e = pr_new_expr(p, E_NAME, loc);
    e->name = name;
    return e;
}

lds_stmt *pr_make_def(parser *p, lds_loc loc, const char *name, lds_loc name_loc, const char *const *params,
                      unsigned nparams, lds_expr *body)
{
    if (!body)
        return NULL;
    lds_stmt *s = pr_new_stmt(p, S_DEF, loc);
    s->u.def.name = name;
    s->u.def.name_loc = name_loc;
    s->u.def.params = lds_arena_alloc(p->arena, sizeof *params * (nparams ? nparams : 1));
    memcpy(s->u.def.params, params, sizeof *params * nparams);
    s->u.def.nparams = nparams;
    s->u.def.body = body;
    return s;
}

/* -------------------------------------------------------------- tuples */

void pr_tuple_putc(pr_tuple *t, char c)
{
    if (t->shape_len + 1 < sizeof t->shape)
        t->shape[t->shape_len++] = c;
    t->shape[t->shape_len] = '\0';
}

static int parse_tuple_inner(parser *p, pr_tuple *t, bool top);

int pr_tuple_leaf(parser *p, pr_tuple *t, lds_loc loc, int64_t v)
{
    if (t->nleaves == PR_MAX_LEAVES) {
        lds_diag_set(p->diag, loc, "a layout of more than %d integers", PR_MAX_LEAVES);
        return -1;
    }
    t->loc[t->nleaves] = loc;
    t->leaf[t->nleaves++] = v;
    return 0;
}

/* INT or '(' tuple ')' */
static int parse_element(parser *p, pr_tuple *t, bool top)
{
    if (top)
        t->mode_first[t->nmodes] = t->nleaves;
    if (p->tok.kind == TK_INT || p->tok.kind == TK_NAME || p->tok.kind == TK_MINUS) {   /* 32, _32, Int<32>{}, 32+P */
        int64_t v;
        lds_loc loc;
        if (pr_cute_number(p, &v, &loc) < 0 || pr_tuple_leaf(p, t, loc, v) < 0)
            return -1;
        pr_tuple_putc(t, 'i');
    } else if (p->tok.kind == TK_LPAREN) {
        if (pr_enter(p) < 0)
            return -1;
        pr_advance(p);
        pr_tuple_putc(t, '(');
        if (parse_tuple_inner(p, t, false) < 0 || pr_expect_tok(p, TK_RPAREN, "',' or ')'") < 0)
            return -1;
        pr_tuple_putc(t, ')');
        p->depth--;
    } else {
        pr_error_at_tok(p, "an integer or '(' in a CuTe shape or stride");
        return -1;
    }
    if (top && ++t->nmodes > LDS_MAX_PARAMS) {
        lds_diag_set(p->diag, p->tok.loc, "a layout of more than %d modes", LDS_MAX_PARAMS);
        return -1;
    }
    return 0;
}

static int parse_tuple_inner(parser *p, pr_tuple *t, bool top)
{
    for (;;) {
        if (parse_element(p, t, top) < 0)
            return -1;
        if (p->tok.kind != TK_COMMA)
            return 0;
        pr_tuple_putc(t, ',');
        pr_advance(p);
    }
}

/* A shape or stride: a tuple's top-level modes are the layout's modes; a
 * bare integer is one mode. */
static int parse_tuple(parser *p, pr_tuple *t)
{
    if (pr_cute_cpp_tuple_starts(&p->tok))   /* make_shape(...), Shape<...>{} */
        return pr_parse_cute_cpp_tuple(p, t);
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

int64_t pr_cute_mode_size(const pr_cute *c, unsigned k)
{
    int64_t n = 1;
    for (unsigned j = c->shape.mode_first[k]; j < c->shape.mode_first[k + 1]; j++)
        if (__builtin_mul_overflow(n, c->shape.leaf[j], &n))
            return INT64_MAX;
    return n;
}

/* 1 + the largest offset before any swizzle; 0 if a stride is
 * negative; -1 if it does not fit in 63 bits */
static int64_t plain_cosize(const pr_cute *c)
{
    int64_t top = 0;
    for (unsigned j = 0; j < c->shape.nleaves; j++) {
        int64_t part;
        if (c->stride.leaf[j] < 0)
            return 0;
        if (__builtin_mul_overflow(c->shape.leaf[j] - 1, c->stride.leaf[j], &part)
            || __builtin_add_overflow(top, part, &top) || top == INT64_MAX)
            return -1;
    }
    return top + 1;
}

int64_t pr_cute_cosize(const pr_cute *c)
{
    int64_t cosize = plain_cosize(c);
    if (cosize <= 0)
        return cosize;
    int64_t top = cosize - 1;
    for (unsigned k = 0; c->swizzled && k <= c->nouter; k++) {   /* each rewrites bits below max(M, M - S) + B */
        const int64_t *bms = k ? c->outer[k - 1] : c->bms;
        int64_t m = bms[1], s = bms[2];
        int64_t from = s >= 0 ? m + s : m;   /* the lowest bit it reads */
        if (bms[0] == 0 || from >= 63 || top < ((int64_t)1 << from))
            continue;   /* no offset it sees has a bit it reads: the identity there */
        int64_t hi = (s >= 0 ? m : m - s) + bms[0];
        if (hi >= 62)
            return -1;
        int64_t unit = (int64_t)1 << hi;
        top = (top / unit + 1) * unit - 1;
    }
    return top + 1;
}

/* ---------------------------------------------------------- the offset */

/* Mode k's coordinate: its parameter, or for the xor transform's second
 * mode b ^ (a % LB), as ck_tile's xor_t computes its lower index. */
static lds_expr *coordinate(parser *p, const pr_cute *c, unsigned k, lds_loc loc, const char *const *params)
{
    lds_expr *x = pr_lparam(p, loc, params[k]);
    if (c->xored && k == c->xor_b)
        x = pr_lbin(p, c->xor_loc, OP_XOR, x,
                    pr_lbin(p, c->xor_loc, OP_MOD, pr_lparam(p, loc, params[c->xor_a]), pr_lnum(p, c->xor_loc, c->xor_len)));
    return x;
}

/* crd2idx for mode k: sum over its leaves j of (c / prod(s_<j) % s_j) * d_j,
 * the last leaf without the modulo. */
static lds_expr *mode_offset(parser *p, const pr_cute *c, unsigned k, const char *const *params)
{
    lds_expr *sum = NULL;
    int64_t below = 1;
    unsigned first = c->shape.mode_first[k], end = c->shape.mode_first[k + 1];
    for (unsigned j = first; j < end; j++) {
        lds_loc loc = c->shape.loc[j];
        lds_expr *x = coordinate(p, c, k, loc, params);
        if (below != 1)
            x = pr_lbin(p, loc, OP_DIV, x, pr_lnum(p, loc, below));
        if (j + 1 < end)
            x = pr_lbin(p, loc, OP_MOD, x, pr_lnum(p, loc, c->shape.leaf[j]));
        lds_expr *term = pr_lbin(p, loc, OP_MUL, x, pr_lnum(p, c->stride.loc[j], c->stride.leaf[j]));
        sum = sum ? pr_lbin(p, loc, OP_ADD, sum, term) : term;
        if (!sum)
            return NULL;
        if (__builtin_mul_overflow(below, c->shape.leaf[j], &below)) {
            lds_diag_set(p->diag, loc, "the mode's size overflows 64 bits");
            return NULL;
        }
    }
    return sum;
}

lds_expr *pr_cute_offset(parser *p, const pr_cute *c, lds_loc loc, const char *const *params)
{
    lds_expr *body = NULL;
    for (unsigned k = 0; k < c->shape.nmodes; k++) {
        lds_expr *m = mode_offset(p, c, k, params);
        body = body ? pr_lbin(p, loc, OP_ADD, body, m) : m;
        if (!body)
            return NULL;
    }
    for (unsigned k = 0; c->swizzled && k <= c->nouter && body; k++) {   /* innermost first */
        const int64_t *bms = k ? c->outer[k - 1] : c->bms;
        lds_expr *call = pr_new_expr(p, E_CALL, c->swizzle_loc);
        call->name = "swizzle";
        call->nargs = 4;
        call->args = lds_arena_alloc(p->arena, sizeof *call->args * 4);
        for (int i = 0; i < 3; i++)
            call->args[i] = pr_lnum(p, c->swizzle_loc, bms[i]);
        call->args[3] = body;
        body = pr_check_height(p, call);
    }
    return body;
}

/* ------------------------------------------------------------ notation */

int pr_parse_swizzle_args(parser *p, int64_t bms[3])
{
    for (int i = 0; i < 3; i++) {
        lds_loc loc;
        if (pr_cute_number(p, &bms[i], &loc) < 0)
            return -1;
        if (bms[i] < 0 || bms[i] > LDS_SWIZZLE_MAX_BITS) {
            lds_diag_set(p->diag, loc, "Swizzle<B,M,S>: B, M and S are integers 0..%d", LDS_SWIZZLE_MAX_BITS);
            return -1;
        }
        if (i < 2 && pr_expect_tok(p, TK_COMMA, "',' in Swizzle<B,M,S>") < 0)
            return -1;
    }
    return 0;
}

static int expect_compose(parser *p, const char *what)
{
    if (!lds_tok_is(&p->tok, "o")) {
        pr_error_at_tok(p, what);
        return -1;
    }
    pr_advance(p);
    return 0;
}

/* The stride nested as the shape, the sizes positive. */
static int check_congruent(parser *p, pr_cute *c, lds_loc stride_loc)
{
    if (strcmp(c->shape.shape, c->stride.shape) || c->shape.nmodes != c->stride.nmodes) {
        for (char *s = c->shape.shape; *s; s++)
            *s = *s == 'i' ? '_' : *s;
        for (char *s = c->stride.shape; *s; s++)
            *s = *s == 'i' ? '_' : *s;
        lds_diag_set(p->diag, stride_loc, "the stride (%s) is not nested as the shape (%s)", c->stride.shape,
                     c->shape.shape);
        return -1;
    }
    for (unsigned j = 0; j < c->shape.nleaves; j++)
        if (c->shape.leaf[j] <= 0) {
            lds_diag_set(p->diag, c->shape.loc[j], "a shape's sizes are positive");
            return -1;
        }
    return 0;
}

/* SHAPE ':' STRIDE, nested alike, sizes positive */
static int parse_shape_stride(parser *p, pr_cute *c)
{
    if (parse_tuple(p, &c->shape) < 0 || pr_expect_tok(p, TK_COLON, "':' and the stride (SHAPE:STRIDE)") < 0)
        return -1;
    lds_loc stride_loc = p->tok.loc;
    if (parse_tuple(p, &c->stride) < 0)
        return -1;
    return check_congruent(p, c, stride_loc);
}

/* An integer written out, at most `max`. */
static int parse_small_int(parser *p, int64_t min, int64_t max, const char *what, int64_t *out, lds_loc *loc)
{
    if (p->tok.kind != TK_INT) {
        pr_error_at_tok(p, what);
        return -1;
    }
    lds_expr *e = pr_parse_unary(p);
    if (!e)
        return -1;
    if (loc)
        *loc = e->loc;
    if (e->kind != E_NUM || e->big || e->value < min || e->value > max) {
        lds_diag_set(p->diag, e->loc, "%s: %lld..%lld", what, (long long)min, (long long)max);
        return -1;
    }
    *out = e->value;
    return 0;
}

/* '(' INT ',' INT ')' */
static int parse_pair(parser *p, int64_t v[2], lds_loc loc[2], const char *what)
{
    if (pr_expect_tok(p, TK_LPAREN, what) < 0 || parse_small_int(p, 0, LDS_MAX_ELEMS, what, &v[0], &loc[0]) < 0
        || pr_expect_tok(p, TK_COMMA, "','") < 0 || parse_small_int(p, 0, LDS_MAX_ELEMS, what, &v[1], &loc[1]) < 0
        || pr_expect_tok(p, TK_RPAREN, "')'") < 0)
        return -1;
    return 0;
}

/* make_xor_transform((LA, LB), (a, b)) o: ck_tile's xor_t on modes a and
 * b, whose lower index is (a, b ^ (a % LB)); LA and LB are the modes'
 * lengths and are checked against the shape. */
static int parse_xor(parser *p, pr_cute *c)
{
    int64_t len[2], mode[2];
    lds_loc len_loc[2], mode_loc[2];
    c->xor_loc = p->tok.loc;
    pr_advance(p);
    if (pr_expect_tok(p, TK_LPAREN, "'(' after make_xor_transform") < 0
        || parse_pair(p, len, len_loc, "the two lengths (LA, LB)") < 0 || pr_expect_tok(p, TK_COMMA, "','") < 0
        || parse_pair(p, mode, mode_loc, "the two modes (a, b), counted from 0") < 0
        || pr_expect_tok(p, TK_RPAREN, "')' to close make_xor_transform") < 0
        || expect_compose(p, "'o' and the layout the transform is composed with") < 0
        || parse_shape_stride(p, c) < 0)
        return -1;
    for (int i = 0; i < 2; i++)
        if (mode[i] >= c->shape.nmodes) {
            lds_diag_set(p->diag, mode_loc[i], "mode %lld: the layout has modes 0..%u", (long long)mode[i],
                         c->shape.nmodes - 1);
            return -1;
        }
    if (mode[0] == mode[1]) {
        lds_diag_set(p->diag, mode_loc[1], "the xor transform takes two different modes");
        return -1;
    }
    for (int i = 0; i < 2; i++)
        if (pr_cute_mode_size(c, (unsigned)mode[i]) != len[i]) {
            lds_diag_set(p->diag, len_loc[i], "length %lld, but mode %lld has %lld elements", (long long)len[i],
                         (long long)mode[i], (long long)pr_cute_mode_size(c, (unsigned)mode[i]));
            return -1;
        }
    c->xored = true;
    c->xor_a = (unsigned)mode[0];
    c->xor_b = (unsigned)mode[1];
    c->xor_len = len[1];
    return 0;
}

/* tile_to_shape(ATOM, SHAPE [, ORDER]): CuTe's blocked product of the
 * atom with the target shape divided by it, the atoms laid out in ORDER
 * (a tuple of ranks, lowest fastest; default column-major, CuTe's
 * LayoutLeft).  Each mode k becomes (atom's mode k, N_k / size_k) with
 * the atom count's stride size(atom) * (the atoms before it in ORDER). */
static int parse_tile_to_shape(parser *p, pr_cute *c)
{
    pr_cute *atom = lds_arena_alloc(p->arena, sizeof *atom);
    pr_tuple *target = lds_arena_alloc(p->arena, sizeof *target), *order = lds_arena_alloc(p->arena, sizeof *order);
    lds_loc loc = p->tok.loc;
    pr_advance(p);
    if (pr_expect_tok(p, TK_LPAREN, "'(' after tile_to_shape") < 0 || pr_parse_cute(p, atom) < 0)
        return -1;
    if (atom->xored) {
        lds_diag_set(p->diag, atom->xor_loc, "tile_to_shape takes a CuTe atom ([Swizzle<B,M,S> o] SHAPE:STRIDE)");
        return -1;
    }
    lds_loc target_loc = p->tok.loc;
    if (pr_expect_tok(p, TK_COMMA, "',' and the target shape") < 0 || parse_tuple(p, target) < 0)
        return -1;
    unsigned rank = target->nmodes;
    bool ordered = p->tok.kind == TK_COMMA;
    lds_loc order_loc = loc;
    if (ordered) {
        pr_advance(p);
        order_loc = p->tok.loc;
        if (parse_tuple(p, order) < 0)
            return -1;
        if (order->nmodes != rank || order->nleaves != rank) {
            lds_diag_set(p->diag, order_loc, "the order has one integer per mode of the target shape (%u)", rank);
            return -1;
        }
    }
    if (pr_expect_tok(p, TK_RPAREN, "')' to close tile_to_shape") < 0)
        return -1;
    if (atom->shape.nmodes > rank) {
        lds_diag_set(p->diag, target_loc, "the atom has %u modes, the target shape %u", atom->shape.nmodes, rank);
        return -1;
    }
    int64_t atom_size = 1;
    for (unsigned k = 0; k < atom->shape.nmodes; k++)
        if (__builtin_mul_overflow(atom_size, pr_cute_mode_size(atom, k), &atom_size)) {
            lds_diag_set(p->diag, loc, "the atom's size overflows 64 bits");
            return -1;
        }
    if (plain_cosize(atom) != atom_size) {
        lds_diag_set(p->diag, loc,
                     "tile_to_shape needs an atom that fills offsets 0..%lld (compact), as CuTe's complement does; "
                     "this one spans %lld",
                     (long long)atom_size - 1, (long long)plain_cosize(atom));
        return -1;
    }
    /* the atom counts per mode, and each count's stride */
    int64_t count[LDS_MAX_PARAMS], step[LDS_MAX_PARAMS];
    for (unsigned k = 0; k < rank; k++) {
        if (target->mode_first[k + 1] - target->mode_first[k] != 1) {
            lds_diag_set(p->diag, target->loc[target->mode_first[k]], "the target shape is flat: one size per mode");
            return -1;
        }
        int64_t n = target->leaf[target->mode_first[k]], a = k < atom->shape.nmodes ? pr_cute_mode_size(atom, k) : 1;
        if (n <= 0 || n % a) {
            lds_diag_set(p->diag, target->loc[target->mode_first[k]],
                         "tile_to_shape: the atom's mode %u (%lld) does not divide the target's %lld", k, (long long)a,
                         (long long)n);
            return -1;
        }
        count[k] = n / a;
    }
    for (unsigned k = 0; k < rank; k++) {
        step[k] = atom_size;
        for (unsigned j = 0; j < rank; j++) {
            bool before = ordered ? order->leaf[j] < order->leaf[k] || (order->leaf[j] == order->leaf[k] && j < k) : j < k;
            if (before && __builtin_mul_overflow(step[k], count[j], &step[k])) {
                lds_diag_set(p->diag, loc, "the tiled layout overflows 64 bits");
                return -1;
            }
        }
    }
    /* the tiled layout: mode k = (atom mode k ..., count k) */
    memset(c, 0, sizeof *c);
    c->swizzled = atom->swizzled;
    memcpy(c->bms, atom->bms, sizeof c->bms);
    c->swizzle_loc = atom->swizzle_loc;
    c->nouter = atom->nouter;
    memcpy(c->outer, atom->outer, sizeof c->outer);
    c->hw = atom->hw;
    for (unsigned k = 0; k < rank; k++) {
        c->shape.mode_first[k] = c->stride.mode_first[k] = c->shape.nleaves;
        if (k < atom->shape.nmodes)
            for (unsigned j = atom->shape.mode_first[k]; j < atom->shape.mode_first[k + 1]; j++)
                if (pr_tuple_leaf(p, &c->shape, atom->shape.loc[j], atom->shape.leaf[j]) < 0
                    || pr_tuple_leaf(p, &c->stride, atom->stride.loc[j], atom->stride.leaf[j]) < 0)
                    return -1;
        if (pr_tuple_leaf(p, &c->shape, target->loc[target->mode_first[k]], count[k]) < 0
            || pr_tuple_leaf(p, &c->stride, target->loc[target->mode_first[k]], step[k]) < 0)
            return -1;
    }
    c->shape.nmodes = c->stride.nmodes = rank;
    c->shape.mode_first[rank] = c->stride.mode_first[rank] = c->shape.nleaves;
    return 0;
}

/* [make_xor_transform(...) o] SHAPE:STRIDE, after any swizzles */
static int parse_body(parser *p, pr_cute *c)
{
    return lds_tok_is(&p->tok, "make_xor_transform") ? parse_xor(p, c) : parse_shape_stride(p, c);
}

int pr_parse_cute(parser *p, pr_cute *c)
{
    memset(c, 0, sizeof *c);
    if (pr_cute_cpp_starts(&p->tok)) {
        lds_loc at = p->tok.loc;
        return pr_parse_cute_cpp(p, c) < 0 ? -1 : check_congruent(p, c, at);
    }
    if (lds_tok_is(&p->tok, "tile_to_shape"))
        return parse_tile_to_shape(p, c);
    if (pr_gmma_atom_starts(p))
        return pr_parse_gmma_atom(p, c);
    return pr_parse_swizzled(p, c, parse_body);
}


const char **pr_index_params(parser *p, unsigned n)
{
    const char **params = lds_arena_alloc(p->arena, sizeof *params * (n ? n : 1));
    for (unsigned k = 0; k < n; k++) {
        char name[16];
        snprintf(name, sizeof name, "i%u", k);
        params[k] = lds_arena_strndup(p->arena, name, strlen(name));
    }
    return params;
}

/* the tile a CuTe layout covers, and what it spans */
static lds_layout_info *cute_info(parser *p, const pr_cute *c)
{
    lds_layout_info *info = lds_arena_alloc(p->arena, sizeof *info);
    memset(info, 0, sizeof *info);
    info->notation = c->xored ? "ck_tile xor transform" : "CuTe";
    info->rank = c->shape.nmodes <= LDS_MAX_DIMS ? c->shape.nmodes : 0;
    for (unsigned k = 0; k < info->rank; k++)
        info->shape[k] = pr_cute_mode_size(c, k);
    info->cosize = pr_cute_cosize(c);
    info->hw = c->hw;
    if (!c->hw.elem_bytes)   /* swizzles on element offsets: one with a byte swizzle's parameters is ambiguous */
        for (unsigned k = 0; c->swizzled && k <= c->nouter && !info->hw.elem_swizzle[0]; k++) {
            const int64_t *bms = k ? c->outer[k - 1] : c->bms;
            if (bms[0] > 0 && bms[1] >= 4 && bms[2] > 0 && bms[1] + bms[2] == 7)
                memcpy(info->hw.elem_swizzle, bms, sizeof info->hw.elem_swizzle);
        }
    if (!c->xored && !c->nouter) {   /* a form suggest can vary: one swizzle at most */
        lds_cute_form *f = lds_arena_alloc(p->arena, sizeof *f);
        memset(f, 0, sizeof *f);
        f->nmodes = c->shape.nmodes;
        f->nleaves = c->shape.nleaves;
        memcpy(f->mode_first, c->shape.mode_first, sizeof f->mode_first);
        memcpy(f->shape, c->shape.leaf, sizeof f->shape[0] * c->shape.nleaves);
        memcpy(f->stride, c->stride.leaf, sizeof f->stride[0] * c->shape.nleaves);
        f->swizzled = c->swizzled;
        memcpy(f->bms, c->bms, sizeof f->bms);
        info->cute = f;
    }
    return info;
}

int pr_take_named(parser *p, const char *name_what, const char *value_what, const char **name, lds_loc *loc)
{
    return pr_take_name(p, name_what, name, loc) < 0 || pr_expect_tok(p, TK_ASSIGN, value_what) < 0 ? -1 : 0;
}

lds_stmt *pr_parse_layout(parser *p, lds_loc loc)
{
    const char *name;
    lds_loc name_loc;
    if (pr_take_named(p, "the layout's name", "'=' and the layout (SHAPE:STRIDE, Swizzle<B,M,S> o SHAPE:STRIDE, ...)",
                      &name, &name_loc) < 0)
        return NULL;
    return pr_parse_layout_value(p, loc, name, name_loc);
}

lds_stmt *pr_parse_layout_value(parser *p, lds_loc loc, const char *name, lds_loc name_loc)
{
    if (pr_ttgir_starts(&p->tok))
        return pr_parse_ttgir_alias(p, loc, name, false);
    if (pr_triton_layout_starts(&p->tok) || pr_tma_layout_starts(&p->tok)) {
        lds_stmt *s = pr_new_stmt(p, S_DEF, loc);
        s->u.def.name = name;
        s->u.def.name_loc = name_loc;
        int rc = pr_tma_layout_starts(&p->tok) ? pr_parse_tma_layout(p, s) : pr_parse_triton_layout(p, s);
        return rc < 0 ? NULL : s;
    }
    pr_cute *c = lds_arena_alloc(p->arena, sizeof *c);
    if (pr_parse_cute(p, c) < 0)
        return NULL;
    const char **params = pr_index_params(p, c->shape.nmodes);
    lds_stmt *s = pr_make_def(p, loc, name, name_loc, params, c->shape.nmodes, pr_cute_offset(p, c, loc, params));
    if (s)
        s->u.def.layout = cute_info(p, c);
    return s;
}
