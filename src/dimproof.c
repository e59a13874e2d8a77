/* src/dimproof.c - the proofs behind the shortcuts of src/iterspace.c:
 * after how many steps of a dimension an access repeats its bank pattern
 * (src/period.c applied to its condition, indices and address), and when
 * the waves or workgroups fold into a loop.  Nothing here runs an
 * instruction. */
#include "src/job.h"

#include "src/interval.h"
#include "base/limits.h"
#include "src/period.h"

/* Bits of the dimensions nested inside dimension i, and what their
 * bounds depend on. */
uint64_t lds_job_inner_bits(const job *j, unsigned i, uint64_t *bounds)
{
    uint64_t bits = 0;
    *bounds = 0;
    for (unsigned k = i + 1; k < j->ndims; k++) {
        bits |= j->dims[k].bit;
        *bounds |= j->dims[k].bounds_deps;
    }
    return bits;
}

/* What the period analysis asks of the dimensions inside the one it
 * analyses. */
typedef struct {
    job *j;
    uint64_t analysed, inside;   /* its bit, and the bits inside it */
} inner_ctx;

/* The range of the loop variable of slot (nested inside the dimension
 * analysed, or outside it while planning), when its bounds are fixed:
 * they use neither the analysed variable nor any other dimension's. */
static int inner_loop_range(void *ctx, unsigned slot, int64_t *lo, int64_t *hi)
{
    const inner_ctx *c = ctx;
    const job *j = c->j;
    for (unsigned k = 0; k < j->ndims; k++) {
        const dim *d = &j->dims[k];
        int64_t h;
        if (d->kind != D_LOOP || d->slot != slot)
            continue;
        if (d->bounds_deps & (c->analysed | c->inside | LDS_DEP_LANE | LDS_DEP_PARAM))
            return 0;
        if (!lds_eval_probe_int64(j->sp->ev, d->loop->lo, lo) || !lds_eval_probe_int64(j->sp->ev, d->loop->hi, &h)
            || h <= *lo)
            return 0;
        *hi = h - 1;
        return 1;
    }
    return 0;
}

/* The element offset's shift: each index moves by a fixed amount per
 * lane (what the bounds checks at both ends rely on), and the row-major
 * offset, or the layout's, by their sum. */
static int element_shift(const lds_period_ctx *cx, const lds_target *t, lds_shift *offset, uint64_t *P)
{
    const lds_array *a = t->kind == T_ELEM ? &t->array->array : NULL;
    lds_shift sh;
    for (unsigned d = 0; d < t->nidx; d++) {
        int64_t stride = 1;
        if (!lds_period_of(cx, t->idx[d], &sh) || !(*P = lds_period_lcm(*P, sh.period)))
            return 0;
        for (unsigned k = d + 1; a && a->ndims && k < t->nidx; k++)
            if (__builtin_mul_overflow(stride, a->dims[k], &stride))
                return 0;
        if (!(a && a->layout) && !lds_shift_add(offset, sh, stride))
            return 0;
    }
    if (a && a->layout && !lds_period_of_call(cx, a->layout, t->idx, offset))
        return 0;
    return 1;
}

/* Nodes of e with its def calls expanded, down from *left: false once
 * they run out (a def of defs doubles at each level). */
static bool within(const lds_expr *e, const lds_frame *fr, uint64_t *left)
{
    if (!e)
        return true;
    if (*left == 0)
        return false;
    --*left;
    switch (e->kind) {
    case E_NAME:
        if (e->param >= 0)
            return !fr || within(fr->args[e->param], fr->up, left);
        return e->sym->kind != SYM_LET || within(e->sym->expr, NULL, left);
    case E_UNARY:
        return within(e->a, fr, left);
    case E_BINARY:
        return within(e->a, fr, left) && within(e->b, fr, left);
    case E_COND:
        return within(e->a, fr, left) && within(e->b, fr, left) && within(e->c, fr, left);
    case E_CALL:
        for (unsigned i = 0; i < e->nargs; i++)
            if (!within(e->args[i], fr, left))
                return false;
        if (e->builtin < 0) {
            lds_frame f = { e->args, fr };
            return within(e->sym->def->u.def.body, &f, left);
        }
        return true;
    default:
        return true;
    }
}

static unsigned access_exprs(const job *j, const lds_expr **out);
static const lds_sym *layout_of(const job *j);

/* Whether the access is small enough for the proofs (LDS_MAX_PROOF_NODES
 * nodes, def calls expanded); found once a job. */
static bool provable(job *j)
{
    if (!j->provable) {
        const lds_expr *e[LDS_MAX_DIMS + 2];
        unsigned n = access_exprs(j, e);
        uint64_t left = LDS_MAX_PROOF_NODES;
        bool ok = true;
        for (unsigned i = 0; i < n && ok; i++)
            ok = within(e[i], NULL, &left);
        const lds_sym *layout = layout_of(j);
        if (ok && layout) {
            lds_frame f = { j->sp->s->u.access.target.idx, NULL };
            ok = within(layout->def->u.def.body, &f, &left);
        }
        j->provable = ok ? 1 : -1;
    }
    return j->provable > 0;
}

/* The period of dimension i's variable over lo .. hi - 1 after which the
 * bank pattern and the condition repeat and every index has moved by a
 * fixed amount per lane (src/period.h); 0 if not proven. */
int lds_job_address_period(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t *period)
{
    const lds_target *t = &j->sp->s->u.access.target;
    uint64_t bit = j->dims[i].bit, bounds, varying = lds_job_inner_bits(j, i, &bounds);
    if ((bounds & bit) || !provable(j))
        return 0;
    uint64_t outer = 0;
    for (unsigned k = 0; j->planning && k < i; k++)   /* the plan holds for every outer value */
        outer |= j->dims[k].bit;
    inner_ctx ic = { j, bit, varying | outer };
    lds_period_ctx cx = { j->sp->ev, bit, lo, hi, varying, outer, j->nwaves, j->sp->groups, inner_loop_range, &ic, 0, 0 };
    lds_shift sh, addr = { 1, 0, true };
    uint64_t P = 1;
    if (j->sp->s->u.access.cond) {
        if (!lds_period_of(&cx, j->sp->s->u.access.cond, &sh) || sh.c != 0)
            return 0;
        P = sh.period;
    }
    if (t->kind == T_ADDR) {
        if (!lds_period_of(&cx, t->addr, &addr))
            return 0;
    } else if (!element_shift(&cx, t, &addr, &P)
               || __builtin_mul_overflow(addr.c, (int64_t)j->sp->elem_size, &addr.c)) {
        return 0;
    }
    /* a shift that differs by lane keeps each lane's bank but not which
     * lanes share a word: enough only where that never matters (atomics,
     * writes on a part that does not merge them); a merge, the pair rule
     * or a CAS loop needs every lane shifted alike */
    const lds_sim_profile *p = j->sp->profile;
    if (!addr.uniform && addr.c != 0
        && lds_sim_equality_matters(p, (lds_sim_kind)j->sp->s->u.access.kind, lds_form_on(j->sp->s->u.access.form, p)))
        return 0;
    uint64_t bank = lds_period_modulo(&addr, j->modulus);
    if (!bank || !(P = lds_period_lcm(P, bank)))
        return 0;
    *period = P;
    return 1;
}

/* ------------------------------------------------------------ the fold
 *
 * Many waves (or workgroups: below, "wave" stands for either) that run
 * one another's instructions at other values of a loop k.  src/period.c
 * proves a direction: wave w + S at k + D runs the very instruction wave
 * w runs at k (every index, the layout's element and the condition
 * equal: shift 0) for every value of the other dimensions, for S waves
 * and D = S d values of k.  With k repeating exactly with period P for
 * every wave and every value of the loops between (shift 0 again), and
 * the loops inside k running the same trips at every k, wave r + mS at
 * k runs wave r's instruction at lo + ((k - lo - mD) mod P): by
 * induction on m, moving k within wave r + mS by whole periods to a k1
 * with k1 - D in range too (one exists when |D| <= trips - P), then one
 * step back along the direction.  So the first S waves (the roots) run,
 * each one period of k at every value of the loops between, every
 * residue weighed by the (wave, k) pairs of its class that land there
 * (a weight that depends on neither those loops nor the ones inside k).
 *
 * Errors: the indices, the element and the condition are equal, so the
 * bounds checks fail where the roots' do; every operator that can fail
 * (/ % by zero, shift counts, built-ins) takes operands that are uniform
 * or repeat exactly along both directions (the rules of src/period.c),
 * so they too take the roots' values; and the interval analysis proves
 * that no value anywhere leaves int64 (no --max-bits error).  The roots
 * are the first S waves, and within a root the first period is the
 * first P values of k: the first error in enumeration order is met
 * first here too, at the same place. */

/* The expressions that make an instruction: the condition, then the
 * address or every index.  Their number. */
static unsigned access_exprs(const job *j, const lds_expr **out)
{
    const lds_stmt *s = j->sp->s;
    const lds_target *t = &s->u.access.target;
    unsigned n = 0;
    if (s->u.access.cond)
        out[n++] = s->u.access.cond;
    if (t->kind == T_ADDR)
        out[n++] = t->addr;
    else
        for (unsigned d = 0; d < t->nidx; d++)
            out[n++] = t->idx[d];
    return n;
}

static const lds_sym *layout_of(const job *j)
{
    const lds_target *t = &j->sp->s->u.access.target;
    return t->kind == T_ELEM ? t->array->array.layout : NULL;
}

/* Whether every expression of the access, and the layout's element,
 * repeats exactly along cx (shift 0): the period in *period. */
static int repeats_exactly(const job *j, const lds_period_ctx *cx, uint64_t *period)
{
    const lds_expr *e[LDS_MAX_DIMS + 2];
    unsigned n = access_exprs(j, e);
    const lds_sym *layout = layout_of(j);
    lds_shift sh;
    uint64_t P = 1;
    for (unsigned i = 0; i < n; i++)
        if (!lds_period_of(cx, e[i], &sh) || sh.c != 0 || !(P = lds_period_lcm(P, sh.period)))
            return 0;
    if (layout
        && (!lds_period_of_call(cx, layout, j->sp->s->u.access.target.idx, &sh) || sh.c != 0
            || !(P = lds_period_lcm(P, sh.period))))
        return 0;
    *period = P;
    return 1;
}

/* Whether no value the access computes leaves int64 anywhere in cx's
 * space. */
static bool stays_in_int64(const job *j, const lds_period_ctx *cx)
{
    const lds_expr *e[LDS_MAX_DIMS + 2];
    unsigned n = access_exprs(j, e);
    const lds_sym *layout = layout_of(j);
    for (unsigned i = 0; i < n; i++)
        if (!lds_range_all_known(cx, NULL, e[i]))
            return false;
    if (layout) {
        lds_frame f = { j->sp->s->u.access.target.idx, NULL };
        return lds_range_all_known(cx, &f, layout->def->u.def.body);
    }
    return true;
}

/* An analysis in progress: the space, and the def call it is in. */
typedef struct {
    const lds_period_ctx *cx;
    const lds_frame *fr;
} pctx;

/* An affine step: one step shifts e by the same c everywhere. */
static bool affine_step(const pctx *p, const lds_expr *e, int64_t *c)
{
    lds_shift s;
    if (!lds_period_of_framed(p->cx, p->fr, e, &s) || s.period != 1 || !s.uniform || s.c == 0)
        return false;
    *c = s.c;
    return true;
}

/* A step of the loop that may cancel one step of the wave (the fold's
 * candidate direction, proven afterwards): at the outermost
 * subexpression of e that moves with both and shifts by a uniform amount
 * per step of each (c_wave, c_loop), -c_wave / c_loop where that
 * divides.  p analyses the wave alone, q the loop alone, both at the
 * same place (def call).  1 if found. */
static int fold_step(const pctx *p, const pctx *q, const lds_expr *e, int64_t *step)
{
    const lds_period_ctx *cx = p->cx;
    uint64_t both = cx->var | q->cx->var;
    int64_t cv, ca;
    if (!e || ((e->deps & both) != both && !(e->deps & LDS_DEP_PARAM)))
        return 0;
    /* cv / ca overflows only as INT64_MIN / -1, its negation only at INT64_MIN */
    if (affine_step(p, e, &cv) && affine_step(q, e, &ca) && cv != INT64_MIN && cv % ca == 0) {
        *step = -(cv / ca);
        return 1;
    }
    switch (e->kind) {
    case E_NAME:
        if (e->param >= 0 && p->fr) {
            pctx up = { cx, p->fr->up }, qup = { q->cx, q->fr->up };
            return fold_step(&up, &qup, p->fr->args[e->param], step);
        }
        if (e->param < 0 && e->sym->kind == SYM_LET) {
            pctx none = { cx, NULL }, qnone = { q->cx, NULL };
            return fold_step(&none, &qnone, e->sym->expr, step);
        }
        return 0;
    case E_UNARY:
        return fold_step(p, q, e->a, step);
    case E_BINARY:
        return fold_step(p, q, e->a, step) || fold_step(p, q, e->b, step);
    case E_COND:
        return fold_step(p, q, e->a, step) || fold_step(p, q, e->b, step) || fold_step(p, q, e->c, step);
    case E_CALL:
        if (e->builtin < 0) {
            lds_frame f = { e->args, p->fr }, g = { e->args, q->fr };
            pctx in = { cx, &f }, qin = { q->cx, &g };
            return fold_step(&in, &qin, e->sym->def->u.def.body, step);
        }
        for (unsigned i = 0; i < e->nargs; i++)
            if (fold_step(p, q, e->args[i], step))
                return 1;
        return 0;
    default:
        return 0;
    }
}

/* Whether dimension i (the wave or the group) over 0 .. hi - 1 folds
 * into loop dimension k, and how. */
static int fold_into(job *j, unsigned i, int64_t hi, unsigned k, lds_fold *f)
{
    uint64_t bit = j->dims[i].bit, bounds, varying = lds_job_inner_bits(j, i, &bounds), outer = 0;
    uint64_t kbit = j->dims[k].bit, kbounds, kinner = lds_job_inner_bits(j, k, &kbounds);
    int64_t klo, khi, step, D;
    /* k's bounds fixed inside i, and the loops inside k the same trips at every k */
    inner_ctx ic = { j, bit, varying };
    if (j->dims[k].kind != D_LOOP || !((j->addr_deps | j->cond_deps) & kbit) || (kbounds & kbit)
        || !inner_loop_range(&ic, j->dims[k].slot, &klo, &khi))
        return 0;
    khi++;   /* inner_loop_range gives the last value */
    for (unsigned o = 0; j->planning && o < i; o++)
        outer |= j->dims[o].bit;
    uint64_t trips = (uint64_t)khi - (uint64_t)klo, between = varying & ~(kbit | kinner);
    ic.inside = varying | outer;
    lds_period_ctx self = { j->sp->ev, bit, 0, hi, varying, outer, j->nwaves, j->sp->groups, inner_loop_range, &ic, 0, 0 };
    /* k alone, for every value of i (and of the dimensions between) */
    inner_ctx kc = { j, kbit, varying | outer | bit };
    lds_period_ctx loop = { j->sp->ev, kbit, klo, khi, kinner, outer | bit | between, j->nwaves, j->sp->groups,
                            inner_loop_range, &kc, 0, 0 };
    const lds_expr *e[LDS_MAX_DIMS + 2];
    unsigned n = access_exprs(j, e), at = 0;
    pctx pd = { &self, NULL }, pk = { &loop, NULL };
    while (at < n && !fold_step(&pd, &pk, e[at], &step))
        at++;
    if (at == n)
        return 0;
    lds_period_ctx along = self;
    along.along = kbit;
    along.along_step = step;
    uint64_t S, P;
    if (!repeats_exactly(j, &along, &S) || S >= (uint64_t)hi || !repeats_exactly(j, &loop, &P) || P >= trips / 2
        || __builtin_mul_overflow((int64_t)S, step, &D) || D == INT64_MIN || (uint64_t)(D < 0 ? -D : D) > trips - P
        || !stays_in_int64(j, &along))
        return 0;
    *f = (lds_fold){ k, P, D, S, 0 };
    return 1;
}

int lds_job_fold(job *j, unsigned i, int64_t hi, lds_fold *f)
{
    uint64_t bounds;
    lds_job_inner_bits(j, i, &bounds);
    if (j->sp->no_shortcuts || j->dims[i].kind == D_LOOP || hi < 2 || (bounds & j->dims[i].bit) || !provable(j))
        return 0;
    for (unsigned k = i + 1; k < j->ndims; k++)   /* the first loop it folds into */
        if (fold_into(j, i, hi, k, f))
            return 1;
    return 0;
}
