/* front/common/walk.c - the blocks of a region in order (front/common/flow.h).
 *
 * A region is the function, or the body of a loop.  Its blocks are run
 * in reverse postorder, each once all the edges into it have arrived:
 * the block runs where any of them does (the conditions' sum), and a
 * register that arrives with different values along them is the value
 * of the edge taken (a ?: of the edges' conditions; a register one edge
 * leaves unset takes the others').  A branch adds its predicate, or its
 * negation, to each edge out.  A loop inside the region is one step:
 * loop.c follows it and sends its exits on.  Edges back to the region's
 * own header and edges out of it are handed to the caller. */
#include "front/common/flow.h"

#include <stdlib.h>

void fw_edges_free(fw_edges *e)
{
    for (unsigned i = 0; i < e->n; i++)
        lds_free(e->v[i].env);
    lds_free(e->v);
    memset(e, 0, sizeof *e);
}

pv **fw_env_copy(const fw_walk *w, pv *const *env)
{
    unsigned n = w->nregs ? w->nregs : 1;
    pv **e = lds_xmalloc(n * sizeof *e);
    if (w->nregs)
        memcpy(e, env, w->nregs * sizeof *e);
    return e;
}

static void push(fw_edges *e, int to, pcond c, pv **env)
{
    e->v = lds_xgrow(e->v, e->n, &e->cap, sizeof *e->v, 4);
    e->v[e->n++] = (fw_edge){ .to = to, .c = c, .env = env };
}

bool *fw_loop_assigns(fw_walk *w, int l)
{
    bool *set = lds_arena_alloc(w->arena, w->nregs + 1);
    for (unsigned b = 0; b < w->g.nblocks; b++) {
        if (!w->g.loops[l].in[b])
            continue;
        for (unsigned i = w->g.blocks[b].first; i < w->g.blocks[b].end; i++)
            w->rd->assigns(w, i, set);
    }
    return set;
}

/* ---------------------------------------------------------------- joins */

static bool lit_in(const pc_lit *l, pcond c)
{
    for (unsigned i = 0; i < c.nterms; i++)
        for (unsigned j = 0; j < c.terms[i].n; j++)
            if (c.terms[i].lits[j].v == l->v && c.terms[i].lits[j].neg == l->neg)
                return true;
    return false;
}

/* The condition as a value, without the literals in `skip`. */
static pv *value_without(fw_walk *w, pcond a, pcond skip)
{
    pv_ctx *c = w->pc;
    if (a.unknown)
        return pc_value(c, a);
    pv *any = pv_const(c, 0);
    for (unsigned i = 0; i < a.nterms; i++) {
        pv *all = pv_const(c, 1);
        for (unsigned j = 0; j < a.terms[i].n; j++) {
            const pc_lit *l = &a.terms[i].lits[j];
            if (!lit_in(l, skip))
                all = pv_bin(c, PV_LAND, all, l->neg ? pv_not(c, l->v) : l->v);
        }
        any = pv_bin(c, PV_LOR, any, all);
    }
    return any;
}

/* The literals every arrival's every term has. */
static pcond common_literals(fw_walk *w, const fw_edges *in)
{
    pcond com, rest;
    pc_factor(w->pc, in->v[0].c, &com, &rest);
    for (unsigned i = 1; i < in->n && !pc_is_true(com); i++) {
        pcond ci, ri;
        pc_factor(w->pc, in->v[i].c, &ci, &ri);
        pcond keep = pc_true();
        for (unsigned j = 0; com.nterms && j < com.terms[0].n; j++)
            if (lit_in(&com.terms[0].lits[j], ci))
                keep = pc_and(w->pc, keep, pc_lit1(w->pc, com.terms[0].lits[j].v, com.terms[0].lits[j].neg));
        com = keep;
    }
    return com;
}

/* The arrivals into one block merged: the condition, the registers. */
static pv **merge(fw_walk *w, fw_edges *in, pcond *cond)
{
    pv_ctx *c = w->pc;
    *cond = pc_false();
    for (unsigned i = 0; i < in->n; i++)
        *cond = pc_or(c, *cond, in->v[i].c);
    pv **env = fw_env_copy(w, in->v[0].env);
    if (in->n == 1)
        return env;
    pcond com = common_literals(w, in);
    pv **sel = lds_xcalloc(in->n, sizeof *sel);
    for (unsigned r = 0; r < w->nregs; r++) {
        bool same = true;
        pv *v = NULL;
        for (unsigned i = 0; i < in->n; i++) {
            pv *x = in->v[i].env[r];
            if (x && v && x != v)
                same = false;
            if (x && !v)
                v = x;
        }
        if (same) {
            env[r] = v;
            continue;
        }
        pv *m = NULL;   /* the last arrival with a value is the default; the rest by condition */
        for (unsigned i = in->n; i-- > 0;) {
            pv *x = in->v[i].env[r];
            if (!x)
                continue;
            if (!m) {
                m = x;
                continue;
            }
            if (!sel[i])
                sel[i] = value_without(w, in->v[i].c, com);
            m = pv_sel(c, sel[i], x, m);
        }
        env[r] = m;
    }
    lds_free(sel);
    return env;
}

/* ---------------------------------------------------------------- walk */

/* The loop directly inside loop l (-1: the function) that holds block b,
 * or -1 when b is in l itself. */
static int child_loop(const fw_cfg *g, int b, int l)
{
    int x = g->blocks[b].loop;
    if (x == l)
        return -1;
    while (x >= 0 && g->loops[x].parent != l)
        x = g->loops[x].parent;
    return x;
}

static bool in_region(const fw_cfg *g, int b, int l) { return l < 0 || g->loops[l].in[b]; }

/* The edges waiting at a region's blocks: a slot per block of the
 * region, found by a map from the block, so that a loop's walk costs its
 * own blocks, not the function's. */
typedef struct {
    const unsigned *body;
    unsigned n;
    unsigned *key;                /* the map: block + 1 (0: empty) */
    unsigned *pos;
    size_t cap;
    fw_edges *slot;
} waiting;

static void waiting_init(waiting *q, const unsigned *body, unsigned n)
{
    q->body = body;
    q->n = n;
    for (q->cap = 16; q->cap < 2 * (size_t)n; q->cap *= 2)
        ;
    q->key = lds_xcalloc(q->cap, sizeof *q->key);
    q->pos = lds_xmalloc(q->cap * sizeof *q->pos);
    q->slot = lds_xcalloc(n + 1, sizeof *q->slot);
    for (unsigned i = 0; i < n; i++) {
        size_t h = (body[i] * 2654435761u) & (q->cap - 1);
        while (q->key[h])
            h = (h + 1) & (q->cap - 1);
        q->key[h] = body[i] + 1;
        q->pos[h] = i;
    }
}

static fw_edges *waiting_at(const waiting *q, int b)
{
    size_t h = ((unsigned)b * 2654435761u) & (q->cap - 1);
    for (; q->key[h]; h = (h + 1) & (q->cap - 1))
        if (q->key[h] == (unsigned)b + 1)
            return &q->slot[q->pos[h]];
    LDS_ASSERT(!"a block of the region is in its map");
    return &q->slot[q->n];
}

static void waiting_free(waiting *q)
{
    for (unsigned i = 0; i <= q->n; i++)
        fw_edges_free(&q->slot[i]);
    lds_free(q->slot);
    lds_free(q->key);
    lds_free(q->pos);
}

/* Send an edge on: into the region, back to its header, or out. */
static void send(fw_walk *w, int l, waiting *q, int to, pcond c, pv **env, fw_edges *exits, fw_edges *back)
{
    if (pc_is_false(c) || to < 0) {
        lds_free(env);
        return;
    }
    if (l >= 0 && to == w->g.loops[l].header)
        push(back, to, c, env);
    else if (in_region(&w->g, to, l))
        push(waiting_at(q, to), to, c, env);
    else
        push(exits, to, c, env);
}

static void run_block(fw_walk *w, int l, int b, pcond cond, pv **env, waiting *q, fw_edges *exits, fw_edges *back)
{
    const fw_block *blk = &w->g.blocks[b];
    for (unsigned i = blk->first; i < blk->end; i++)
        w->rd->exec(w, i, env, cond);
    pv *g = NULL;
    bool neg = false;
    if (blk->conditional)
        g = w->rd->branch(w, blk->end - 1, env, &neg);
    for (int k = 0; k < 2; k++) {
        int to = blk->succ[k];
        if (to < 0)
            continue;
        pcond c = g ? pc_and(w->pc, cond, pc_lit1(w->pc, g, k == 0 ? neg : !neg)) : cond;
        send(w, l, q, to, c, fw_env_copy(w, env), exits, back);
    }
}

void fw_walk_region(fw_walk *w, int l, pcond cin, pv **env_in, fw_edges *exits, fw_edges *back)
{
    const fw_cfg *g = &w->g;
    int h = l >= 0 ? g->loops[l].header : 0;
    waiting q;
    waiting_init(&q, l >= 0 ? g->loops[l].body : g->walk, l >= 0 ? g->loops[l].nbody : g->norder);
    push(waiting_at(&q, h), h, cin, fw_env_copy(w, env_in));
    for (unsigned i = 0; i < q.n; i++) {
        int b = (int)q.body[i];
        fw_edges *at = &q.slot[i];
        if (!at->n)
            continue;
        int inner = l >= 0 && b == h ? -1 : child_loop(g, b, l);
        if (inner >= 0 && g->loops[inner].header != b)
            continue;
        pcond cond;
        pv **env = merge(w, at, &cond);
        fw_edges_free(at);
        if (pc_is_false(cond)) {
            lds_free(env);
            continue;
        }
        if (inner >= 0) {
            fw_edges out = { 0 };
            fw_follow_loop(w, inner, cond, env, &out);
            for (unsigned k = 0; k < out.n; k++)
                send(w, l, &q, out.v[k].to, out.v[k].c, out.v[k].env, exits, back);
            lds_free(out.v);
        } else {
            run_block(w, l, b, cond, env, &q, exits, back);
        }
        lds_free(env);
    }
    waiting_free(&q);
}
