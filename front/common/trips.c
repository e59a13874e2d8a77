/* front/common/trips.c - a loop's trip count (front/common/flow.h).
 *
 * The branch that keeps a loop going compares two sides; with the
 * loop's registers written as functions of its trip k, their difference
 * is a0 + a1 k, a1 a steady amount (a constant, or a value the loop does
 * not change, of known sign).  The loop goes on while that is below 0
 * (or not 0, or 0): the trips are counted from a0 and a1, a -D name
 * where a0 is a parameter.  Where a0 differs from thread to thread (a
 * grid-stride loop's start) the loop runs as many trips as the thread
 * that runs most, found over the workgroup's threads, and each thread is
 * guarded on every trip after the first by its own condition.  The
 * counter is taken not to wrap past its bound, as a C loop's cannot. */
#include "front/common/flow.h"

enum {
    MAX_THREADS = 65536,          /* threads looked at for a per-lane bound */
    MAX_LANE_WORK = 1 << 24       /* ... times the nodes of the bound's varying part */
};

/* The least (or greatest) value a0 takes over the workgroup's threads and
 * the dispatch's workgroups, as a value the same for all; NULL where
 * that is not known (a workgroup of unknown shape, a term that grows
 * with the workgroup the wrong way, a difference between threads that
 * is not a constant). */
static pv *extreme(fw_walk *w, pv *a0, bool least)
{
    pv_ctx *c = w->pc;
    pv *u, *v, *zero = pv_const(c, 0);
    pv_split_uniform(c, a0, &u, &v);
    pv *grp = w->group;
    if (grp && grp->op == PV_SYM && pv_uses_any(c, v, &grp, 1)) {
        pv *v0 = pv_subst(c, v, &grp, &zero, 1), *d = pv_sub(c, v, v0);
        if (least ? d->lo < 0 : d->hi > 0)
            return NULL;
        v = v0;
    }
    long n = w->tdim[0] * w->tdim[1] * w->tdim[2];
    if (!w->tdim[0] || n > MAX_THREADS || (uint64_t)n * v->size > MAX_LANE_WORK)
        return NULL;
    pv *tid[3];
    unsigned nt = 0;
    for (int k = 0; k < 3; k++)
        if (w->tid[k] && w->tid[k]->op == PV_SYM)
            tid[nt++] = w->tid[k];
    pv *zeros[3] = { zero, zero, zero }, *v00 = pv_subst(c, v, tid, zeros, nt);
    bool plain = !(v->deps & (DEP_PARAM | DEP_LOOP | DEP_CARRIED | DEP_DATA));
    pw best = 0, base = 0;
    if (plain && !pv_eval(v, tid, (pw[3]){ 0, 0, 0 }, nt, &base))
        return NULL;
    for (long t = 0; t < n; t++) {
        pw at[3] = { t % w->tdim[0], t / w->tdim[0] % w->tdim[1], t / (w->tdim[0] * w->tdim[1]) };
        pw d;
        if (plain) {
            pw x;
            if (!pv_eval(v, tid, at, nt, &x))
                return NULL;
            d = x - base;
        } else {
            pv *vals[3];
            for (unsigned k = 0; k < nt; k++)
                vals[k] = pv_const(c, at[k]);
            pv *diff = pv_sub(c, pv_subst(c, v, tid, vals, nt), v00);
            if (diff->op != PV_CONST)
                return NULL;
            d = diff->k;
        }
        best = least ? (d < best ? d : best) : (d > best ? d : best);
    }
    return pv_add(c, pv_add(c, u, v00), pv_const(c, best));
}

/* A side of the loop's comparison without the wrap its type applies:
 * the bound (free of the trip) is taken not to wrap, as the counter is
 * taken not to wrap past it; the counter where its trip-0 value is in
 * the type's range without the wrap (a u32 counter that starts at -1 is
 * not: its first value is 4294967295).  NULL where it is not. */
static pv *unwrap(fw_walk *w, pv *k0, pv *v)
{
    if (v->op == PV_LIN) {   /* a constant moved across the comparison: each term */
        pv *sum = pv_const(w->pc, v->k);
        for (unsigned i = 0; i < v->nterms; i++) {
            pv *t = unwrap(w, k0, v->terms[i].v);
            if (!t)
                return NULL;
            sum = pv_add(w->pc, sum, pv_scale(w->pc, t, v->terms[i].coef));
        }
        return sum;
    }
    if (v->op != PV_WRAP || !pv_uses_any(w->pc, v->a, &k0, 1))
        return v->op == PV_WRAP ? v->a : v;
    pv *zero = pv_const(w->pc, 0), *at0 = pv_subst(w->pc, v->a, &k0, &zero, 1);
    return at0->lo >= v->lo && at0->hi <= v->hi ? v->a : NULL;
}

/* The trips from cont (a literal on the trip's registers): n + 1, where
 * n is the number of trips k = 0, 1, ... for which it holds. */
const char *fw_affine_trips(fw_walk *w, pv *k0, pv *v, bool neg, pv **trips, pcond *guard)
{
    pv_ctx *c = w->pc;
    if (v->op != PV_CMP)
        return "it goes on under a condition lds-calc cannot count";
    pv *x = unwrap(w, k0, v->a), *y = unwrap(w, k0, v->b), *a0, *a1;
    if (!x || !y)
        return "its counter starts outside the range of the type it is compared as";
    pv *a = pv_sub(c, x, y);
    if (!pv_affine_in(c, a, k0, &a0, &a1) || pv_is_const(a1, 0))
        return "its counter does not move by a steady amount each trip";
    if (a1->deps & (DEP_LANE | DEP_GROUP | DEP_DATA))
        return "its counter moves by an amount that differs from thread to thread";
    if (a1->lo <= 0 && a1->hi >= 0)
        return "its counter moves by an amount whose sign is not known";
    bool lt = v->cmp == CMP_LT, up = a1->lo > 0;
    if (lt && neg) {   /* a >= 0: -a - 1 < 0 */
        a0 = pv_sub(c, pv_const(c, -1), a0);
        a1 = pv_scale(c, a1, -1);
        up = !up;
    }
    bool lanes = a0->deps & (DEP_LANE | DEP_GROUP);
    if (lanes) {
        a0 = extreme(w, a0, lt ? true : up);
        if (!a0)
            return "its bound differs from thread to thread in a way lds-calc does not follow";
    }
    pv *n;
    if (lt && !up) {
        if (a0->lo < 0)
            return "its counter moves away from its bound";
        n = pv_const(c, 0);
    } else if (lt) {   /* the k with a0 + a1 k < 0: ceil(-a0 / a1) of them */
        n = pv_bin(c, PV_MAX, pv_const(c, 0),
                   pv_bin(c, PV_DIV, pv_sub(c, pv_sub(c, a1, pv_const(c, 1)), a0), a1));
    } else if (neg) {   /* != : until a0 + a1 k == 0 */
        n = pv_bin(c, PV_DIV, pv_scale(c, a0, -1), a1);
    } else {
        n = pv_sel(c, pv_cmp(c, CMP_EQ, a0, pv_const(c, 0)), pv_const(c, 1), pv_const(c, 0));
    }
    *trips = pv_add(c, n, pv_const(c, 1));
    if (lanes) {
        pv *km1 = pv_sub(c, k0, pv_const(c, 1)), *prev = pv_subst(c, v, &k0, &km1, 1);
        pv *g = pv_bin(c, PV_LOR, pv_cmp(c, CMP_EQ, k0, pv_const(c, 0)), neg ? pv_not(c, prev) : prev);
        *guard = pc_lit1(c, g, false);
    }
    return NULL;
}
