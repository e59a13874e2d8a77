/* src/interval.c - the values an expression can take over an iteration
 * space (src/interval.h): interval arithmetic over int64, "unknown" as
 * soon as a bound would overflow or an operator is not followed. */
#include "src/interval.h"

#include "src/builtins.h"
#include "src/scope.h"

typedef struct {
    const lds_period_ctx *cx;
    const lds_frame *fr;
    bool strict;   /* every subexpression must have a known range */
} pctx;

typedef lds_range rng;

static const rng unknown = { 0, 0, false };

static rng point(int64_t v)
{
    rng r = { v, v, true };
    return r;
}

static rng span(int64_t lo, int64_t hi)
{
    rng r = { lo, hi, lo <= hi };
    return r;
}

static rng range_of(const pctx *p, const lds_expr *e);

/* A uniform value: an expression that does not change inside the range
 * (no lane, no variable of the analysed or inner dimensions, no
 * parameter); probed in the current environment. */
bool lds_uniform_value(const lds_period_ctx *cx, const lds_expr *e, int64_t *v)
{
    if (e->deps & (LDS_DEP_LANE | LDS_DEP_PARAM | cx->var | cx->along | cx->varying | cx->unknown))
        return false;
    return lds_eval_probe_int64(cx->ev, e, v) == 1;
}

/* The ranges of wave, tid and group: the whole dimension when it varies
 * inside the range analysed, else the current value. */
static rng wave_range(const pctx *p)
{
    const lds_period_ctx *cx = p->cx;
    if ((cx->var | cx->varying | cx->unknown) & LDS_DEP_WAVE)
        return span(0, cx->nwaves - 1);
    return point(cx->ev->env->wave);
}

static rng group_range(const pctx *p)
{
    const lds_period_ctx *cx = p->cx;
    if ((cx->var | cx->varying | cx->unknown) & LDS_DEP_GROUP)
        return span(0, cx->groups - 1);
    return point(cx->ev->env->group);
}

static rng var_range(const pctx *p, const lds_sym *s)
{
    const lds_env *env = p->cx->ev->env;
    int64_t x = env->threads[0], y = env->threads[1], ws = env->wave_size;
    rng w = wave_range(p), g = group_range(p);
    switch (s->var) {
    case V_LANE: return span(0, ws - 1);
    case V_WAVE: return w;
    case V_TID: return span(w.lo * ws, w.hi * ws + ws - 1);
    case V_TID_X: return span(0, x - 1);
    case V_TID_Y: return span(0, y - 1);
    case V_TID_Z: return span(0, env->threads[2] - 1);
    case V_GROUP: return g;
    case V_DISPATCH_X: return span(g.lo * x, g.hi * x + x - 1);
    case V_BANKS: return point(env->banks);
    case V_BANK_BYTES: return point(env->bank_bytes);
    case V_WAVE_SIZE: return point(ws);
    case V_THREADS_X: return point(x);
    case V_THREADS_Y: return point(y);
    case V_THREADS_Z: return point(env->threads[2]);
    case V_GROUPS: return point(env->groups);
    }
    return unknown;
}

static rng name_range(const pctx *p, const lds_expr *e)
{
    const lds_period_ctx *cx = p->cx;
    int64_t v, lo, hi;
    if (e->param >= 0) {
        if (!p->fr)
            return unknown;
        pctx up = { cx, p->fr->up, p->strict };
        return range_of(&up, p->fr->args[e->param]);
    }
    const lds_sym *s = e->sym;
    switch (s->kind) {
    case SYM_BUILTIN:
        return var_range(p, s);
    case SYM_CONST:
        return mpz_fits_slong_p(s->value) ? point(mpz_get_si(s->value)) : unknown;
    case SYM_LET: {
        pctx none = { cx, NULL, p->strict };
        return range_of(&none, s->expr);
    }
    case SYM_LOOP:
        if (LDS_DEP_LOOP(s->slot) == cx->var)
            return span(cx->lo, cx->hi - 1);
        /* an outer loop the plan must hold for (unknown), or one inside:
         * its whole range, where its bounds stand still */
        if (LDS_DEP_LOOP(s->slot) & (cx->unknown | cx->varying))
            return cx->loop_range && cx->loop_range(cx->ctx, s->slot, &lo, &hi) ? span(lo, hi) : unknown;
        v = cx->ev->env->loop[s->slot];
        return point(v);
    default:
        return unknown;
    }
}

/* min and max of four products (all must fit). */
static rng product(rng a, rng b)
{
    int64_t v[4];
    if (__builtin_mul_overflow(a.lo, b.lo, &v[0]) || __builtin_mul_overflow(a.lo, b.hi, &v[1])
        || __builtin_mul_overflow(a.hi, b.lo, &v[2]) || __builtin_mul_overflow(a.hi, b.hi, &v[3]))
        return unknown;
    rng r = { v[0], v[0], true };
    for (int i = 1; i < 4; i++) {
        r.lo = v[i] < r.lo ? v[i] : r.lo;
        r.hi = v[i] > r.hi ? v[i] : r.hi;
    }
    return r;
}

/* The smallest 2^k - 1 at or above v >= 0. */
static int64_t ones_above(int64_t v)
{
    int64_t m = 0;
    while (m < v)
        m = m * 2 + 1;
    return m;
}

static rng binary_range(lds_op op, rng a, rng b)
{
    rng r;
    switch (op) {
    case OP_ADD:
        if (__builtin_add_overflow(a.lo, b.lo, &r.lo) || __builtin_add_overflow(a.hi, b.hi, &r.hi))
            return unknown;
        r.known = true;
        return r;
    case OP_SUB:
        if (__builtin_sub_overflow(a.lo, b.hi, &r.lo) || __builtin_sub_overflow(a.hi, b.lo, &r.hi))
            return unknown;
        r.known = true;
        return r;
    case OP_MUL:
        return product(a, b);
    case OP_DIV:   /* by a divisor of one sign: truncation moves toward 0 */
        if (b.lo > 0 || b.hi < 0) {
            int64_t q[4] = { a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi };
            if ((a.lo == INT64_MIN && (b.lo == -1 || b.hi == -1)))
                return unknown;
            r = point(q[0]);
            for (int i = 1; i < 4; i++) {
                r.lo = q[i] < r.lo ? q[i] : r.lo;
                r.hi = q[i] > r.hi ? q[i] : r.hi;
            }
            return r;
        }
        return unknown;
    case OP_MOD: {   /* |a % b| < |b|, with a's sign */
        if (b.lo == INT64_MIN)
            return unknown;
        int64_t m = (b.hi > -b.lo ? b.hi : -b.lo) - 1;
        if (m < 0)
            return unknown;
        if (a.lo >= 0)
            return span(0, a.hi < m ? a.hi : m);
        if (a.hi <= 0)
            return span(a.lo > -m ? a.lo : -m, 0);
        return span(-m, m);
    }
    case OP_AND:
        if (a.lo >= 0 && b.lo >= 0)
            return span(0, a.hi < b.hi ? a.hi : b.hi);
        if (a.lo >= 0)
            return span(0, a.hi);
        if (b.lo >= 0)
            return span(0, b.hi);
        return unknown;
    case OP_OR:
    case OP_XOR:
        if (a.lo >= 0 && b.lo >= 0)
            return span(0, ones_above(a.hi > b.hi ? a.hi : b.hi));
        return unknown;
    case OP_SHL:
        if (b.lo >= 0 && b.hi < 62)
            return product(a, span((int64_t)1 << b.lo, (int64_t)1 << b.hi));
        return unknown;
    case OP_SHR:   /* floor division by 2^n: toward -infinity, monotonic */
        if (b.lo >= 0 && b.hi < 63) {
            int64_t lo = a.lo >= 0 ? a.lo >> b.hi : ~(~a.lo >> b.lo);
            int64_t hi = a.hi >= 0 ? a.hi >> b.lo : ~(~a.hi >> b.hi);
            return span(lo, hi);
        }
        return unknown;
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: case OP_LAND: case OP_LOR:
        return span(0, 1);
    default:
        return unknown;
    }
}

static rng builtin_range(const pctx *p, const lds_expr *e)
{
    rng a, r;
    switch ((lds_builtin)e->builtin) {
    case F_MIN:
    case F_MAX:
        r = range_of(p, e->args[0]);
        for (unsigned i = 1; i < e->nargs && r.known; i++) {
            a = range_of(p, e->args[i]);
            if (!a.known)
                return unknown;
            bool min = e->builtin == F_MIN;
            r.lo = min ? (a.lo < r.lo ? a.lo : r.lo) : (a.lo > r.lo ? a.lo : r.lo);
            r.hi = min ? (a.hi < r.hi ? a.hi : r.hi) : (a.hi > r.hi ? a.hi : r.hi);
        }
        return r;
    case F_ABS:
        a = range_of(p, e->args[0]);
        if (!a.known || a.lo == INT64_MIN)
            return unknown;
        if (a.lo >= 0)
            return a;
        if (a.hi <= 0)
            return span(-a.hi, -a.lo);
        return span(0, -a.lo > a.hi ? -a.lo : a.hi);
    case F_POPCOUNT:
    case F_LOG2:
        return p->strict && !range_of(p, e->args[0]).known ? unknown : span(0, 64);
    case F_CAST:
    case F_VALUE_INDEX: {   /* the value itself where the check passes (elsewhere it stops the run) */
        int64_t k;
        a = range_of(p, e->args[0]);
        return a.known && lds_uniform_value(p->cx, e->args[1], &k)
                       && lds_builtin_check_passes((lds_builtin)e->builtin, k, a.lo, a.hi)
                   ? a
                   : unknown;
    }
    default:
        return unknown;
    }
}

static rng range_of(const pctx *p, const lds_expr *e)
{
    rng a, b;
    int64_t v;
    if (lds_uniform_value(p->cx, e, &v))
        return point(v);
    switch (e->kind) {
    case E_NUM:
        return e->big ? unknown : point(e->value);
    case E_NAME:
        return name_range(p, e);
    case E_UNARY:
        a = range_of(p, e->a);
        if (!a.known)
            return unknown;
        if (e->op == OP_NOT)
            return span(0, 1);
        if (e->op == OP_COMPL)
            return span(~a.hi, ~a.lo);
        return a.lo == INT64_MIN ? unknown : span(-a.hi, -a.lo);
    case E_COND:
        if (p->strict && !range_of(p, e->a).known)
            return unknown;
        a = range_of(p, e->b);
        b = range_of(p, e->c);
        if (!a.known || !b.known)
            return unknown;
        return span(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
    case E_BINARY:
        a = range_of(p, e->a);
        b = range_of(p, e->b);
        if (!a.known || !b.known)
            return e->op >= OP_LT && e->op <= OP_NE && !p->strict ? span(0, 1) : unknown;
        return binary_range(e->op, a, b);
    case E_CALL:
        if (e->builtin >= 0)
            return builtin_range(p, e);
        for (unsigned i = 0; p->strict && i < e->nargs; i++)
            if (!range_of(p, e->args[i]).known)
                return unknown;
        {
            lds_frame f = { e->args, p->fr };
            pctx inner = { p->cx, &f, p->strict };
            return range_of(&inner, e->sym->def->u.def.body);
        }
    }
    return unknown;
}


lds_range lds_range_of(const lds_period_ctx *cx, const lds_frame *fr, const lds_expr *e)
{
    pctx p = { cx, fr, false };
    return range_of(&p, e);
}

bool lds_range_all_known(const lds_period_ctx *cx, const lds_frame *fr, const lds_expr *e)
{
    pctx p = { cx, fr, true };
    return range_of(&p, e).known;
}

int64_t lds_ones_above(int64_t v)
{
    return ones_above(v);
}
