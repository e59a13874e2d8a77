/* src/iterspace.c - the iteration space of one access statement.
 *
 * Dimensions, outermost first: the workgroup, the wave, the block loops
 * hoisted into the access, the access's own loops.  Each range of a
 * dimension is covered one of three ways (decide()):
 *   - multiply: the address, the condition and the inner bounds do not
 *     use the variable: simulate its first value, weight by its trips;
 *   - period: src/period.c proves that after P steps the condition
 *     repeats, every index has moved by a fixed amount per lane, and the
 *     byte address by a multiple of M = banks x bank_bytes (widened to a
 *     multiple of the alignment): the bank pattern repeats, so one period
 *     is simulated and weighted.  Along each residue the indices move
 *     monotonically, so the first and the last period bound them: the
 *     last is checked too, and if a value there fails, the first failing
 *     value is found by bisection and reported;
 *   - enumerate: anything else, one value at a time.
 * Before anything runs, the work is counted exactly (plan_dim()) and
 * refused at once if it exceeds --max-steps.  A trip that issues no
 * instruction (an empty inner range) counts one step, so no range can
 * spin without being counted.  Totals are exact (GMP). */
#include "src/iterspace.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sim/coalesce.h"
#include "base/interrupt.h"
#include "src/job.h"
#include "src/period.h"
#include "base/mem.h"


typedef enum { RANGE_MULTIPLY, RANGE_PERIOD, RANGE_ENUMERATE } range_mode;

/* --------------------------------------------------------- dimensions */

static void set_var(job *j, const dim *d, int64_t v)
{
    if (d->kind == D_GROUP)
        j->env->group = v;
    else if (d->kind == D_WAVE)
        j->env->wave = v;
    else
        j->env->loop[d->slot] = v;
}

static int dim_bounds(job *j, const dim *d, int64_t *lo, int64_t *hi)
{
    if (d->kind == D_GROUP) {
        *lo = 0;
        *hi = j->sp->groups;
        return 0;
    }
    if (d->kind == D_WAVE) {   /* whole range; run_dim splits full waves from the partial one */
        *lo = 0;
        *hi = j->nwaves;
        return 0;
    }
    lds_eval *ev = j->sp->ev;
    if (lds_eval_int64(ev, d->loop->lo, lo, "the loop's start") < 0
        || lds_eval_int64(ev, d->loop->hi, hi, "the loop's end") < 0)
        return lds_job_context_upto(j, -1, (unsigned)(d - j->dims));   /* the loops outside it */
    int64_t t;
    if (__builtin_sub_overflow(*hi, *lo, &t)) {
        lds_diag_set(j->sp->diag, d->loop->loc, "the loop has more than 2^63 trips");
        return -1;
    }
    return 0;
}

/* How a range of dimension i is covered, and the period if by period. */
static range_mode decide(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t *period)
{
    uint64_t bounds;
    lds_job_inner_bits(j, i, &bounds);
    uint64_t bit = j->dims[i].bit;
    if (j->sp->no_shortcuts)
        return RANGE_ENUMERATE;
    if (!((j->addr_deps | j->cond_deps | bounds) & bit))
        return RANGE_MULTIPLY;
    /* one period simulated and one checked at the end: worth it below half */
    if (hi - lo > 2 && lds_job_address_period(j, i, lo, hi, period) && *period < (uint64_t)(hi - lo) / 2)
        return RANGE_PERIOD;
    return RANGE_ENUMERATE;
}

/* Whether the range lo .. hi - 1 of dimension i is all the workgroups
 * or the full waves, to be folded (no fold is running: a wave inside a
 * folded group is not folded too).  A fold runs its first values, often
 * one, where a period of the dimension would run a period of them and
 * check one more: it goes first. */
static bool folds(job *j, unsigned i, int64_t lo, int64_t hi, lds_fold *f)
{
    const dim *d = &j->dims[i];
    bool whole = d->kind == D_WAVE ? hi == j->nfull : d->kind == D_GROUP && hi == j->sp->groups;
    return lo == 0 && whole && !j->fold && lds_job_fold(j, i, hi, f);
}

/* Whether the bounds of a dimension inside i depend on i's variable. */
static bool inner_bounds_use(const job *j, unsigned i)
{
    uint64_t bounds;
    lds_job_inner_bits(j, i, &bounds);
    return (bounds & j->dims[i].bit) != 0;
}

/* ----------------------------------------------------------- the plan */

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

static uint64_t plan_range(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t left);

/* Work dimension i and those inside it will take from here: instructions
 * simulated, and one step per trip that issues none; UINT64_MAX once it
 * passes `left` or on an error (diag set). */
static uint64_t plan_dim(job *j, unsigned i, uint64_t left)
{
    if (i == j->ndims)
        return 1;
    const dim *d = &j->dims[i];
    if (d->kind == D_WAVE)
        return sat_add(plan_range(j, i, 0, j->nfull, left), plan_range(j, i, j->nfull, j->nwaves, left));
    int64_t lo, hi;
    if (dim_bounds(j, d, &lo, &hi) < 0)
        return UINT64_MAX;
    return plan_range(j, i, lo, hi, left);
}

static uint64_t plan_range(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t left)
{
    uint64_t period = 0, trips = (uint64_t)hi - (uint64_t)lo;
    if (hi <= lo)
        return 0;
    if (inner_bounds_use(j, i)) {   /* enumerated: the inner sizes differ per value */
        if (trips > left)
            return UINT64_MAX;
        uint64_t total = 0;
        for (int64_t v = lo; v < hi && total <= left && !lds_interrupt_pending(); v++) {
            set_var(j, &j->dims[i], v);
            uint64_t inner = plan_dim(j, i + 1, left - total);
            if (inner == UINT64_MAX)
                return UINT64_MAX;
            total = sat_add(total, inner ? inner : 1);
        }
        return total;
    }
    set_var(j, &j->dims[i], lo);
    lds_fold fold;
    if (j->fold && j->fold->kdim == i) {   /* a root's one period of k */
        uint64_t inner = plan_dim(j, i + 1, left);
        return inner == UINT64_MAX ? inner : sat_mul(j->fold->period, inner);
    }
    if (folds(j, i, lo, hi, &fold)) {   /* the roots alike */
        j->fold = &fold;
        uint64_t inner = plan_dim(j, i + 1, left);
        j->fold = NULL;
        return inner == UINT64_MAX ? inner : sat_mul(fold.stride, inner);
    }
    uint64_t inner = plan_dim(j, i + 1, left);
    if (inner == 0 || inner == UINT64_MAX)
        return inner;   /* nothing inside, whatever this variable is */
    switch (decide(j, i, lo, hi, &period)) {
    case RANGE_MULTIPLY: return inner;
    case RANGE_PERIOD: return sat_mul(2 * period, inner);
    default: return sat_mul(trips, inner);
    }
}

/* -------------------------------------------------------------- the run */

static int run_dim(job *j, unsigned i);

/* Value v of dimension i under the bounds checks only, its error (if
 * any) in a scratch diag: whether it fails. */
static bool fails_at(job *j, unsigned i, int64_t v)
{
    lds_access_space *sp = j->sp;
    lds_diag scratch = { 0 }, *real = sp->diag;
    sp->diag = sp->ev->diag = sp->ev->num.diag = &scratch;
    set_var(j, &j->dims[i], v);
    j->checking++;
    j->probing = true;
    int rc = run_dim(j, i + 1);
    j->probing = false;
    j->checking--;
    sp->diag = sp->ev->diag = sp->ev->num.diag = real;
    return rc < 0;
}

/* The first failing value of the progression lo + r + kP (k >= 1) up to
 * hi - 1, given that its last value fails and its first passed: failures
 * form a suffix (each index moves by a fixed amount per step). */
static int64_t first_failing(job *j, unsigned i, int64_t lo, int64_t hi, int64_t r, int64_t P)
{
    int64_t good = 0, bad = (hi - 1 - lo - r) / P;
    while (bad - good > 1) {
        int64_t mid = good + (bad - good) / 2;
        if (fails_at(j, i, lo + r + mid * P))
            bad = mid;
        else
            good = mid;
    }
    return lo + r + bad * P;
}

/* The period shortcut's bounds check: the first period ran, so only the
 * last one can hold the extremes; if a value there fails, the first
 * failing value overall (the least over the residues) runs to report its
 * error, as enumeration would have. */
static int check_tail(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t period)
{
    int64_t P = (int64_t)period, first = hi;
    for (int64_t v = hi - P > lo + P ? hi - P : lo + P; v < hi; v++)
        if (fails_at(j, i, v)) {
            int64_t f = first_failing(j, i, lo, hi, (v - lo) % P, P);
            first = f < first ? f : first;
        }
    if (first == hi)
        return 0;
    set_var(j, &j->dims[i], first);
    j->checking++;
    int rc = run_dim(j, i + 1);
    j->checking--;
    return rc;
}

/* Whether an enumerated range of `trips` values with `inner` instructions
 * each is worth the threads (not inside a worker, a check or a probe). */
static bool worth_threads(const job *j, uint64_t inner, int64_t trips)
{
    uint64_t work;
    return j->sp->jobs > 1 && !j->in_worker && !j->checking && !j->probing && trips >= 2
           && (__builtin_mul_overflow(inner, (uint64_t)trips, &work) || work >= j->sp->threads_from);
}

/* Steps left under --max-steps. */
static uint64_t steps_left(const job *j)
{
    const lds_access_space *sp = j->sp;
    return sp->max_steps - (*sp->steps < sp->max_steps ? *sp->steps : sp->max_steps);
}

/* Whether the dimensions inside i issue nothing at any value of i (their
 * bounds do not use it, and are empty): a range of i is then done at
 * once, however long its period.  -1 if counting them failed. */
static int empty_inside(job *j, unsigned i, int64_t lo)
{
    if (i + 1 == j->ndims || inner_bounds_use(j, i))
        return 0;
    set_var(j, &j->dims[i], lo);
    if (plan_dim(j, i + 1, steps_left(j)) != 0)
        return 0;
    return j->sp->diag->set ? -1 : 1;
}

/* The fold's roots: values 0 .. stride - 1 of dimension i, each for its
 * class. */
static int run_fold_roots(job *j, unsigned i, int64_t hi, lds_fold *f)
{
    for (uint64_t r = 0; r < f->stride; r++) {
        f->members = ((uint64_t)hi - r + f->stride - 1) / f->stride;
        set_var(j, &j->dims[i], (int64_t)r);
        mpz_set(j->mult[i + 1], j->mult[i]);
        j->fold = f;
        int rc = run_dim(j, i + 1);
        j->fold = NULL;
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* A root's loop k: one period, residue t weighed by members x (whole
 * periods) plus the pairs of its class beyond them (src/foldcount.c). */
static int run_folded_period(job *j, unsigned i, int64_t lo, int64_t hi)
{
    const lds_fold *f = j->fold;
    uint64_t trips = (uint64_t)hi - (uint64_t)lo, q = trips / f->period;
    mpz_ptr next = j->mult[i + 1];
    int empty = empty_inside(j, i, lo);
    if (empty)
        return empty < 0 ? -1 : 0;
    lds_residue_counts c;
    lds_residue_counts_open(&c, f, trips % f->period);
    int rc = 0;
    for (uint64_t t = 0; t < f->period && rc == 0; t++) {
        set_var(j, &j->dims[i], lo + (int64_t)t);
        mpz_mul_ui(next, j->mult[i], (unsigned long)q);
        mpz_mul_ui(next, next, (unsigned long)f->members);
        mpz_addmul_ui(next, j->mult[i], (unsigned long)lds_residue_counts_at(&c, t));
        rc = run_dim(j, i + 1);
    }
    lds_residue_counts_close(&c);
    return rc;
}

/* Run dimension i over lo..hi-1 with the multiplier in mult[i]. */
static int run_range(job *j, unsigned i, int64_t lo, int64_t hi)
{
    const dim *d = &j->dims[i];
    const lds_access_space *sp = j->sp;
    int64_t trips = hi - lo;
    uint64_t period = 0;
    if (trips <= 0)
        return 0;
    mpz_ptr next = j->mult[i + 1];
    lds_fold fold;
    if (j->fold && j->fold->kdim == i)
        return run_folded_period(j, i, lo, hi);
    if (folds(j, i, lo, hi, &fold))
        return run_fold_roots(j, i, hi, &fold);
    switch (decide(j, i, lo, hi, &period)) {
    case RANGE_MULTIPLY:
        set_var(j, d, lo);
        mpz_mul_ui(next, j->mult[i], (unsigned long)trips);
        return run_dim(j, i + 1);
    case RANGE_PERIOD: {
        int empty = empty_inside(j, i, lo);
        if (empty)
            return empty < 0 ? -1 : 0;
        uint64_t q = (uint64_t)trips / period, r = (uint64_t)trips % period;
        for (uint64_t t = 0; t < period; t++) {
            set_var(j, d, lo + (int64_t)t);
            mpz_mul_ui(next, j->mult[i], (unsigned long)(q + (t < r)));
            if (run_dim(j, i + 1) < 0)
                return -1;
        }
        return check_tail(j, i, lo, hi, period);
    }
    default:
        if (!inner_bounds_use(j, i)) {   /* nothing inside, whatever v is: done at once */
            set_var(j, d, lo);
            uint64_t inner = plan_dim(j, i + 1, steps_left(j));
            if (inner == 0)
                return sp->diag->set ? -1 : 0;
            if (worth_threads(j, inner, trips) && lds_job_run_parallel(j, i, lo, hi, inner))
                return 0;
        }
        return lds_job_run_enumerated(j, i, lo, hi);
    }
}

int lds_job_run_enumerated(job *j, unsigned i, int64_t lo, int64_t hi)
{
    const lds_access_space *sp = j->sp;
    mpz_ptr next = j->mult[i + 1];
    for (int64_t v = lo; v < hi; v++) {
        uint64_t before = *sp->steps;
        set_var(j, &j->dims[i], v);
        if (v == lo)   /* the dimensions inside never write it */
            mpz_set(next, j->mult[i]);
        if (run_dim(j, i + 1) < 0)
            return -1;
        if (!j->probing && *sp->steps == before && ++*sp->steps > sp->max_steps) {   /* an empty trip */
            lds_diag_set(sp->diag, sp->s->loc, "more than %llu instructions and empty loop trips (--max-steps)",
                         (unsigned long long)sp->max_steps);
            return -1;
        }
    }
    return 0;
}

static int run_dim(job *j, unsigned i)
{
    if (i == j->ndims)
        return lds_job_leaf(j, j->mult[i]);
    const dim *d = &j->dims[i];
    if (d->kind == D_WAVE) {   /* full waves, then the partial one */
        if (run_range(j, i, 0, j->nfull) < 0)
            return -1;
        return run_range(j, i, j->nfull, j->nwaves);
    }
    int64_t lo, hi;
    if (dim_bounds(j, d, &lo, &hi) < 0)
        return -1;
    return run_range(j, i, lo, hi);
}

/* ------------------------------------------------------------- set-up */

static void add_loop_dim(job *j, const lds_loop *lp, unsigned slot)
{
    dim *d = &j->dims[j->ndims++];
    d->kind = D_LOOP;
    d->loop = lp;
    d->slot = slot;
    d->bit = LDS_DEP_LOOP(slot);
    d->bounds_deps = lp->lo->deps | lp->hi->deps;
    j->loops[j->nloops].loop = lp;
    j->loops[j->nloops++].slot = slot;
}

static uint64_t lcm_u64(uint64_t a, uint64_t b)
{
    return a / lds_sim_gcd(a, b) * b;
}

/* What the address and the condition depend on. */
static void dependencies(job *j)
{
    const lds_stmt *s = j->sp->s;
    const lds_target *t = &s->u.access.target;
    j->cond_deps = s->u.access.cond ? s->u.access.cond->deps : 0;
    if (t->kind == T_ADDR) {
        j->addr_deps = t->addr->deps;
        return;
    }
    for (unsigned d = 0; d < t->nidx; d++)
        j->addr_deps |= t->idx[d]->deps;
    if (t->kind == T_ELEM && t->array->array.layout)
        j->addr_deps |= t->array->array.layout->deps;
}

/* --at NAME=N where NAME is a name loop d's trips are shown by (for k in
 * 0..9 as s = 1 << k: --at s=8): the first trip in lo..hi where it is N,
 * into *v.  1, 0 where NAME is not one of d's, or -1 (diag set: no trip
 * has it, or it cannot be evaluated). */
static int at_shown(job *j, const dim *d, const lds_at *at, int64_t lo, int64_t hi, int64_t *v)
{
    const lds_loop *lp = d->loop;
    for (unsigned m = 0; m < lp->nshown; m++) {
        if (strcmp(lp->shown_name[m], at->name))
            continue;
        for (int64_t t = lo; t < hi; t++) {
            int64_t shown;
            set_var(j, d, t);
            if (lds_eval_int64(j->sp->ev, lp->shown[m], &shown, "a name a loop's trips are shown by") < 0)
                return -1;
            if (shown == at->value) {
                *v = t;
                return 1;
            }
        }
        lds_diag_set(j->sp->diag, j->sp->s->loc, "--at %s=%lld: no trip of this access's loop has %s = %lld", at->name,
                     (long long)at->value, at->name, (long long)at->value);
        return -1;
    }
    return 0;
}

/* --at: after the run, the one instruction the coordinates name takes
 * the place of the instructions kept for --show (the shortcuts may
 * never have simulated it: it is simulated now, and counted nowhere). */
static int sample_at(job *j)
{
    const lds_access_space *sp = j->sp;
    lds_results_clear_samples(j->rec);
    for (unsigned i = 0; i < j->ndims; i++) {
        const dim *d = &j->dims[i];
        const char *name = d->kind == D_GROUP ? "group" : d->kind == D_WAVE ? "wave" : d->loop->var;
        int64_t lo, hi, v;
        if (dim_bounds(j, d, &lo, &hi) < 0)
            return -1;
        v = lo;
        bool given = false;
        for (unsigned k = 0; k < sp->nat; k++)
            if (!strcmp(sp->at[k].name, name)) {
                v = sp->at[k].value;
                given = true;
            } else if (d->kind == D_LOOP) {
                int rc = at_shown(j, d, &sp->at[k], lo, hi, &v);
                if (rc < 0)
                    return -1;
                given |= rc > 0;
            }
        if (v < lo || v >= hi) {
            if (given)
                lds_diag_set(sp->diag, sp->s->loc, "--at %s=%lld: this access's %s runs %lld..%lld there", name,
                             (long long)v, name, (long long)lo, (long long)hi);
            else
                lds_diag_set(sp->diag, sp->s->loc, "--at: %s has no value there (%lld..%lld)", name,
                             (long long)lo, (long long)hi);
            return -1;
        }
        set_var(j, d, v);
    }
    j->pointing = true;
    int rc = lds_job_leaf(j, j->mult[0]);
    j->pointing = false;
    return rc;
}

static int run_job(job *j)
{
    const lds_access_space *sp = j->sp;
    const lds_sim_profile *p = sp->profile;
    j->total_threads = sp->threads[0] * sp->threads[1] * sp->threads[2];
    j->nwaves = (j->total_threads + p->wave - 1) / p->wave;
    j->nfull = j->total_threads / p->wave;
    unsigned width = sp->width / sp->parts;
    lds_sim_geometry g = lds_sim_geometry_for(p, (lds_sim_kind)sp->s->u.access.kind, width * sp->s->u.access.naddr,
                                              sp->s->u.access.naddr);
    j->modulus = lcm_u64((uint64_t)g.banks * g.bank_bytes, lds_address_alignment(&j->target));
    if (sp->s->u.access.global) {   /* transactions and lines repeat when every address moves by a line */
        const lds_sim_global_model *gm = lds_sim_global_model_of(p);
        j->modulus = lcm_u64(lcm_u64(gm->unit, gm->line), lds_address_alignment(&j->target));
    } else if (lds_sim_entry_of(p, (lds_sim_kind)sp->s->u.access.kind, width)->unaligned_free)
        j->modulus = lcm_u64(j->modulus, 16);   /* whether a lane is unaligned repeats with its slot (at most 16 B) */
    j->env->wave = j->env->group = 0;
    if (lds_job_closed_form(j))   /* every instruction alike: no plan, no enumeration */
        return 0;
    uint64_t left = sp->max_steps - (*sp->steps < sp->max_steps ? *sp->steps : sp->max_steps);
    j->planning = true;
    uint64_t planned = plan_dim(j, 0, left);
    j->planning = false;
    if (sp->progress)
        sp->progress->planned = planned;
    lds_work_begin(&j->work, sp->ev->budget, planned, "instructions");
    if (sp->diag->set)
        return -1;
    if (planned > left) {
        if (planned == UINT64_MAX)
            lds_diag_set(sp->diag, sp->s->loc, "this access needs more instructions simulated one by one than --max-steps allows (%llu)",
                         (unsigned long long)sp->max_steps);
        else
            lds_diag_set(sp->diag, sp->s->loc, "this access needs %llu instructions simulated one by one, more than --max-steps allows (%llu)",
                         (unsigned long long)planned, (unsigned long long)sp->max_steps);
        return -1;
    }
    mpz_set_ui(j->mult[0], 1);
    if (run_dim(j, 0) < 0)
        return -1;
    return sp->nat && j->rec->capsamples ? sample_at(j) : 0;
}

int lds_access_simulate(const lds_access_space *sp, lds_access_result *rec, lds_metrics *m)
{
    /* On the stack (12 KB, one per access, never nested: worker threads
     * have copies of their own): a heap block this large made every
     * sweep point consolidate malloc's free lists. */
    job jmem;
    job *j = &jmem;
    memset(j, 0, offsetof(job, active));   /* the rest is written before it is read */
    memset(&j->result, 0, offsetof(lds_sim_result, phase));
    lds_access_space own = *sp;
    j->sp = &own;
    j->rec = rec;
    j->m = m;
    j->env = sp->ev->env;
    const int64_t *offset = sp->s->u.access.offset;
    uint64_t farther = sp->s->u.access.naddr == 2 ? (uint64_t)(offset[0] > offset[1] ? offset[0] : offset[1]) : 0;
    lds_address_ctx target = { &sp->s->u.access.target, sp->profile, sp->width, sp->elem_size, sp->ev,
                               sp->s->u.access.form ? sp->s->u.access.form->align : 0, farther + sp->width,
                               sp->s->u.access.global };
    j->target = target;
    j->dims[0].kind = D_GROUP;
    j->dims[0].bit = LDS_DEP_GROUP;
    j->dims[1].kind = D_WAVE;
    j->dims[1].bit = LDS_DEP_WAVE;
    j->ndims = 2;
    for (unsigned i = 0; i < sp->nouter; i++)
        add_loop_dim(j, sp->outer[i].loop, sp->outer[i].slot);
    for (unsigned i = 0; i < sp->s->u.access.nloops; i++)
        add_loop_dim(j, &sp->s->u.access.loops[i], sp->s->u.access.loops[i].sym->slot);
    for (unsigned i = 0; i <= j->ndims; i++)   /* mult[i + 1] for dimension i */
        mpz_init(j->mult[i]);
    dependencies(j);
    if (!sp->no_shortcuts) {   /* the differential checks compare against the plain path alone */
        j->lanes = lds_lanes_compile(sp->s, &sp->ev->num, sp->arena);
        j->memo = lds_memo_new(sp->arena);
    }
    int rc = run_job(j);
    lds_job_flush(j);
    lds_memo_release(j->memo);
    for (unsigned i = 0; i <= j->ndims; i++)
        mpz_clear(j->mult[i]);
    return rc;
}
