/* front/common/val.c - symbolic values (front/common/sym.h).
 *
 * A register's value is an expression over the names lds knows (tid.x,
 * group, loop trips, -D names) and the addresses of arrays and
 * allocations, built by constructors that fold what they can: constants
 * exactly, sums into one linear form (constant + coefficient x term,
 * terms in creation order), and whatever each node's interval (the
 * values it can take) decides: x >> 31 of a non-negative 32-bit x is 0,
 * x & 0xff of an x below 256 is x.  Nodes are hash-consed, so equal
 * expressions are one node and a register unchanged along two paths
 * meets itself.
 *
 * Values are exact integers, as in lds.  PTX's wrap-around happens where
 * a register is read as a type: pv_wrap() of a value the interval cannot
 * keep within the type's range wraps it there; one it can is itself.
 * Data (a value loaded from memory, a floating-point one) absorbs every
 * expression it enters, keeping why it is data and where it came from. */
#include "front/common/sym.h"

#include <stdlib.h>

/* Past these an expression is data: its text would not be read. */
enum { PV_MAX_HEIGHT = 200, PV_MAX_SIZE = 4096 };

struct pv_table {
    pv **slot;
    size_t cap, n;
};

void pv_init(pv_ctx *c, lds_arena *a)
{
    memset(c, 0, sizeof *c);
    c->arena = a;
    c->table = lds_xcalloc(1, sizeof *c->table);
    c->spent = pv_data(c, "a value beyond the most a kernel may make (lds-calc's limit)", 0, 0, false);
}

/* Whether another value may be made; past the budget, none is. */
static bool budget(pv_ctx *c)
{
    if (c->next_id < PV_MAX_NODES)
        return true;
    c->exhausted = true;
    return false;
}

void pv_fini(pv_ctx *c)
{
    if (c->table)
        lds_free(c->table->slot);
    lds_free(c->table);
    c->table = NULL;
}

/* ------------------------------------------------------------ intervals */

pw pvi_sat(pw x) { return x > PV_INF ? PV_INF : x < -PV_INF ? -PV_INF : x; }
static pw pmin(pw a, pw b) { return a < b ? a : b; }
static pw pmax(pw a, pw b) { return a > b ? a : b; }
static pw pabs(pw a) { return a < 0 ? -a : a; }

pw pvi_mul_sat(pw a, pw b)
{
    if (!a || !b)
        return 0;
    if (pabs(a) >= PV_INF || pabs(b) >= PV_INF || pabs(a) > PV_INF / pabs(b))
        return (a < 0) != (b < 0) ? -PV_INF : PV_INF;
    return pvi_sat(a * b);
}

/* The number of bits of a non-negative x (0 for 0). */
unsigned pvi_bitlen(pw x)
{
    unsigned n = 0;
    while (x > 0 && n < 127) {
        x >>= 1;
        n++;
    }
    return n;
}


/* ------------------------------------------------------------- the table */

static size_t hash_node(const pv *p)
{
    uint64_t h = 1469598103934665603u;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211u)
    MIX(p->op);
    MIX(p->cmp);
    MIX(p->bits);
    MIX(p->sgn);
    MIX((uint64_t)p->k);
    MIX((uint64_t)(p->k >> 64));
    MIX((uintptr_t)p->a);
    MIX((uintptr_t)p->b);
    MIX((uintptr_t)p->c);
    for (unsigned i = 0; i < p->nterms; i++) {
        MIX((uint64_t)p->terms[i].coef);
        MIX((uint64_t)(p->terms[i].coef >> 64));
        MIX((uintptr_t)p->terms[i].v);
    }
#undef MIX
    return (size_t)h;
}

static bool same_node(const pv *x, const pv *y)
{
    if (x->op != y->op || x->cmp != y->cmp || x->bits != y->bits || x->sgn != y->sgn || x->k != y->k || x->a != y->a
        || x->b != y->b || x->c != y->c || x->nterms != y->nterms)
        return false;
    for (unsigned i = 0; i < x->nterms; i++)
        if (x->terms[i].coef != y->terms[i].coef || x->terms[i].v != y->terms[i].v)
            return false;
    return true;
}

static pv *new_node(pv_ctx *c)
{
    pv *n = lds_arena_alloc(c->arena, sizeof *n);
    n->id = ++c->next_id;
    return n;
}

static void grow_table(pv_table *t)
{
    size_t cap = t->cap ? t->cap * 2 : 1024;
    pv **slot = lds_xcalloc(cap, sizeof *slot);
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i]) {
            size_t j = hash_node(t->slot[i]) & (cap - 1);
            while (slot[j])
                j = (j + 1) & (cap - 1);
            slot[j] = t->slot[i];
        }
    lds_free(t->slot);
    t->slot = slot;
    t->cap = cap;
}

/* The one node equal to proto (deps, interval and sizes filled in by the
 * caller), made if it is new; an expression too tall or too large to
 * write out is data. */
pv *pvi_intern(pv_ctx *c, const pv *proto)
{
    if (proto->height > PV_MAX_HEIGHT || proto->size > PV_MAX_SIZE) {
        c->overflow = true;
        return pv_data(c, "an expression larger than lds-calc writes out", 0, 0, false);
    }
    if (!budget(c))
        return c->spent;
    pv_table *t = c->table;
    if (2 * (t->n + 1) > t->cap)
        grow_table(t);
    size_t i = hash_node(proto) & (t->cap - 1);
    for (; t->slot[i]; i = (i + 1) & (t->cap - 1))
        if (same_node(t->slot[i], proto))
            return t->slot[i];
    pv *n = new_node(c);
    unsigned id = n->id;
    *n = *proto;
    n->id = id;
    if (proto->nterms) {
        n->terms = lds_arena_alloc(c->arena, proto->nterms * sizeof *n->terms);
        memcpy(n->terms, proto->terms, proto->nterms * sizeof *n->terms);
    }
    n->lo = pvi_sat(n->lo);
    n->hi = pvi_sat(n->hi);
    t->slot[i] = n;
    t->n++;
    return n;
}

/* A node of op over a, b, c with their dependences and sizes. */
pv pvi_proto(pv_op op, pv *a, pv *b, pv *x)
{
    pv p = { .op = op, .a = a, .b = b, .c = x, .lo = -PV_INF, .hi = PV_INF, .size = 1 };
    pv *kids[3] = { a, b, x };
    for (int i = 0; i < 3; i++)
        if (kids[i]) {
            p.deps |= kids[i]->deps;
            p.height = kids[i]->height + 1 > p.height ? kids[i]->height + 1 : p.height;
            p.size = p.size + kids[i]->size > PV_MAX_SIZE ? PV_MAX_SIZE + 1 : p.size + kids[i]->size;
        }
    return p;
}

/* --------------------------------------------------------------- leaves */

pv *pv_const(pv_ctx *c, pw k)
{
    if (k >= PV_INF || k <= -PV_INF)
        return pv_data(c, "a value beyond lds-calc's range", 0, 0, false);
    pv p = { .op = PV_CONST, .k = k, .lo = k, .hi = k, .size = 1 };
    return pvi_intern(c, &p);
}

/* A leaf (never shared: each is its own node). */
static pv *leaf(pv_ctx *c, pv_op op, const char *text, unsigned char deps, pw lo, pw hi, bool missing)
{
    if (c->spent && !budget(c))   /* (pv_init's own node comes before the budget is looked at) */
        return c->spent;
    pv *n = new_node(c);
    n->op = op;
    n->text = text;
    n->deps = deps;
    n->lo = pvi_sat(lo);
    n->hi = pvi_sat(hi);
    n->missing = missing;
    n->size = 1;
    return n;
}

pv *pv_symbol(pv_ctx *c, pv_symkind kind, const char *text, int index, unsigned char deps, pw lo, pw hi, bool missing)
{
    pv *n = leaf(c, PV_SYM, text, deps, lo, hi, missing);
    if (n == c->spent)
        return n;
    n->sym = kind;
    n->index = index;
    n->serial = ++c->next_serial;
    return n;
}

pv *pv_sym(pv_ctx *c, const char *text, unsigned char deps, pw lo, pw hi)
{
    if (lo == hi)
        return pv_const(c, lo);
    return pv_symbol(c, SYM_NAME, text, 0, deps, lo, hi, false);
}

pv *pv_data(pv_ctx *c, const char *why, unsigned line, unsigned col, bool missing)
{
    pv *n = leaf(c, PV_DATA, why, DEP_DATA, -PV_INF, PV_INF, missing);
    if (n == c->spent)
        return n;
    n->line = line;
    n->col = col;
    return n;
}

bool pv_is_const(const pv *v, pw k) { return v && v->op == PV_CONST && v->k == k; }

pv *pvi_absorb(pv *a, pv *b, pv *x)
{
    return a && a->op == PV_DATA ? a : b && b->op == PV_DATA ? b : x && x->op == PV_DATA ? x : NULL;
}

/* -------------------------------------------------------- linear forms */

typedef struct {
    pw k;
    pv_term *t;
    unsigned n;
    pv_term one;
} linview;

static void view(pv *v, linview *l)
{
    memset(l, 0, sizeof *l);
    if (v->op == PV_CONST) {
        l->k = v->k;
    } else if (v->op == PV_LIN) {
        l->k = v->k;
        l->t = v->terms;
        l->n = v->nterms;
    } else {
        l->one = (pv_term){ 1, v };
        l->t = &l->one;
        l->n = 1;
    }
}

/* x - (x & m) is x & ~m: the low bits an index keeps (nvcc's remainder). */
static void fold_remainders(pv_ctx *c, pv_term *t, unsigned *n)
{
    for (unsigned i = 0; i < *n; i++) {
        pv *m = t[i].v;
        if (t[i].coef != -1 || m->op != PV_AND || m->b->op != PV_CONST)
            continue;
        for (unsigned j = 0; j < *n; j++)
            if (t[j].v == m->a && t[j].coef == 1) {
                pv *kept = pv_bin(c, PV_AND, m->a, pv_const(c, ~m->b->k));
                t[j] = (pv_term){ 1, kept };
                t[i].coef = 0;
                break;
            }
    }
    unsigned w = 0;
    for (unsigned i = 0; i < *n; i++)
        if (t[i].coef)
            t[w++] = t[i];
    *n = w;
}

static int term_order(const void *x, const void *y)
{
    const pv_term *a = x, *b = y;
    return a->v->id < b->v->id ? -1 : a->v->id > b->v->id;
}

/* k + sum of the terms, normalised (t is the caller's scratch). */
static pv *lin_make(pv_ctx *c, pw k, pv_term *t, unsigned n)
{
    fold_remainders(c, t, &n);
    qsort(t, n, sizeof *t, term_order);
    unsigned w = 0;
    for (unsigned i = 0; i < n; i++) {   /* terms fold_remainders made may repeat */
        if (w && t[w - 1].v == t[i].v)
            t[w - 1].coef += t[i].coef;
        else
            t[w++] = t[i];
        if (w && !t[w - 1].coef)
            w--;
    }
    n = w;
    if (n == 0)
        return pv_const(c, k);
    if (n == 1 && k == 0 && t[0].coef == 1)
        return t[0].v;
    if (n == 1 && t[0].coef == 1 && (t[0].v->op == PV_MIN || t[0].v->op == PV_MAX))   /* max(a, b) + k is max(a + k, b + k) */
        return pv_bin(c, t[0].v->op, pv_add(c, t[0].v->a, pv_const(c, k)), pv_add(c, t[0].v->b, pv_const(c, k)));
    pv p = { .op = PV_LIN, .k = k, .terms = t, .nterms = n, .lo = k, .hi = k, .size = 1 };
    for (unsigned i = 0; i < n; i++) {
        pv *v = t[i].v;
        if (pabs(t[i].coef) >= PV_INF)
            return pv_data(c, "a value beyond lds-calc's range", 0, 0, false);
        pw x = pvi_mul_sat(t[i].coef, v->lo), y = pvi_mul_sat(t[i].coef, v->hi);
        p.lo = pvi_sat(p.lo + pmin(x, y));
        p.hi = pvi_sat(p.hi + pmax(x, y));
        p.deps |= v->deps;
        p.height = v->height + 1 > p.height ? v->height + 1 : p.height;
        p.size = p.size + v->size > PV_MAX_SIZE ? PV_MAX_SIZE + 1 : p.size + v->size;
    }
    return pvi_intern(c, &p);
}

static pv *lin_combine(pv_ctx *c, pv *a, pw ka, pv *b, pw kb)
{
    linview x, y;
    view(a, &x);
    if (b)
        view(b, &y);
    else
        memset(&y, 0, sizeof y);
    pv_term *t = lds_xmalloc((x.n + y.n + 1) * sizeof *t);
    unsigned n = 0;
    for (unsigned i = 0; i < x.n; i++)
        t[n++] = (pv_term){ pvi_mul_sat(x.t[i].coef, ka), x.t[i].v };
    for (unsigned i = 0; i < y.n; i++)
        t[n++] = (pv_term){ pvi_mul_sat(y.t[i].coef, kb), y.t[i].v };
    pv *r = lin_make(c, pvi_sat(pvi_mul_sat(x.k, ka) + pvi_mul_sat(y.k, kb)), t, n);
    lds_free(t);
    return r;
}

pv *pv_add(pv_ctx *c, pv *a, pv *b)
{
    pv *d = pvi_absorb(a, b, NULL);
    return d ? d : lin_combine(c, a, 1, b, 1);
}

pv *pv_sub(pv_ctx *c, pv *a, pv *b)
{
    pv *d = pvi_absorb(a, b, NULL);
    return d ? d : lin_combine(c, a, 1, b, -1);
}

pv *pv_scale(pv_ctx *c, pv *a, pw k)
{
    if (a->op == PV_DATA)
        return a;
    if (pabs(k) >= PV_INF)
        return pv_data(c, "a value beyond lds-calc's range", 0, 0, false);
    return lin_combine(c, a, k, NULL, 0);
}

/* Whether every coefficient and the constant of v is a multiple of d. */
bool pvi_multiples(const pv *v, pw d)
{
    if (d == 0)
        return false;
    if (v->op == PV_CONST)
        return v->k % d == 0;
    if (v->op != PV_LIN || v->k % d)
        return false;
    for (unsigned i = 0; i < v->nterms; i++)
        if (v->terms[i].coef % d)
            return false;
    return true;
}

/* v / d where pvi_multiples(v, d): exact. */
pv *pvi_divide(pv_ctx *c, pv *v, pw d)
{
    if (v->op == PV_CONST)
        return pv_const(c, v->k / d);
    pv_term *t = lds_xmalloc((v->nterms + 1) * sizeof *t);
    for (unsigned i = 0; i < v->nterms; i++)
        t[i] = (pv_term){ v->terms[i].coef / d, v->terms[i].v };
    pv *r = lin_make(c, v->k / d, t, v->nterms);
    lds_free(t);
    return r;
}

pv *pv_mul(pv_ctx *c, pv *a, pv *b)
{
    pv *d = pvi_absorb(a, b, NULL);
    if (d)
        return d;
    if (a->op == PV_CONST)
        return pv_scale(c, b, a->k);
    if (b->op == PV_CONST)
        return pv_scale(c, a, b->k);
    if (a->id > b->id) {
        pv *t = a;
        a = b;
        b = t;
    }
    pv p = pvi_proto(PV_MUL, a, b, NULL);
    pw e[4] = { pvi_mul_sat(a->lo, b->lo), pvi_mul_sat(a->lo, b->hi), pvi_mul_sat(a->hi, b->lo), pvi_mul_sat(a->hi, b->hi) };
    p.lo = pmin(pmin(e[0], e[1]), pmin(e[2], e[3]));
    p.hi = pmax(pmax(e[0], e[1]), pmax(e[2], e[3]));
    return pvi_intern(c, &p);
}
