/* src/parse_fragment.c - the `fragment` statement (lds(5), FRAGMENTS): a
 * thread-value layout, which thread t holds which element of a tile as
 * its value v:
 *
 *   fragment NAME = mma.m16n8k16.a            (and .b .c, wgmma.m64k16.a,
 *                                              mfma.32x32x8.a/.b, mfma.16x16x16.a/.b)
 *   fragment NAME = BlockedLayout(size_per_thread=[..], threads_per_warp=[..],
 *                                 warps_per_cta=[..], order=[..], shape=[M, N])
 *   fragment NAME = SHAPE:STRIDE tile (M, N)   (a CuTe TV layout)
 *   fragment NAME = #ttg.linear<{register = [...], lane = [...], warp = [...], block = []}>
 *
 * It declares NAME.row(t, v) and NAME.col(t, v), the element's row and
 * column in the tile, and NAME.values, the values a thread holds.  t is
 * the thread in the workgroup (tid); a warp-level fragment uses t's lane. */
#include "src/parse_layout.h"

#include <string.h>

#include "front/linlayout.h"

/* coef * ((var / div) % mod); mod 0: no modulo */
typedef struct {
    char var;                 /* 't' or 'v' */
    int64_t div, mod, coef;
} term;

#define MAX_TERMS 8

typedef struct {
    term t[MAX_TERMS];
    unsigned n;
    int64_t wrap;             /* the sum modulo this (a broadcast); 0: none */
} coord;

typedef struct {
    const char *name;
    unsigned values;
    coord row, col;
    unsigned lanes;           /* a warp's (wave's) lanes the instruction spans */
} mma_fragment;

/* The PTX ISA's fragment figures for mma.m16n8k16 with .f16/.bf16 A and B
 * and an .f32 (or .f16) accumulator: groupID = lane / 4, threadID_in_group
 * = lane % 4.  wgmma's A from registers: warp w of the warpgroup holds rows
 * 16w.. as mma.m16n8k16's A.  AMD's MFMA (the AMD Matrix Instruction
 * Calculator, CDNA3 ISA 7.1): v_mfma_f32_32x32x8_f16/bf16_1k A: lane l holds
 * row l % 32, k 4 (l / 32) + v; 16x16x16: row l % 16, k 4 (l / 16) + v;
 * B the same with row and column exchanged. */
static const mma_fragment mma_fragments[] = {
    { "mma.m16n8k16.a", 8, { { { 't', 4, 8, 1 }, { 'v', 2, 2, 8 } }, 2, 0 },
      { { { 't', 1, 4, 2 }, { 'v', 1, 2, 1 }, { 'v', 4, 2, 8 } }, 3, 0 }, 32 },
    { "mma.m16n8k16.b", 4, { { { 't', 1, 4, 2 }, { 'v', 1, 2, 1 }, { 'v', 2, 2, 8 } }, 3, 0 },
      { { { 't', 4, 8, 1 } }, 1, 0 }, 32 },
    { "mma.m16n8k16.c", 4, { { { 't', 4, 8, 1 }, { 'v', 2, 2, 8 } }, 2, 0 },
      { { { 't', 1, 4, 2 }, { 'v', 1, 2, 1 } }, 2, 0 }, 32 },
    { "wgmma.m64k16.a", 8, { { { 't', 4, 8, 1 }, { 'v', 2, 2, 8 }, { 't', 32, 4, 16 } }, 3, 0 },
      { { { 't', 1, 4, 2 }, { 'v', 1, 2, 1 }, { 'v', 4, 2, 8 } }, 3, 0 }, 32 },
    { "mfma.32x32x8.a", 4, { { { 't', 1, 32, 1 } }, 1, 0 }, { { { 't', 32, 2, 4 }, { 'v', 1, 4, 1 } }, 2, 0 }, 64 },
    { "mfma.32x32x8.b", 4, { { { 't', 32, 2, 4 }, { 'v', 1, 4, 1 } }, 2, 0 }, { { { 't', 1, 32, 1 } }, 1, 0 }, 64 },
    { "mfma.16x16x16.a", 4, { { { 't', 1, 16, 1 } }, 1, 0 }, { { { 't', 16, 4, 4 }, { 'v', 1, 4, 1 } }, 2, 0 }, 64 },
    { "mfma.16x16x16.b", 4, { { { 't', 16, 4, 4 }, { 'v', 1, 4, 1 } }, 2, 0 }, { { { 't', 1, 16, 1 } }, 1, 0 }, 64 },
};

static const char *const frag_params[2] = { "t", "v" };

static lds_expr *coord_expr(parser *p, lds_loc loc, const coord *c)
{
    lds_expr *sum = NULL;
    for (unsigned i = 0; i < c->n; i++) {
        const term *k = &c->t[i];
        lds_expr *x = pr_lparam(p, loc, k->var == 't' ? "t" : "v");
        if (k->div != 1)
            x = pr_lbin(p, loc, OP_DIV, x, pr_lnum(p, loc, k->div));
        if (k->mod)
            x = pr_lbin(p, loc, OP_MOD, x, pr_lnum(p, loc, k->mod));
        if (k->coef != 1)
            x = pr_lbin(p, loc, OP_MUL, x, pr_lnum(p, loc, k->coef));
        sum = sum ? pr_lbin(p, loc, OP_ADD, sum, x) : x;
    }
    if (!sum)
        sum = pr_lnum(p, loc, 0);
    if (c->wrap)
        sum = pr_lbin(p, loc, OP_MOD, sum, pr_lnum(p, loc, c->wrap));
    return sum;
}

static void add_term(coord *c, char var, int64_t div, int64_t mod, int64_t coef)
{
    if (mod != 1 && c->n < MAX_TERMS)   /* % 1 is always 0 */
        c->t[c->n++] = (term){ var, div, mod, coef };
}


/* A list argument of `rank` powers of two. */
static const pr_kwarg *pow2_list(parser *p, const pr_kwargs *k, const char *key, lds_loc loc, unsigned rank)
{
    const pr_kwarg *a = pr_kwarg_need(p, k, key, loc, "BlockedLayout");
    if (!a)
        return NULL;
    if (a->n != rank) {
        lds_diag_set(p->diag, a->loc, "'%s' has one value per dimension (%u)", a->name, rank);
        return NULL;
    }
    for (unsigned d = 0; d < rank; d++)
        if (!pr_pow2(a->v[d]) || a->v[d] > (1 << 20)) {
            lds_diag_set(p->diag, a->loc, "'%s': Triton's sizes are powers of two up to 2^20", a->name);
            return NULL;
        }
    return a;
}

/* Triton's BlockedLayout over a 2-D tensor (BlockedEncodingAttr::
 * toLinearLayout): registers, then lanes, then warps, each in `order`
 * (order[0] fastest), each dimension d covering s_d * T_d * W_d; a larger
 * tensor repeats the tile through more registers, those of order[0]
 * first (ensureLayoutNotSmallerThan takes the dimensions in the order the
 * tile was built: order[0] first); a smaller one wraps (a broadcast). */
static int blocked(parser *p, lds_loc loc, coord *rc, unsigned *values, unsigned *lanes_out)
{
    static const char *const keys[] = { "size_per_thread|sizePerThread", "threads_per_warp|threadsPerWarp",
                                        "warps_per_cta|warpsPerCTA", "order", "shape", NULL };
    pr_kwargs *k = lds_arena_alloc(p->arena, sizeof *k);
    pr_advance(p);
    if (pr_parse_kwargs(p, k, keys, "BlockedLayout") < 0)
        return -1;
    const pr_kwarg *sh = pr_kwarg_need(p, k, "shape", loc, "BlockedLayout"), *o;
    if (!sh)
        return -1;
    if (sh->n != 2) {
        lds_diag_set(p->diag, sh->loc, "a fragment's tile has 2 dimensions (rows, columns)");
        return -1;
    }
    const pr_kwarg *s = pow2_list(p, k, keys[0], loc, 2), *tw = s ? pow2_list(p, k, keys[1], loc, 2) : NULL,
                   *wc = tw ? pow2_list(p, k, keys[2], loc, 2) : NULL, *shp = wc ? pow2_list(p, k, "shape", loc, 2) : NULL;
    if (!shp)
        return -1;
    unsigned o0 = 1, o1 = 0;
    if ((o = pr_kwarg_find(k, "order"))) {
        if (o->n != 2 || o->v[0] > 1 || o->v[1] != 1 - o->v[0]) {
            lds_diag_set(p->diag, o->loc, "the order is [1, 0] or [0, 1]");
            return -1;
        }
        o0 = (unsigned)o->v[0];
        o1 = (unsigned)o->v[1];
    }
    int64_t regs = s->v[0] * s->v[1], lanes = tw->v[0] * tw->v[1], rep[2];
    for (unsigned d = 0; d < 2; d++) {
        int64_t tile = s->v[d] * tw->v[d] * wc->v[d];
        rep[d] = shp->v[d] > tile ? shp->v[d] / tile : 1;
        rc[d].wrap = shp->v[d] < tile ? shp->v[d] : 0;
    }
    if (regs * rep[0] * rep[1] > (1 << 20)) {
        lds_diag_set(p->diag, loc, "more than 2^20 values a thread");
        return -1;
    }
    add_term(&rc[o0], 'v', 1, s->v[o0], 1);
    add_term(&rc[o1], 'v', s->v[o0], s->v[o1], 1);
    add_term(&rc[o0], 't', 1, tw->v[o0], s->v[o0]);
    add_term(&rc[o1], 't', tw->v[o0], tw->v[o1], s->v[o1]);
    add_term(&rc[o0], 't', lanes, wc->v[o0], s->v[o0] * tw->v[o0]);
    add_term(&rc[o1], 't', lanes * wc->v[o0], wc->v[o1], s->v[o1] * tw->v[o1]);
    add_term(&rc[o0], 'v', regs, rep[o0], s->v[o0] * tw->v[o0] * wc->v[o0]);
    add_term(&rc[o1], 'v', regs * rep[o0], rep[o1], s->v[o1] * tw->v[o1] * wc->v[o1]);
    *values = (unsigned)(regs * rep[0] * rep[1]);
    *lanes_out = (unsigned)lanes;
    return 0;
}

static char *suffixed(parser *p, const char *name, const char *suffix)
{
    size_t n = strlen(name), m = strlen(suffix);
    char *s = lds_arena_alloc(p->arena, n + m + 1);
    memcpy(s, name, n);
    memcpy(s + n, suffix, m + 1);
    return s;
}

/* e with every use of the parameter v checked to be a value the
 * fragment has, 0..values-1 (beyond, the layout's formula would wrap to
 * another value's element). */
static lds_expr *checked_values(parser *p, lds_expr *e, unsigned values)
{
    if (!e)
        return NULL;
    if (e->kind == E_NAME && !strcmp(e->name, "v")) {
        lds_expr *call = pr_new_expr(p, E_CALL, e->loc);
        call->name = "(value index)";
        call->nargs = 2;
        call->args = lds_arena_alloc(p->arena, sizeof *call->args * 2);
        call->args[0] = e;
        call->args[1] = pr_lnum(p, e->loc, values);
        return pr_check_height(p, call);
    }
    if (e->a)
        e->a = checked_values(p, e->a, values);
    if (e->b)
        e->b = checked_values(p, e->b, values);
    if (e->c)
        e->c = checked_values(p, e->c, values);
    for (unsigned i = 0; i < e->nargs; i++)
        e->args[i] = checked_values(p, e->args[i], values);
    return pr_check_height(p, e);
}

/* NAME.lanes: the lanes of the warp the layout spreads (lanes), which
 * must be the profile's wave size where the statement runs: a layout for
 * another warp size (threads_per_warp=[8, 8] on wave32, an MFMA on a
 * 32-lane part) is an error there, not numbers for lanes the hardware
 * does not have. */
static lds_stmt *lanes_check(parser *p, lds_loc loc, const char *name, lds_loc name_loc, unsigned lanes)
{
    lds_expr *call = pr_new_expr(p, E_CALL, loc);
    call->name = "(warp lanes)";
    call->nargs = 2;
    call->args = lds_arena_alloc(p->arena, sizeof *call->args * 2);
    call->args[0] = pr_lnum(p, loc, lanes);
    call->args[1] = pr_new_expr(p, E_NAME, loc);
    call->args[1]->name = "wave_size";
    lds_stmt *n = pr_new_stmt(p, S_LET, loc);
    n->u.let.name = suffixed(p, name, ".lanes");
    n->u.let.name_loc = name_loc;
    n->u.let.value = call;
    return n;
}

/* NAME.row, NAME.col and NAME.values, linked; NAME.lanes first where the
 * layout is a warp's (lanes; 0: not). */
static lds_stmt *declare(parser *p, lds_loc loc, const char *name, lds_loc name_loc, lds_expr *row, lds_expr *col,
                         unsigned values, unsigned lanes)
{
    row = checked_values(p, row, values);
    col = checked_values(p, col, values);
    lds_stmt *r = pr_make_def(p, loc, suffixed(p, name, ".row"), name_loc, frag_params, 2, row);
    lds_stmt *c = pr_make_def(p, loc, suffixed(p, name, ".col"), name_loc, frag_params, 2, col);
    if (!r || !c)
        return NULL;
    lds_stmt *n = pr_new_stmt(p, S_LET, loc);
    n->u.let.name = suffixed(p, name, ".values");
    n->u.let.name_loc = name_loc;
    n->u.let.value = pr_lnum(p, loc, values);
    r->next = c;
    c->next = n;
    if (!lanes)
        return r;
    lds_stmt *l = lanes_check(p, loc, name, name_loc, lanes);
    l->next = r;
    return l;
}

/* SHAPE:STRIDE 'tile' '(' M ',' N ')': CuTe's (thread, value) -> index in
 * the M x N tile, column-major: row index % M, column index / M */
static lds_stmt *cute_tv(parser *p, lds_loc loc, const char *name, lds_loc name_loc)
{
    pr_cute *c = lds_arena_alloc(p->arena, sizeof *c);
    if (pr_parse_cute(p, c) < 0)
        return NULL;
    if (c->swizzled || c->xored || c->shape.nmodes != 2) {
        lds_diag_set(p->diag, loc, "a CuTe TV layout is (THREADS, VALUES):(STRIDES), two modes and no swizzle");
        return NULL;
    }
    if (!lds_tok_is(&p->tok, "tile")) {
        pr_error_at_tok(p, "'tile (M, N)': the tile the TV layout indexes");
        return NULL;
    }
    pr_advance(p);
    int64_t mn[2];
    if (pr_expect_tok(p, TK_LPAREN, "'(' and the tile's rows and columns") < 0)
        return NULL;
    for (int i = 0; i < 2; i++) {
        lds_expr *e = pr_parse_unary(p);
        if (!e)
            return NULL;
        if (e->kind != E_NUM || e->big || e->value <= 0 || e->value > ((int64_t)1 << 20)) {
            lds_diag_set(p->diag, e->loc, "the tile's sizes are integers 1..2^20 written out");
            return NULL;
        }
        mn[i] = e->value;
        if (pr_expect_tok(p, i ? TK_RPAREN : TK_COMMA, i ? "')'" : "','") < 0)
            return NULL;
    }
    int64_t values = pr_cute_mode_size(c, 1);
    if (values > (1 << 20)) {
        lds_diag_set(p->diag, loc, "more than 2^20 values a thread");
        return NULL;
    }
    lds_expr *row = pr_lbin(p, loc, OP_MOD, pr_cute_offset(p, c, loc, frag_params), pr_lnum(p, loc, mn[0]));
    lds_expr *col = pr_lbin(p, loc, OP_DIV, pr_cute_offset(p, c, loc, frag_params), pr_lnum(p, loc, mn[0]));
    return declare(p, loc, name, name_loc, row, col, (unsigned)values, 0);   /* a CTA's threads, not a warp's */
}

/* A TTGIR linear layout (front/linlayout.h), 2-D or 1-D (one row): t's
 * bits are the lane's, then the warp's, v's the register's. */
static lds_stmt *linear(parser *p, lds_loc loc, const char *name, lds_loc name_loc, const char *attr)
{
    if (!pr_ttgir_is_linear(attr)) {
        lds_diag_set(p->diag, loc, "fragment: '%.*s' is no #ttg.linear layout (a #ttg.blocked one is "
                     "BlockedLayout(...) with its shape; a shared layout is an array's)",
                     (int)strcspn(attr, "<"), attr);
        return NULL;
    }
    lds_ll ll;
    size_t used;
    char err[160];
    if (!lds_ll_parse(strchr(attr, '{'), strlen(strchr(attr, '{')), &ll, &used, err, sizeof err)) {
        lds_diag_set(p->diag, loc, "#ttg.linear: %s", err);
        return NULL;
    }
    if (ll.rank > 2 || ll.n[LDS_LL_OFFSET] || ll.n[LDS_LL_LANE] + ll.n[LDS_LL_WARP] > 31
        || ll.n[LDS_LL_REGISTER] > 20) {
        lds_diag_set(p->diag, loc, "a fragment is a 2-D (or 1-D) #ttg.linear of register, lane and warp bases, "
                     "at most 2^20 values and 2^31 threads");
        return NULL;
    }
    lds_expr *rc[2] = { NULL, NULL };
    for (unsigned d = 0; d < 2; d++) {
        int64_t tbits[2 * LDS_LL_MAX_BASES], vbits[LDS_LL_MAX_BASES];
        unsigned nt = 0, dim = ll.rank == 2 ? d : 0;
        bool none = ll.rank == 1 && d == 0;   /* one row */
        for (unsigned in = LDS_LL_LANE; in <= LDS_LL_WARP; in++)
            for (unsigned k = 0; k < ll.n[in]; k++)
                tbits[nt++] = none ? 0 : ll.b[in][k][dim];
        for (unsigned k = 0; k < ll.n[LDS_LL_REGISTER]; k++)
            vbits[k] = none ? 0 : ll.b[LDS_LL_REGISTER][k][dim];
        lds_ll_term t[2] = { { "t", tbits, nt }, { "v", vbits, ll.n[LDS_LL_REGISTER] } };
        lds_buf b = { 0 };
        lds_ll_text(&b, t, 2);
        rc[d] = pr_parse_expr_text(p, attr, lds_buf_str(&b));
        lds_buf_free(&b);
        if (!rc[d])
            return NULL;
    }
    return declare(p, loc, name, name_loc, rc[0], rc[1], 1u << ll.n[LDS_LL_REGISTER], 1u << ll.n[LDS_LL_LANE]);
}

lds_stmt *pr_parse_fragment(parser *p, lds_loc loc)
{
    const char *name;
    lds_loc name_loc;
    if (pr_take_named(p, "the fragment's name", "'=' and the fragment (mma.m16n8k16.a, BlockedLayout(...), a CuTe TV layout)",
                      &name, &name_loc) < 0)
        return NULL;
    for (size_t i = 0; i < sizeof mma_fragments / sizeof mma_fragments[0]; i++)
        if (lds_tok_is(&p->tok, mma_fragments[i].name)) {
            pr_advance(p);
            const mma_fragment *f = &mma_fragments[i];
            return declare(p, loc, name, name_loc, coord_expr(p, loc, &f->row), coord_expr(p, loc, &f->col), f->values,
                           f->lanes);
        }
    const char *attr = pr_ttgir_take_attr(p);
    if (attr)
        return linear(p, loc, name, name_loc, attr);
    if (p->diag->set)
        return NULL;
    if (lds_tok_is(&p->tok, "BlockedLayout")) {
        coord rc[2] = { { .n = 0 }, { .n = 0 } };
        unsigned values, lanes;
        if (blocked(p, loc, rc, &values, &lanes) < 0)
            return NULL;
        return declare(p, loc, name, name_loc, coord_expr(p, loc, &rc[0]), coord_expr(p, loc, &rc[1]), values, lanes);
    }
    if (p->tok.kind == TK_INT || p->tok.kind == TK_LPAREN)
        return cute_tv(p, loc, name, name_loc);
    static const char *const words[] = { "mma.m16n8k16.a", "mma.m16n8k16.b", "mma.m16n8k16.c", "wgmma.m64k16.a",
                                         "mfma.32x32x8.a", "mfma.32x32x8.b", "mfma.16x16x16.a", "mfma.16x16x16.b",
                                         "BlockedLayout", NULL };
    if (p->tok.kind == TK_NAME) {
        pr_unknown_word(p, p->tok.loc, "fragment", pr_tok_str(p), words,
                        "mma.m16n8k16.a/.b/.c, wgmma.m64k16.a, mfma.32x32x8.a/.b, mfma.16x16x16.a/.b, BlockedLayout(...), "
                        "#ttg.linear<{...}> or a CuTe TV layout SHAPE:STRIDE tile (M, N)");
        return NULL;
    }
    pr_error_at_tok(p, "a fragment: mma.m16n8k16.a, BlockedLayout(...) or a CuTe TV layout");
    return NULL;
}
