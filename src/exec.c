/* src/exec.c - running resolved statements: declarations get their
 * values, accesses are simulated (src/iterspace.c) into records, prints
 * print, expects compare, blocks loop. */
#include "src/interp.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/interrupt.h"
#include "src/iterspace.h"
#include "base/mem.h"
#include "src/nvidia.h"
#include "src/picture.h"
#include "src/smem_desc.h"

void lds_interp_init(lds_interp *in, lds_results *results, lds_diag *diag, lds_arena *scratch)
{
    memset(in, 0, sizeof *in);
    in->diag = diag;
    in->scratch = scratch;
    in->results = results;
    in->threads[1] = in->threads[2] = 1;
    in->groups = 1;
    in->max_steps = LDS_DEFAULT_MAX_STEPS;
    in->budget.left = in->budget.limit = LDS_DEFAULT_MAX_OPS;
    in->print_out = stdout;
    lds_metrics_init(&in->last_run);
    lds_eval_init(&in->ev, &in->env, &in->budget, diag);
    lds_settings_arch(in, "generic");
}

void lds_interp_free(lds_interp *in)
{
    if (in->access_mem)
        lds_arena_free(in->access_mem);
    lds_metrics_clear(&in->last_run);
    lds_eval_free(&in->ev);
}

int lds_exec_uniform(lds_interp *in, const lds_expr *e, const char *what, int64_t lo, int64_t hi, int64_t *out)
{
    if (lds_eval_int64(&in->ev, e, out, what) < 0)
        return -1;
    if (*out < lo || *out > hi) {
        lds_diag_set(in->diag, e->loc, "%s must be in %lld..%lld, not %lld", what, (long long)lo, (long long)hi,
                     (long long)*out);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ accesses */

/* The width of each instruction the access issues, and how many it
 * issues per execution (parts): a 12-byte element read or written whole
 * on a part without 96-bit accesses is three b32 instructions, as nvcc
 * emits for a float3 (doc/rules.md section 4). */
static int access_width(lds_interp *in, const lds_stmt *s, unsigned *width, unsigned *elem_size, unsigned *parts)
{
    const lds_target *t = &s->u.access.target;
    const lds_sim_profile *p = &in->profile;
    *elem_size = t->kind == T_ANON ? t->elem_size : t->kind == T_ELEM ? t->array->array.elem_size : 4;
    unsigned w = s->u.access.width ? s->u.access.width : *elem_size;
    if (w != 1 && w != 2 && w != 4 && w != 8 && w != 12 && w != 16) {
        lds_diag_set(in->diag, s->loc, "a %u-byte element needs an explicit width (b8 b16 b32 b64 b96 b128)", w);
        return -1;
    }
    *parts = 1;
    const char *space = s->u.access.global ? "global-memory" : "shared-memory";   /* messages name the access's */
    if (s->u.access.kind == ACC_ATOMIC && w == 12) {
        lds_diag_set(in->diag, s->loc, "no part has a 96-bit %s atomic", space);
        return -1;
    }
    if (w == 12 && !p->has_b96) {
        if (s->u.access.width && !s->u.access.width_of_type) {
            lds_diag_set(in->diag, s->loc, "%s has no 96-bit %s access (PTX has .v2 and .v4 only): write three b32 accesses at +0, +4 and +8, or %s a 12-byte element (float3) without a width to have it split into three b32 instructions",
                         p->name, space, lds_access_kind_name(s->u.access.kind));
            return -1;
        }
        *parts = 3;
    }
    if (s->u.access.kind == ACC_ATOMIC && w > p->max_atomic) {
        /* AMD's widest LDS atomics are 64-bit (ds_*_u64, ds_cmpst_b64);
         * PTX has 128-bit shared cas/exch from sm_90 (PTX ISA 8.3) */
        lds_diag_set(in->diag, s->loc, "%s has no b%u %s atomic (the widest is b%u)", p->name, w * 8, space,
                     p->max_atomic * 8);
        return -1;
    }
    *width = w;
    return 0;
}

/* Where an access lowered from an inlined helper is in the helper (the
 * record is at the kernel's call), as compilers report inlined code; NULL
 * for any other statement.  Allocated. */
static char *inlined_note(lds_results *r, lds_access_result *a, const lds_stmt *s)
{
    if (!s->lowered || !s->related.src || !s->related_what)
        return NULL;
    a->inlined_file = lds_results_string(r, s->related.src->name);
    a->inlined_line = s->related.line;
    a->inlined_col = s->related.col;
    a->inlined_what = lds_results_string(r, s->related_what);
    lds_buf b = { 0 };
    lds_buf_printf(&b, "the access is at %s%s%u:%u, %s here%s%s", s->related.src != s->loc.src ? s->related.src->name : "",
                   s->related.src != s->loc.src ? ":" : "", s->related.line, s->related.col, s->related_what,
                   s->related_source ? ": " : "", s->related_source ? s->related_source : "");
    return lds_buf_take(&b);
}

/* The record of access statement s in the statement running now: one
 * record gathers every execution of s (a block loop runs it again). */
static lds_access_result *record_of(lds_interp *in, const lds_stmt *s, unsigned width, unsigned parts)
{
    lds_results *r = in->results;
    for (size_t i = r->n; i-- > in->first_unreported;)
        if (r->accesses[i]->key == s)
            return r->accesses[i];
    bool explain = in->explain_all || in->explain_next;
    unsigned samples = in->keep_every ? in->keep_every
                       : in->show != SHOW_SUMMARY ? LDS_MAX_SAMPLES : explain || in->keep_sample ? 1 : 0;
    lds_access_result *a = lds_results_add_access(r, s, &in->profile, samples);
    a->keep_worst = (explain || in->keep_sample) && !in->keep_every;
    a->source = lds_xstrdup(s->source);
    a->lowered = s->lowered;
    a->lang = s->lowered && s->loc.src ? s->loc.src->lang : NULL;   /* static strings */
    a->in_other_file = s->lowered && s->loc.src && (s->loc.src->included_by || s->loc.src->named_by_line_info);
    a->compiled = s->lowered && s->loc.src && s->loc.src->named_by_line_info;
    a->global = s->u.access.global;
    a->kernel = in->kernel;
    char *inlined = inlined_note(r, a, s);
    if (inlined && s->u.access.note) {   /* both: the instruction's, then where it is */
        lds_buf b = { 0 };
        lds_buf_printf(&b, "%s; %s", s->u.access.note, inlined);
        lds_free(inlined);
        inlined = lds_buf_take(&b);
    }
    a->note = inlined ? inlined : s->u.access.note ? lds_xstrdup(s->u.access.note) : NULL;
    a->naddr = s->u.access.naddr;
    a->file = lds_results_string(r, s->loc.src ? s->loc.src->name : NULL);
    a->array = s->u.access.target.kind == T_ELEM ? lds_results_string(r, s->u.access.target.array->name) : NULL;
    if (a->array && s->written && strcmp(s->written, a->array))
        a->view = lds_results_string(r, s->written);
    a->line = s->loc.line;
    a->col = s->loc.col;
    a->index = (unsigned)r->n;
    a->kind = s->u.access.kind;
    if (s->u.access.form) {   /* records outlive the program's tree */
        lds_access_form *f = lds_xmalloc(sizeof *f);
        *f = *s->u.access.form;
        f->name = lds_xstrdup(f->name);
        a->form = f;
    }
    a->width = width / parts;
    a->parts = parts;
    a->show = in->show;
    a->explain = explain;
    in->explain_next = false;
    return a;
}

/* The access running has gone further: tell the session's hook. */
static void progress_tick(lds_progress *p)
{
    lds_interp *in = p->ctx;
    in->progress_hook(in->warn_ctx, in->progress_line, atomic_load_explicit(&p->done, memory_order_relaxed),
                      p->planned, false);
}

static lds_access_result *skipped_record(lds_interp *in, const lds_stmt *s, lds_access_kind kind, const char *array,
                                         const char *why, unsigned width, bool global);

/* An access of a program lowered from a kernel file whose instruction the
 * profile does not have (a 96-bit access or atomic on a part without one,
 * an atomic wider than its widest): the instruction is the compiler's
 * choice, not the kernel's, and the kernel's other accesses do not depend
 * on it, so the access is a record not modelled, the refusal its reason,
 * and the run goes on.  (An index out of range stays an error: the kernel
 * as read overruns its array.) */
static int refused(lds_interp *in, const lds_stmt *s)
{
    if (!s->lowered)
        return -1;
    const lds_target *t = &s->u.access.target;
    char why[sizeof in->diag->msg];
    snprintf(why, sizeof why, "%s", in->diag->msg);
    memset(in->diag, 0, sizeof *in->diag);
    unsigned width = s->u.access.width ? s->u.access.width : t->kind == T_ELEM ? t->array->array.elem_size : 0;
    skipped_record(in, s, s->u.access.kind, t->kind == T_ELEM ? t->array->name : "@", why, width, s->u.access.global);
    return 0;
}

static int exec_access(lds_interp *in, const lds_stmt *s, const lds_outer_loop *outer, unsigned nouter)
{
    const lds_target *t = &s->u.access.target;
    if (in->only_array && (t->kind != T_ELEM || strcmp(t->array->name, in->only_array)))
        return 0;   /* a suggest candidate's run weighs one array's accesses */
    if (s->u.access.nv && s->u.access.nv->kind == LDS_NV_TMEM)
        return lds_nv_tmem_check(in, s);   /* tensor memory: checked, not counted */
    unsigned width, elem_size, parts;
    if (access_width(in, s, &width, &elem_size, &parts) < 0)
        return refused(in, s);
    lds_access_result *rec = record_of(in, s, width, parts);
    in->last = rec;
    in->last_array = s->u.access.target.kind == T_ELEM ? s->u.access.target.array : NULL;
    lds_settings_check_banks(in, s, width / parts);
    if (!in->access_mem)
        in->access_mem = lds_arena_new();
    lds_access_space sp = {
        s, &in->profile, width, elem_size, parts, &in->ev, in->diag, outer, nouter, in->active, in->nactive,
        { in->threads[0], in->threads[1], in->threads[2] }, in->groups, &in->steps, in->max_steps,
        in->no_shortcuts, in->jobs, in->threads_from, NULL, in->at, in->nat, in->access_mem,
    };
    if (in->progress_hook) {
        atomic_store(&in->progress.done, 0);
        in->progress.planned = 0;
        in->progress.tick = progress_tick;
        in->progress.ctx = in;
        in->progress_line = s->loc.line;
        sp.progress = &in->progress;
    }
    lds_metrics_reset(&in->last_run);
    int rc = s->u.access.nv ? lds_nv_run(in, s, rec, &in->last_run) : lds_access_simulate(&sp, rec, &in->last_run);
    lds_arena_reset(in->access_mem);
    if (in->progress_hook)
        in->progress_hook(in->warn_ctx, in->progress_line, atomic_load(&in->progress.done), in->progress.planned,
                          true);
    lds_metrics_add(&rec->m, &in->last_run);
    if (rc == 0 && rec->explain && !rec->global && in->last_run.ways > 1 && in->last_array && in->nconflicted < 8)
        in->conflicted[in->nconflicted++] = in->last_array;   /* --explain ends with a fix */
    if (rc < 0) {
        rec->failed = true;
        rec->error = lds_xstrdup(in->diag->msg);
    }
    return rc;
}

/* -------------------------------------------------------- declarations */

static int exec_let(lds_interp *in, const lds_stmt *s)
{
    lds_sym *v = s->u.let.sym;
    if (v->kind == SYM_LET)
        return 0;   /* a per-lane value: evaluated where it is used */
    if (lds_eval_mpz(&in->ev, s->u.let.value, v->value) < 0)
        return -1;
    v->set = true;
    return 0;
}

/* "64 x 64" */
typedef struct { char s[128]; } shape_text;
static shape_text dims_text(const int64_t *dims, unsigned n)
{
    shape_text t = { "" };
    size_t len = 0;
    for (unsigned d = 0; d < n && len < sizeof t.s; d++)
        len += (size_t)snprintf(t.s + len, sizeof t.s - len, "%s%lld", d ? " x " : "", (long long)dims[d]);
    return t;
}

/* A shared array ending at byte `end`: within the workgroup's shared
 * memory, and in the footprint.  0, or -1 with the diag set. */
static int shared_footprint(lds_interp *in, const lds_stmt *s, int64_t elems, uint64_t end)
{
    const lds_sym *a = s->u.array.sym;
    if (end > in->profile.lds_bytes) {
        lds_diag_set(in->diag, s->u.array.name_loc,
                     "'%s' would end at byte %llu, beyond the %llu KiB of shared memory a workgroup has on %s",
                     s->u.array.name, (unsigned long long)end, (unsigned long long)(in->profile.lds_bytes / 1024),
                     in->profile.name);
        return -1;
    }
    /* the footprint: alignment gaps before it, and what a layout's size
     * reserves beyond its elements */
    lds_footprint *fp = &in->results->lds;
    uint64_t prev_end = in->next_array_offset;
    if (a->array.base > prev_end)
        fp->padding += a->array.base - prev_end;
    if (a->array.elems > (uint64_t)elems)
        fp->padding += (a->array.elems - (uint64_t)elems) * a->array.elem_size;
    if (end > fp->used)
        fp->used = end;
    fp->capacity = in->profile.lds_bytes;
    memcpy(fp->profile, in->profile.name, sizeof fp->profile);
    fp->arrays++;
    in->next_array_offset = end;
    return 0;
}

static int exec_array(lds_interp *in, const lds_stmt *s)
{
    lds_sym *a = s->u.array.sym;
    int64_t elems = 1, at = -1, size = -1;
    for (unsigned d = 0; d < s->u.array.ndims; d++) {
        const lds_expr *e = s->u.array.dims[d];
        if (lds_exec_uniform(in, e, "a dimension", 1, LDS_MAX_ELEMS, &a->array.dims[d]) < 0)
            return -1;
        if (__builtin_mul_overflow(elems, a->array.dims[d], &elems) || elems > LDS_MAX_ELEMS) {
            lds_diag_set(in->diag, e->loc, "the array has more than 2^40 elements");
            return -1;
        }
    }
    if (s->u.array.at && lds_exec_uniform(in, s->u.array.at, "the array's offset", 0, LDS_MAX_OFFSET, &at) < 0)
        return -1;
    if (s->u.array.size && lds_exec_uniform(in, s->u.array.size, "the array's size", 1, LDS_MAX_ELEMS, &size) < 0)
        return -1;
    const lds_layout_info *li = a->array.layout ? a->array.layout->def->u.def.layout : NULL;
    bool same_shape = li && li->rank == s->u.array.ndims;
    for (unsigned d = 0; same_shape && d < li->rank; d++)
        same_shape = li->shape[d] == a->array.dims[d];
    if (li && li->exact_shape && !same_shape) {
        lds_diag_set(in->diag, s->u.array.layout_loc, "%s '%s' is for the tile %s; '%s' is %s", li->notation,
                     a->array.layout->name, dims_text(li->shape, li->rank).s,
                     s->u.array.name, dims_text(a->array.dims, s->u.array.ndims).s);
        return -1;
    }
    /* a layout written for this tile reserves what it spans (a padded
     * stride, Triton's padding) unless a size is given */
    if (size < 0 && same_shape && (li->cosize < 0 || li->cosize > LDS_MAX_ELEMS)) {
        lds_diag_set(in->diag, s->u.array.layout_loc, "layout '%s' spans more than 2^40 elements", a->array.layout->name);
        return -1;
    }
    if (size < 0 && same_shape && li->cosize > elems)
        size = li->cosize;
    a->array.elems = (uint64_t)(size > 0 ? size : elems);
    /* a global array is an allocation of its own (256-byte aligned, as
     * cudaMalloc and hipMalloc give): 'at' is its offset from there */
    bool global = a->array.global;
    if (lds_nv_array_base(in, s, li, at, in->next_array_offset, &a->array.base) < 0)
        return -1;
    /* a C compiler aligns an array to its element: a power of two up to
     * 16 bytes, 4 for the 12-byte float3 and its kin */
    unsigned align = a->array.elem_size;
    if (align & (align - 1))
        align = 4;
    if (align > 16)
        align = 16;
    if (a->array.base % align) {
        lds_diag_set(in->diag, s->u.array.at->loc, "'%s' at byte %llu is not aligned to its %u-byte elements",
                     s->u.array.name, (unsigned long long)a->array.base, align);
        return -1;
    }
    uint64_t end = a->array.base + a->array.elems * a->array.elem_size;   /* < 2^50 + 2^44: no wrap */
    if (!global && shared_footprint(in, s, elems, end) < 0)
        return -1;
    a->set = true;
    if (s->u.array.previous && in->warn) {
        lds_diag w = { 0 };
        lds_diag_set(&w, s->u.array.name_loc,
                     "'%s' was declared before, at %u:%u; this declaration replaces it from here on (it takes "
                     "new space at byte %llu)",
                     s->u.array.name, s->u.array.previous->loc.line, s->u.array.previous->loc.col,
                     (unsigned long long)a->array.base);
        w.warning = 1;
        in->warn(in->warn_ctx, &w);
    }
    return 0;
}


/* -------------------------------------------------------------- expect */

static int compare_holds(lds_op op, int c)
{
    switch (op) {
    case OP_EQ: return c == 0;
    case OP_NE: return c != 0;
    case OP_LT: return c < 0;
    case OP_LE: return c <= 0;
    case OP_GT: return c > 0;
    default: return c >= 0;
    }
}

static int exec_expect(lds_interp *in, const lds_stmt *s)
{
    lds_metrics sum;
    mpz_t actual, want;
    int rc = -1;
    if (!s->u.expect.total && !in->last) {
        lds_diag_set(in->diag, s->loc, "expect %s: no access statement before it", s->u.expect.metric_name);
        return -1;
    }
    if (!s->u.expect.total && lds_metric_is_global(s->u.expect.metric) && !in->last->global) {
        lds_diag_set(in->diag, s->loc, "expect %s: the last access is to shared memory (%s is global memory's)",
                     s->u.expect.metric_name, s->u.expect.metric_name);
        return -1;
    }
    lds_metrics_init(&sum);
    mpz_inits(actual, want, NULL);
    if (s->u.expect.total)   /* a global metric totals global accesses, the others shared ones */
        lds_results_totals(in->results, 0, lds_metric_is_global(s->u.expect.metric), &sum);
    else if (in->nactive)   /* in a loop block run trip by trip: this trip's */
        lds_metrics_add(&sum, &in->last_run);
    else   /* after it: the statement's every trip */
        lds_metrics_add(&sum, &in->last->m);
    lds_metrics_value(&sum, s->u.expect.metric, actual);
    if (lds_eval_mpz(&in->ev, s->u.expect.value, want) == 0) {
        lds_expect_result *r = lds_results_add_expect(in->results);
        r->source = lds_xstrdup(s->source);
        r->file = lds_results_string(in->results, s->loc.src ? s->loc.src->name : NULL);
        r->line = s->loc.line;
        r->col = s->loc.col;
        r->metric = s->u.expect.metric;
        r->total = s->u.expect.total;
        r->metric_name = lds_results_string(in->results, s->u.expect.metric_name);
        r->cmp = s->u.expect.cmp;
        r->ok = compare_holds(s->u.expect.cmp, mpz_cmp(actual, want));
        r->actual = lds_mpz_str(actual);
        r->expected = lds_mpz_str(want);
        if (!r->ok)
            in->expect_failed = true;
        rc = 0;
    }
    mpz_clears(actual, want, NULL);
    lds_metrics_clear(&sum);
    return rc;
}

/* --------------------------------------------------------------- loops */

static int exec_block(lds_interp *in, const lds_stmt *first);

/* A block whose body holds only accesses (and such blocks) is not run
 * trip by trip: its loops become dimensions of each access inside.  A
 * 'for ... while' loop has no range to be a dimension of: a body that
 * holds one runs trip by trip (taking it for a dimension read its
 * missing end and crashed). */
static int is_pure(const lds_stmt *body)
{
    for (const lds_stmt *s = body; s; s = s->next)   /* a data path's statement runs trip by trip */
        if ((s->kind != S_ACCESS || s->u.access.nv) && !(s->kind == S_FOR && !s->u.loop.loop.cond && is_pure(s->u.loop.body)))
            return 0;
    return 1;
}

/* outer[0..n-1]: the pure blocks around s; n < LDS_MAX_LOOPS because
 * resolution gave each a slot. */
static int exec_pure_for(lds_interp *in, const lds_stmt *s, lds_outer_loop *outer, unsigned n)
{
    outer[n].loop = &s->u.loop.loop;
    outer[n].slot = s->u.loop.loop.sym->slot;
    for (const lds_stmt *b = s->u.loop.body; b; b = b->next) {
        in->ev.where = b->loc;
        int rc = b->kind == S_ACCESS ? exec_access(in, b, outer, n + 1) : exec_pure_for(in, b, outer, n + 1);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* One trip of a loop run one by one: the step budget and Ctrl-C, then
 * the body with the variable at v. */
static int exec_trip(lds_interp *in, const lds_stmt *s, unsigned slot, int64_t v)
{
    const lds_loop *lp = &s->u.loop.loop;
    if (lds_interrupt_pending()) {
        lds_diag_set(in->diag, s->loc, "interrupted");
        return -1;
    }
    if (++in->steps > in->max_steps) {
        lds_diag_set(in->diag, lp->loc, "more than %llu loop trips and instructions (--max-steps)",
                     (unsigned long long)in->max_steps);
        return -1;
    }
    in->env.loop[slot] = v;
    return exec_block(in, s->u.loop.body);
}

/* for V = INIT while COND next NEXT: trip by trip, while COND holds. */
static int exec_while(lds_interp *in, const lds_stmt *s)
{
    const lds_loop *lp = &s->u.loop.loop;
    unsigned slot = lp->sym->slot;
    int64_t v, holds;
    if (lds_eval_int64(&in->ev, lp->lo, &v, "a loop's start") < 0)
        return -1;
    in->active[in->nactive].loop = lp;
    in->active[in->nactive++].slot = slot;
    int rc = 0;
    for (;;) {
        in->env.loop[slot] = v;
        if ((rc = lds_eval_int64(&in->ev, lp->cond, &holds, "a while loop's condition")) < 0 || !holds)
            break;
        if ((rc = exec_trip(in, s, slot, v)) < 0)
            break;
        in->env.loop[slot] = v;
        if ((rc = lds_eval_int64(&in->ev, lp->next, &v, "a while loop's next value")) < 0)
            break;
    }
    in->nactive--;
    return rc;
}

static int exec_for(lds_interp *in, const lds_stmt *s)
{
    lds_outer_loop outer[LDS_MAX_LOOPS];
    const lds_loop *lp = &s->u.loop.loop;
    if (lp->cond)
        return exec_while(in, s);
    if (is_pure(s->u.loop.body))
        return exec_pure_for(in, s, outer, 0);
    int64_t lo, hi;
    if (lds_eval_int64(&in->ev, lp->lo, &lo, "a loop's start") < 0 || lds_eval_int64(&in->ev, lp->hi, &hi, "a loop's end") < 0)
        return -1;
    uint64_t left = in->max_steps - (in->steps < in->max_steps ? in->steps : in->max_steps);
    if (hi > lo && (uint64_t)hi - (uint64_t)lo > left) {
        lds_diag_set(in->diag, lp->loc, "this loop runs %llu times, one by one (its body is not only accesses), "
                     "more than --max-steps allows (%llu)",
                     (unsigned long long)((uint64_t)hi - (uint64_t)lo), (unsigned long long)in->max_steps);
        return -1;
    }
    unsigned slot = lp->sym->slot;
    in->active[in->nactive].loop = lp;
    in->active[in->nactive++].slot = slot;
    int rc = 0;
    lds_work work;   /* trips that would overrun the budget stop early (src/eval.h) */
    lds_work_begin(&work, &in->budget, hi > lo ? (uint64_t)hi - (uint64_t)lo : 0, "loop trips");
    for (int64_t v = lo; rc == 0 && v < hi; v++)
        if ((rc = exec_trip(in, s, slot, v)) == 0)
            rc = lds_work_step(&work, &in->budget, in->diag, lp->loc);
    in->nactive--;
    return rc;
}

/* if COND { ... } else { ... }: the block COND chooses (COND is uniform);
 * an else-if chain arm after arm, at one depth. */
static int exec_if(lds_interp *in, const lds_stmt *s)
{
    for (;;) {
        int64_t holds;
        in->ev.where = s->loc;
        if (lds_eval_int64(&in->ev, s->u.branch.cond, &holds, "an if block's condition") < 0)
            return -1;
        const lds_stmt *o = s->u.branch.otherwise;
        if (holds || !o || o->kind != S_IF || o->next)
            return exec_block(in, holds ? s->u.branch.then : o);
        s = o;
    }
}

/* skipped KIND NAME: WHY - a record with no numbers, saying why. */
static int exec_skipped(lds_interp *in, const lds_stmt *s)
{
    skipped_record(in, s, s->u.skipped.kind, s->u.skipped.array, s->u.skipped.why, s->u.skipped.width,
                   s->u.skipped.global);
    return 0;
}

/* The record of statement s, an access not modelled: no numbers, why;
 * its width in bytes (0: not known) and its memory. */
static lds_access_result *skipped_record(lds_interp *in, const lds_stmt *s, lds_access_kind kind, const char *array,
                                         const char *why, unsigned width, bool global)
{
    lds_results *r = in->results;
    for (size_t i = r->n; i-- > in->first_unreported;)
        if (r->accesses[i]->key == s)
            return r->accesses[i];   /* one record however often its block runs */
    lds_access_result *a = lds_results_add_access(r, s, &in->profile, 0);
    a->source = lds_xstrdup(s->source);
    a->file = lds_results_string(r, s->loc.src ? s->loc.src->name : NULL);
    a->line = s->loc.line;
    a->col = s->loc.col;
    a->index = (unsigned)r->n;
    a->array = lds_results_string(r, array);
    a->kernel = in->kernel;   /* as every record of a kernel file */
    a->kind = kind;
    a->width = width;
    a->global = global;
    a->parts = 1;
    a->show = SHOW_SUMMARY;
    char *inlined = inlined_note(r, a, s);
    if (inlined) {   /* no notes on a record without numbers: its reason says where it is */
        lds_buf b = { 0 };
        lds_buf_printf(&b, "%s (%s)", why, inlined);
        lds_free(inlined);
        a->error = lds_buf_take(&b);
    } else {
        a->error = lds_xstrdup(why);
    }
    a->skipped = true;
    a->lowered = s->lowered;
    a->lang = s->lowered && s->loc.src ? s->loc.src->lang : NULL;
    a->in_other_file = s->lowered && s->loc.src && (s->loc.src->included_by || s->loc.src->named_by_line_info);
    a->compiled = s->lowered && s->loc.src && s->loc.src->named_by_line_info;
    a->failed = true;   /* no numbers: out of every total and gate */
    return a;
}

/* ------------------------------------------------------------ dispatch */

static int exec_stmt(lds_interp *in, const lds_stmt *s)
{
    in->ev.where = s->loc;
    if (in->only_array && (s->kind == S_PRINT || s->kind == S_EXPECT || s->kind == S_SHOW || s->kind == S_EXPLAIN))
        return 0;   /* a suggest candidate's run reports nothing */
    switch (s->kind) {
    case S_ARCH:
        return lds_settings_arch_statement(in, s);
    case S_SET: return lds_settings_set(in, s);
    case S_RULES:
        lds_settings_rules(in, s->u.rules.which);
        return 0;
    case S_THREADS: return lds_settings_threads(in, s);
    case S_GROUPS: return lds_settings_groups(in, s);
    case S_LET: return exec_let(in, s);
    case S_DEF:
        s->u.def.sym->set = true;
        return 0;
    case S_ARRAY: return exec_array(in, s);
    case S_ACCESS: return exec_access(in, s, NULL, 0);
    case S_FOR: return exec_for(in, s);
    case S_IF: return exec_if(in, s);
    case S_SKIPPED: return in->only_array ? 0 : exec_skipped(in, s);
    case S_NOP: return 0;
    case S_KERNEL:   /* another kernel: its arrays from byte 0, its own footprint */
        in->kernel = lds_results_string(in->results, s->u.kernel.name);
        in->next_array_offset = 0;
        lds_results_begin_kernel(in->results, in->kernel);
        return 0;
    case S_PRINT: return lds_exec_print(in, s);
    case S_EXPECT: return exec_expect(in, s);
    case S_SHOW:
        if (s->u.show.array)
            return lds_show_layout(in, s->u.show.array_sym, s->loc);
        in->show = s->u.show.level;
        return 0;
    case S_EXPLAIN:
        in->explain_next = true;
        return 0;
    case S_SUGGEST:   /* nothing in a candidate's run (no hook): the session stops it there */
        return in->suggest ? in->suggest(in->suggest_ctx, s->u.suggest.array_sym, s) : 0;
    }
    return 0;
}

static int exec_block(lds_interp *in, const lds_stmt *first)
{
    for (const lds_stmt *s = first; s; s = s->next)
        if (exec_stmt(in, s) < 0)
            return -1;
    return 0;
}

int lds_exec_statement(lds_interp *in, const lds_stmt *s)
{
    in->statement_index++;
    return exec_stmt(in, s);
}
