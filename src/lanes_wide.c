/* src/lanes_wide.c - the lane program again in 128-bit integers, for the
 * instructions whose index overflows int64 on the way to a value that
 * fits (lane * k*k*k % 8191): a tier between the int64 program
 * (src/lanes.c) and the GMP tree walker, which runs only when 128 bits
 * overflow too.
 *
 * It computes every operation afresh for the lanes of its mask (no
 * values kept between instructions), with the same operators and the
 * same failures as the int64 program: an overflow or an error (a
 * division by zero, a cast out of range) fails the run, and the tree
 * walker then evaluates the instruction, reporting the error as it
 * always does.  The roots (indices, offset, address) must fit in int64;
 * they are written to the int64 program's value arrays. */
#include "src/lanes_impl.h"

#ifdef __SIZEOF_INT128__

#include <stdlib.h>
#include <string.h>

typedef lds_wide wide;
__extension__ typedef unsigned __int128 uwide;

#define WIDE_MAX ((wide)(((uwide)1 << 127) - 1))
#define WIDE_MIN (-WIDE_MAX - 1)

/* A built-in variable at lane l (as src/lanes.c's var_at, which the
 * int64 program shares: variables always fit in int64). */
static wide var_at(const lds_env *env, unsigned v, unsigned l)
{
    return lds_lanes_var_at(env, (lds_var_id)v, l);
}

LDS_LANES_DEFINE_BINARY(binary, wide, WIDE_MIN, 127)

static bool fits64(wide x)
{
    return x >= INT64_MIN && x <= INT64_MAX;
}

static unsigned popcount(wide x)
{
    uwide u = (uwide)x;
    return (unsigned)(__builtin_popcountll((unsigned long long)u) + __builtin_popcountll((unsigned long long)(u >> 64)));
}

static int log2_of(wide x)
{
    uwide u = (uwide)x;
    unsigned long long hi = (unsigned long long)(u >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((unsigned long long)u);
}

/* The unary kinds of one lane; false on what the tree walker reports. */
static bool unary(const vop *o, wide x, wide *r)
{
    switch (o->kind) {
    case K_UNARY:
        if (o->op == OP_NOT)
            *r = x == 0;
        else if (o->op == OP_COMPL)
            *r = ~x;
        else if (x == WIDE_MIN)
            return false;
        else
            *r = -x;
        return true;
    case K_ABS:
        if (x == WIDE_MIN)
            return false;
        *r = x < 0 ? -x : x;
        return true;
    case K_POPCOUNT:
        if (x < 0)
            return false;
        *r = popcount(x);
        return true;
    case K_LOG2:
        if (x <= 0)
            return false;
        *r = log2_of(x);
        return true;
    case K_CAST: {   /* C integer types are 64 bits at most */
        unsigned bits = (unsigned)(o->k / 2);
        bool is_signed = o->k & 1;
        if (is_signed ? x < -((wide)1 << (bits - 1)) || x >= ((wide)1 << (bits - 1)) : x < 0 || x >= ((wide)1 << bits))
            return false;
        *r = x;
        return true;
    }
    case K_RANGE:
        if (x < 0 || x >= o->k)
            return false;
        *r = x;
        return true;
    case K_SWIZZLE:   /* its bounds were checked for int64 values */
        if (!fits64(x))
            return false;
        *r = lds_lanes_swizzle_at(o->k, (int64_t)x);
        return true;
    case K_MOV:
        *r = x;
        return true;
    default:
        return false;
    }
}

/* Operation o for lane l of the values v. */
static bool one(const lds_lanes *L, const vop *o, wide (*v)[LDS_SIM_MAX_WAVE], const uint64_t *mask,
                const lds_env *env, unsigned l, wide *r)
{
    unsigned la = o->a >= 0 && (L->ops[o->a].deps & LDS_DEP_LANE) ? l : 0;
    unsigned lb = o->b >= 0 && (L->ops[o->b].deps & LDS_DEP_LANE) ? l : 0;
    wide a = o->a >= 0 ? v[o->a][la] : 0, b = o->b >= 0 ? v[o->b][lb] : 0;
    switch (o->kind) {
    case K_VAR: *r = var_at(env, (unsigned)o->k, l); return true;
    case K_LOOP: *r = env->loop[o->k]; return true;
    case K_BINARY: return binary((lds_op)o->op, a, b, r);
    case K_SELECT: {
        unsigned lc = L->ops[o->c].deps & LDS_DEP_LANE ? l : 0;
        *r = a ? b : v[o->c][lc];
        return true;
    }
    case K_LAND:
    case K_LOR:
        *r = mask[o->c] >> l & 1 ? b != 0 : o->kind == K_LOR;
        return true;
    case K_MIN: *r = a < b ? a : b; return true;
    case K_MAX: *r = a > b ? a : b; return true;
    default: return unary(o, a, r);
    }
}

/* a op b over the lanes of m (am, bm: all ones for an operand that
 * differs by lane, 0 for one kept at index 0), the operator chosen once
 * for all lanes: the loops of the common operators are the tier's hot
 * path.  False as binary() on any lane of m. */
#define WIDE_LANES(expr)                                                                               \
    for (unsigned l = 0; l < n; l++)                                                                   \
        if ((m >> l & 1) && (expr))                                                                    \
            return false;                                                                              \
    return true

/* a % b, b > 0: in int64 when a fits (the hardware's division), else
 * unsigned for a >= 0 and b within 64 bits (libgcc's short path), else
 * signed as C has it. */
static wide mod_positive(wide a, wide b)
{
    if (fits64(a) && b <= INT64_MAX)
        return (int64_t)a % (int64_t)b;
    if (a >= 0 && b <= (wide)UINT64_MAX)
        return (wide)((uwide)a % (uint64_t)b);
    return a % b;
}

/* A 128-bit value moved as its two 64-bit halves: a 128-bit temporary
 * goes through the stack, two 8-byte stores read back as one 16-byte
 * load, which stalls every lane (the store cannot be forwarded). */
typedef struct {
    uint64_t lo, hi;
} halves;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static halves halves_of(const wide *p)
{
    halves h;
    memcpy(&h, p, sizeof h);   /* the low half first */
    return h;
}

static void store_halves(wide *p, uint64_t lo, uint64_t hi)
{
    halves h = { lo, hi };
    memcpy(p, &h, sizeof h);
}
#else
static halves halves_of(const wide *p)
{
    return (halves){ (uint64_t)(uwide)*p, (uint64_t)((uwide)*p >> 64) };
}

static void store_halves(wide *p, uint64_t lo, uint64_t hi)
{
    *p = (wide)(((uwide)hi << 64) | lo);
}
#endif

/* Whether a value fits in int64: its high half is its low half's sign. */
static bool halves_fit64(halves h)
{
    return h.hi == (uint64_t)((int64_t)h.lo >> 63);
}

/* a % d for a >= 0 and a constant 0 < d <= 2^32 through d's multiplier
 * (src/divconst.h): a = hi 2^64 + lo, and with r64 = 2^64 % d every
 * product and sum below stays under 2^64 (d^2 - d at most); no call of
 * libgcc's 128-bit division.  Equal to (uwide)a % d. */
static uint64_t mod_small_constant(uint64_t hi, uint64_t lo, const lds_divconst *c, uint64_t r64)
{
    uint64_t lo_mod = lo - lds_divconst_udiv(c, lo) * c->ad;
    if (!hi)
        return lo_mod;
    uint64_t hi_mod = hi - lds_divconst_udiv(c, hi) * c->ad, x = hi_mod * r64 + lo_mod;
    return x - lds_divconst_udiv(c, x) * c->ad;
}

/* a % k over the lanes of m for a constant k > 0 (c: k's multiplier, or
 * NULL): the lanes' dividends are most often non-negative and k small. */
static void mod_lanes(const wide *a, unsigned am, wide k, const lds_divconst *c, wide *r, uint64_t m, unsigned n)
{
    if (c && k <= ((wide)1 << 32)) {
        uint64_t r64 = (UINT64_MAX - lds_divconst_udiv(c, UINT64_MAX) * c->ad + 1) % c->ad;   /* 2^64 % k */
        for (unsigned l = 0; l < n; l++) {
            halves x = halves_of(&a[l & am]);
            if (!(m >> l & 1))
                continue;
            if (x.hi >> 63)   /* negative: C's sign */
                r[l] = mod_positive(a[l & am], k);
            else
                store_halves(&r[l], mod_small_constant(x.hi, x.lo, c, r64), 0);
        }
        return;
    }
    for (unsigned l = 0; l < n; l++)
        if (m >> l & 1)
            r[l] = mod_positive(a[l & am], k);
}

/* a * b over the lanes of m: operands within int64 (nearly every lane,
 * even past 2^63 on the way) cannot overflow 128 bits: one multiply, no
 * check; the others as C's overflow test has them. */
static bool mul_lanes(const wide *a, unsigned am, const wide *b, unsigned bm, wide *r, uint64_t m, unsigned n)
{
    halves y0 = halves_of(&b[0]);
    if (!bm && halves_fit64(y0)) {   /* a factor the same in every lane, read once (r may be b's row) */
        int64_t y = (int64_t)y0.lo;
        for (unsigned l = 0; l < n; l++) {
            halves x = halves_of(&a[l & am]);
            if (halves_fit64(x)) {
                uwide p = (uwide)((wide)(int64_t)x.lo * y);
                store_halves(&r[l], (uint64_t)p, (uint64_t)(p >> 64));
            } else if ((m >> l & 1) && __builtin_mul_overflow(a[l & am], (wide)y, &r[l])) {
                return false;
            }
        }
        return true;
    }
    for (unsigned l = 0; l < n; l++) {
        halves x = halves_of(&a[l & am]), y = halves_of(&b[l & bm]);
        if (halves_fit64(x) && halves_fit64(y)) {
            uwide p = (uwide)((wide)(int64_t)x.lo * (int64_t)y.lo);
            store_halves(&r[l], (uint64_t)p, (uint64_t)(p >> 64));
        } else if ((m >> l & 1) && __builtin_mul_overflow(a[l & am], b[l & bm], &r[l])) {
            return false;
        }
    }
    return true;
}

/* a + b over the lanes of m, wrapping, then whether a lane of m
 * overflowed: the sum's sign against both operands' (the int64
 * program's test, in 128 bits). */
static bool add_lanes(const wide *a, unsigned am, const wide *b, unsigned bm, wide *r, uint64_t m, unsigned n)
{
    uint64_t over = 0;
    const halves y0 = halves_of(&b[0]);   /* a term the same in every lane, read once */
    for (unsigned l = 0; l < n; l++) {
        halves x = halves_of(&a[l & am]), y = bm ? halves_of(&b[l]) : y0;
        uint64_t lo = x.lo + y.lo, hi = x.hi + y.hi + (lo < x.lo);
        store_halves(&r[l], lo, hi);
        over |= (((x.hi ^ hi) & (y.hi ^ hi)) >> 63) << l;
    }
    return (over & m) == 0;
}

static bool binary_lanes(lds_op op, const wide *a, unsigned am, const wide *b, unsigned bm, wide *r, uint64_t m,
                         unsigned n, const lds_divconst *c)
{
    switch (op) {
    case OP_MOD:
        if (!bm && b[0] > 0) {   /* a modulus the same in every lane (the usual one) */
            mod_lanes(a, am, b[0], c, r, m, n);
            return true;
        }
        WIDE_LANES(!binary(op, a[l & am], b[l & bm], &r[l]));
    case OP_ADD: return add_lanes(a, am, b, bm, r, m, n);
    case OP_SUB: WIDE_LANES(__builtin_sub_overflow(a[l & am], b[l & bm], &r[l]));
    case OP_MUL: return mul_lanes(a, am, b, bm, r, m, n);
    default: WIDE_LANES(!binary(op, a[l & am], b[l & bm], &r[l]));
    }
}

/* Operation o (one that differs by lane) for the lanes of m. */
static bool lanes_of(const lds_lanes *L, const vop *o, wide (*v)[LDS_SIM_MAX_WAVE], const lds_env *env, uint64_t m,
                     unsigned n, wide *r)
{
    if (o->kind == K_BINARY) {
        unsigned am = L->ops[o->a].deps & LDS_DEP_LANE ? ~0u : 0, bm = L->ops[o->b].deps & LDS_DEP_LANE ? ~0u : 0;
        const lds_divconst *c = o->by_constant ? &L->divisor[o - L->ops] : NULL;
        return binary_lanes((lds_op)o->op, v[o->a], am, v[o->b], bm, r, m, n, c);
    }
    if (o->kind == K_VAR && (o->k == V_LANE || o->k == V_TID)) {   /* no call a lane */
        wide base = o->k == V_TID ? env->wave * (wide)env->wave_size : 0;
        for (unsigned l = 0; l < n; l++)
            r[l] = base + l;
        return true;
    }
    if (o->kind == K_VAR) {
        for (unsigned l = 0; l < n; l++)
            r[l] = var_at(env, (unsigned)o->k, l);
        return true;
    }
    for (unsigned l = 0; l < n; l++)
        if (m >> l & 1 && !one(L, o, v, L->mask, env, l, &r[l]))
            return false;
    return true;
}

bool lds_lanes_run_wide(lds_lanes *L, const lds_env *env, unsigned nlanes, uint64_t present)
{
    if (!L->wide) {   /* constants hold their value in every lane, as in the int64 program */
        L->wide = lds_arena_alloc(L->arena, L->nops * sizeof *L->wide);
        for (unsigned i = 0; i < L->nops; i++)
            for (unsigned l = 0; L->ops[i].kind == K_CONST && l < LDS_SIM_MAX_WAVE; l++)
                L->wide[i][l] = L->ops[i].k;
    }
    wide (*v)[LDS_SIM_MAX_WAVE] = L->wide;
    L->mask[0] = present;
    for (unsigned i = 1; i < L->nops; i++) {
        const vop *o = &L->ops[i];
        uint64_t m = L->mask[o->mask];
        if (o->kind == K_CONST)
            continue;
        bool per_lane = o->deps & LDS_DEP_LANE;
        if (o->kind == K_MASK_IF || o->kind == K_MASK_UNLESS) {
            uint64_t nz = 0;
            bool a_lane = L->ops[o->a].deps & LDS_DEP_LANE;
            for (unsigned l = 0; l < nlanes; l++)
                nz |= (uint64_t)(v[o->a][a_lane ? l : 0] != 0) << l;
            L->mask[i] = m & (o->kind == K_MASK_IF ? nz : ~nz);
            continue;
        }
        if (m == 0)
            continue;
        if (!per_lane) {   /* the same for every lane: once */
            if (!one(L, o, v, L->mask, env, 0, &v[i][0]))
                return false;
            continue;
        }
        if (!lanes_of(L, o, v, env, m, nlanes, v[i]))
            return false;
    }
    /* the roots, in int64, where the int64 program keeps them */
    int roots[LDS_MAX_DIMS + 2];
    unsigned nroots = 0;
    for (unsigned d = 0; d < L->nidx; d++)
        roots[nroots++] = L->idx[d];
    if (L->offset >= 0)
        roots[nroots++] = L->offset;
    if (L->addr >= 0)
        roots[nroots++] = L->addr;
    uint64_t active = L->mask[L->cond_mask];
    for (unsigned k = 0; k < nroots; k++) {
        int i = roots[k];
        bool per_lane = L->ops[i].deps & LDS_DEP_LANE;
        for (unsigned l = 0; l < nlanes; l++) {
            halves x = halves_of(&v[i][per_lane ? l : 0]);
            if (!halves_fit64(x)) {
                if (active >> l & 1)
                    return false;   /* an index past int64: the tree walker's */
                x.lo = 0;
            }
            L->val[i][l] = (int64_t)x.lo;
        }
    }
    return true;
}

#else

bool lds_lanes_run_wide(lds_lanes *L, const lds_env *env, unsigned nlanes, uint64_t present)
{
    (void)L, (void)env, (void)nlanes, (void)present;
    return false;   /* no 128-bit integers: the tree walker */
}

#endif
