/* src/suggest_remap.c - thread remaps (src/suggest_remap.h).
 *
 * Where the hardware fixes a tile's layout (TMA writes it, wgmma or
 * tcgen05.mma reads it through a descriptor, a GMMA atom names it), the
 * conflicts of the threads' own accesses are removed by changing which
 * lane touches which element, not where the elements are.  A remap is a
 * bijection, so every access still touches the same elements over its
 * loop and wave; suggest replays the program with it and ranks it by
 * the same simulation as a layout:
 *
 *   - a loop of the access rotated by the lane: lane l visits the trips
 *     from (l / d) on, v -> lo + (v - lo + lane / d) % (hi - lo), so that
 *     one instruction's lanes are on different trips (the skewed order of
 *     a transpose);
 *   - the lanes permuted within the wave: lane -> (lane % 8) * (wave_size
 *     / 8) + lane / 8 (and by 16), or lane ^ ((lane / 8) % 8), which
 *     changes which lanes a wide access's phases hold; tid moves with
 *     the lane (tid - lane + P(lane)).
 *
 * The rewrite is made on a candidate's own parse of the program (its
 * resolver calls lds_remap_access), so the program as written is never
 * changed. */
#include "src/suggest_remap.h"

#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/check.h"
#include "base/mem.h"

enum { REMAP_ROTATE = 1, REMAP_LANES = 2 };

#define REMAP(kind, a, b) ((unsigned)(kind) << 16 | (unsigned)(a) << 8 | (unsigned)(b))

static const char *const permutations[] = {
    NULL,
    "(lane % 8) * (wave_size / 8) + lane / 8",
    "(lane % 16) * (wave_size / 16) + lane / 16",
    "lane ^ ((lane / 8) % 8)",
};

size_t lds_remap_candidates(lds_suggest_candidate *out, size_t max)
{
    size_t n = 0;
    for (unsigned loop = 0; loop < 2; loop++)
        for (unsigned shift = 0; shift < 4 && n < max; shift++) {
            lds_suggest_candidate *c = &out[n++];
            memset(c, 0, sizeof *c);
            c->family = LDS_LAYOUT_REMAP;
            c->remap = REMAP(REMAP_ROTATE, loop, shift);
            lds_buf b = { 0 };
            lds_buf_printf(&b, "thread remap: loop %u of each access rotated by lane%s%s", loop + 1, shift ? " / " : "",
                           shift ? (shift == 1 ? "2" : shift == 2 ? "4" : "8") : "");
            c->label = lds_buf_take(&b);
            lds_buf_printf(&b, "its variable v -> lo + (v - lo + lane%s%s) %% (hi - lo)", shift ? " / " : "",
                           shift ? (shift == 1 ? "2" : shift == 2 ? "4" : "8") : "");
            c->why = lds_buf_take(&b);
            c->simplicity = 1000 + loop * 10 + shift;
        }
    for (unsigned p = 1; p < sizeof permutations / sizeof permutations[0] && n < max; p++) {
        lds_suggest_candidate *c = &out[n++];
        memset(c, 0, sizeof *c);
        c->family = LDS_LAYOUT_REMAP;
        c->remap = REMAP(REMAP_LANES, p, 0);
        c->label = lds_xstrdup(p == 3 ? "thread remap: lanes XORed in groups of 8" : "thread remap: lanes transposed");
        lds_buf b = { 0 };
        lds_buf_printf(&b, "lane -> %s in each access, tid with it", permutations[p]);
        c->why = lds_buf_take(&b);
        c->simplicity = 1100 + p;
    }
    return n;
}

size_t lds_remap_tma_modes(const lds_layout_info *li, lds_suggest_candidate *out, size_t max)
{
    static const struct { const char *mode; unsigned span; } modes[] = {
        { "SWIZZLE_NONE", 0 }, { "SWIZZLE_32B", 32 }, { "SWIZZLE_64B", 64 }, { "SWIZZLE_128B", 128 },
        { "SWIZZLE_128B_ATOM_32B", 128 }, { "SWIZZLE_128B_ATOM_64B", 128 },
    };
    LDS_ASSERT(li->rank && li->hw.elem_bytes);
    uint64_t row = (uint64_t)li->shape[li->rank - 1] * li->hw.elem_bytes;
    size_t n = 0;
    for (size_t m = 0; m < sizeof modes / sizeof modes[0] && n < max; m++) {
        char self[64];
        snprintf(self, sizeof self, "TMA %s", modes[m].mode);
        if ((modes[m].span && row > modes[m].span) || !strcmp(self, li->notation))
            continue;   /* a row wider than the span (cuTensorMapEncodeTiled refuses it), or the one declared */
        lds_suggest_candidate *c = &out[n++];
        memset(c, 0, sizeof *c);
        c->family = LDS_LAYOUT_TMA;
        c->label = lds_xstrdup(self);
        lds_buf b = { 0 };
        lds_buf_printf(&b, "TMA(swizzle=%s, box=[", modes[m].mode);
        for (unsigned d = 0; d < li->rank; d++)
            lds_buf_printf(&b, "%s%lld", d ? ", " : "", (long long)li->shape[d]);
        lds_buf_printf(&b, "], elem_bytes=%u)", li->hw.elem_bytes);
        c->layout = lds_buf_take(&b);
        c->simplicity = 900 + (unsigned)m;
    }
    return n;
}

/* ------------------------------------------------------------- rewrite */

static lds_expr *node(lds_arena *a, lds_expr_kind kind, lds_loc loc)
{
    lds_expr *e = lds_arena_alloc(a, sizeof *e);
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    e->param = -1;
    e->builtin = -1;
    e->height = 1;
    return e;
}

static lds_expr *num(lds_arena *a, lds_loc loc, int64_t v)
{
    lds_expr *e = node(a, E_NUM, loc);
    e->value = v;
    return e;
}

static lds_expr *name(lds_arena *a, lds_loc loc, const char *n)
{
    lds_expr *e = node(a, E_NAME, loc);
    e->name = n;
    return e;
}

static lds_expr *bin(lds_arena *a, lds_op op, lds_expr *x, lds_expr *y)
{
    lds_expr *e = node(a, E_BINARY, x->loc);
    e->op = op;
    e->a = x;
    e->b = y;
    e->height = 1 + (x->height > y->height ? x->height : y->height);
    return e;
}

/* A copy of e, unresolved, where every name `from` reads `to()`'s tree
 * (a new one each time: the resolver annotates each node once). */
typedef lds_expr *(*replacement)(lds_arena *a, lds_loc loc, const void *ctx);

static lds_expr *rewrite(lds_arena *a, const lds_expr *e, const char *from, replacement to, const void *ctx)
{
    if (!e)
        return NULL;
    if (e->kind == E_NAME && !strcmp(e->name, from))
        return to(a, e->loc, ctx);
    lds_expr *c = lds_arena_alloc(a, sizeof *c);
    *c = *e;
    c->sym = NULL;
    c->deps = 0;
    c->a = rewrite(a, e->a, from, to, ctx);
    c->b = rewrite(a, e->b, from, to, ctx);
    c->c = rewrite(a, e->c, from, to, ctx);
    if (e->nargs) {
        c->args = lds_arena_alloc(a, sizeof *c->args * e->nargs);
        for (unsigned i = 0; i < e->nargs; i++)
            c->args[i] = rewrite(a, e->args[i], from, to, ctx);
    }
    unsigned h = 0;
    const lds_expr *kids[3] = { c->a, c->b, c->c };
    for (int i = 0; i < 3; i++)
        if (kids[i] && kids[i]->height > h)
            h = kids[i]->height;
    for (unsigned i = 0; i < c->nargs; i++)
        if (c->args[i]->height > h)
            h = c->args[i]->height;
    c->height = h + 1;
    return c;
}

/* v -> lo + (v - lo + lane / d) % (hi - lo) */
typedef struct {
    const lds_loop *lp;
    int64_t div;
} rotation;

static lds_expr *never(lds_arena *a, lds_loc loc, const void *ctx)
{
    (void)a, (void)loc, (void)ctx;
    LDS_ASSERT(!"a name no program spells");
    return NULL;
}

/* A fresh copy of e. */
static lds_expr *copy(lds_arena *a, const lds_expr *e)
{
    return rewrite(a, e, "\001", never, NULL);
}

/* Whether e names `n`. */
static bool mentions(const lds_expr *e, const char *n)
{
    if (!e)
        return false;
    if (e->kind == E_NAME && !strcmp(e->name, n))
        return true;
    for (unsigned i = 0; i < e->nargs; i++)
        if (mentions(e->args[i], n))
            return true;
    return mentions(e->a, n) || mentions(e->b, n) || mentions(e->c, n);
}

static lds_expr *rotated(lds_arena *a, lds_loc loc, const void *ctx)
{
    const rotation *r = ctx;
    lds_expr *lo = copy(a, r->lp->lo), *lo2 = copy(a, r->lp->lo), *lo3 = copy(a, r->lp->lo), *hi = copy(a, r->lp->hi);
    lds_expr *lane = bin(a, OP_DIV, name(a, loc, "lane"), num(a, loc, r->div));
    lds_expr *step = bin(a, OP_ADD, bin(a, OP_SUB, name(a, loc, r->lp->var), lo), lane);
    return bin(a, OP_ADD, lo2, bin(a, OP_MOD, step, bin(a, OP_SUB, hi, lo3)));
}

/* lane -> P(lane); tid -> tid - lane + P(lane) */
static lds_expr *permuted_lane(lds_arena *a, lds_loc loc, unsigned p)
{
    lds_expr *lane = name(a, loc, "lane");
    if (p == 3)
        return bin(a, OP_XOR, lane, bin(a, OP_MOD, bin(a, OP_DIV, name(a, loc, "lane"), num(a, loc, 8)), num(a, loc, 8)));
    int64_t g = p == 1 ? 8 : 16;
    lds_expr *across = bin(a, OP_DIV, name(a, loc, "wave_size"), num(a, loc, g));
    return bin(a, OP_ADD, bin(a, OP_MUL, bin(a, OP_MOD, lane, num(a, loc, g)), across),
               bin(a, OP_DIV, name(a, loc, "lane"), num(a, loc, g)));
}

static lds_expr *lane_to(lds_arena *a, lds_loc loc, const void *ctx)
{
    return permuted_lane(a, loc, *(const unsigned *)ctx);
}

static lds_expr *tid_to(lds_arena *a, lds_loc loc, const void *ctx)
{
    lds_expr *base = bin(a, OP_SUB, name(a, loc, "tid"), name(a, loc, "lane"));
    return bin(a, OP_ADD, base, permuted_lane(a, loc, *(const unsigned *)ctx));
}

/* Every expression of the access but its loops' own bounds. */
static void rewrite_access(lds_arena *a, lds_stmt *s, const char *from, replacement to, const void *ctx)
{
    lds_target *t = &s->u.access.target;
    for (unsigned d = 0; d < t->nidx; d++)
        t->idx[d] = rewrite(a, t->idx[d], from, to, ctx);
    if (s->u.access.cond)
        s->u.access.cond = rewrite(a, s->u.access.cond, from, to, ctx);
}

void lds_remap_access(lds_arena *arena, lds_stmt *s, unsigned remap)
{
    LDS_ASSERT(s->kind == S_ACCESS);
    unsigned kind = remap >> 16, x = remap >> 8 & 0xff, y = remap & 0xff;
    if (s->u.access.nv)
        return;   /* a data path's statement: no lanes of its own */
    if (kind == REMAP_ROTATE) {
        if (x >= s->u.access.nloops || s->u.access.loops[x].cond)
            return;
        for (unsigned k = x + 1; k < s->u.access.nloops; k++)   /* a later loop's range reads it: not a bijection */
            if (mentions(s->u.access.loops[k].lo, s->u.access.loops[x].var)
                || mentions(s->u.access.loops[k].hi, s->u.access.loops[x].var))
                return;
        rotation r = { &s->u.access.loops[x], (int64_t)1 << y };
        rewrite_access(arena, s, r.lp->var, rotated, &r);
    } else if (kind == REMAP_LANES) {
        rewrite_access(arena, s, "lane", lane_to, &x);
        rewrite_access(arena, s, "tid", tid_to, &x);
    }
}
