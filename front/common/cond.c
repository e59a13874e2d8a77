/* front/common/cond.c - path conditions (front/common/sym.h): where a block
 * runs, as a sum of products of branch literals.  Joins simplify: the
 * two arms of an if, X && p and X && !p, meet as X, so the block after
 * an if runs where the block before it did.  Literals are values (a
 * comparison or a predicate's value), a condition and its opposite one
 * value with two polarities (fold.c keeps comparisons as < and ==).  A
 * condition past the limits is `unknown`, never guessed. */
#include "front/common/sym.h"

#include <stdlib.h>

enum { PC_MAX_TERMS = 64, PC_MAX_LITS = 64 };

static pc_term true_term = { 0, NULL };

pcond pc_true(void) { return (pcond){ 1, &true_term, false }; }
pcond pc_false(void) { return (pcond){ 0, NULL, false }; }
static pcond unknown(void) { return (pcond){ 0, NULL, true }; }

bool pc_is_true(pcond a) { return !a.unknown && a.nterms == 1 && a.terms[0].n == 0; }
bool pc_is_false(pcond a) { return !a.unknown && a.nterms == 0; }

static int lit_cmp(const pc_lit *x, const pc_lit *y)
{
    if (x->v->id != y->v->id)
        return x->v->id < y->v->id ? -1 : 1;
    return (int)x->neg - (int)y->neg;
}

static int term_cmp(const void *px, const void *py)
{
    const pc_term *x = px, *y = py;
    if (x->n != y->n)
        return x->n < y->n ? -1 : 1;
    for (unsigned i = 0; i < x->n; i++) {
        int c = lit_cmp(&x->lits[i], &y->lits[i]);
        if (c)
            return c;
    }
    return 0;
}

pcond pc_lit1(pv_ctx *c, pv *v, bool neg)
{
    while (v->op == PV_NOT) {
        v = v->a;
        neg = !neg;
    }
    if (v->op == PV_CONST)
        return (v->k != 0) != neg ? pc_true() : pc_false();
    if (v->op == PV_LAND || v->op == PV_LOR) {   /* !(a || b) is !a && !b: literals of their own */
        pcond a = pc_lit1(c, v->a, neg), b = pc_lit1(c, v->b, neg);
        return (v->op == PV_LAND) != neg ? pc_and(c, a, b) : pc_or(c, a, b);
    }
    pc_term *t = lds_arena_alloc(c->arena, sizeof *t);
    t->lits = lds_arena_alloc(c->arena, sizeof *t->lits);
    t->lits[0] = (pc_lit){ v, neg };
    t->n = 1;
    return (pcond){ 1, t, false };
}

/* Whether every literal of x is in y (both sorted). */
static bool subset(const pc_term *x, const pc_term *y)
{
    unsigned j = 0;
    for (unsigned i = 0; i < x->n; i++) {
        while (j < y->n && lit_cmp(&y->lits[j], &x->lits[i]) < 0)
            j++;
        if (j == y->n || lit_cmp(&y->lits[j], &x->lits[i]))
            return false;
    }
    return true;
}

/* The literal at which two terms of one size differ, if they differ only
 * there and by polarity; -1 otherwise. */
static int opposite_at(const pc_term *x, const pc_term *y)
{
    if (x->n != y->n)
        return -1;
    int at = -1;
    for (unsigned i = 0; i < x->n; i++) {
        if (x->lits[i].v == y->lits[i].v && x->lits[i].neg == y->lits[i].neg)
            continue;
        if (at >= 0 || x->lits[i].v != y->lits[i].v)
            return -1;
        at = (int)i;
    }
    return at;
}

/* Drop the terms another implies, merge X && p with X && !p, until
 * nothing changes; then sort, so that equal conditions are equal arrays. */
static pcond simplify(pv_ctx *c, pc_term *t, unsigned n)
{
    bool changed = true;
    while (changed) {
        changed = false;
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j < n; j++) {
                if (i == j)
                    continue;
                if (subset(&t[i], &t[j])) {   /* t[j] implies t[i]: t[j] adds nothing */
                    t[j] = t[--n];
                    changed = true;
                    goto again;
                }
                int at = opposite_at(&t[i], &t[j]);
                if (at >= 0) {
                    pc_term m = { t[i].n - 1, lds_arena_alloc(c->arena, (t[i].n ? t[i].n : 1) * sizeof *m.lits) };
                    for (unsigned k = 0, w = 0; k < t[i].n; k++)
                        if ((int)k != at)
                            m.lits[w++] = t[i].lits[k];
                    t[i] = m;
                    t[j] = t[--n];
                    changed = true;
                    goto again;
                }
            }
    again:;
    }
    qsort(t, n, sizeof *t, term_cmp);
    pc_term *keep = lds_arena_alloc(c->arena, (n ? n : 1) * sizeof *keep);
    if (n)
        memcpy(keep, t, n * sizeof *keep);
    return (pcond){ n, keep, false };
}

/* x && y as one term (NULL: it is false) */
static bool conjoin(pv_ctx *c, const pc_term *x, const pc_term *y, pc_term *out)
{
    if (x->n + y->n > PC_MAX_LITS)
        return false;
    pc_lit *l = lds_arena_alloc(c->arena, (x->n + y->n + 1) * sizeof *l);
    unsigned i = 0, j = 0, n = 0;
    while (i < x->n || j < y->n) {
        int d = i == x->n ? 1 : j == y->n ? -1 : lit_cmp(&x->lits[i], &y->lits[j]);
        pc_lit next = d <= 0 ? x->lits[i] : y->lits[j];
        i += d <= 0;
        j += d >= 0;
        if (n && l[n - 1].v == next.v && l[n - 1].neg != next.neg) {   /* p && !p */
            out->n = 0;
            out->lits = NULL;
            return true;
        }
        l[n++] = next;
    }
    out->n = n;
    out->lits = l;
    return true;
}

pcond pc_and(pv_ctx *c, pcond a, pcond b)
{
    if (a.unknown || b.unknown)
        return unknown();
    if (pc_is_true(a))
        return b;
    if (pc_is_true(b))
        return a;
    if (a.nterms * b.nterms > PC_MAX_TERMS)
        return unknown();
    pc_term t[PC_MAX_TERMS];
    unsigned n = 0;
    for (unsigned i = 0; i < a.nterms; i++)
        for (unsigned j = 0; j < b.nterms; j++) {
            pc_term m;
            if (!conjoin(c, &a.terms[i], &b.terms[j], &m))
                return unknown();
            if (m.lits)
                t[n++] = m;
        }
    return simplify(c, t, n);
}

pcond pc_or(pv_ctx *c, pcond a, pcond b)
{
    if (a.unknown || b.unknown)
        return unknown();
    if (a.nterms + b.nterms > PC_MAX_TERMS)
        return unknown();
    pc_term t[PC_MAX_TERMS];
    if (a.nterms)
        memcpy(t, a.terms, a.nterms * sizeof *t);
    if (b.nterms)
        memcpy(t + a.nterms, b.terms, b.nterms * sizeof *t);
    return simplify(c, t, a.nterms + b.nterms);
}

bool pc_equal(pcond a, pcond b)
{
    if (a.unknown || b.unknown || a.nterms != b.nterms)
        return false;
    for (unsigned i = 0; i < a.nterms; i++)
        if (term_cmp(&a.terms[i], &b.terms[i]))
            return false;
    return true;
}

void pc_factor(pv_ctx *c, pcond a, pcond *common, pcond *rest)
{
    *common = pc_true();
    *rest = a;
    if (a.unknown || a.nterms == 0 || pc_is_true(a))
        return;
    pc_term first = a.terms[0], shared = { 0, lds_arena_alloc(c->arena, (first.n + 1) * sizeof(pc_lit)) };
    for (unsigned i = 0; i < first.n; i++) {
        pc_term one = { 1, &first.lits[i] };
        bool all = true;
        for (unsigned k = 1; k < a.nterms && all; k++)
            all = subset(&one, &a.terms[k]);
        if (all)
            shared.lits[shared.n++] = first.lits[i];
    }
    if (!shared.n)
        return;
    pc_term *t = lds_arena_alloc(c->arena, a.nterms * sizeof *t);
    for (unsigned k = 0; k < a.nterms; k++) {
        t[k].lits = lds_arena_alloc(c->arena, (a.terms[k].n + 1) * sizeof(pc_lit));
        t[k].n = 0;
        for (unsigned i = 0; i < a.terms[k].n; i++) {
            pc_term one = { 1, &a.terms[k].lits[i] };
            if (!subset(&one, &shared))
                t[k].lits[t[k].n++] = a.terms[k].lits[i];
        }
    }
    pc_term *keep = lds_arena_alloc(c->arena, sizeof *keep);
    *keep = shared;
    *common = (pcond){ 1, keep, false };
    *rest = simplify(c, t, a.nterms);
}

pv *pc_value(pv_ctx *c, pcond a)
{
    if (a.unknown)
        return pv_data(c, "a condition larger than lds-calc follows", 0, 0, false);
    pv *any = pv_const(c, 0);
    for (unsigned i = 0; i < a.nterms; i++) {
        pv *all = pv_const(c, 1);
        for (unsigned j = 0; j < a.terms[i].n; j++) {
            pc_lit l = a.terms[i].lits[j];
            all = pv_bin(c, PV_LAND, all, l.neg ? pv_not(c, l.v) : l.v);
        }
        any = pv_bin(c, PV_LOR, any, all);
    }
    return any;
}

const pv *pc_data_of(pv_ctx *c, pcond a)
{
    for (unsigned i = 0; i < a.nterms; i++)
        for (unsigned j = 0; j < a.terms[i].n; j++) {
            const pv *d = pv_data_of(c, a.terms[i].lits[j].v);
            if (d)
                return d;
        }
    return NULL;
}

pcond pc_subst(pv_ctx *c, pcond a, pv *const *from, pv *const *to, unsigned n)
{
    if (a.unknown)
        return a;
    pcond r = pc_false();
    for (unsigned i = 0; i < a.nterms; i++) {
        pcond t = pc_true();
        for (unsigned j = 0; j < a.terms[i].n; j++) {
            pc_lit l = a.terms[i].lits[j];
            t = pc_and(c, t, pc_lit1(c, pv_subst(c, l.v, from, to, n), l.neg));
        }
        r = pc_or(c, r, t);
    }
    return r;
}

pv *pc_assume(pv_ctx *c, pcond a, pv *v)
{
    pcond com, rest;
    pc_factor(c, a, &com, &rest);
    if (!v || pc_is_true(com) || !com.nterms)
        return v;
    unsigned n = com.terms[0].n;
    pv **facts = lds_xmalloc((n + 1) * sizeof *facts);
    bool *neg = lds_xmalloc(n + 1);
    for (unsigned i = 0; i < n; i++) {
        facts[i] = com.terms[0].lits[i].v;
        neg[i] = com.terms[0].lits[i].neg;
    }
    pv *r = pv_assume(c, v, facts, neg, n);
    lds_free(facts);
    lds_free(neg);
    return r;
}
