/* front/common/loop.c - a loop rebuilt from its back edge (front/common/flow.h).
 *
 * Plan, then act.  The plan: run the body once with each register the
 * loop assigns standing for its value at the top of a trip (a
 * placeholder), and read what the back edge carries: a register that
 * comes back plus a constant (or a value the loop does not change) is an
 * induction variable, init + step * k in trip k; one that comes back as
 * it left is unchanged; one the body sets afresh is that value after
 * trip 0; one made of those is solved after them.  The branch that keeps
 * the loop going then compares an affine function of k with a bound:
 * that gives the trips, a -D name where the bound is a parameter.  A
 * loop whose registers all start as constants but change otherwise (a
 * shift: s >>= 1) is run at lowering time instead, and each register's
 * values by trip become an expression of k (affine, a shift, a table).
 * Where the bound differs from lane to lane the loop runs as many trips
 * as the lane that runs most, and each lane's accesses are guarded by
 * its own condition.  The act: run the body again with the registers as
 * expressions of k into a 'for k in 0..T' item, and leave the registers
 * as the last trip sets them.  A loop lds-calc cannot follow is said so
 * at each of its accesses, and what it assigns is data after it. */
#include "front/common/flow.h"

#include <stdlib.h>

enum {
    MAX_DEPTH = 12,               /* loops solved one inside another (each doubles the work) */
    MAX_RUN = 65536,              /* trips of a loop run at lowering time */
    MAX_TABLE = 64                /* values a trip table may list */
};

typedef struct {
    int l;
    int at;                       /* the header's first instruction (-1: none) */
    unsigned line, col;           /* its place (0: none) */
    unsigned n;                   /* carried registers */
    int *reg;
    pv **ph;                      /* their placeholders */
    pv **seen;                    /* what the body sees of each (the reader's encoding of ph; NULL: ph) */
    pv **init, **next, **h;       /* value before the loop, at the back edge, in trip k */
    pv *k0;                       /* the trip, unbounded, while solving */
    pcond cont;                   /* the back edge's condition (placeholders) */
    bool back;                    /* the loop has a back edge that runs */
    int exit_to;                  /* the exit's target */
    pv *trips;                    /* T */
    pcond guard;                  /* a lane runs trip k (per-lane bounds) */
    const char *why;              /* why it is not followed */
    const char *why_trips;        /* why its items are skipped (a -D name its trip count needs) */
} plan;

static const char *loop_name(fw_walk *w, const plan *p)
{
    const char *lab = NULL;
    for (unsigned i = w->g.blocks[w->g.loops[p->l].header].first; i < w->nsteps && w->steps[i].kind == FW_LABEL && !lab; i++)
        lab = w->steps[i].label;
    lds_buf b = { 0 };
    if (lab) {
        if (!strncmp(lab, "$L__", 4))   /* PTX's $L__BB0_2, AMDGPU's .LBB0_2: BB0_2, LBB0_2 */
            lab += 4;
        while (*lab == '.')
            lab++;
        for (const char *s = lab; *s; s++)
            lds_buf_putc(&b, (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ? *s : '_');
        lds_buf_puts(&b, "_trip");
    } else {
        lds_buf_printf(&b, "loop%u_trip", ++w->loops);
    }
    const char *name = lds_buf_str(&b);
    const char *r = name[0] >= '0' && name[0] <= '9' ? fw_fmt(w, "L%s", name) : fw_fmt(w, "%s", name);
    lds_buf_free(&b);
    return r;
}

/* ------------------------------------------------------------ the shape */

/* Its one exit, from a block every trip runs (the latch, the header, or
 * one between them: the test of a loop rotated or unrolled); why not,
 * or NULL. */
static const char *shape_of(fw_walk *w, plan *p)
{
    const fw_cfg *g = &w->g;
    const fw_loop *L = &g->loops[p->l];
    int exits = 0, from = -1;
    for (unsigned b = 0; b < g->nblocks; b++) {
        if (!L->in[b])
            continue;
        if (g->blocks[b].exits && g->blocks[b].succ[0] < 0)
            return "it can end the kernel from inside";
        for (int k = 0; k < 2; k++) {
            int s = g->blocks[b].succ[k];
            if (s >= 0 && !L->in[s]) {
                exits++;
                from = (int)b;
                p->exit_to = s;
            }
        }
    }
    if (exits != 1)
        return exits ? "it has more than one way out (a break)" : "it never ends";
    if (L->nlatches != 1)
        return "it has more than one way back to its start (a continue)";
    if (g->blocks[from].loop != p->l || !fw_cfg_dominates(g, from, L->latches[0]))
        return "it is left from a part of its body that not every trip runs (a break)";
    return NULL;
}

/* --------------------------------------------------------- the registers */

static bool uses_carried(fw_walk *w, const plan *p, const pv *v) { return pv_uses_any(w->pc, v, p->ph, p->n); }

/* The loop's placeholders a value uses, as their numbers. */
typedef struct {
    const plan *p;
    unsigned *at;
    unsigned n;
    size_t cap;
} used;

static void note_used(void *ctx, const pv *s)
{
    used *u = ctx;
    if (s->index >= 0 && (unsigned)s->index < u->p->n && u->p->ph[s->index] == s) {
        u->at = lds_xgrow(u->at, u->n, &u->cap, sizeof *u->at, 4);
        u->at[u->n++] = (unsigned)s->index;
    }
}

static used carried_by(fw_walk *w, const plan *p, const pv *v)
{
    used u = { .p = p };
    pv_collect(w->pc, v, SYM_CARRIED, note_used, &u);
    return u;
}

/* Whether every placeholder v uses is one `ok` marks. */
static bool only_uses(fw_walk *w, const plan *p, const pv *v, const bool *ok)
{
    used u = carried_by(w, p, v);
    bool all = true;
    for (unsigned i = 0; i < u.n && all; i++)
        all = ok[u.at[i]];
    lds_free(u.at);
    return all;
}

/* The value in trip k of a register that comes back as next. */
static pv *by_rule(fw_walk *w, plan *p, unsigned i)
{
    pv_ctx *c = w->pc;
    pv *init = p->init[i], *next = p->next[i];
    if (next == p->ph[i])
        return init;
    pv *step = pv_sub(c, next, p->ph[i]);
    if (!uses_carried(w, p, step) && step->op != PV_DATA)
        return init ? pv_add(c, init, pv_mul(c, step, p->k0)) : NULL;
    if (!uses_carried(w, p, next))
        return init ? pv_sel(c, pv_cmp(c, CMP_EQ, p->k0, pv_const(c, 0)), init, next) : next;
    return NULL;
}

/* Registers made of solved ones: next with the others' values in trip k - 1. */
static void solve_dependent(fw_walk *w, plan *p, bool *solved)
{
    pv_ctx *c = w->pc;
    pv *km1 = pv_sub(c, p->k0, pv_const(c, 1));
    for (bool progress = true; progress;) {
        progress = false;
        for (unsigned i = 0; i < p->n; i++) {
            if (solved[i] || !p->init[i])
                continue;
            if (!only_uses(w, p, p->next[i], solved))
                continue;
            pv **prev = lds_arena_alloc(w->arena, p->n * sizeof *prev);
            for (unsigned j = 0; j < p->n; j++)
                prev[j] = p->h[j] ? pv_subst(c, p->h[j], &p->k0, &km1, 1) : p->ph[j];
            pv *v = pv_subst(c, p->next[i], p->ph, prev, p->n);
            p->h[i] = pv_sel(c, pv_cmp(c, CMP_EQ, p->k0, pv_const(c, 0)), p->init[i], v);
            solved[i] = progress = true;
        }
    }
}

/* A sequence of values by trip as an expression of k. */
static pv *fit(fw_walk *w, const pw *s, unsigned t, pv *k)
{
    pv_ctx *c = w->pc;
    bool affine = true, right = s[0] >= 0, left = true;
    for (unsigned i = 1; i < t; i++) {
        affine &= s[i] - s[i - 1] == s[1] - s[0];
        right &= i < 120 && s[i] == s[0] >> i;
        left &= i < 60 && s[i] == s[0] * ((pw)1 << i);
    }
    if (affine)
        return pv_add(c, pv_const(c, s[0]), pv_scale(c, k, t > 1 ? s[1] - s[0] : 0));
    if (right)
        return pv_bin(c, PV_SHR, pv_const(c, s[0]), k);
    if (left)
        return pv_bin(c, PV_SHL, pv_const(c, s[0]), k);
    if (t > MAX_TABLE)
        return NULL;
    pv *r = pv_const(c, s[t - 1]);
    for (unsigned i = t - 1; i-- > 0;)
        r = pv_sel(c, pv_cmp(c, CMP_EQ, k, pv_const(c, i)), pv_const(c, s[i]), r);
    return r;
}

/* Run the loop at lowering time: the registers that start as constants
 * and change only with each other, and the condition on them.  True with
 * p->trips and their values by trip (as expressions of p->k0, refit
 * later), false if it cannot be run. */
static bool run_now(fw_walk *w, plan *p, pv *cont_v, bool neg, pv ***fits)
{
    bool *in = lds_arena_alloc(w->arena, p->n + 1);
    for (unsigned i = 0; i < p->n; i++)
        in[i] = p->init[i] && p->init[i]->op == PV_CONST;
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned i = 0; i < p->n; i++)
            if (in[i] && !only_uses(w, p, p->next[i], in))
                in[i] = false, changed = true;
    }
    if (!only_uses(w, p, cont_v, in))
        return false;
    pw *vals = lds_xmalloc((p->n + 1) * sizeof *vals), *nv = lds_xmalloc((p->n + 1) * sizeof *nv);
    pw **seq = lds_xcalloc(p->n + 1, sizeof *seq);
    size_t cap = 0, t = 0;
    bool ok = true, more = true;
    for (unsigned i = 0; i < p->n; i++)
        vals[i] = in[i] ? p->init[i]->k : 0;
    while (ok && more) {
        if (t == MAX_RUN) {
            ok = false;
            break;
        }
        if (t == cap) {
            cap = cap ? cap * 2 : 16;
            for (unsigned i = 0; i < p->n; i++)
                seq[i] = lds_xreallocarray(seq[i], cap, sizeof **seq);
        }
        for (unsigned i = 0; i < p->n; i++)
            seq[i][t] = vals[i];
        t++;
        pw cv;
        ok = pv_eval(cont_v, p->ph, vals, p->n, &cv);
        more = ok && (cv != 0) != neg;
        for (unsigned i = 0; ok && more && i < p->n; i++)
            ok = !in[i] || pv_eval(p->next[i], p->ph, vals, p->n, &nv[i]);
        for (unsigned i = 0; ok && more && i < p->n; i++)
            if (in[i])
                vals[i] = nv[i];
    }
    if (ok) {
        p->trips = pv_const(w->pc, (pw)t);
        *fits = lds_arena_alloc(w->arena, (p->n + 1) * sizeof **fits);
        for (unsigned i = 0; i < p->n; i++)
            (*fits)[i] = in[i] ? fit(w, seq[i], (unsigned)t, p->k0) : NULL;
    }
    for (unsigned i = 0; i < p->n; i++)
        lds_free(seq[i]);
    lds_free(seq);
    lds_free(vals);
    lds_free(nv);
    return ok;
}

/* ------------------------------------------------------ the trip count */

/* The condition that takes the back edge, as one value (negated if
 * *neg): one literal, or several that must all hold; NULL, or why it is
 * not one. */
static const char *continuation(fw_walk *w, const plan *p, pv **v, bool *neg)
{
    if (p->cont.unknown || p->cont.nterms != 1)
        return pc_is_true(p->cont) ? "it never ends" : "it goes on under a condition lds-calc does not follow";
    const pc_term *t = &p->cont.terms[0];
    if (t->n == 0)
        return "it never ends";
    *v = t->lits[0].v;
    *neg = t->lits[0].neg;
    if (t->n > 1) {
        *v = pc_value(w->pc, p->cont);
        *neg = false;
    }
    return NULL;
}

static const char *solve(fw_walk *w, plan *p)
{
    pv_ctx *c = w->pc;
    p->k0 = pv_sym(c, "trip", DEP_LOOP, 0, PV_INF);
    p->guard = pc_true();
    bool *solved = lds_arena_alloc(w->arena, p->n + 1);
    p->h = lds_arena_alloc(w->arena, (p->n + 1) * sizeof *p->h);
    for (unsigned i = 0; i < p->n; i++) {
        p->h[i] = by_rule(w, p, i);
        solved[i] = p->h[i] || p->next[i] == p->ph[i];
    }
    solve_dependent(w, p, solved);
    for (unsigned i = 0; i < p->n; i++)
        if (!p->h[i])
            p->h[i] = pv_data(c, fw_fmt(w, solved[i] ? "%s, read before anything sets it"
                                                      : "%s, which the loop changes each trip in a way lds-calc does not follow",
                                         fw_reg_name(w, p->reg[i])),
                              p->line, p->col, false);
    if (!p->back) {
        p->trips = pv_const(c, 1);
        return NULL;
    }
    pv *cont;
    bool neg;
    const char *why = continuation(w, p, &cont, &neg);
    if (why)
        return why;
    const pv *d = pv_data_of(c, cont);
    if (d)
        return fw_fmt(w, "whether it goes on depends on %s at %u:%u", d->text, d->line, d->col);
    bool ready = only_uses(w, p, cont, solved);
    pv **fits = NULL;
    why = "its trip count depends on a value that changes each trip in a way lds-calc does not follow";
    if (ready) {
        pv *cur = pv_subst(c, cont, p->ph, p->h, p->n);
        bool cneg = neg;
        pcond one = pc_lit1(c, cur, neg);   /* by trip, a conjunction may be one comparison */
        if (!one.unknown && one.nterms == 1 && one.terms[0].n == 1) {
            cur = one.terms[0].lits[0].v;
            cneg = one.terms[0].lits[0].neg;
        }
        const pv *m = pv_missing_of(c, cur, NULL);
        if (m) {   /* its trips need a value no -D gives: its items say so */
            fw_note_missing(w, m->text);
            p->trips = pv_const(c, 2);
            p->why_trips = fw_fmt(w, "it is in a loop whose trip count needs '%s' (give its value with -D %s=VALUE)",
                                   m->text, m->text);
            return NULL;
        }
        why = pv_data_of(c, cur) ? why : fw_affine_trips(w, p->k0, cur, cneg, &p->trips, &p->guard);
    }
    if (why && run_now(w, p, cont, neg, &fits))
        why = NULL;
    if (why)
        return why;
    for (unsigned i = 0; fits && i < p->n; i++)
        if (fits[i])
            p->h[i] = fits[i];
    if ((d = pv_data_of(c, p->trips)))
        return fw_fmt(w, "its trip count depends on %s at %u:%u", d->text, d->line, d->col);
    if (p->trips->deps & (DEP_LANE | DEP_GROUP))
        return "its trip count differs from thread to thread";
    const pv *m = pv_missing_of(c, p->trips, NULL);
    if (m)
        fw_note_missing(w, m->text);
    if (m)
        p->why_trips = fw_fmt(w, "it is in a loop whose trip count needs '%s' (give its value with -D %s=VALUE)", m->text, m->text);
    return NULL;
}

/* ---------------------------------------------------------------- plan */

/* A carried register's value as the placeholder level sees it: what the
 * reader's encoding (a lane mask's all-ones or zero) stands for. */
static pv *uncarry(fw_walk *w, const plan *p, unsigned i, pv *v)
{
    if (!v || !p->seen[i])
        return v;
    pv *u = w->rd->uncarry(w, p->l, p->reg[i], v);
    return u ? u
             : pv_data(w->pc, fw_fmt(w, "%s, which the loop sets to a value of another kind than it carries",
                                     fw_reg_name(w, p->reg[i])),
                       p->line, p->col, false);
}

/* The body run once with placeholders: what the back edge carries.  A
 * value the loop is entered with is what it is where the loop's entry
 * condition holds; one the back edge carries, what it is where the
 * condition that takes the back edge holds (a register the loop goes on
 * while, or that the condition requires be 0, is that there). */
static const char *dry_run(fw_walk *w, plan *p, pcond cin, pv **env_in)
{
    pv_ctx *c = w->pc;
    bool *as = fw_loop_assigns(w, p->l);
    unsigned nregs = w->nregs;
    p->reg = lds_arena_alloc(w->arena, (nregs + 1) * sizeof *p->reg);
    for (unsigned r = 0; r < nregs; r++)
        if (as[r])
            p->reg[p->n++] = (int)r;
    p->ph = lds_arena_alloc(w->arena, (p->n + 1) * sizeof *p->ph);
    p->seen = lds_arena_alloc(w->arena, (p->n + 1) * sizeof *p->seen);
    p->init = lds_arena_alloc(w->arena, (p->n + 1) * sizeof *p->init);
    p->next = lds_arena_alloc(w->arena, (p->n + 1) * sizeof *p->next);
    pv **env0 = fw_env_copy(w, env_in);
    for (unsigned i = 0; i < p->n; i++) {
        pv *ph = w->rd->carry ? w->rd->carry(w, p->l, p->reg[i], i, &p->seen[i]) : NULL;
        p->ph[i] = ph ? ph : pv_symbol(c, SYM_CARRIED, fw_reg_name(w, p->reg[i]), (int)i, DEP_CARRIED, -PV_INF, PV_INF, false);
        p->init[i] = pc_assume(c, cin, uncarry(w, p, i, env_in[p->reg[i]]));
        env0[p->reg[i]] = ph ? p->seen[i] : p->ph[i];
    }
    bool emitting = w->emitting;
    fw_edges ex = { 0 }, bk = { 0 };
    w->emitting = false;
    w->depth++;
    fw_walk_region(w, p->l, pc_true(), env0, &ex, &bk);
    w->depth--;
    w->emitting = emitting;
    const char *why = bk.n > 1 ? "it has more than one way back to its start" : NULL;
    p->back = bk.n > 0;
    p->cont = p->back ? bk.v[0].c : pc_false();
    for (unsigned i = 0; i < p->n; i++) {
        pv *v = p->back ? uncarry(w, p, i, bk.v[0].env[p->reg[i]]) : NULL;
        p->next[i] = v ? pc_assume(c, p->cont, v) : p->ph[i];
    }
    fw_edges_free(&ex);
    fw_edges_free(&bk);
    lds_free(env0);
    return why;
}

/* ----------------------------------------------------------------- act */

static void act(fw_walk *w, plan *p, pcond cin, pv **env_in, fw_edges *exits)
{
    pv_ctx *c = w->pc;
    bool once = pv_is_const(p->trips, 1);
    const char *name = loop_name(w, p);
    pv *k = once ? pv_const(c, 0) : pv_sym(c, name, DEP_LOOP, 0, p->trips->hi >= PV_INF ? PV_INF : p->trips->hi - 1);
    pv **env = fw_env_copy(w, env_in);
    for (unsigned i = 0; i < p->n; i++) {
        pv *h = pv_subst(c, p->h[i], &p->k0, &k, 1);
        env[p->reg[i]] = p->seen[i] ? pv_subst(c, p->seen[i], &p->ph[i], &h, 1) : h;
    }
    pcond guard = pc_subst(c, p->guard, &p->k0, &k, 1);
    fw_item item = { .kind = IT_LOOP, .at = p->at, .cond = cin, .loop_why = p->why_trips,
                      .head = fw_fmt(w, p->trips->op == PV_CONST || p->trips->op == PV_SYM || p->trips->op == PV_MAX
                                          ? "for %s in 0..%s" : "for %s in 0..(%s)",
                                      name, pv_text(c, p->trips)) };
    fw_item *body = NULL, **save = w->tail;
    if (!once || p->why_trips)
        w->tail = &body;
    fw_edges ex = { 0 }, bk = { 0 };
    w->depth++;
    fw_walk_region(w, p->l, once && !p->why_trips ? pc_and(c, cin, guard) : guard, env, &ex, &bk);
    w->depth--;
    if (!once || p->why_trips) {
        w->tail = save;
        item.body = body;
        if (body)
            fw_add_item(w, &item);
    }
    pv **out = ex.n ? ex.v[0].env : env;
    pv *last = pv_sub(c, p->trips, pv_const(c, 1));
    bool lanes = !pc_is_true(p->guard);
    for (unsigned i = 0; i < p->n; i++) {
        int r = p->reg[i];
        if (!out[r] || !pv_uses_any(c, out[r], &k, 1))
            continue;
        if (ex.n)   /* the way out: where the condition to go on fails */
            out[r] = pc_assume(c, ex.v[0].c, out[r]);
        if (!pv_uses_any(c, out[r], &k, 1))
            continue;
        out[r] = lanes ? pv_data(c, fw_fmt(w, "%s, as the loop leaves it, which differs from lane to lane", fw_reg_name(w, r)),
                                 p->line, p->col, false)
                       : pv_subst(c, out[r], &k, &last, 1);
    }
    exits->v = lds_xgrow(exits->v, exits->n, &exits->cap, sizeof *exits->v, 4);
    exits->v[exits->n++] = (fw_edge){ .to = p->exit_to, .c = cin, .env = fw_env_copy(w, out) };
    fw_edges_free(&ex);
    fw_edges_free(&bk);
    lds_free(env);
}

/* A loop lds-calc does not follow: its accesses said so, what it assigns
 * data after it, each of its ways out taken under a condition of its own
 * (the ways out meet again as the loop's own condition). */
static void unfollowed(fw_walk *w, plan *p, pcond cin, pv **env_in, fw_edges *exits)
{
    pv_ctx *c = w->pc;
    const fw_cfg *g = &w->g;
    const fw_loop *L = &g->loops[p->l];
    unsigned line = p->line, col = p->col;
    bool *as = fw_loop_assigns(w, p->l);
    pv **env = fw_env_copy(w, env_in);
    for (unsigned r = 0; r < w->nregs; r++)
        if (as[r])
            env[r] = pv_data(c, fw_fmt(w, "%s, as a loop lds-calc does not follow leaves it", fw_reg_name(w, (int)r)),
                             line, col, false);
    if (w->emitting) {
        fw_item item = { .kind = IT_LOOP, .at = p->at, .cond = cin,
                          .loop_why = fw_fmt(w, "it is in the loop at %u:%u, which lds-calc does not follow (%s)", line, col, p->why) };
        fw_item *body = NULL, **save = w->tail;
        fw_edges ex = { 0 }, bk = { 0 };
        w->tail = &body;
        w->depth++;
        if (w->depth > MAX_DEPTH)   /* past the depth walked: its instructions in the text's order, no nesting */
            for (unsigned b = 0; b < g->nblocks; b++)
                for (unsigned i = g->blocks[b].first; L->in[b] && i < g->blocks[b].end; i++)
                    w->rd->exec(w, i, env, pc_true());
        else
            fw_walk_region(w, p->l, pc_true(), env, &ex, &bk);
        w->depth--;
        w->tail = save;
        item.body = body;
        if (body)
            fw_add_item(w, &item);
        fw_edges_free(&ex);
        fw_edges_free(&bk);
    }
    pcond rest = cin;
    int last = -1;
    for (unsigned b = 0; b < g->nblocks; b++)
        for (int k = 0; k < 2; k++)
            if (L->in[b] && g->blocks[b].succ[k] >= 0 && !L->in[g->blocks[b].succ[k]])
                last = g->blocks[b].succ[k];
    for (unsigned b = 0; b < g->nblocks; b++)
        for (int k = 0; k < 2; k++) {
            int to = g->blocks[b].succ[k];
            if (!L->in[b] || to < 0 || L->in[to])
                continue;
            bool seen = false;
            for (unsigned i = 0; i < exits->n && !seen; i++)
                seen = exits->v[i].to == to;
            if (seen)
                continue;
            pcond here = rest;
            if (to != last) {
                pv *d = pv_data(c, "which way a loop lds-calc does not follow is left", line, col, false);
                here = pc_and(c, rest, pc_lit1(c, d, false));
                rest = pc_and(c, rest, pc_lit1(c, d, true));
            }
            exits->v = lds_xgrow(exits->v, exits->n, &exits->cap, sizeof *exits->v, 4);
            exits->v[exits->n++] = (fw_edge){ .to = to, .c = here, .env = fw_env_copy(w, env) };
        }
    lds_free(env);
}

void fw_follow_loop(fw_walk *w, int l, pcond cin, pv **env_in, fw_edges *exits)
{
    plan p = { .l = l, .exit_to = -1 };
    unsigned first = w->g.blocks[w->g.loops[l].header].first;
    while (first < w->nsteps && w->steps[first].kind == FW_LABEL)
        first++;
    p.at = first < w->nsteps ? (int)first : -1;
    p.line = p.at >= 0 ? w->steps[first].line : 0;
    p.col = p.at >= 0 ? w->steps[first].col : 0;
    p.why = w->depth >= MAX_DEPTH ? "it is nested in more loops than lds-calc follows (12)" : shape_of(w, &p);
    if (!p.why)
        p.why = dry_run(w, &p, cin, env_in);
    if (!p.why)
        p.why = solve(w, &p);
    if (p.why)
        unfollowed(w, &p, cin, env_in, exits);
    else
        act(w, &p, cin, env_in, exits);
}
