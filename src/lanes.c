/* src/lanes.c - the lane-vector program of an access (src/lanes.h).
 *
 * A program is a list of operations in evaluation order.  Operation 0 is
 * the base mask (the lanes whose thread exists); mask operations narrow a
 * parent mask by a value (a condition, a branch of ?:, the right side of
 * && or ||).  Every value operation runs under a mask and computes the
 * lanes of that mask; the others hold whatever they held.
 *
 * Charging: each node of the syntax tree adds 1 to the weight of the
 * operation that stands for it, under the mask of the lanes the tree
 * walker would evaluate it for; a run charges weight x lanes in the mask
 * for every operation, what the tree walker counts, divided by
 * LDS_COMPILED_OPS_PER_OP (base/limits.h): the budget bounds time. */
#include "src/lanes_impl.h"

#include <stdlib.h>
#include <string.h>

#include "sim/phases.h"
#include "src/divconst.h"
#include "base/limits.h"
#include "src/scope.h"

int64_t lds_lanes_var_at(const lds_env *env, lds_var_id v, int64_t l)
{
    int64_t tid = env->wave * (int64_t)env->wave_size + l, x = env->threads[0], y = env->threads[1];
    switch (v) {
    case V_LANE: return l;
    case V_WAVE: return env->wave;
    case V_TID: return tid;
    case V_TID_X: return tid % x;
    case V_TID_Y: return tid / x % y;
    case V_TID_Z: return tid / (x * y);
    case V_GROUP: return env->group;
    case V_BANKS: return env->banks;
    case V_BANK_BYTES: return env->bank_bytes;
    case V_WAVE_SIZE: return env->wave_size;
    case V_THREADS_X: return x;
    case V_THREADS_Y: return y;
    case V_THREADS_Z: return env->threads[2];
    case V_GROUPS: return env->groups;
    case V_DISPATCH_X: return env->group * x + tid % x;
    }
    return 0;
}

LDS_LANES_DEFINE_BINARY(binary_at, int64_t, INT64_MIN, 63)

/* CuTe's swizzle within int64 (the bounds were checked when compiled). */
int64_t lds_lanes_swizzle_at(int64_t k, int64_t x)
{
    int64_t b = k >> 16, m = (k >> 8) & 0xff, s = (int8_t)(k & 0xff);
    int64_t bits = x & ((((int64_t)1 << b) - 1) << (m + (s > 0 ? s : 0)));
    return x ^ (s >= 0 ? bits >> s : bits << -s);
}

/* A constant is the same in every lane even under a mask that depends
 * on the lane (which puts the lane in its deps): it is kept in lane 0. */
static bool same_in_every_lane(const vop *o)
{
    return !(o->deps & LDS_DEP_LANE) || o->kind == K_CONST;
}

unsigned lds_lanes_index_mask(const lds_lanes *L, int i)
{
    return i >= 0 && !same_in_every_lane(&L->ops[i]) ? ~0u : 0;
}

/* Lanes of m, as a bool per lane (for loops the compiler vectorises). */
#define IN(m, l) ((m) >> (l) & 1)

/* body for every lane l < n, with X and Y the lane's values of a and
 * b: read as a[l] and b[l], or, for an operand the same in every lane
 * (index mask 0), as one value held outside the loop.  Three loops of
 * the same body: the interpreter's hottest code, and one with a fixed
 * operand costs about half of one that indexes it. */
#define EACH_LANE(body) \
    do { \
        if (am && bm) { \
            for (unsigned l = 0; l < n; l++) { \
                int64_t X = a[l], Y = b[l]; \
                body; \
            } \
        } else if (am) { \
            const int64_t Y = b[0]; \
            for (unsigned l = 0; l < n; l++) { \
                int64_t X = a[l]; \
                body; \
            } \
        } else { \
            const int64_t X = a[0]; \
            for (unsigned l = 0; l < n; l++) { \
                int64_t Y = b[l & bm]; \
                body; \
            } \
        } \
    } while (0)

#if defined(__GNUC__) || defined(__clang__)
/* Two lanes at a time in the vector registers x86-64 always has (SSE2:
 * 64-bit add, and, or, xor, shifts; no 64-bit multiply or compare): the
 * loops -O2 does not vectorise by itself. */
typedef uint64_t lane_pair __attribute__((vector_size(16)));

static lane_pair pair_at(const int64_t *v, unsigned l, unsigned mask)
{
    lane_pair p;
    if (mask)
        memcpy(&p, v + l, sizeof p);
    else
        p = (lane_pair){ (uint64_t)v[0], (uint64_t)v[0] };
    return p;
}

/* a + b, wrapping, over n lanes (n even); the OR of the lanes' overflow
 * signs (bit 63 set if one overflowed). */
static uint64_t add_pairs(const int64_t *a, unsigned am, const int64_t *b, unsigned bm, int64_t *r, unsigned n)
{
    lane_pair any = { 0, 0 };
    /* an operand the same in every lane, read once: the compiler cannot
     * keep it in a register, as r may be its row */
    const lane_pair a0 = pair_at(a, 0, 0), b0 = pair_at(b, 0, 0);
    for (unsigned l = 0; l < n; l += 2) {
        lane_pair x = am ? pair_at(a, l, 1) : a0, y = bm ? pair_at(b, l, 1) : b0, z = x + y;
        memcpy(r + l, &z, sizeof z);
        any |= (x ^ z) & (y ^ z);
    }
    return any[0] | any[1];
}

/* a >> shift (right) or a & keep (else) over n lanes (n even), as
 * unsigned; the OR of the lanes (bit 63: one was negative). */
static uint64_t shift_or_mask_pairs(const int64_t *a, bool right, unsigned shift, uint64_t keep, int64_t *r,
                                    unsigned n)
{
    lane_pair any = { 0, 0 }, k = { keep, keep };
    for (unsigned l = 0; l < n; l += 2) {
        lane_pair x = pair_at(a, l, 1), z = right ? x >> shift : x & k;
        memcpy(r + l, &z, sizeof z);
        any |= x;
    }
    return any[0] | any[1];
}
#define HAVE_LANE_PAIRS 1
#endif

/* a op b over the lanes of m for the operators that cannot trap: every
 * lane is computed, and an overflow counts only in a lane of m. */
static bool arith(lds_op op, const int64_t *a, unsigned am, const int64_t *b, unsigned bm, int64_t *r, uint64_t m,
                  unsigned n)
{
    uint64_t bad = 0;
    switch (op) {
    case OP_ADD: {   /* wrapping sums; an overflow flips the sign against both operands */
        uint64_t any = 0;
#ifdef HAVE_LANE_PAIRS
        if (n % 2 == 0)
            any = add_pairs(a, am, b, bm, r, n);
        else
#endif
            EACH_LANE({
                uint64_t z = (uint64_t)X + (uint64_t)Y;
                r[l] = (int64_t)z;
                any |= ((uint64_t)X ^ z) & ((uint64_t)Y ^ z);
            });
        if (any >> 63)   /* which lanes, only if one did */
            EACH_LANE(bad |= (uint64_t)__builtin_add_overflow(X, Y, &r[l]) << l);
        break;
    }
    case OP_SUB:
        EACH_LANE(bad |= (uint64_t)__builtin_sub_overflow(X, Y, &r[l]) << l);
        break;
    case OP_MUL: {   /* overflow is rare: find the lanes only if any did */
        bool any = false;
        EACH_LANE(any |= __builtin_mul_overflow(X, Y, &r[l]));
        if (any)
            EACH_LANE(bad |= (uint64_t)__builtin_mul_overflow(X, Y, &r[l]) << l);
        break;
    }
    case OP_AND: EACH_LANE(r[l] = X & Y); break;
    case OP_OR: EACH_LANE(r[l] = X | Y); break;
    case OP_XOR: EACH_LANE(r[l] = X ^ Y); break;
    case OP_EQ: EACH_LANE(r[l] = X == Y); break;
    case OP_NE: EACH_LANE(r[l] = X != Y); break;
    case OP_LT: EACH_LANE(r[l] = X < Y); break;
    case OP_LE: EACH_LANE(r[l] = X <= Y); break;
    case OP_GT: EACH_LANE(r[l] = X > Y); break;
    case OP_GE: EACH_LANE(r[l] = X >= Y); break;
    default:   /* / % << >>: lane by lane, only the lanes of m */
        for (unsigned l = 0; l < n; l++)
            if (IN(m, l) && !binary_at(op, a[l & am], b[l & bm], &r[l]))
                return false;
        return true;
    }
    return (bad & m) == 0;
}

#undef EACH_LANE

bool lds_lanes_divides_by_constant(const lds_lanes *L, const vop *o)
{
    if (o->kind != K_BINARY || (o->op != OP_DIV && o->op != OP_MOD) || L->ops[o->b].kind != K_CONST)
        return false;
    return L->ops[o->b].k != 0 && L->ops[o->b].k != -1;
}

/* a / k or a % k by a constant k that cannot trap (k != 0, -1): a
 * multiply for every lane, not a divide (src/divconst.h).  a differs by
 * lane whenever n > 1 (k does not), so it is read as a[l].  When no lane
 * is negative (the common case: indices), the sign handling goes, and a
 * power-of-two k is a shift or a mask. */
static void by_constant(lds_op op, const int64_t *a, const lds_divconst *divisor, int64_t *r, unsigned n)
{
    const lds_divconst c = *divisor;   /* a copy: stores to r cannot change it */
    uint64_t any_negative = (uint64_t)c.d;
    /* as if no lane (and not k) were negative, noting whether one was:
     * then again with the signs (r is this operation's row, never a) */
#ifdef HAVE_LANE_PAIRS
    if (!c.magic && n % 2 == 0)   /* a power of two */
        any_negative |= shift_or_mask_pairs(a, op == OP_DIV, c.shift, c.ad - 1, r, n);
    else
#endif
    if (!c.magic && op == OP_DIV)
        for (unsigned l = 0; l < n; l++) {
            any_negative |= (uint64_t)a[l];
            r[l] = (int64_t)((uint64_t)a[l] >> c.shift);
        }
    else if (!c.magic)
        for (unsigned l = 0; l < n; l++) {
            any_negative |= (uint64_t)a[l];
            r[l] = (int64_t)((uint64_t)a[l] & (c.ad - 1));
        }
    else if (op == OP_DIV)   /* a lane below 2^63 is exact; one past it is done again below */
        for (unsigned l = 0; l < n; l++) {
            any_negative |= (uint64_t)a[l];
            r[l] = (int64_t)lds_divconst_udiv63(&c, (uint64_t)a[l]);
        }
    else
        for (unsigned l = 0; l < n; l++) {
            any_negative |= (uint64_t)a[l];
            r[l] = (int64_t)((uint64_t)a[l] - lds_divconst_udiv63(&c, (uint64_t)a[l]) * c.ad);
        }
    if (!(any_negative >> 63))
        return;
    if (op == OP_DIV)
        for (unsigned l = 0; l < n; l++)
            r[l] = lds_divconst_div(&c, a[l]);
    else
        for (unsigned l = 0; l < n; l++)
            r[l] = lds_divconst_mod(&c, a[l]);
}

/* One value operation for the lanes of m; false if a lane fails. */
static bool compute(lds_lanes *L, const vop *o, int64_t *r, uint64_t m, const lds_env *env, unsigned n)
{
    const int64_t *a = o->a >= 0 ? L->val[o->a] : NULL, *b = o->b >= 0 ? L->val[o->b] : NULL;
    const int64_t *c = o->c >= 0 && o->kind == K_SELECT ? L->val[o->c] : NULL;
    unsigned am = o->am, bm = o->bm, cm = o->cm;
    switch (o->kind) {
    case K_VAR:
        if (o->k == V_LANE || o->k == V_TID) {
            int64_t base = o->k == V_TID ? env->wave * (int64_t)env->wave_size : 0;
            for (unsigned l = 0; l < n; l++)
                r[l] = base + l;
        } else if (!(o->deps & LDS_DEP_LANE)) {   /* the same for every lane */
            int64_t v = lds_lanes_var_at(env, (lds_var_id)o->k, 0);
            for (unsigned l = 0; l < n; l++)
                r[l] = v;
        } else {
            for (unsigned l = 0; l < n; l++)
                r[l] = lds_lanes_var_at(env, (lds_var_id)o->k, l);
        }
        return true;
    case K_LOOP:
        for (unsigned l = 0; l < n; l++)
            r[l] = env->loop[o->k];
        return true;
    case K_MOV:
        for (unsigned l = 0; l < n; l++)
            r[l] = a[l & am];
        return true;
    case K_BINARY:
        if (o->by_constant) {
            by_constant((lds_op)o->op, a, &L->divisor[o - L->ops], r, n);
            return true;
        }
        return arith((lds_op)o->op, a, am, b, bm, r, m, n);
    case K_SELECT:
        for (unsigned l = 0; l < n; l++)
            r[l] = a[l & am] ? b[l & bm] : c[l & cm];
        return true;
    case K_LAND:
    case K_LOR: {
        uint64_t inner = L->mask[o->c];
        for (unsigned l = 0; l < n; l++)
            r[l] = IN(inner, l) ? b[l & bm] != 0 : o->kind == K_LOR;
        return true;
    }
    case K_MIN:
        for (unsigned l = 0; l < n; l++)
            r[l] = a[l & am] < b[l & bm] ? a[l & am] : b[l & bm];
        return true;
    case K_MAX:
        for (unsigned l = 0; l < n; l++)
            r[l] = a[l & am] > b[l & bm] ? a[l & am] : b[l & bm];
        return true;
    case K_SWIZZLE:
        for (unsigned l = 0; l < n; l++)
            r[l] = lds_lanes_swizzle_at(o->k, a[l & am]);
        return true;
    default:
        break;
    }
    for (unsigned l = 0; l < n; l++) {   /* the rest: lane by lane, with their errors */
        if (!IN(m, l))
            continue;
        int64_t x = a[l & am];
        switch (o->kind) {
        case K_UNARY:
            if (o->op == OP_NOT)
                r[l] = x == 0;
            else if (o->op == OP_COMPL)
                r[l] = ~x;
            else if (x == INT64_MIN)
                return false;
            else
                r[l] = -x;
            break;
        case K_ABS:
            if (x == INT64_MIN)
                return false;
            r[l] = x < 0 ? -x : x;
            break;
        case K_POPCOUNT:
            if (x < 0)
                return false;
            r[l] = __builtin_popcountll((unsigned long long)x);
            break;
        case K_LOG2:
            if (x <= 0)
                return false;
            r[l] = 63 - __builtin_clzll((unsigned long long)x);
            break;
        case K_CAST: {   /* a value the cast would change: the tree walker reports it */
            unsigned bits = (unsigned)(o->k / 2);
            bool is_signed = o->k & 1;
            if (bits < 64 && (is_signed ? x < -((int64_t)1 << (bits - 1)) || x >= ((int64_t)1 << (bits - 1))
                                        : x < 0 || x >= ((int64_t)1 << bits)))
                return false;
            if (bits == 64 && !is_signed && x < 0)
                return false;
            r[l] = x;
            break;
        }
        case K_RANGE:   /* outside: the tree walker reports it */
            if (x < 0 || x >= o->k)
                return false;
            r[l] = x;
            break;
        default:
            return false;
        }
    }
    return true;
}

/* The variables other than the lane whose values differ from the last
 * run's, as LDS_DEP_* bits (all of them on the first run). */
static uint64_t changed_since(lds_lanes *L, const lds_env *env)
{
    uint64_t changed = L->ran ? 0 : ~(uint64_t)0;
    if (env->wave != L->last.wave)
        changed |= LDS_DEP_WAVE;
    if (env->group != L->last.group)
        changed |= LDS_DEP_GROUP;
    for (uint64_t rest = L->loops_used; rest; rest &= rest - 1) {
        unsigned s = (unsigned)__builtin_ctzll(rest) - 3;   /* LDS_DEP_LOOP(s) is bit 3 + s */
        if (env->loop[s] != L->last.loop[s])
            changed |= LDS_DEP_LOOP(s);
    }
    L->last.wave = env->wave;
    L->last.group = env->group;
    for (uint64_t rest = L->loops_used; rest; rest &= rest - 1) {   /* only these are compared */
        unsigned s = (unsigned)__builtin_ctzll(rest) - 3;
        L->last.loop[s] = env->loop[s];
    }
    L->ran = true;
    return changed;
}

/* A root's value for every lane (one that is the same everywhere, a
 * constant too, is copied out to them now). */
static const int64_t *lane_values(lds_lanes *L, int i, unsigned n)
{
    int64_t *r = L->val[i];
    if (same_in_every_lane(&L->ops[i]))
        for (unsigned l = 1; l < n; l++)
            r[l] = r[0];
    return r;
}

/* Runs that go to the 128-bit tier directly once it has saved one: an
 * index that overflowed int64 at one trip usually does at the next. */
#define WIDE_STREAK 64

/* The int64 program failed (or is skipped): the 128-bit tier, whose
 * values replace the kept ones (the next int64 run recomputes all). */
static bool run_wide(lds_lanes *L, const lds_env *env, unsigned nlanes, uint64_t present)
{
    for (unsigned i = 0; i < L->nops; i++)
        L->ops[i].have = 0;
    L->ran = false;
    return lds_lanes_run_wide(L, env, nlanes, present);
}

/* The int64 program over the lanes; false when a lane fails (an
 * overflow, or an error the tree walker reports). */
static bool run_narrow(lds_lanes *L, const lds_env *env, unsigned nlanes, uint64_t present)
{
    uint64_t changed = changed_since(L, env) & ~LDS_DEP_LANE;
    L->mask[0] = present;
    for (unsigned k = 0; k < L->nrun; k++) {
        unsigned i = L->run[k];
        vop *o = &L->ops[i];
        uint64_t m = L->mask[o->mask];
        if (o->deps & changed)
            o->have = 0;
        if (o->kind == K_MASK_IF || o->kind == K_MASK_UNLESS) {
            uint64_t nz = 0;
            const int64_t *a = L->val[o->a];
            unsigned am = o->am;
            for (unsigned l = 0; l < nlanes; l++)
                nz |= (uint64_t)(a[l & am] != 0) << l;
            L->mask[i] = m & (o->kind == K_MASK_IF ? nz : ~nz);
            continue;
        }
        if (m == 0)
            continue;
        /* kept from an earlier instruction?  A lane's value for the
         * lanes it holds; a value the same in every lane once computed
         * (an inner loop leaves what only outer loops change alone) */
        uint64_t need = o->deps & LDS_DEP_LANE ? m : 1;
        if ((need & ~o->have) == 0)
            continue;
        o->have |= need;
        int64_t *r = L->val[i];
        bool ok;
        if (o->deps & LDS_DEP_LANE)
            ok = compute(L, o, r, m, env, nlanes);
        else if (o->kind == K_BINARY)   /* the same for every lane: one value, as the lanes would fail */
            ok = binary_at((lds_op)o->op, L->val[o->a][0], L->val[o->b][0], r);
        else
            ok = compute(L, o, r, 1, env, 1);
        if (!ok) {
            /* the operations after this one were not brought up to date
             * for these variables: the next run recomputes everything */
            o->have = 0;
            L->ran = false;
            return false;
        }
    }
    return true;
}

int lds_lanes_run(lds_lanes *L, const lds_env *env, unsigned nlanes, uint64_t present, lds_lanes_out *out)
{
    uint64_t charge = 0;
    bool wide = false;
    if (L->wide_runs > 0) {
        L->wide_runs--;
        if (!run_wide(L, env, nlanes, present))
            return 0;
        wide = true;
    } else if (!run_narrow(L, env, nlanes, present)) {
        if (!run_wide(L, env, nlanes, present))
            return 0;
        L->wide_runs = WIDE_STREAK;
        wide = true;
    }
    for (unsigned k = 0; k < L->ncharged; k++) {   /* weight x lanes, mask by mask */
        unsigned i = L->charged[k];
        charge += L->under[i] * lds_sim_lanes_in(L->mask[i]);
    }
    /* as time goes; each divisor a constant (a shift, not a divide) */
    out->charge = wide ? (charge + LDS_WIDE_OPS_PER_OP - 1) / LDS_WIDE_OPS_PER_OP
                       : (charge + LDS_COMPILED_OPS_PER_OP - 1) / LDS_COMPILED_OPS_PER_OP;
    out->active = L->mask[L->cond_mask];
    for (unsigned d = 0; d < L->nidx; d++)
        out->idx[d] = lane_values(L, L->idx[d], nlanes);
    out->offset = L->offset >= 0 ? lane_values(L, L->offset, nlanes) : NULL;
    out->addr = L->addr >= 0 ? lane_values(L, L->addr, nlanes) : NULL;
    return 1;
}
