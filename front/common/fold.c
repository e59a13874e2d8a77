/* front/common/fold.c - the operators of symbolic values (front/common/sym.h),
 * each folded where its operands' values or intervals decide it: a
 * shift of a multiple of 2^n by n is a division, an OR of bits that do
 * not overlap is a sum, a comparison both of whose sides' ranges are
 * apart is a constant, a wrap of a value within its type is the value.
 * Comparisons are kept as < and == (with not): a <= b is a < b + 1,
 * a > b is b < a, a >= b is !(a < b), so that a condition and its
 * opposite are one node and its negation. */
#include "front/common/sym.h"

static pw pmin(pw a, pw b) { return a < b ? a : b; }
static pw pmax(pw a, pw b) { return a > b ? a : b; }
static bool within(const pv *v, pw lo, pw hi) { return v->lo >= lo && v->hi <= hi; }
bool pv_is_bool(const pv *v)
{
    return v->op == PV_CMP || v->op == PV_LAND || v->op == PV_LOR || v->op == PV_NOT
           || (v->op == PV_CONST && (v->k == 0 || v->k == 1));
}

/* a != 0 as 1 or 0 (a value that is 0 or 1 already is itself) */
static pv *truth(pv_ctx *c, pv *a)
{
    return pv_is_bool(a) || (a->lo >= 0 && a->hi <= 1) ? a : pv_not(c, pv_not(c, a));
}

/* The terms of a linear form v whose coefficients are multiples of 2^n,
 * and the rest (with the constant's low n bits, or with all of it where
 * keep): v == 2^n * *high + *low.  False if v is not a linear form or
 * nothing moves. */
static bool split_at_bit(pv_ctx *c, const pv *v, unsigned n, bool keep, pv **high, pv **low)
{
    if (v->op != PV_LIN || n >= 100)
        return false;
    pw p = (pw)1 << n, k = v->k, klo = keep ? k : ((k % p) + p) % p;
    pv *h = pv_const(c, (k - klo) / p), *l = pv_const(c, klo);
    bool moved = klo != k;
    for (unsigned i = 0; i < v->nterms; i++) {
        if (v->terms[i].coef % p == 0) {
            h = pv_add(c, h, pv_scale(c, v->terms[i].v, v->terms[i].coef / p));
            moved = true;
        } else {
            l = pv_add(c, l, pv_scale(c, v->terms[i].v, v->terms[i].coef));
        }
    }
    *high = h;
    *low = l;
    return moved;
}

static pv *node2(pv_ctx *c, pv_op op, pv *a, pv *b, pw lo, pw hi)
{
    pv p = pvi_proto(op, a, b, NULL);
    p.lo = lo;
    p.hi = hi;
    return pvi_intern(c, &p);
}

static pw c_div(pw a, pw b) { return a / b; }   /* truncation, as C99 and PTX */

static pv *divide(pv_ctx *c, pv *a, pv *b, bool rem)
{
    if (pv_is_const(b, 0))
        return pv_data(c, "a division by zero", 0, 0, false);
    if (a->op == PV_CONST && b->op == PV_CONST)
        return pv_const(c, rem ? a->k % b->k : c_div(a->k, b->k));
    if (b->op == PV_CONST) {
        pw d = b->k, m = d < 0 ? -d : d;
        if (d == 1 || d == -1)
            return rem ? pv_const(c, 0) : pv_scale(c, a, d);
        if (!rem && pvi_multiples(a, d))
            return pvi_divide(c, a, d);
        if (within(a, 0, m - 1))
            return rem ? a : pv_const(c, 0);
        if (rem)
            return node2(c, PV_REM, a, b, a->lo >= 0 ? 0 : -(m - 1), a->lo >= 0 ? pmin(a->hi, m - 1) : m - 1);
        pw x = c_div(a->lo, d), y = c_div(a->hi, d);
        return node2(c, PV_DIV, a, b, pmin(x, y), pmax(x, y));
    }
    bool pos = a->lo >= 0 && b->lo >= 1;
    if (rem)
        return node2(c, PV_REM, a, b, pos ? 0 : -PV_INF, pos ? pmin(a->hi, b->hi - 1) : PV_INF);
    return node2(c, PV_DIV, a, b, pos ? 0 : -PV_INF, pos ? a->hi : PV_INF);
}

static pv *shift(pv_ctx *c, pv *a, pv *b, bool left)
{
    if (b->op == PV_CONST && b->k < 0)
        return pv_data(c, "a shift by a negative count", 0, 0, false);
    if (b->op == PV_CONST && b->k > 96)
        return left ? pv_data(c, "a value beyond lds-calc's range", 0, 0, false)
                    : pv_const(c, a->lo >= 0 ? 0 : a->hi < 0 ? -1 : 0);
    if (b->op != PV_CONST)
        return node2(c, left ? PV_SHL : PV_SHR, a, b, left ? (a->lo >= 0 ? 0 : -PV_INF) : (a->lo >= 0 ? 0 : a->lo),
                     left ? (a->hi <= 0 ? 0 : PV_INF) : (a->hi <= 0 ? 0 : a->hi));
    pw p = (pw)1 << b->k;
    if (left)
        return pv_scale(c, a, p);
    if (a->op == PV_CONST)
        return pv_const(c, a->k >> b->k);
    if (b->k == 0)
        return a;
    if (within(a, 0, p - 1))
        return pv_const(c, 0);
    if (within(a, -p, -1))
        return pv_const(c, -1);
    if (pvi_multiples(a, p))
        return pvi_divide(c, a, p);
    pv *high, *low;   /* (2^n h + l) >> n is h where l lies in [0, 2^n) */
    if (split_at_bit(c, a, (unsigned)b->k, false, &high, &low) && within(low, 0, p - 1))
        return high;
    return node2(c, PV_SHR, a, b, a->lo >> b->k, a->hi >> b->k);
}

/* The low n bits of an x in [0, 2^n): bits of m above them meet none of x's. */
static pv *and_const(pv_ctx *c, pv *a, pw m)
{
    if (m == 0)
        return pv_const(c, 0);
    if (m == -1)
        return a;
    pv *high, *rest;   /* (2^n h + l) & (2^n - 1) is l & (2^n - 1): l where it lies in [0, 2^n) */
    if (m > 0 && !(m & (m + 1))) {
        if (split_at_bit(c, a, pvi_bitlen(m), false, &high, &rest) && within(rest, 0, m))
            return rest;
        if (split_at_bit(c, a, pvi_bitlen(m), true, &high, &rest))
            return and_const(c, rest, m);
    }
    if (a->lo >= 0) {
        unsigned n = pvi_bitlen(a->hi);
        if (n < 100) {
            pw low = ((pw)1 << n) - 1;
            m &= low;
            if (m == low)
                return a;
            if (m == 0)
                return pv_const(c, 0);
        }
    }
    pw hi = m >= 0 ? (a->lo >= 0 ? pmin(m, a->hi) : m) : a->lo >= 0 ? a->hi : PV_INF;
    pw lo = m >= 0 || a->lo >= 0 ? 0 : -PV_INF;
    return node2(c, PV_AND, a, pv_const(c, m), lo, hi);
}

/* a | b and a ^ b where one side's bits lie below 2^n and the other is a
 * multiple of 2^n: a + b. */
static pv *disjoint_sum(pv_ctx *c, pv *a, pv *b)
{
    for (int k = 0; k < 2; k++) {
        pv *lowp = k ? b : a, *high = k ? a : b;
        if (lowp->lo < 0)
            continue;
        unsigned n = pvi_bitlen(lowp->hi);
        if (n < 100 && pvi_multiples(high, (pw)1 << n))
            return pv_add(c, lowp, high);
    }
    return NULL;
}

static pv *bitwise(pv_ctx *c, pv_op op, pv *a, pv *b)
{
    if (a->op == PV_CONST && b->op == PV_CONST)
        return pv_const(c, op == PV_AND ? (a->k & b->k) : op == PV_OR ? (a->k | b->k) : (a->k ^ b->k));
    if (a->op == PV_CONST || (b->op != PV_CONST && a->id > b->id)) {
        pv *t = a;
        a = b;
        b = t;
    }
    if (op == PV_AND)
        return b->op == PV_CONST ? and_const(c, a, b->k) : a == b ? a
               : node2(c, PV_AND, a, b, a->lo >= 0 || b->lo >= 0 ? 0 : -PV_INF,
                       a->lo >= 0 && b->lo >= 0 ? pmin(a->hi, b->hi) : a->lo >= 0 ? a->hi : b->lo >= 0 ? b->hi : PV_INF);
    if (pv_is_const(b, 0))
        return a;
    if (a == b)
        return op == PV_OR ? a : pv_const(c, 0);
    pv *sum = disjoint_sum(c, a, b);
    if (sum)
        return sum;
    bool pos = a->lo >= 0 && b->lo >= 0;
    unsigned n = pos ? pvi_bitlen(pmax(a->hi, b->hi)) : 0;
    pw hi = pos && n < 100 ? ((pw)1 << n) - 1 : PV_INF;
    return node2(c, op, a, b, pos ? (op == PV_OR ? pmax(a->lo, b->lo) : 0) : -PV_INF, hi);
}

static pv *minmax(pv_ctx *c, pv_op op, pv *a, pv *b)
{
    bool mn = op == PV_MIN;
    if (a == b)
        return a;
    if (a->hi <= b->lo)
        return mn ? a : b;
    if (b->hi <= a->lo)
        return mn ? b : a;
    if (a->id > b->id) {
        pv *t = a;
        a = b;
        b = t;
    }
    return node2(c, op, a, b, mn ? pmin(a->lo, b->lo) : pmax(a->lo, b->lo), mn ? pmin(a->hi, b->hi) : pmax(a->hi, b->hi));
}

static pv *logic(pv_ctx *c, pv_op op, pv *a, pv *b)
{
    bool and = op == PV_LAND;
    for (int k = 0; k < 2; k++) {
        pv *x = k ? b : a, *y = k ? a : b;
        if (x->op == PV_CONST)
            return (x->k != 0) == and ? truth(c, y) : pv_const(c, !and);
    }
    if (a == b)
        return truth(c, a);
    if (a->id > b->id) {
        pv *t = a;
        a = b;
        b = t;
    }
    return node2(c, op, truth(c, a), truth(c, b), 0, 1);
}

pv *pv_bin(pv_ctx *c, pv_op op, pv *a, pv *b)
{
    pv *d = pvi_absorb(a, b, NULL);
    if (d)
        return d;
    switch (op) {
    case PV_DIV: return divide(c, a, b, false);
    case PV_REM: return divide(c, a, b, true);
    case PV_SHL: return shift(c, a, b, true);
    case PV_SHR: return shift(c, a, b, false);
    case PV_AND:
    case PV_OR:
    case PV_XOR: return bitwise(c, op, a, b);
    case PV_MIN:
    case PV_MAX:
        if (a->op == PV_CONST && b->op == PV_CONST)
            return pv_const(c, op == PV_MIN ? pmin(a->k, b->k) : pmax(a->k, b->k));
        return minmax(c, op, a, b);
    case PV_LAND:
    case PV_LOR: return logic(c, op, a, b);
    default: LDS_ASSERT(!"pv_bin: not a binary operator"); return pv_data(c, "an operator lds-calc lacks", 0, 0, false);
    }
}

/* The node a REL b, the left side's constant moved to the right. */
static pv *comparison(pv_ctx *c, pv_rel rel, pv *a, pv *b)
{
    pw ka = a->op == PV_LIN ? a->k : 0;
    if (ka) {
        a = pv_add(c, a, pv_const(c, -ka));
        b = pv_add(c, b, pv_const(c, -ka));
    }
    pv p = pvi_proto(PV_CMP, a, b, NULL);
    p.cmp = (unsigned char)rel;
    p.lo = 0;
    p.hi = 1;
    return pvi_intern(c, &p);
}

/* a < b, constants on the right. */
static pv *less(pv_ctx *c, pv *a, pv *b)
{
    pv *diff = pv_sub(c, a, b);
    if (diff->op == PV_CONST)
        return pv_const(c, diff->k < 0);
    if (a->hi < b->lo)
        return pv_const(c, 1);
    if (a->lo >= b->hi)
        return pv_const(c, 0);
    return comparison(c, CMP_LT, a, b);
}

static pv *equal(pv_ctx *c, pv *a, pv *b)
{
    if (a == b)
        return pv_const(c, 1);
    pv *diff = pv_sub(c, a, b);
    if (diff->op == PV_CONST)
        return pv_const(c, diff->k == 0);
    if (a->hi < b->lo || b->hi < a->lo)
        return pv_const(c, 0);
    if (a->op == PV_CONST || (b->op != PV_CONST && a->id > b->id)) {
        pv *t = a;
        a = b;
        b = t;
    }
    return comparison(c, CMP_EQ, a, b);
}

pv *pv_cmp(pv_ctx *c, pv_rel op, pv *a, pv *b)
{
    pv *d = pvi_absorb(a, b, NULL);
    if (d)
        return d;
    switch (op) {
    case CMP_LT: return less(c, a, b);
    case CMP_LE: return less(c, a, pv_add(c, b, pv_const(c, 1)));
    case CMP_GT: return less(c, b, a);
    case CMP_GE: return pv_not(c, less(c, a, b));
    case CMP_EQ: return equal(c, a, b);
    case CMP_NE: return pv_not(c, equal(c, a, b));
    }
    return NULL;
}

pv *pv_not(pv_ctx *c, pv *a)
{
    if (a->op == PV_DATA)
        return a;
    if (a->op == PV_CONST)
        return pv_const(c, a->k == 0);
    if (a->op == PV_NOT)
        return a->a;
    if (!pv_is_bool(a))
        return equal(c, a, pv_const(c, 0));
    pv p = pvi_proto(PV_NOT, a, NULL, NULL);
    p.lo = 0;
    p.hi = 1;
    return pvi_intern(c, &p);
}

pv *pv_sel(pv_ctx *c, pv *cond, pv *a, pv *b)
{
    pv *d = pvi_absorb(cond, a, b);
    if (d)
        return d;
    if (cond->op == PV_CONST)
        return cond->k ? a : b;
    if (a == b)
        return a;
    if (cond->op == PV_NOT)
        return pv_sel(c, cond->a, b, a);
    if (pv_is_const(a, 1) && pv_is_const(b, 0))
        return truth(c, cond);
    pv p = pvi_proto(PV_SEL, truth(c, cond), a, b);
    p.lo = pmin(a->lo, b->lo);
    p.hi = pmax(a->hi, b->hi);
    return pvi_intern(c, &p);
}

pv *pv_wrap(pv_ctx *c, pv *a, unsigned bits, bool sgn)
{
    LDS_ASSERT(bits >= 1 && bits <= 64);
    if (a->op == PV_DATA)
        return a;
    pw span = (pw)1 << bits, lo = sgn ? -(span / 2) : 0, hi = lo + span - 1;
    if (within(a, lo, hi))
        return a;
    if (a->op == PV_CONST) {
        pw v = ((a->k - lo) % span + span) % span + lo;
        return pv_const(c, v);
    }
    if (a->op == PV_WRAP && a->bits == bits)
        a = a->a;
    pv *high, *low;   /* 2^bits h + l wraps as l does (the constant kept: a counter's start) */
    if (split_at_bit(c, a, bits, true, &high, &low))
        return pv_wrap(c, low, bits, sgn);
    pv p = pvi_proto(PV_WRAP, a, NULL, NULL);
    p.bits = (unsigned char)bits;
    p.sgn = sgn;
    p.lo = lo;
    p.hi = hi;
    return pvi_intern(c, &p);
}
