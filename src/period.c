/* src/period.c - the period analysis (src/period.h); the signs and
 * sizes it needs come from the interval analysis (src/interval.c).
 *
 * The invariant behind every rule: with a shift (P, c), D = e(v + P) -
 * e(v) itself repeats with period P (it may depend on the lane, the inner
 * variables and values that repeat with P, never on how far v has gone),
 * so widening to kP multiplies it: e(v + kP) - e(v) = k D.
 *
 * Every rule is an identity over unbounded integers with the language's
 * semantics (C99's truncating / and %, >> as floor division by 2^n, & | ^
 * in two's complement, as GMP computes them); the comment of each says
 * why it holds.  Numbers are checked for int64 overflow: an overflow means
 * "not proven". */
#include "src/period.h"

#include "src/builtins.h"
#include "src/interval.h"
#include "src/scope.h"

/* Largest period considered: beyond it the caller enumerates anyway. */
#define MAX_PERIOD ((uint64_t)1 << 40)

typedef lds_frame frame;

/* The analysis in progress: the space, and the def call it is in. */
typedef struct {
    const lds_period_ctx *cx;
    const frame *fr;
} pctx;

typedef lds_range rng;

/* The variables that move along the analysed direction. */
static uint64_t moving(const lds_period_ctx *cx)
{
    return cx->var | cx->along;
}

static bool uniform_value(const pctx *p, const lds_expr *e, int64_t *v)
{
    return lds_uniform_value(p->cx, e, v);
}

static rng range_of(const pctx *p, const lds_expr *e)
{
    return lds_range_of(p->cx, p->fr, e);
}

static int64_t ones_above(int64_t v)
{
    return lds_ones_above(v);
}

/* ---------------------------------------------------------------- shifts */

static const lds_shift still = { 1, 0, true };

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static uint64_t abs_u64(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* lcm within MAX_PERIOD, or 0. */
static uint64_t lcm_p(uint64_t a, uint64_t b)
{
    uint64_t r;
    if (a == 0 || b == 0 || __builtin_mul_overflow(a / gcd_u64(a, b), b, &r) || r > MAX_PERIOD)
        return 0;
    return r;
}

/* s at the longer period P (a multiple of s.period): c x (P / period). */
static bool widen(lds_shift *s, uint64_t P)
{
    int64_t c;
    if (P > MAX_PERIOD || __builtin_mul_overflow(s->c, (int64_t)(P / s->period), &c))
        return false;
    s->c = c;
    s->period = P;
    return true;
}

/* s widened until its c is a multiple of m > 0: by m / gcd(c, m) (1 if
 * it is one already).  Widening multiplies c because D itself repeats
 * with the period: e(v + kP) - e(v) = k D. */
static bool until_multiple(lds_shift *s, uint64_t m)
{
    uint64_t k = m / gcd_u64(abs_u64(s->c) % m, m), P;
    if (__builtin_mul_overflow(s->period, k, &P) || P > MAX_PERIOD)
        return false;
    return widen(s, P);
}

/* a and b at their common period. */
static bool common(lds_shift *a, lds_shift *b)
{
    uint64_t P = lcm_p(a->period, b->period);
    return P && widen(a, P) && widen(b, P);
}

static int shift_of(const pctx *p, const lds_expr *e, lds_shift *out);

/* The shift of a built-in variable in the analysed dimension: tid moves
 * by the wave size per wave; tid % x, tid / x % y, ... follow the rules
 * of % and / on that (tid >= 0, so the signs hold). */
static int var_shift(const pctx *p, const lds_sym *s, lds_shift *out)
{
    const lds_period_ctx *cx = p->cx;
    const lds_env *env = cx->ev->env;
    int64_t x = env->threads[0], y = env->threads[1], ws = env->wave_size;
    *out = still;
    if (!(s->deps & cx->var))
        return 1;
    lds_shift tid = { 1, ws, true }, t;
    if (cx->var == LDS_DEP_GROUP) {
        if (s->var == V_GROUP)
            out->c = 1;
        else if (s->var == V_DISPATCH_X)
            out->c = x;
        else
            return 0;
        return 1;
    }
    if (cx->var != LDS_DEP_WAVE)
        return 0;
    switch (s->var) {
    case V_WAVE: out->c = 1; return 1;
    case V_TID: *out = tid; return 1;
    case V_TID_X:
    case V_DISPATCH_X:   /* group * x + tid % x: group fixed here */
        *out = tid;
        if (!until_multiple(out, (uint64_t)x))
            return 0;
        out->c = 0;
        return 1;
    case V_TID_Y:        /* tid / x % y */
        t = tid;
        if (!until_multiple(&t, (uint64_t)x))
            return 0;
        t.c /= x;
        if (!until_multiple(&t, (uint64_t)y))
            return 0;
        t.c = 0;
        *out = t;
        return 1;
    case V_TID_Z:        /* tid / (x * y) */
        t = tid;
        if (!until_multiple(&t, (uint64_t)(x * y)))
            return 0;
        t.c /= x * y;
        *out = t;
        return 1;
    default:
        return 0;
    }
}

static int name_shift(const pctx *p, const lds_expr *e, lds_shift *out)
{
    const lds_period_ctx *cx = p->cx;
    if (e->param >= 0) {
        if (!p->fr)
            return 0;
        pctx up = { cx, p->fr->up };
        return shift_of(&up, p->fr->args[e->param], out);
    }
    const lds_sym *s = e->sym;
    *out = still;
    if (!(s->deps & moving(cx)))
        return 1;
    switch (s->kind) {
    case SYM_LOOP:
        out->c = LDS_DEP_LOOP(s->slot) == cx->along ? cx->along_step : 1;
        return 1;
    case SYM_LET: {
        pctx none = { cx, NULL };
        return shift_of(&none, s->expr, out);
    }
    case SYM_BUILTIN:
        return var_shift(p, s, out);
    default:
        return 0;
    }
}

/* Whether e keeps one sign (>= 0 throughout, or <= 0 throughout). */
static bool one_sign(const pctx *p, const lds_expr *e)
{
    rng r = range_of(p, e);
    return r.known && (r.lo >= 0 || r.hi <= 0);
}

/* e % m and e / m for a uniform m != 0.  With c a multiple of |m| (after
 * widening) and the dividend of one sign, (x + k|m|) % m == x % m and
 * (x + k|m|) / m == x / m + k|m| / m: truncation agrees when x and
 * x + k|m| have the same sign. */
static int divide_shift(const pctx *p, const lds_expr *e, lds_shift *out)
{
    int64_t m;
    lds_shift a;
    if (!uniform_value(p, e->b, &m) || m == 0 || m == INT64_MIN || !shift_of(p, e->a, &a))
        return 0;
    if (a.c == 0) {
        *out = a;
        return 1;
    }
    if (!one_sign(p, e->a) || !until_multiple(&a, abs_u64(m)))
        return 0;
    a.c = e->op == OP_MOD ? 0 : a.c / m;
    *out = a;
    return 1;
}

/* x >> n and x << n for a uniform n >= 0: >> is floor division by 2^n,
 * so (x + k 2^n) >> n == (x >> n) + k for every x; << multiplies. */
static int shift_op_shift(const pctx *p, const lds_expr *e, lds_shift *out)
{
    int64_t n;
    lds_shift a;
    if (!uniform_value(p, e->b, &n) || n < 0 || n > 61 || !shift_of(p, e->a, &a))
        return 0;
    if (e->op == OP_SHL) {
        if (__builtin_mul_overflow(a.c, (int64_t)1 << n, &a.c))
            return 0;
    } else if (a.c != 0) {
        if (!until_multiple(&a, (uint64_t)1 << n))
            return 0;
        a.c >>= n;   /* an exact multiple: the shift divides */
    }
    *out = a;
    return 1;
}

/* x & y, x | y, x ^ y where y (or x) does not move and lies in
 * 0 .. 2^k - 1 (or is ~ of such, for & and ^): adding t 2^k to x leaves
 * its low k bits, the only ones y touches, alone, so
 * (x + t 2^k) & y == x & y, | y == (x | y) + t 2^k, ^ y == (x ^ y) + t 2^k,
 * and with y = ~z: & y == (x & y) + t 2^k, ^ y == (x ^ y) - t 2^k. */
static int bitwise_shift(const pctx *p, const lds_expr *e, lds_shift *out)
{
    lds_shift a, b;
    if (!shift_of(p, e->a, &a) || !shift_of(p, e->b, &b))
        return 0;
    if (a.c == 0 && b.c == 0)
        return common(&a, &b) ? (*out = a, 1) : 0;
    if (a.c != 0 && b.c != 0)
        return 0;
    const lds_expr *fixed = a.c != 0 ? e->b : e->a;
    lds_shift moving = a.c != 0 ? a : b, other = a.c != 0 ? b : a;
    rng r = range_of(p, fixed);
    if (!r.known)
        return 0;
    bool complement = r.hi < 0;   /* y = ~z, z = ~y in 0 .. 2^k - 1 */
    if (complement ? e->op == OP_OR : r.lo < 0)
        return 0;
    int64_t top = complement ? ~r.lo : r.hi;
    uint64_t k = (uint64_t)ones_above(top) + 1;
    if (!common(&moving, &other) || !until_multiple(&moving, k))
        return 0;
    if (e->op == OP_AND)
        moving.c = complement ? moving.c : 0;
    else if (e->op == OP_XOR && complement)
        moving.c = -moving.c;
    *out = moving;
    return 1;
}

/* ------------------------------------------------------ congruences */

/* A period T with e(v + T) == e(v) (mod m) for every v: 1 if proven.
 * An expression with a shift (P, c) has one (widened until its D, a
 * multiple of c, is a multiple of m: e(v + kP) = e(v) + kD); sums,
 * differences, products and left shifts of such keep it, since
 * congruence mod m is kept by + - * (e.g. (k*k) % 64: k has (1, 1),
 * so k*k has T = 64).  Nothing else is followed. */
static int congruent(const pctx *p, const lds_expr *e, uint64_t m, uint64_t *T)
{
    lds_shift s;
    if (shift_of(p, e, &s)) {
        if (!until_multiple(&s, m))
            return 0;
        *T = s.period;
        return 1;
    }
    uint64_t a, b;
    int64_t n;
    if (e->kind == E_UNARY && e->op == OP_NEG)
        return congruent(p, e->a, m, T);
    if (e->kind != E_BINARY)
        return 0;
    switch (e->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
        if (!congruent(p, e->a, m, &a) || !congruent(p, e->b, m, &b))
            return 0;
        return (*T = lcm_p(a, b)) != 0;
    case OP_SHL:   /* x << n = x 2^n, n uniform */
        return uniform_value(p, e->b, &n) && n >= 0 && n <= 61 && congruent(p, e->a, m, T);
    default:
        return 0;
    }
}

/* Whether e >= 0 everywhere (sign > 0) or e <= 0 (sign < 0), where the
 * interval analysis gives up on a product too large for 64 bits: the
 * signs of + - * << follow from their operands'.  0: not known. */
static int sign_of(const pctx *p, const lds_expr *e)
{
    rng r = range_of(p, e);
    if (r.known)
        return r.lo >= 0 ? 1 : r.hi <= 0 ? -1 : 0;
    if (e->kind == E_UNARY && e->op == OP_NEG)
        return -sign_of(p, e->a);
    if (e->kind != E_BINARY)
        return 0;
    int a = sign_of(p, e->a), b = e->op == OP_SHL ? 1 : sign_of(p, e->b);
    switch (e->op) {
    case OP_ADD: return a == b ? a : 0;
    case OP_SUB: return a == -b ? a : 0;
    case OP_MUL: return a * b;
    case OP_SHL: return a;
    default: return 0;
    }
}

/* x % m (uniform m != 0) depends only on x mod |m| where x keeps one
 * sign (C's truncation: x >= 0 gives x mod |m|, x <= 0 gives
 * -((-x) mod |m|)); x & y with y in 0 .. 2^k - 1 only on x mod 2^k (two's
 * complement, any sign).  With x congruent to itself T steps on, the
 * result repeats with period T. */
static int residue_shift(const pctx *p, const lds_expr *e, lds_shift *out)
{
    int64_t m;
    uint64_t T, modulus;
    const lds_expr *x = e->a;
    if (e->op == OP_MOD) {
        if (!uniform_value(p, e->b, &m) || m == 0 || m == INT64_MIN || !sign_of(p, e->a))
            return 0;
        modulus = abs_u64(m);
    } else {   /* OP_AND: the mask on either side, the other side x */
        const lds_expr *mask = e->b;
        rng r = range_of(p, mask);
        if (!r.known || r.lo < 0 || (mask->deps & (moving(p->cx) | LDS_DEP_PARAM))) {
            mask = e->a;
            x = e->b;
            r = range_of(p, mask);
            if (!r.known || r.lo < 0 || (mask->deps & (moving(p->cx) | LDS_DEP_PARAM)))
                return 0;
        }
        int64_t top = r.hi;
        unsigned k = top ? (unsigned)(64 - __builtin_clzll((uint64_t)top)) : 1;
        if (k > 62)
            return 0;
        modulus = (uint64_t)1 << k;
    }
    if (!congruent(p, x, modulus, &T))
        return 0;
    out->period = T;
    out->c = 0;
    out->uniform = true;
    return 1;
}

/* Any operator on operands that all repeat: the result repeats. */
static int all_still(const pctx *p, const lds_expr *const *ops, unsigned n, lds_shift *out)
{
    lds_shift acc = still, s;
    for (unsigned i = 0; i < n; i++) {
        if (!ops[i])
            continue;
        if (!shift_of(p, ops[i], &s) || s.c != 0 || !(acc.period = lcm_p(acc.period, s.period)))
            return 0;
    }
    *out = acc;
    return 1;
}

static int binary_shift(const pctx *p, const lds_expr *e, lds_shift *out)
{
    lds_shift a, b;
    int64_t f;
    const lds_expr *both[2] = { e->a, e->b };
    switch (e->op) {
    case OP_ADD:
    case OP_SUB:
        if (!shift_of(p, e->a, &a) || !shift_of(p, e->b, &b) || !common(&a, &b))
            return 0;
        if (a.uniform && b.uniform) {
            if (e->op == OP_ADD ? __builtin_add_overflow(a.c, b.c, &a.c) : __builtin_sub_overflow(a.c, b.c, &a.c))
                return 0;
        } else {   /* c_a X + c_b Y is a multiple of gcd(c_a, c_b) */
            a.c = (int64_t)gcd_u64(abs_u64(a.c), abs_u64(b.c));
            a.uniform = false;
        }
        *out = a;
        return 1;
    case OP_MUL:
        for (int side = 0; side < 2; side++) {
            const lds_expr *x = side ? e->b : e->a, *y = side ? e->a : e->b;
            if (x->deps & (moving(p->cx) | LDS_DEP_PARAM))
                continue;
            if (!shift_of(p, y, &a))
                return 0;
            if (uniform_value(p, x, &f))   /* (y + D) f = y f + D f */
                return !__builtin_mul_overflow(a.c, f, &a.c) ? (*out = a, 1) : 0;
            a.uniform = false;              /* D x: a multiple of c */
            *out = a;
            return 1;
        }
        return all_still(p, both, 2, out);
    case OP_DIV:
        return divide_shift(p, e, out) || all_still(p, both, 2, out);
    case OP_MOD:
        return divide_shift(p, e, out) || residue_shift(p, e, out) || all_still(p, both, 2, out);
    case OP_SHL:
    case OP_SHR:
        return shift_op_shift(p, e, out) || all_still(p, both, 2, out);
    case OP_AND:
        return bitwise_shift(p, e, out) || residue_shift(p, e, out);
    case OP_OR:
    case OP_XOR:
        return bitwise_shift(p, e, out);
    default:
        return all_still(p, both, 2, out);
    }
}

static int shift_of(const pctx *p, const lds_expr *e, lds_shift *out)
{
    const lds_period_ctx *cx = p->cx;
    lds_shift a, b;
    if (!(e->deps & (moving(cx) | LDS_DEP_PARAM))) {
        *out = still;
        return 1;
    }
    switch (e->kind) {
    case E_NUM:
        *out = still;
        return 1;
    case E_NAME:
        return name_shift(p, e, out);
    case E_UNARY:
        if (!shift_of(p, e->a, &a))
            return 0;
        if (e->op == OP_NEG) {
            if (a.c == INT64_MIN)
                return 0;
            a.c = -a.c;
            *out = a;
            return 1;
        }
        if (e->op == OP_COMPL) {   /* ~(x + D) = ~x - D */
            if (a.c == INT64_MIN)
                return 0;
            a.c = -a.c;
            *out = a;
            return 1;
        }
        if (a.c != 0)
            return 0;
        *out = a;
        return 1;
    case E_COND:
        /* the condition repeats; each branch moves the same way */
        if (!shift_of(p, e->a, &a) || a.c != 0 || !shift_of(p, e->b, &b))
            return 0;
        {
            lds_shift c;
            if (!shift_of(p, e->c, &c) || !common(&b, &c) || !(a.period = lcm_p(a.period, b.period))
                || !widen(&b, a.period) || !widen(&c, a.period))
                return 0;
            if (!(b.uniform && c.uniform && b.c == c.c)) {
                b.c = (int64_t)gcd_u64(abs_u64(b.c), abs_u64(c.c));
                b.uniform = false;
            }
            *out = b;
            return 1;
        }
    case E_BINARY:
        return binary_shift(p, e, out);
    case E_CALL:
        if (e->builtin < 0) {
            frame f = { e->args, p->fr };
            pctx inner = { cx, &f };
            return shift_of(&inner, e->sym->def->u.def.body, out);
        }
        if (e->builtin == F_CAST || e->builtin == F_VALUE_INDEX) {   /* the identity where it passes everywhere */
            int64_t k;
            rng r = range_of(p, e->args[0]);
            if (r.known && uniform_value(p, e->args[1], &k)
                && lds_builtin_check_passes((lds_builtin)e->builtin, k, r.lo, r.hi))
                return shift_of(p, e->args[0], out);
        }
        return all_still(p, (const lds_expr *const *)e->args, e->nargs, out);
    }
    return 0;
}

int lds_period_of(const lds_period_ctx *cx, const lds_expr *e, lds_shift *out)
{
    pctx p = { cx, NULL };
    return shift_of(&p, e, out);
}

int lds_period_of_framed(const lds_period_ctx *cx, const lds_frame *fr, const lds_expr *e, lds_shift *out)
{
    pctx p = { cx, fr };
    return shift_of(&p, e, out);
}

int lds_period_of_call(const lds_period_ctx *cx, const lds_sym *def, lds_expr *const *args, lds_shift *out)
{
    frame f = { args, NULL };
    pctx p = { cx, &f };
    return shift_of(&p, def->def->u.def.body, out);
}

uint64_t lds_period_modulo(const lds_shift *s, uint64_t m)
{
    lds_shift t = *s;
    if (m == 0 || !until_multiple(&t, m))
        return 0;
    return t.period;
}

uint64_t lds_period_lcm(uint64_t a, uint64_t b)
{
    return lcm_p(a, b);
}

int lds_shift_add(lds_shift *acc, lds_shift s, int64_t f)
{
    if (__builtin_mul_overflow(s.c, f, &s.c) || !common(acc, &s))
        return 0;
    if (acc->uniform && s.uniform)
        return !__builtin_add_overflow(acc->c, s.c, &acc->c);
    acc->c = (int64_t)gcd_u64(abs_u64(acc->c), abs_u64(s.c));   /* c_a X + c_s Y */
    acc->uniform = false;
    return 1;
}
