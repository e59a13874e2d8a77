/* front/common/vwalk.c - walks over symbolic values (front/common/sym.h):
 * substitution (a loop's registers by trip), evaluation (a loop run at
 * lowering time), what a value uses, its form in a loop's trip, and its
 * text in lds.  Every walk is bounded by the values' height and size
 * limits (val.c). */
#include "front/common/sym.h"

#include <stdio.h>

/* ---------------------------------------------------------- substitution */

int pv_find(const pv *v, pv *const *xs, unsigned n)
{
    if (v->op != PV_SYM)
        return -1;
    if (v->index >= 0 && (unsigned)v->index < n && xs[v->index] == v)
        return v->index;
    for (unsigned i = 0; n <= 16 && i < n; i++)
        if (xs[i] == v)
            return (int)i;
    return -1;
}

/* What a rebuilding walk replaces: a node's replacement, or NULL. */
typedef struct {
    pv *(*match)(const void *ctx, pv *v);
    const void *ctx;
} replacer;

/* v with each node r->match replaces replaced, rebuilt (and folded) above it. */
static pv *rebuild(pv_ctx *c, pv *v, const replacer *r)
{
    if (v->seen == c->epoch)
        return v->memo;
    pv *out = r->match(r->ctx, v);
    if (!out) {
        out = v;
        switch (v->op) {
        case PV_CONST:
        case PV_DATA:
        case PV_SYM: break;
        case PV_LIN:
            out = pv_const(c, v->k);
            for (unsigned i = 0; i < v->nterms; i++)
                out = pv_add(c, out, pv_scale(c, rebuild(c, v->terms[i].v, r), v->terms[i].coef));
            break;
        case PV_MUL: out = pv_mul(c, rebuild(c, v->a, r), rebuild(c, v->b, r)); break;
        case PV_CMP: out = pv_cmp(c, (pv_rel)v->cmp, rebuild(c, v->a, r), rebuild(c, v->b, r)); break;
        case PV_NOT: out = pv_not(c, rebuild(c, v->a, r)); break;
        case PV_SEL: out = pv_sel(c, rebuild(c, v->a, r), rebuild(c, v->b, r), rebuild(c, v->c, r)); break;
        case PV_WRAP: out = pv_wrap(c, rebuild(c, v->a, r), v->bits, v->sgn); break;
        default: out = pv_bin(c, v->op, rebuild(c, v->a, r), rebuild(c, v->b, r)); break;
        }
    }
    v->seen = c->epoch;
    v->memo = out;
    return out;
}

typedef struct {
    pv *const *from, *const *to;
    unsigned n;
} symbols;

static pv *symbol_match(const void *ctx, pv *v)
{
    const symbols *s = ctx;
    int i = v->op == PV_SYM ? pv_find(v, s->from, s->n) : -1;
    return i >= 0 ? s->to[i] : NULL;
}

pv *pv_subst(pv_ctx *c, pv *v, pv *const *from, pv *const *to, unsigned n)
{
    if (!n || !pv_uses_any(c, v, from, n))
        return v;
    symbols s = { from, to, n };
    replacer r = { symbol_match, &s };
    c->epoch++;
    return rebuild(c, v, &r);
}

typedef struct {
    pv_ctx *c;
    pv *const *facts;
    const bool *neg;
    unsigned n;
} known;

static pv *fact_match(const void *ctx, pv *v)
{
    const known *k = ctx;
    for (unsigned i = 0; i < k->n; i++)
        if (k->facts[i] == v)
            return pv_const(k->c, !k->neg[i]);
    return NULL;
}

pv *pv_assume(pv_ctx *c, pv *v, pv *const *facts, const bool *neg, unsigned n)
{
    if (!n || !(v->deps & ~DEP_DATA) || v->op == PV_CONST)
        return v;
    known k = { c, facts, neg, n };
    replacer r = { fact_match, &k };
    c->epoch++;
    return rebuild(c, v, &r);
}

/* ------------------------------------------------------------ evaluation */

bool pv_eval(const pv *v, pv *const *from, const pw *to, unsigned n, pw *out)
{
    pw a = 0, b = 0;
    switch (v->op) {
    case PV_CONST: *out = v->k; return true;
    case PV_DATA: return false;
    case PV_SYM: {
        int i = pv_find(v, from, n);
        if (i >= 0)
            *out = to[i];
        return i >= 0;
    }
    case PV_LIN: {
        pw s = v->k;
        for (unsigned i = 0; i < v->nterms; i++) {
            if (!pv_eval(v->terms[i].v, from, to, n, &a))
                return false;
            s = pvi_sat(s + pvi_mul_sat(v->terms[i].coef, a));
        }
        *out = s;
        return s > -PV_INF && s < PV_INF;
    }
    case PV_SEL:
        if (!pv_eval(v->a, from, to, n, &a))
            return false;
        return pv_eval(a ? v->b : v->c, from, to, n, out);
    case PV_NOT:
        if (!pv_eval(v->a, from, to, n, &a))
            return false;
        *out = a == 0;
        return true;
    case PV_WRAP: {
        if (!pv_eval(v->a, from, to, n, &a))
            return false;
        pw span = (pw)1 << v->bits, lo = v->sgn ? -(span / 2) : 0;
        *out = ((a - lo) % span + span) % span + lo;
        return true;
    }
    default: break;
    }
    if (!pv_eval(v->a, from, to, n, &a) || !pv_eval(v->b, from, to, n, &b))
        return false;
    switch (v->op) {
    case PV_MUL: *out = pvi_mul_sat(a, b); return *out > -PV_INF && *out < PV_INF;
    case PV_DIV:
    case PV_REM:
        if (!b)
            return false;
        *out = v->op == PV_DIV ? a / b : a % b;
        return true;
    case PV_SHL:
        if (b < 0 || b > 96)
            return false;
        *out = pvi_mul_sat(a, (pw)1 << b);
        return *out > -PV_INF && *out < PV_INF;
    case PV_SHR:
        if (b < 0)
            return false;
        *out = b > 120 ? (a < 0 ? -1 : 0) : a >> b;
        return true;
    case PV_AND: *out = a & b; return true;
    case PV_OR: *out = a | b; return true;
    case PV_XOR: *out = a ^ b; return true;
    case PV_MIN: *out = a < b ? a : b; return true;
    case PV_MAX: *out = a > b ? a : b; return true;
    case PV_CMP: *out = v->cmp == CMP_LT ? a < b : a == b; return true;
    case PV_LAND: *out = a && b; return true;
    case PV_LOR: *out = a || b; return true;
    default: return false;
    }
}

/* ----------------------------------------------------------- what it uses */

static bool uses_any(unsigned epoch, pv *v, pv *const *xs, unsigned n)
{
    if (v->seen == epoch)
        return false;
    v->seen = epoch;
    if (v->op == PV_SYM)
        return pv_find(v, xs, n) >= 0;
    if (v->op == PV_LIN) {
        for (unsigned i = 0; i < v->nterms; i++)
            if (uses_any(epoch, v->terms[i].v, xs, n))
                return true;
        return false;
    }
    return (v->a && uses_any(epoch, v->a, xs, n)) || (v->b && uses_any(epoch, v->b, xs, n))
           || (v->c && uses_any(epoch, v->c, xs, n));
}

bool pv_uses_any(pv_ctx *c, const pv *v, pv *const *xs, unsigned n)
{
    c->epoch++;
    return uses_any(c->epoch, (pv *)v, xs, n);
}

bool pv_affine_in(pv_ctx *c, pv *v, const pv *k, pv **base, pv **step)
{
    pv *kk = (pv *)k;
    *step = pv_const(c, 0);
    *base = v;
    if (!pv_uses_any(c, v, &kk, 1))
        return true;
    pv_term one = { 1, v };
    const pv_term *t = v->op == PV_LIN ? v->terms : &one;
    unsigned n = v->op == PV_LIN ? v->nterms : 1;
    pv *b = pv_const(c, v->op == PV_LIN ? v->k : 0);
    for (unsigned i = 0; i < n; i++) {
        pv *x = t[i].v, *other = NULL;
        if (x == k)
            other = pv_const(c, 1);
        else if (x->op == PV_MUL && (x->a == k || x->b == k))   /* s * k, s free of k */
            other = x->a == k ? x->b : x->a;
        if (other && !pv_uses_any(c, other, &kk, 1))
            *step = pv_add(c, *step, pv_scale(c, other, t[i].coef));
        else if (pv_uses_any(c, x, &kk, 1))
            return false;
        else
            b = pv_add(c, b, pv_scale(c, x, t[i].coef));
    }
    *base = b;
    return true;
}

static const pv *find(unsigned epoch, const pv *v, bool (*want)(const pv *, const pv *), const pv *arg)
{
    pv *m = (pv *)v;
    if (m->seen == epoch)
        return NULL;
    m->seen = epoch;
    if (want(v, arg))
        return v;
    const pv *r = NULL;
    if (v->op == PV_LIN)
        for (unsigned i = 0; i < v->nterms && !r; i++)
            r = find(epoch, v->terms[i].v, want, arg);
    for (int i = 0; i < 3 && !r; i++) {
        const pv *kid = i == 0 ? v->a : i == 1 ? v->b : v->c;
        if (kid)
            r = find(epoch, kid, want, arg);
    }
    return r;
}

static void collect(unsigned epoch, const pv *v, pv_symkind kind, void (*fn)(void *, const pv *), void *ctx)
{
    pv *m = (pv *)v;
    if (m->seen == epoch)
        return;
    m->seen = epoch;
    if (v->op == PV_SYM && v->sym == kind)
        fn(ctx, v);
    if (v->op == PV_LIN)
        for (unsigned i = 0; i < v->nterms; i++)
            collect(epoch, v->terms[i].v, kind, fn, ctx);
    for (int i = 0; i < 3; i++) {
        const pv *kid = i == 0 ? v->a : i == 1 ? v->b : v->c;
        if (kid)
            collect(epoch, kid, kind, fn, ctx);
    }
}

void pv_collect(pv_ctx *c, const pv *v, pv_symkind kind, void (*fn)(void *ctx, const pv *sym), void *ctx)
{
    collect(++c->epoch, v, kind, fn, ctx);
}

static bool is_data(const pv *v, const pv *arg)
{
    (void)arg;
    return v->op == PV_DATA;
}

static bool is_missing(const pv *v, const pv *skip)
{
    return v->op == PV_SYM && v->sym == SYM_PARAM && v->missing && v != skip;
}

const pv *pv_data_of(pv_ctx *c, const pv *v)
{
    if (!v || !(v->deps & DEP_DATA))
        return NULL;
    return find(++c->epoch, v, is_data, NULL);
}

const pv *pv_missing_of(pv_ctx *c, const pv *v, const pv *skip)
{
    if (!v || !(v->deps & DEP_PARAM))
        return NULL;
    return find(++c->epoch, v, is_missing, skip);
}

void pv_split_uniform(pv_ctx *c, pv *v, pv **uniform, pv **varying)
{
    const unsigned vary = DEP_LANE | DEP_GROUP;
    *uniform = v;
    *varying = pv_const(c, 0);
    if (v->op != PV_LIN) {
        if (v->deps & vary) {
            *uniform = pv_const(c, 0);
            *varying = v;
        }
        return;
    }
    pv *u = pv_const(c, v->k), *w = pv_const(c, 0);
    for (unsigned i = 0; i < v->nterms; i++) {
        pv *t = pv_scale(c, v->terms[i].v, v->terms[i].coef);
        if (v->terms[i].v->deps & vary)
            w = pv_add(c, w, t);
        else
            u = pv_add(c, u, t);
    }
    *uniform = u;
    *varying = w;
}

/* ---------------------------------------------------------------- text */

static void put_num(lds_buf *b, pw k)
{
    char digits[48];
    int n = 0;
    bool neg = k < 0;
    __extension__ unsigned __int128 u = neg ? -(unsigned __int128)k : (unsigned __int128)k;
    do {
        digits[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    if (neg)
        lds_buf_putc(b, '-');
    while (n)
        lds_buf_putc(b, digits[--n]);
}

const char *pv_num(pv_ctx *c, pw k)
{
    lds_buf b = { 0 };
    put_num(&b, k);
    const char *s = lds_arena_strndup(c->arena, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    return s;
}

static void put(lds_buf *b, const pv *v, bool atom);
static void put_cmp(lds_buf *b, const pv *v, bool neg, bool atom);

static void put_bin(lds_buf *b, const pv *v, const char *op, bool atom)
{
    if (atom)
        lds_buf_putc(b, '(');
    put(b, v->a, true);
    lds_buf_printf(b, " %s ", op);
    put(b, v->b, true);
    if (atom)
        lds_buf_putc(b, ')');
}

/* a < b, a == b, or their negations; a constant on the left moves right
 * (31 < x is x > 31). */
static void put_cmp(lds_buf *b, const pv *v, bool neg, bool atom)
{
    bool swap = v->a->op == PV_CONST && v->b->op != PV_CONST;
    const char *op = v->cmp == CMP_EQ ? (neg ? "!=" : "==") : swap ? (neg ? "<=" : ">") : (neg ? ">=" : "<");
    if (atom)
        lds_buf_putc(b, '(');
    put(b, swap ? v->b : v->a, true);
    lds_buf_printf(b, " %s ", op);
    put(b, swap ? v->a : v->b, true);
    if (atom)
        lds_buf_putc(b, ')');
}

static void put_lin(lds_buf *b, const pv *v, bool atom)
{
    if (atom)
        lds_buf_putc(b, '(');
    for (unsigned i = 0; i < v->nterms; i++) {
        pw k = v->terms[i].coef, m = k < 0 ? -k : k;
        if (i)
            lds_buf_puts(b, k < 0 ? " - " : " + ");
        else if (k < 0)
            lds_buf_putc(b, '-');
        if (m != 1) {
            put_num(b, m);
            lds_buf_puts(b, " * ");
        }
        put(b, v->terms[i].v, true);
    }
    if (v->k) {
        lds_buf_puts(b, v->k < 0 ? " - " : " + ");
        put_num(b, v->k < 0 ? -v->k : v->k);
    }
    if (atom)
        lds_buf_putc(b, ')');
}

static void put_sym(lds_buf *b, const pv *v)
{
    switch (v->sym) {
    case SYM_SHARED: put_num(b, v->lo); break;
    case SYM_REGION: lds_buf_printf(b, "(%d << 40)", v->index); break;
    default: lds_buf_puts(b, v->text); break;
    }
}

static void put(lds_buf *b, const pv *v, bool atom)
{
    static const char *const ops[] = { [PV_MUL] = "*", [PV_DIV] = "/", [PV_REM] = "%", [PV_SHL] = "<<",
                                       [PV_SHR] = ">>", [PV_AND] = "&", [PV_OR] = "|", [PV_XOR] = "^",
                                       [PV_LAND] = "&&", [PV_LOR] = "||" };
    switch (v->op) {
    case PV_CONST:
        if (atom && v->k < 0)
            lds_buf_putc(b, '(');
        put_num(b, v->k);
        if (atom && v->k < 0)
            lds_buf_putc(b, ')');
        return;
    case PV_SYM: put_sym(b, v); return;
    case PV_DATA: LDS_ASSERT(!"data is never written out"); lds_buf_puts(b, "0"); return;
    case PV_LIN: put_lin(b, v, atom); return;
    case PV_MIN:
    case PV_MAX:
        lds_buf_puts(b, v->op == PV_MIN ? "min(" : "max(");
        put(b, v->a, false);
        lds_buf_puts(b, ", ");
        put(b, v->b, false);
        lds_buf_putc(b, ')');
        return;
    case PV_CMP: put_cmp(b, v, false, atom); return;
    case PV_NOT:
        if (v->a->op == PV_CMP) {
            put_cmp(b, v->a, true, atom);
            return;
        }
        lds_buf_putc(b, '!');
        put(b, v->a, true);
        return;
    case PV_SEL:
        if (atom)
            lds_buf_putc(b, '(');
        put(b, v->a, true);
        lds_buf_puts(b, " ? ");
        put(b, v->b, true);
        lds_buf_puts(b, " : ");
        put(b, v->c, true);
        if (atom)
            lds_buf_putc(b, ')');
        return;
    case PV_WRAP: {
        pw span = (pw)1 << v->bits;
        if (v->sgn) {
            lds_buf_puts(b, atom ? "(((" : "((");
            put(b, v->a, true);
            lds_buf_puts(b, " + ");
            put_num(b, span / 2);
            lds_buf_puts(b, ") & ");
            put_num(b, span - 1);
            lds_buf_puts(b, ") - ");
            put_num(b, span / 2);
            if (atom)
                lds_buf_putc(b, ')');
            return;
        }
        if (atom)
            lds_buf_putc(b, '(');
        put(b, v->a, true);
        lds_buf_puts(b, " & ");
        put_num(b, span - 1);
        if (atom)
            lds_buf_putc(b, ')');
        return;
    }
    default: put_bin(b, v, ops[v->op], atom); return;
    }
}

const char *pv_text(pv_ctx *c, const pv *v)
{
    lds_buf b = { 0 };
    put(&b, v, false);
    const char *s = lds_arena_strndup(c->arena, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    return s;
}
