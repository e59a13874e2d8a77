/* src/suggest.c - the search behind suggest NAME (see src/suggest.h). */
#include "src/suggest.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/interrupt.h"
#include "base/limits.h"
#include "base/mem.h"
#include "src/scope.h"
#include "src/suggest_candidates.h"
#include "src/suggest_remap.h"

/* The name a candidate's layout takes in its replay. */
#define CANDIDATE_DEF "lds_suggested_layout__"

typedef struct {
    const lds_suggest_request *q;
    lds_suggestion *sg;
    unsigned max_width;               /* bytes: the widest access to the array */
    lds_suggest_shape shape;
    int64_t dims[LDS_MAX_DIMS];
    lds_sim_profile profile;          /* the one in force at the statement */
    lds_cute_form own;                /* the array's declared CuTe layout (shape.own) */
    uint64_t steps_left;              /* of the search's budget */
    unsigned tried, total;            /* layouts tried and to try (progress) */
    char error[512];                  /* why the baseline could not run */
    lds_layout_info tma;              /* a TMA box no descriptor reads (a copy: the
                                         session's tree dies with it): TMA's modes are
                                         candidates */
    char tma_notation[64];
    bool tma_modes;
} search;

/* A candidate's replay is running a long access: the search's progress
 * line stays up to date (it shows itself after a second). */
static void heartbeat(void *ctx, unsigned line, uint64_t done, uint64_t planned, bool finished)
{
    const search *s = ctx;
    (void)line, (void)done, (void)planned;
    if (!finished)
        s->q->cfg->suggest_progress(s->q->cfg->suggest_ctx, s->q->loc.line, s->tried, s->total, false);
}

/* What fixes the array's layout, so that only its accesses can change:
 * a layout whose swizzle acts on the byte address as the hardware's do
 * (TMA, a GMMA atom), a descriptor that reads it, a TMA copy that writes
 * it.  NULL where layouts are free to try. */
static char *fixed_by(const lds_layout_info *li, const lds_results *res, const char *layout, bool *tma_modes)
{
    lds_buf b = { 0 };
    for (size_t i = 0; i < res->n && !b.len; i++) {
        const char *op = lds_access_counter_op(res->accesses[i]);
        if (op && !strcmp(op, "gmma"))
            lds_buf_printf(&b, "a descriptor reads it (line %u)", res->accesses[i]->line);
    }
    *tma_modes = !b.len && li && li->notation && !strncmp(li->notation, "TMA ", 4);
    if (!b.len && li && li->hw.elem_bytes)
        lds_buf_printf(&b, "its layout '%s' is %s, the hardware's%s", layout, li->notation ? li->notation : "fixed",
                       *tma_modes ? " (TMA's other swizzle modes are tried too)" : "");
    for (size_t i = 0; i < res->n && !b.len; i++) {
        const char *op = lds_access_counter_op(res->accesses[i]);
        if (op && !strcmp(op, "bulk"))
            lds_buf_printf(&b, "a bulk copy moves it (line %u)", res->accesses[i]->line);
    }
    return b.len ? lds_buf_take(&b) : NULL;
}

/* stmatrix where it applies: a conflicting write of 16-bit elements on an
 * NVIDIA part (stmatrix is sm90's; lds-calc cannot rewrite an access
 * into it, so the report names it, not ranks it). */
static void stmatrix_hint(lds_suggestion *sg, const lds_results *res, const lds_sym *a, const lds_sim_profile *p)
{
    bool conflicting_write = false;
    for (size_t i = 0; i < res->n; i++)
        conflicting_write |= res->accesses[i]->kind == ACC_WRITE && res->accesses[i]->m.ways > 1
                             && !lds_access_counter_op(res->accesses[i]);
    if (!sg->fixed || !conflicting_write || a->array.elem_size != 2 || lds_sim_profile_vendor(p) != LDS_VENDOR_NVIDIA)
        return;
    sg->stmatrix = true;
}

/* Replay the session's texts with candidate c (its layout, or as
 * declared) and fill its metrics from the records.  On the baseline
 * also learn the accesses.  0; -1 with c->error; -2 when it failed with
 * its steps cut to what was left of the search's budget. */
static int replay(search *s, lds_suggest_candidate *c, bool baseline)
{
    const lds_suggest_request *q = s->q;
    lds_candidate_run run = { q->array, c->layout ? CANDIDATE_DEF : NULL, c->remap,
                              q->loc.src ? q->loc.src->name : "", q->loc.line, q->loc.col };
    lds_session_config cfg = *q->cfg;
    cfg.candidate = &run;
    cfg.parse_from = NULL;   /* it parses the texts anew, in order, from the -D values */
    cfg.keep = LDS_KEEP_NONE;
    cfg.keep_layouts = false;
    cfg.keep_every = 0;
    cfg.explain = false;
    cfg.show = -1;
    cfg.print_out = NULL;
    uint64_t most = cfg.max_steps ? cfg.max_steps : LDS_DEFAULT_MAX_STEPS;
    bool capped = !baseline && s->steps_left < most;   /* by what is left of the search's budget */
    if (!baseline)
        cfg.max_steps = capped ? (s->steps_left ? s->steps_left : 1) : most;
    lds_session_hooks hooks = { .ctx = s, .progress = q->cfg->suggest_progress ? heartbeat : NULL };
    lds_session *cs = lds_session_open(&cfg, &hooks);
    int rc = 0;
    const lds_diag *d = lds_session_error(cs);
    if (c->layout) {
        lds_buf b = { 0 };
        lds_buf_printf(&b, "layout %s = %s\n", CANDIDATE_DEF, c->layout);
        if (lds_session_run_text(cs, "<suggest>", lds_buf_str(&b), strlen(lds_buf_str(&b))) != LDS_EXIT_OK)
            rc = -1;
        lds_buf_free(&b);
    }
    for (size_t i = 0; rc == 0 && i < q->ntexts && !lds_session_stopped(cs); i++) {
        const lds_ran_text *t = &q->texts[i];
        lds_source src = t->src;
        src.first_line = src.first_line ? src.first_line : 1;
        int st = lds_session_run_source(cs, &src);
        if (st != LDS_EXIT_OK && (t->status == LDS_EXIT_OK || t->status < 0))
            rc = -1;   /* it ran before: the candidate broke it */
    }
    if (rc < 0) {
        lds_buf b = { 0 };
        if (d->set)
            lds_buf_printf(&b, "%s:%u:%u: %s", d->loc.src ? d->loc.src->name : "", d->loc.line, d->loc.col, d->msg);
        else
            lds_buf_printf(&b, "it did not run");
        c->error = lds_buf_take(&b);
    }
    const lds_results *res = lds_session_results(cs);
    const lds_sym *a = lds_session_array(cs, q->array);
    if (rc == 0 && !a) {
        c->error = lds_xstrdup("the array is not declared at the statement");
        rc = -1;
    }
    if (rc == 0 && baseline) {
        lds_suggestion *sg = s->sg;
        sg->naccess = (unsigned)res->n;
        sg->access_source = lds_xcalloc(res->n ? res->n : 1, sizeof *sg->access_source);
        sg->access_line = lds_xcalloc(res->n ? res->n : 1, sizeof *sg->access_line);
        for (size_t i = 0; i < res->n; i++) {
            sg->access_source[i] = lds_xstrdup(res->accesses[i]->source);
            sg->access_line[i] = res->accesses[i]->line;
            if (res->accesses[i]->width > s->max_width)
                s->max_width = res->accesses[i]->width;
        }
        lds_buf b = { 0 };
        lds_buf_printf(&b, "%s", a->array.type_name);
        lds_array_dims_text(&b, &a->array);
        sg->shape = lds_buf_take(&b);
        const lds_sim_profile *p = lds_session_profile(cs);
        sg->profile = lds_results_string(q->results, p->name);
        sg->capacity = p->lds_bytes;
        s->shape.elem_size = a->array.elem_size;
        s->shape.ndims = a->array.ndims;   /* at most LDS_MAX_DIMS */
        for (unsigned k = 0; k < s->shape.ndims; k++)
            s->dims[k] = a->array.dims[k];
        s->shape.dims = s->dims;
        s->profile = *p;
        s->shape.profile = &s->profile;
        s->shape.has_layout = a->array.layout != NULL;
        const lds_layout_info *li = a->array.layout ? a->array.layout->def->u.def.layout : NULL;
        if (li && li->cute) {   /* the user's own CuTe layout, varied (the session's tree dies with it) */
            s->own = *li->cute;
            s->shape.own = &s->own;
        }
        sg->fixed = fixed_by(li, res, a->array.layout ? a->array.layout->name : NULL, &s->tma_modes);
        if (s->tma_modes) {
            s->tma = *li;
            snprintf(s->tma_notation, sizeof s->tma_notation, "%s", li->notation);
            s->tma.notation = s->tma_notation;
            s->tma.hw.why = NULL;
            s->tma.cute = NULL;
        }
        stmatrix_hint(sg, res, a, p);
    }
    if (rc == 0 && res->n != s->sg->naccess) {
        c->error = lds_xstrdup("its accesses differ from the program's");
        rc = -1;
    }
    mpz_inits(c->cycles, c->ideal, c->excess, NULL);
    if (rc == 0) {
        c->access_ways = lds_xcalloc(res->n ? res->n : 1, sizeof *c->access_ways);
        c->access_cycles = lds_xcalloc(res->n ? res->n : 1, sizeof *c->access_cycles);
        for (size_t i = 0; i < res->n; i++) {
            mpz_init_set(c->access_cycles[i], res->accesses[i]->m.cycles);
            c->access_ways[i] = res->accesses[i]->m.ways;
        }
        lds_metrics total;
        lds_metrics_init(&total);
        lds_results_totals(res, 0, false, &total);
        mpz_set(c->cycles, total.cycles);
        mpz_set(c->ideal, total.ideal);
        lds_metrics_excess(&total, c->excess);
        c->ways = total.ways;
        lds_metrics_clear(&total);
        c->bytes = a->array.elems * a->array.elem_size;
        c->lds_used = res->lds.used;
    }
    uint64_t used = lds_session_steps(cs);
    s->steps_left -= used < s->steps_left ? used : s->steps_left;
    lds_session_close(cs);
    return rc < 0 && capped ? -2 : rc;
}

/* Rank: runs before failures; fewer cycles, less excess, fewer bytes,
 * simpler. */
static int by_rank(const void *x, const void *y)
{
    const lds_suggest_candidate *a = x, *b = y;
    if (!a->error != !b->error)
        return a->error ? 1 : -1;
    int c = a->error ? 0 : mpz_cmp(a->cycles, b->cycles);
    if (!c && !a->error)
        c = mpz_cmp(a->excess, b->excess);
    if (!c && a->bytes != b->bytes)
        c = a->bytes < b->bytes ? -1 : 1;
    if (!c && a->simplicity != b->simplicity)
        c = a->simplicity < b->simplicity ? -1 : 1;
    return c;
}

/* Simulate sg->cand[ncand .. upto), counting each into ncand, until the
 * budget is spent (true: the list is marked truncated).  Those never
 * tried are freed. */
static bool try_candidates(search *s, size_t upto)
{
    lds_suggestion *sg = s->sg;
    const lds_suggest_request *q = s->q;
    const lds_session_config *cfg = q->cfg;
    size_t first = sg->ncand, total = upto - 1;
    bool stopped = false;
    for (size_t i = first; i < upto; i++) {
        /* a spent budget, or a replay stopped by it rather than by itself:
         * what was tried is ranked */
        if (!s->steps_left) {
            stopped = true;
            break;
        }
        s->tried = (unsigned)i;
        s->total = (unsigned)total;
        if (replay(s, &sg->cand[i], false) == -2) {
            mpz_clears(sg->cand[i].cycles, sg->cand[i].ideal, sg->cand[i].excess, NULL);
            stopped = true;
            break;
        }
        sg->ncand = i + 1;
        if (lds_interrupt_pending()) {   /* Ctrl-C: the search stops, and says so */
            stopped = true;
            break;
        }
        if (cfg->suggest_progress)
            cfg->suggest_progress(cfg->suggest_ctx, q->loc.line, (unsigned)i, (unsigned)total, false);
    }
    if (cfg->suggest_progress)
        cfg->suggest_progress(cfg->suggest_ctx, q->loc.line, (unsigned)total, (unsigned)total, true);
    for (size_t i = sg->ncand; i < upto; i++)   /* generated, never tried */
        lds_suggestion_free_candidate(&sg->cand[i]);
    sg->truncated = sg->truncated || stopped;
    return stopped;
}

/* The whole search; NULL with diag set when it cannot start. */
static lds_suggestion *run_search(const lds_suggest_request *q, lds_diag *diag, lds_loc loc)
{
    search s;
    memset(&s, 0, sizeof s);
    s.q = q;
    lds_suggestion *sg = lds_xcalloc(1, sizeof *sg);
    s.sg = sg;
    sg->array = lds_xstrdup(q->array);
    sg->file = lds_results_string(q->results, q->loc.src ? q->loc.src->name : NULL);
    sg->line = q->loc.line;
    uint64_t most = q->cfg->max_steps ? q->cfg->max_steps : LDS_DEFAULT_MAX_STEPS;
    s.steps_left = most > UINT64_MAX / LDS_SUGGEST_STEPS_FACTOR ? UINT64_MAX : most * LDS_SUGGEST_STEPS_FACTOR;
    lds_suggest_candidate *cand = lds_xcalloc(LDS_SUGGEST_MAX_CANDIDATES + 1, sizeof *cand);
    sg->cand = cand;
    cand[0].label = lds_xstrdup("as declared");
    sg->ncand = 1;
    if (replay(&s, &cand[0], true) < 0) {
        if (lds_interrupt_pending())
            lds_diag_set(diag, loc, "interrupted");
        else
            lds_diag_set(diag, loc, "suggest %s: the program does not run as it is: %s", q->array, cand[0].error);
        lds_suggestion_free(sg);
        return NULL;
    }
    if (!sg->naccess) {
        lds_diag_set(diag, loc, "suggest %s: no access to '%s' before this statement", q->array, q->array);
        lds_suggestion_free(sg);
        return NULL;
    }
    s.shape.max_width = s.max_width > s.shape.elem_size ? s.max_width : s.shape.elem_size;
    bool full = false;
    /* a layout the hardware fixes: thread remaps of the accesses instead */
    size_t n = 0;
    if (!sg->fixed)
        n = lds_suggest_candidates(&s.shape, cand + 1, LDS_SUGGEST_MAX_CANDIDATES, &full);
    else if (s.tma_modes)
        n = lds_remap_tma_modes(&s.tma, cand + 1, LDS_SUGGEST_MAX_CANDIDATES);
    if (sg->fixed)
        n += lds_remap_candidates(cand + 1 + n, LDS_SUGGEST_MAX_CANDIDATES - n);
    bool stopped = try_candidates(&s, 1 + n);
    qsort(cand + 1, sg->ncand - 1, sizeof *cand, by_rank);
    /* combinations, where no single layout removed every conflict */
    if (!sg->fixed && !stopped && !full && sg->ncand > 1 && !cand[1].error && mpz_sgn(cand[1].excess)) {
        size_t more = lds_suggest_combinations(&s.shape, cand + 1, sg->ncand - 1, cand + sg->ncand,
                                               LDS_SUGGEST_MAX_CANDIDATES + 1 - sg->ncand, &full);
        try_candidates(&s, sg->ncand + more);
        qsort(cand + 1, sg->ncand - 1, sizeof *cand, by_rank);
    }
    sg->truncated = sg->truncated || full;
    if (lds_interrupt_pending()) {
        lds_diag_set(diag, loc, "interrupted");
        lds_suggestion_free(sg);
        return NULL;
    }
    return sg;
}

int lds_suggest_statement(const lds_suggest_request *q, lds_diag *diag)
{
    lds_suggestion *sg = run_search(q, diag, q->loc);
    if (!sg)
        return -1;
    lds_results_add_suggestion(q->results, sg);   /* the reports print it */
    return 0;
}

int lds_suggest_keep(const lds_suggest_request *q, lds_diag *diag)
{
    lds_diag why = { 0 };
    lds_suggestion *sg = run_search(q, &why, q->loc);
    if (sg)
        lds_results_add_suggestion(q->results, sg);
    if (lds_interrupt_pending()) {
        lds_diag_set(diag, q->loc, "interrupted");
        return -1;
    }
    return 0;
}

int lds_suggest_fix(const lds_suggest_request *q, lds_diag *diag)
{
    lds_diag why = { 0 };   /* a search that cannot start prints no fix */
    lds_suggestion *sg = run_search(q, &why, q->loc);
    if (sg && q->print_out)
        lds_suggest_print_fix(q->print_out, sg, q->rec, q->said, q->loc);
    lds_suggestion_free(sg);
    if (lds_interrupt_pending()) {
        lds_diag_set(diag, q->loc, "interrupted");
        return -1;
    }
    return 0;
}
