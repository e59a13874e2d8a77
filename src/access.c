/* src/access.c - the iteration space of one access statement: every
 * (group, wave, loop iteration) issues one instruction.  Only what the
 * address really depends on is enumerated (design.md, Architecture):
 *   - a dimension the address and the active mask do not use is simulated
 *     once and multiplied by its trip count;
 *   - a dimension the byte address is affine in (a*v + f(rest), the same
 *     a for every lane) shifts every lane by the same a bytes per step, so
 *     the bank pattern repeats with period M / gcd(a, M), M = banks *
 *     bank_bytes (widened to a multiple of the alignment); one period is
 *     simulated and weighted, and the last iteration is evaluated too so
 *     that out-of-range indices are still caught (indices affine in v are
 *     monotonic: the first and last iterations bound them);
 *   - anything else is enumerated, within --max-steps.
 * Totals are exact (GMP). */
#include "src/driver.h"

#include <stdlib.h>
#include <string.h>

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
    lds_interp *in;
    const lds_stmt *s;
    lds_access_record *rec;
    const lds_sym *array;     /* T_ELEM */
    unsigned width, elem_size;
    uint64_t addr_deps;       /* target and layout */
    uint64_t cond_deps;
    dim dims[MAX_DIMS];
    unsigned ndims;
    lds_outer_loop loops[MAX_DIMS];   /* every loop dim, for messages */
    unsigned nloops;
    int64_t total_threads, nwaves, nfull;
    uint64_t modulus;         /* bytes after which the bank pattern repeats */
    int checking;             /* > 0: evaluate for errors, count nothing */
    lds_metrics m;            /* this execution's totals */
    mpz_t mult[MAX_DIMS + 1];
    bool active[LDS_SIM_MAX_WAVE];
    uint64_t addr[LDS_SIM_MAX_WAVE];
    lds_sim_result result;
} job;

/* ------------------------------------------------------------ address */

static int fail(job *j, lds_loc loc, int lane, const char *fmt, long long a, long long b, long long c)
{
    char msg[256];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    snprintf(msg, sizeof msg, fmt, a, b, c);
#pragma GCC diagnostic pop
    lds_diag_set(j->in->diag, loc, "%s", msg);
    lds_interp_context(j->in, lane, j->loops, j->nloops, j->nwaves > 1, j->in->groups > 1);
    return -1;
}

/* Element offset of T_ELEM with its bounds checks. */
static int element_offset(job *j, int lane, int64_t *off)
{
    const lds_target *t = &j->s->target;
    const lds_array *a = &j->array->array;
    int64_t idx[32];
    for (unsigned d = 0; d < t->nidx; d++) {
        if (lds_eval_int64(&j->in->ev, t->idx[d], &idx[d], "the index") < 0) {
            lds_interp_context(j->in, lane, j->loops, j->nloops, j->nwaves > 1, j->in->groups > 1);
            return -1;
        }
        int64_t extent = a->ndims ? a->dims[d] : 1;
        if (idx[d] < 0 || idx[d] >= extent) {
            lds_diag_set(j->in->diag, t->idx[d]->loc, "index %lld is out of range for dimension %u of '%s' (0..%lld)",
                         (long long)idx[d], d + 1, t->name, (long long)extent - 1);
            lds_interp_context(j->in, lane, j->loops, j->nloops, j->nwaves > 1, j->in->groups > 1);
            return -1;
        }
    }
    if (a->layout) {
        if (lds_eval_call_int64(&j->in->ev, a->layout, idx, t->nidx, t->loc, off) < 0) {
            lds_interp_context(j->in, lane, j->loops, j->nloops, j->nwaves > 1, j->in->groups > 1);
            return -1;
        }
        if (*off < 0 || (uint64_t)*off >= a->elems)
            return fail(j, t->loc, lane, "the layout gives element %lld, outside the array's %lld elements%s",
                        (long long)*off, (long long)a->elems, 0);
        return 0;
    }
    int64_t o = 0;
    for (unsigned d = 0; d < t->nidx; d++)
        o = o * (a->ndims ? a->dims[d] : 1) + idx[d];   /* bounded at declaration */
    *off = o;
    return 0;
}

static int lane_address(job *j, int lane, uint64_t *out)
{
    const lds_target *t = &j->s->target;
    lds_interp *in = j->in;
    int64_t v;
    uint64_t addr;
    switch (t->kind) {
    case T_ELEM:
        if (element_offset(j, lane, &v) < 0)
            return -1;
        addr = j->array->array.base + (uint64_t)v * j->elem_size;
        break;
    case T_ANON:
        if (lds_eval_int64(&in->ev, t->idx[0], &v, "the index") < 0)
            goto context;
        if (v < 0 || v > (int64_t)(in->profile.lds_bytes / j->elem_size))
            return fail(j, t->idx[0]->loc, lane, "element %lld of the anonymous array lies outside shared memory (%lld bytes)",
                        (long long)v, (long long)in->profile.lds_bytes, 0);
        addr = (uint64_t)v * j->elem_size;
        break;
    default:
        if (lds_eval_int64(&in->ev, t->addr, &v, "the address") < 0)
            goto context;
        if (v < 0)
            return fail(j, t->addr->loc, lane, "negative address %lld%s", (long long)v, 0, 0);
        addr = (uint64_t)v;
        break;
    }
    if (!lds_sim_aligned(&in->profile, j->width, addr))
        return fail(j, t->loc, lane, "address %lld is not aligned to %lld bytes, as a b%lld access needs on this profile",
                    (long long)addr, (long long)lds_sim_alignment(&in->profile, j->width), (long long)j->width * 8);
    if (addr > in->profile.lds_bytes || in->profile.lds_bytes - addr < j->width)
        return fail(j, t->loc, lane, "address %lld + %lld bytes lies beyond shared memory (%lld bytes on this profile)",
                    (long long)addr, (long long)j->width, (long long)in->profile.lds_bytes);
    *out = addr;
    return 0;
context:
    lds_interp_context(in, lane, j->loops, j->nloops, j->nwaves > 1, in->groups > 1);
    return -1;
}

/* --------------------------------------------------------------- leaf */

static void sample_label(job *j, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < j->nloops && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s = %lld", n ? ", " : "", j->loops[i].loop->var,
                              (long long)j->in->env.loop[j->loops[i].slot]);
    if (j->nwaves > 1 && n < size)
        n += (size_t)snprintf(buf + n, size - n, "%swave %lld", n ? ", " : "", (long long)j->in->env.wave);
    if (j->in->groups > 1 && n < size)
        snprintf(buf + n, size - n, "%sgroup %lld", n ? ", " : "", (long long)j->in->env.group);
}

/* One instruction: evaluate every lane, run R1-R3, weigh by mult. */
static int leaf(job *j, mpz_srcptr mult)
{
    lds_interp *in = j->in;
    lds_env *env = &in->env;
    unsigned wave = in->profile.wave;
    if (++in->steps > in->max_steps) {
        lds_diag_set(in->diag, j->s->loc, "more than %llu instructions to simulate (--max-steps)",
                     (unsigned long long)in->max_steps);
        return -1;
    }
    for (unsigned lane = 0; lane < wave; lane++) {
        env->lane = lane;
        int64_t tid = env->wave * (int64_t)wave + lane;
        j->active[lane] = tid < j->total_threads;
        j->addr[lane] = 0;
        if (j->active[lane] && j->s->cond) {
            int64_t c;
            if (lds_eval_int64(&in->ev, j->s->cond, &c, "the condition") < 0) {
                lds_interp_context(in, (int)lane, j->loops, j->nloops, j->nwaves > 1, in->groups > 1);
                return -1;
            }
            j->active[lane] = c != 0;
        }
        if (j->active[lane] && lane_address(j, (int)lane, &j->addr[lane]) < 0)
            return -1;
    }
    lds_sim_access acc = { (lds_sim_kind)j->s->access, j->width, 1, wave, j->active, j->addr };
    lds_access_record *rec = j->rec;
    lds_sim_result *res = &j->result;
    /* keep the first instructions for --show, with their loop values */
    lds_sample *keep = !j->checking && rec->nsamples < rec->capsamples
                       ? &rec->samples[rec->nsamples] : NULL;
    if (keep)
        res = &keep->result;
    const char *why = NULL;
    if (lds_sim_run(&in->profile, &acc, res, &why) < 0) {
        lds_diag_set(in->diag, j->s->loc, "the profile's phase table is malformed: %s", why);
        return -1;
    }
    if (j->checking)
        return 0;
    rec->simulated++;
    if (keep) {
        keep->have = true;
        memcpy(keep->active, j->active, sizeof j->active);
        memcpy(keep->addr, j->addr, sizeof j->addr);
        sample_label(j, keep->label, sizeof keep->label);
        rec->nsamples++;
    }
    lds_metrics *m = &j->m;
    mpz_add(m->instructions, m->instructions, mult);
    mpz_addmul_ui(m->cycles, mult, res->cycles);
    mpz_addmul_ui(m->ideal, mult, res->ideal);
    mpz_addmul_ui(m->broadcasts, mult, res->broadcasts);
    if (res->ways > m->ways)
        m->ways = res->ways;
    return 0;
}

/* --------------------------------------------------------- dimensions */

static void set_var(job *j, const dim *d, int64_t v)
{
    if (d->kind == D_GROUP)
        j->in->env.group = v;
    else if (d->kind == D_WAVE)
        j->in->env.wave = v;
    else
        j->in->env.loop[d->slot] = v;
}

static int loop_bounds(job *j, const dim *d, int64_t *lo, int64_t *hi)
{
    if (d->kind == D_GROUP) {
        *lo = 0;
        *hi = j->in->groups;
        return 0;
    }
    if (d->kind == D_WAVE) {
        *lo = 0;
        *hi = j->nwaves;
        return 0;
    }
    if (lds_eval_int64(&j->in->ev, d->loop->lo, lo, "the loop's start") < 0
        || lds_eval_int64(&j->in->ev, d->loop->hi, hi, "the loop's end") < 0)
        return -1;
    int64_t t;
    if (__builtin_sub_overflow(*hi, *lo, &t)) {
        lds_diag_set(j->in->diag, d->loop->loc, "the loop has more than 2^63 trips");
        return -1;
    }
    return 0;
}

/* Bits of the dimensions nested inside dimension i. */
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

/* Coefficient of the byte address in dimension i's variable, if affine. */
static int address_coef(job *j, unsigned i, int64_t *coef)
{
    lds_eval *ev = &j->in->ev;
    const lds_target *t = &j->s->target;
    uint64_t bit = j->dims[i].bit, bounds, varying = inner_bits(j, i, &bounds);
    int64_t c = 0, ci;
    if ((j->cond_deps & bit) || (bounds & bit))
        return 0;
    if (t->kind == T_ADDR)
        return lds_eval_affine(ev, t->addr, bit, varying, coef);
    for (unsigned d = 0; d < t->nidx; d++)   /* every index monotonic */
        if (!lds_eval_affine(ev, t->idx[d], bit, varying, &ci))
            return 0;
    if (t->kind == T_ANON) {
        lds_eval_affine(ev, t->idx[0], bit, varying, &ci);
        return !__builtin_mul_overflow(ci, (int64_t)j->elem_size, coef);
    }
    const lds_array *a = &j->array->array;
    if (a->layout) {
        if (!lds_eval_affine_call(ev, a->layout, t->idx, bit, varying, &c))
            return 0;
    } else {
        for (unsigned d = 0; d < t->nidx; d++) {
            lds_eval_affine(ev, t->idx[d], bit, varying, &ci);
            int64_t dimsize = a->ndims ? a->dims[d] : 1;
            if (__builtin_mul_overflow(c, dimsize, &c) || __builtin_add_overflow(c, ci, &c))
                return 0;
        }
    }
    return !__builtin_mul_overflow(c, (int64_t)j->elem_size, coef);
}

/* How a range of dimension i is covered, and the period if by period. */
static range_mode decide(job *j, unsigned i, int64_t trips, uint64_t *period)
{
    uint64_t bounds, inner = inner_bits(j, i, &bounds);
    (void)inner;
    uint64_t bit = j->dims[i].bit;
    if (j->in->no_shortcuts)
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

static int run_dim(job *j, unsigned i);

/* Run dimension i over lo..hi-1 with the multiplier in mult[i]. */
static int run_range(job *j, unsigned i, int64_t lo, int64_t hi)
{
    const dim *d = &j->dims[i];
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
        /* the last iteration, for the bounds checks only */
        set_var(j, d, hi - 1);
        j->checking++;
        int rc = run_dim(j, i + 1);
        j->checking--;
        return rc;
    }
    default:
        for (int64_t v = lo; v < hi; v++) {
            set_var(j, d, v);
            mpz_set(next, j->mult[i]);
            if (run_dim(j, i + 1) < 0)
                return -1;
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
    if (loop_bounds(j, d, &lo, &hi) < 0)
        return -1;
    return run_range(j, i, lo, hi);
}

/* Instructions the run will simulate (an estimate where inner bounds
 * depend on outer variables), saturating at UINT64_MAX. */
static uint64_t plan_range(job *j, unsigned i, int64_t lo, int64_t hi);

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

static uint64_t plan_dim(job *j, unsigned i)
{
    if (i == j->ndims)
        return 1;
    const dim *d = &j->dims[i];
    if (d->kind == D_WAVE)
        return sat_add(plan_range(j, i, 0, j->nfull), plan_range(j, i, j->nfull, j->nwaves));
    int64_t lo, hi;
    if (loop_bounds(j, d, &lo, &hi) < 0)
        return UINT64_MAX;
    return plan_range(j, i, lo, hi);
}

static uint64_t plan_range(job *j, unsigned i, int64_t lo, int64_t hi)
{
    uint64_t period = 0;
    if (hi <= lo)
        return 0;
    set_var(j, &j->dims[i], lo);
    uint64_t inner = plan_dim(j, i + 1);
    switch (decide(j, i, hi - lo, &period)) {
    case RANGE_MULTIPLY: return inner;
    case RANGE_PERIOD: return sat_mul(period + 1, inner);
    default: return sat_mul((uint64_t)(hi - lo), inner);
    }
}

/* ------------------------------------------------------------- set-up */

static int bad_width(lds_interp *in, const lds_stmt *s, unsigned w)
{
    if (w == 1 || w == 2 || w == 4 || w == 8 || w == 12 || w == 16)
        return 0;
    lds_diag_set(in->diag, s->loc, "a %u-byte element needs an explicit width (b8 b16 b32 b64 b96 b128)", w);
    return -1;
}

/* Resolve the target and condition, choose the width. */
static int prepare_target(job *j)
{
    lds_interp *in = j->in;
    const lds_stmt *s = j->s;
    const lds_target *t = &s->target;
    lds_diag *dg = in->diag;
    if (s->cond) {
        if (lds_resolve(&in->scope, s->cond, NULL, NULL, dg) < 0)
            return -1;
        j->cond_deps = s->cond->deps;
    }
    j->elem_size = 4;
    if (t->kind == T_ADDR) {
        if (lds_resolve(&in->scope, t->addr, NULL, NULL, dg) < 0)
            return -1;
        j->addr_deps = t->addr->deps;
    } else {
        for (unsigned d = 0; d < t->nidx; d++) {
            if (lds_resolve(&in->scope, t->idx[d], NULL, NULL, dg) < 0)
                return -1;
            j->addr_deps |= t->idx[d]->deps;
        }
        if (t->kind == T_ANON) {
            j->elem_size = t->elem_size;
        } else {
            const lds_sym *a = lds_scope_find(&in->scope, t->name);
            if (!a || a->kind != SYM_ARRAY) {
                lds_diag_set(dg, t->loc, a ? "'%s' is not an array" : "unknown array '%s' (declare it with 'array TYPE %s[N]')",
                             t->name, t->name);
                return -1;
            }
            unsigned want = a->array.ndims;
            if (t->nidx != want && !(want == 0 && t->nidx == 1)) {
                lds_diag_set(dg, t->loc, "'%s' has %u dimension%s; the access gives %u index%s", t->name,
                             want, want == 1 ? "" : "s", t->nidx, t->nidx == 1 ? "" : "es");
                return -1;
            }
            j->array = a;
            j->elem_size = a->array.elem_size;
            if (a->array.layout)
                j->addr_deps |= a->array.layout->deps;
        }
    }
    j->width = s->width ? s->width : j->elem_size;
    if (bad_width(in, s, j->width) < 0)
        return -1;
    if (s->access == ACC_ATOMIC && j->width > in->profile.max_atomic) {
        /* AMD's widest LDS atomics are 64-bit (ds_*_u64, ds_cmpst_b64);
         * PTX has 128-bit shared cas/exch from sm_90 (PTX ISA 8.3) */
        lds_diag_set(dg, s->loc, "%s has no b%u shared-memory atomic (the widest is b%u)", in->profile.name,
                     j->width * 8, in->profile.max_atomic * 8);
        return -1;
    }
    return 0;
}

static uint64_t lcm_u64(uint64_t a, uint64_t b)
{
    return a / lds_sim_gcd(a, b) * b;
}

/* Push a loop variable: resolve its bounds first (they may not use it). */
static int add_loop_dim(job *j, const lds_loop *lp, unsigned slot)
{
    dim *d = &j->dims[j->ndims++];
    d->kind = D_LOOP;
    d->loop = lp;
    d->slot = slot;
    d->bit = LDS_DEP_LOOP(slot);
    d->bounds_deps = lp->lo->deps | lp->hi->deps;
    j->loops[j->nloops].loop = lp;
    j->loops[j->nloops++].slot = slot;
    return 0;
}

int lds_access_push_loop(lds_interp *in, const lds_loop *lp, unsigned *slot)
{
    if (lds_resolve(&in->scope, lp->lo, NULL, NULL, in->diag) < 0
        || lds_resolve(&in->scope, lp->hi, NULL, NULL, in->diag) < 0)
        return -1;
    if ((lp->lo->deps | lp->hi->deps) & (LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP)) {
        lds_diag_set(in->diag, lp->loc, "a loop's bounds must be the same for every lane, wave and group");
        return -1;
    }
    if (in->nslots >= LDS_MAX_LOOPS) {
        lds_diag_set(in->diag, lp->loc, "more than %d nested loops", LDS_MAX_LOOPS);
        return -1;
    }
    *slot = in->nslots++;
    lds_sym *v = lds_scope_push(&in->scope, lp->var, SYM_LOOP);
    v->slot = *slot;
    v->deps = LDS_DEP_LOOP(*slot);
    return 0;
}

static int run_job(job *j)
{
    lds_interp *in = j->in;
    j->total_threads = in->threads[0] * in->threads[1] * in->threads[2];
    j->nwaves = (j->total_threads + in->profile.wave - 1) / in->profile.wave;
    j->nfull = j->total_threads / in->profile.wave;
    j->modulus = lcm_u64((uint64_t)in->profile.banks * in->profile.bank_bytes,
                         lds_sim_alignment(&in->profile, j->width));
    in->env.wave = in->env.group = 0;
    uint64_t planned = plan_dim(j, 0);
    if (in->diag->set)
        return -1;
    if (planned > in->max_steps - (in->steps < in->max_steps ? in->steps : in->max_steps)) {
        if (planned == UINT64_MAX)
            lds_diag_set(in->diag, j->s->loc, "this access needs more than 2^64 instructions simulated one by one (its address depends on every loop, wave and group); the limit is --max-steps %llu",
                         (unsigned long long)in->max_steps);
        else
            lds_diag_set(in->diag, j->s->loc, "this access needs %llu instructions simulated one by one, more than --max-steps allows (%llu)",
                         (unsigned long long)planned, (unsigned long long)in->max_steps);
        return -1;
    }
    mpz_set_ui(j->mult[0], 1);
    return run_dim(j, 0);
}

int lds_access_run(lds_interp *in, const lds_stmt *s, const lds_outer_loop *outer,
                   unsigned nouter)
{
    job *j = calloc(1, sizeof *j);
    if (!j)
        return -1;
    size_t mark = in->scope.n;
    unsigned slots = in->nslots;
    int rc = -1;
    j->in = in;
    j->s = s;
    j->dims[0].kind = D_GROUP;
    j->dims[0].bit = LDS_DEP_GROUP;
    j->dims[1].kind = D_WAVE;
    j->dims[1].bit = LDS_DEP_WAVE;
    j->ndims = 2;
    for (unsigned i = 0; i < nouter; i++)
        add_loop_dim(j, outer[i].loop, outer[i].slot);
    for (unsigned i = 0; i <= MAX_DIMS; i++)
        mpz_init(j->mult[i]);
    for (unsigned i = 0; i < s->nloops; i++) {
        unsigned slot;
        if (lds_access_push_loop(in, &s->loops[i], &slot) < 0)
            goto out;
        add_loop_dim(j, &s->loops[i], slot);
    }
    if (prepare_target(j) < 0)
        goto out;
    j->rec = lds_interp_record(in, s, j->width);
    lds_metrics_init(&j->m);
    rc = run_job(j);
    if (rc < 0)
        j->rec->failed = true;
    lds_metrics_add(&j->rec->m, &j->m);
    lds_metrics_clear(&in->last_run);
    lds_metrics_init(&in->last_run);
    lds_metrics_add(&in->last_run, &j->m);
    lds_metrics_clear(&j->m);
out:
    for (unsigned i = 0; i <= MAX_DIMS; i++)
        mpz_clear(j->mult[i]);
    lds_scope_pop_to(&in->scope, mark);
    in->nslots = slots;
    free(j);
    return rc;
}
