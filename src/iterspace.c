/* src/iterspace.c - the iteration space of one access statement.
 *
 * Dimensions, outermost first: the workgroup, the wave, the block loops
 * hoisted into the access, the access's own loops.  Each range of a
 * dimension is covered one of three ways (decide()):
 *   - multiply: the address, the condition and the inner bounds do not
 *     use the variable: simulate its first value, weight by its trips;
 *   - period: the byte address is affine in it (a*v + f(rest), a the same
 *     for every lane, src/affine.c), so every lane moves by a bytes per
 *     step and the bank pattern repeats with period M / gcd(a, M), M =
 *     banks x bank_bytes (widened to a multiple of the alignment): one
 *     period is simulated and weighted.  Indices affine in v are monotonic
 *     per lane, so the first and last values bound them: the last is
 *     checked too, and if it is out of range, the first failing value is
 *     found by bisection and reported;
 *   - enumerate: anything else, one value at a time.
 * Before anything runs, the work is counted exactly (plan_dim()) and
 * refused at once if it exceeds --max-steps.  A trip that issues no
 * instruction (an empty inner range) counts one step, so no range can
 * spin without being counted.  Totals are exact (GMP). */
#include "src/iterspace.h"

#include <stdlib.h>
#include <string.h>

#include "src/address.h"
#include "src/affine.h"
#include "src/buf.h"
#include "src/mem.h"

#define MAX_DIMS (LDS_MAX_LOOPS + 2)

typedef enum { D_GROUP, D_WAVE, D_LOOP } dim_kind;

typedef struct {
    dim_kind kind;
    const lds_loop *loop;     /* D_LOOP */
    unsigned slot;
    uint64_t bit;             /* its dependency bit */
    uint64_t bounds_deps;     /* what its LO..HI depend on */
} dim;

typedef enum { RANGE_MULTIPLY, RANGE_PERIOD, RANGE_ENUMERATE } range_mode;

typedef struct {
    lds_access_space *sp;     /* the caller's, copied: bisection swaps its diag */
    lds_access_result *rec;
    lds_env *env;
    uint64_t addr_deps;       /* target and layout */
    uint64_t cond_deps;
    dim dims[MAX_DIMS];
    unsigned ndims;
    lds_outer_loop loops[MAX_DIMS];   /* every loop dimension, for messages */
    unsigned nloops;
    int64_t total_threads, nwaves, nfull;
    uint64_t modulus;         /* bytes after which the bank pattern repeats */
    int checking;             /* > 0: evaluate for errors, count nothing */
    bool probing;             /* bisecting for the first failing value: no
                                 steps counted (at most 64 probes) */
    lds_metrics *m;
    lds_address_ctx target;   /* how a lane's address is found */
    mpz_t mult[MAX_DIMS + 1];
    bool active[LDS_SIM_MAX_WAVE];
    uint64_t addr[LDS_SIM_MAX_WAVE];
    lds_sim_result result;
} job;

/* --------------------------------------------------------- messages */

/* " (lane 3, wave 1, k = 5)": where an error happened, naming the
 * dimensions outside `upto` (every one for an error at a lane). */
static int context_upto(job *j, int lane, unsigned upto)
{
    const lds_access_space *sp = j->sp;
    lds_diag *d = sp->diag;
    const char *sep = " (";
    if (lane >= 0) {
        lds_diag_append(d, "%slane %d", sep, lane);
        sep = ", ";
    }
    if (j->nwaves > 1) {
        lds_diag_append(d, "%swave %lld", sep, (long long)j->env->wave);
        sep = ", ";
    }
    if (sp->groups > 1) {
        lds_diag_append(d, "%sgroup %lld", sep, (long long)j->env->group);
        sep = ", ";
    }
    for (unsigned i = 0; i < sp->nfixed; i++, sep = ", ")
        lds_diag_append(d, "%s%s = %lld", sep, sp->fixed[i].loop->var, (long long)j->env->loop[sp->fixed[i].slot]);
    for (unsigned i = 0; i < j->nloops && i + 2 < upto; i++, sep = ", ")   /* dims 0, 1: group, wave */
        lds_diag_append(d, "%s%s = %lld", sep, j->loops[i].loop->var, (long long)j->env->loop[j->loops[i].slot]);
    if (sep[0] == ',')
        lds_diag_append(d, ")");
    return -1;
}

static int context(job *j, int lane)
{
    return context_upto(j, lane, MAX_DIMS);
}

/* "k = 5, wave 1": an instruction's place, for --show; "b32 2 of 3" for
 * a part of a split access. */
static char *sample_label(job *j, unsigned part)
{
    lds_buf b = { 0 };
    if (j->sp->parts > 1)
        lds_buf_printf(&b, "b%u %u of %u", j->sp->width / j->sp->parts * 8, part + 1, j->sp->parts);
    for (unsigned i = 0; i < j->nloops; i++)
        lds_buf_printf(&b, "%s%s = %lld", b.len ? ", " : "", j->loops[i].loop->var,
                       (long long)j->env->loop[j->loops[i].slot]);
    if (j->nwaves > 1)
        lds_buf_printf(&b, "%swave %lld", b.len ? ", " : "", (long long)j->env->wave);
    if (j->sp->groups > 1)
        lds_buf_printf(&b, "%sgroup %lld", b.len ? ", " : "", (long long)j->env->group);
    return lds_buf_take(&b);
}

/* --------------------------------------------------------------- leaf */

static int simulate_part(job *j, unsigned part, mpz_srcptr mult);

/* One execution of the access by one wave: evaluate every lane; a wave
 * with no active lane issues nothing (counted as skipped), else each of
 * its instructions is simulated and weighed by mult. */
static int leaf(job *j, mpz_srcptr mult)
{
    const lds_access_space *sp = j->sp;
    const lds_stmt *s = sp->s;
    unsigned wave = sp->profile->wave;
    if (!j->probing && ++*sp->steps > sp->max_steps) {
        lds_diag_set(sp->diag, s->loc, "more than %llu instructions to simulate (--max-steps)",
                     (unsigned long long)sp->max_steps);
        return -1;
    }
    for (unsigned lane = 0; lane < wave; lane++) {
        j->env->lane = lane;
        int64_t tid = j->env->wave * (int64_t)wave + lane;
        j->active[lane] = tid < j->total_threads;
        j->addr[lane] = 0;
        if (j->active[lane] && s->u.access.cond) {
            int64_t c;
            if (lds_eval_int64(sp->ev, s->u.access.cond, &c, "the condition") < 0)
                return context(j, (int)lane);
            j->active[lane] = c != 0;
        }
        if (j->active[lane] && lds_target_address(&j->target, &j->addr[lane]) < 0)
            return context(j, (int)lane);
    }
    bool any = false;
    for (unsigned lane = 0; lane < wave && !any; lane++)
        any = j->active[lane];
    if (!any) {   /* the wave branches around the access: no instruction */
        if (!j->checking)
            mpz_add(j->m->skipped, j->m->skipped, mult);
        return 0;
    }
    for (unsigned part = 0; part < sp->parts; part++)
        if (simulate_part(j, part, mult) < 0)
            return -1;
    return 0;
}

/* Part `part` of one instruction (a b96 element on a part without b96
 * is three b32 instructions, at +0, +4, +8): run R1-R3, keep it as a
 * sample while there is room, weigh it by mult. */
static int simulate_part(job *j, unsigned part, mpz_srcptr mult)
{
    const lds_access_space *sp = j->sp;
    unsigned wave = sp->profile->wave, width = sp->width / sp->parts;
    uint64_t shifted[LDS_SIM_MAX_WAVE];
    const uint64_t *addr = j->addr;
    if (sp->parts > 1) {
        for (unsigned lane = 0; lane < wave; lane++)
            shifted[lane] = j->addr[lane] + (uint64_t)part * width;
        addr = shifted;
    }
    lds_sim_access acc = { (lds_sim_kind)sp->s->u.access.kind, width, 1, wave, j->active, addr };
    const char *why = NULL;
    if (lds_sim_run(sp->profile, &acc, &j->result, &why) < 0) {
        lds_diag_set(sp->diag, sp->s->loc, "the profile's phase table is malformed: %s", why);
        return -1;
    }
    if (j->checking)
        return 0;
    lds_access_result *rec = j->rec;
    rec->simulated++;
    if (rec->nsamples < rec->capsamples) {   /* the first ones, for --show */
        char *label = sample_label(j, part);
        lds_results_keep_sample(rec, &acc, &j->result, label);
        free(label);
    }
    lds_metrics *m = j->m;
    const lds_sim_result *res = &j->result;
    mpz_add(m->instructions, m->instructions, mult);
    mpz_addmul_ui(m->cycles, mult, res->cycles);
    mpz_addmul_ui(m->ideal, mult, res->ideal);
    mpz_addmul_ui(m->broadcasts, mult, res->broadcasts);
    mpz_addmul_ui(m->unaligned, mult, res->unaligned);
    if (res->paired)
        mpz_add(m->paired, m->paired, mult);
    if (res->ways > m->ways)
        m->ways = res->ways;
    return 0;
}

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
        return context_upto(j, -1, (unsigned)(d - j->dims));   /* the loops outside it */
    int64_t t;
    if (__builtin_sub_overflow(*hi, *lo, &t)) {
        lds_diag_set(j->sp->diag, d->loop->loc, "the loop has more than 2^63 trips");
        return -1;
    }
    return 0;
}

/* Bits of the dimensions nested inside dimension i, and what their
 * bounds depend on. */
static uint64_t inner_bits(const job *j, unsigned i, uint64_t *bounds)
{
    uint64_t bits = 0;
    *bounds = 0;
    for (unsigned k = i + 1; k < j->ndims; k++) {
        bits |= j->dims[k].bit;
        *bounds |= j->dims[k].bounds_deps;
    }
    return bits;
}

/* Coefficient of the byte address in dimension i's variable, if affine
 * (every index affine too, so that the endpoints bound them). */
static int address_coef(job *j, unsigned i, int64_t *coef)
{
    lds_eval *ev = j->sp->ev;
    const lds_target *t = &j->sp->s->u.access.target;
    uint64_t bit = j->dims[i].bit, bounds, varying = inner_bits(j, i, &bounds);
    int64_t c = 0, ci;
    if ((j->cond_deps & bit) || (bounds & bit))
        return 0;
    if (t->kind == T_ADDR)
        return lds_affine_coef(ev, t->addr, bit, varying, coef);
    for (unsigned d = 0; d < t->nidx; d++)
        if (!lds_affine_coef(ev, t->idx[d], bit, varying, &ci))
            return 0;
    if (t->kind == T_ANON) {
        lds_affine_coef(ev, t->idx[0], bit, varying, &ci);
        return !__builtin_mul_overflow(ci, (int64_t)j->sp->elem_size, coef);
    }
    const lds_array *a = &t->array->array;
    if (a->layout) {
        if (!lds_affine_call_coef(ev, a->layout, t->idx, bit, varying, &c))
            return 0;
    } else {
        for (unsigned d = 0; d < t->nidx; d++) {
            lds_affine_coef(ev, t->idx[d], bit, varying, &ci);
            int64_t dimsize = a->ndims ? a->dims[d] : 1;
            if (__builtin_mul_overflow(c, dimsize, &c) || __builtin_add_overflow(c, ci, &c))
                return 0;
        }
    }
    return !__builtin_mul_overflow(c, (int64_t)j->sp->elem_size, coef);
}

/* How a range of dimension i is covered, and the period if by period. */
static range_mode decide(job *j, unsigned i, int64_t trips, uint64_t *period)
{
    uint64_t bounds;
    inner_bits(j, i, &bounds);
    uint64_t bit = j->dims[i].bit;
    if (j->sp->no_shortcuts)
        return RANGE_ENUMERATE;
    if (!((j->addr_deps | j->cond_deps | bounds) & bit))
        return RANGE_MULTIPLY;
    int64_t coef;
    if (trips > 1 && address_coef(j, i, &coef)) {
        uint64_t m = j->modulus;
        uint64_t c = (coef < 0 ? (uint64_t)0 - (uint64_t)coef : (uint64_t)coef) % m;   /* |coef| mod m */
        *period = m / lds_sim_gcd(c, m);
        if ((uint64_t)trips > *period + 1)
            return RANGE_PERIOD;
    }
    return RANGE_ENUMERATE;
}

/* Whether the bounds of a dimension inside i depend on i's variable. */
static bool inner_bounds_use(const job *j, unsigned i)
{
    uint64_t bounds;
    inner_bits(j, i, &bounds);
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
        for (int64_t v = lo; v < hi && total <= left; v++) {
            set_var(j, &j->dims[i], v);
            uint64_t inner = plan_dim(j, i + 1, left - total);
            if (inner == UINT64_MAX)
                return UINT64_MAX;
            total = sat_add(total, inner ? inner : 1);
        }
        return total;
    }
    set_var(j, &j->dims[i], lo);
    uint64_t inner = plan_dim(j, i + 1, left);
    if (inner == 0 || inner == UINT64_MAX)
        return inner;   /* nothing inside, whatever this variable is */
    switch (decide(j, i, hi - lo, &period)) {
    case RANGE_MULTIPLY: return inner;
    case RANGE_PERIOD: return sat_mul(period + 1, inner);
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

/* The period shortcut's bounds check: the first value fits (it ran), so
 * if the last fails, find the first failing value (failures of indices
 * affine in v form a suffix) and run it to report its error. */
static int check_last(job *j, unsigned i, int64_t lo, int64_t hi)
{
    if (!fails_at(j, i, hi - 1))
        return 0;
    int64_t good = lo, bad = hi - 1;
    while (bad - good > 1) {
        int64_t mid = good + (bad - good) / 2;
        if (fails_at(j, i, mid))
            bad = mid;
        else
            good = mid;
    }
    set_var(j, &j->dims[i], bad);
    j->checking++;
    int rc = run_dim(j, i + 1);
    j->checking--;
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
    switch (decide(j, i, trips, &period)) {
    case RANGE_MULTIPLY:
        set_var(j, d, lo);
        mpz_mul_ui(next, j->mult[i], (unsigned long)trips);
        return run_dim(j, i + 1);
    case RANGE_PERIOD: {
        uint64_t q = (uint64_t)trips / period, r = (uint64_t)trips % period;
        for (uint64_t t = 0; t < period; t++) {
            set_var(j, d, lo + (int64_t)t);
            mpz_mul_ui(next, j->mult[i], (unsigned long)(q + (t < r)));
            if (run_dim(j, i + 1) < 0)
                return -1;
        }
        return check_last(j, i, lo, hi);
    }
    default:
        if (!inner_bounds_use(j, i)) {   /* nothing inside, whatever v is: done at once */
            set_var(j, d, lo);
            uint64_t left = sp->max_steps - (*sp->steps < sp->max_steps ? *sp->steps : sp->max_steps);
            if (plan_dim(j, i + 1, left) == 0)
                return sp->diag->set ? -1 : 0;
        }
        for (int64_t v = lo; v < hi; v++) {
            uint64_t before = *sp->steps;
            set_var(j, d, v);
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
}

static int run_dim(job *j, unsigned i)
{
    if (i == j->ndims)
        return leaf(j, j->mult[i]);
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

static int run_job(job *j)
{
    const lds_access_space *sp = j->sp;
    const lds_sim_profile *p = sp->profile;
    j->total_threads = sp->threads[0] * sp->threads[1] * sp->threads[2];
    j->nwaves = (j->total_threads + p->wave - 1) / p->wave;
    j->nfull = j->total_threads / p->wave;
    unsigned width = sp->width / sp->parts;
    lds_sim_geometry g = lds_sim_geometry_of(p, (lds_sim_kind)sp->s->u.access.kind, width);
    j->modulus = lcm_u64((uint64_t)g.banks * g.bank_bytes, lds_sim_alignment(p, sp->width));
    if (p->unaligned_free)   /* whether a lane is unaligned repeats with its width */
        j->modulus = lcm_u64(j->modulus, width);
    j->env->wave = j->env->group = 0;
    uint64_t left = sp->max_steps - (*sp->steps < sp->max_steps ? *sp->steps : sp->max_steps);
    uint64_t planned = plan_dim(j, 0, left);
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
    return run_dim(j, 0);
}

int lds_access_simulate(const lds_access_space *sp, lds_access_result *rec, lds_metrics *m)
{
    job *j = lds_xcalloc(1, sizeof *j);
    lds_access_space own = *sp;
    j->sp = &own;
    j->rec = rec;
    j->m = m;
    j->env = sp->ev->env;
    lds_address_ctx target = { &sp->s->u.access.target, sp->profile, sp->width, sp->elem_size, sp->ev };
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
    for (unsigned i = 0; i <= MAX_DIMS; i++)
        mpz_init(j->mult[i]);
    dependencies(j);
    int rc = run_job(j);
    for (unsigned i = 0; i <= MAX_DIMS; i++)
        mpz_clear(j->mult[i]);
    free(j);
    return rc;
}
