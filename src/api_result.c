/* src/api_result.c - the public C API's results (src/lds-calc.h): the
 * records of a run read as data, and reports rendered from them into a
 * caller's buffer by replaying them, in the order the run made them, to
 * a reporter writing to memory. */
#include "src/api_impl.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "src/svg.h"

ldscalc_result *lds_api_result_new(void)
{
    lds_heap *heap = lds_heap_new();
    ldscalc_result *r = heap ? lds_alloc_unowned(sizeof *r) : NULL;
    if (!r) {
        lds_heap_free(heap);
        return NULL;
    }
    r->heap = heap;
    return r;
}

/* What a result holds, freed (an empty result holds nothing). */
static void free_contents(ldscalc_result *r)
{
    lds_session_close(r->ls);
    lds_parse_ctx_free(r->parse);
    if (r->have_texts)
        lds_front_texts_free(&r->texts);
    for (size_t i = 0; i < r->ndiags; i++) {
        lds_free(r->diags[i].file);
        lds_free(r->diags[i].message);
    }
    lds_free(r->diags);
    lds_free(r->events);
    lds_totals_free(r->totals, r->ntotals);
    lds_free(r->printed);
}

void ldscalc_result_free(ldscalc_result *r)
{
    if (!r)
        return;
    lds_heap *before = lds_heap_enter(r->heap);   /* GMP frees its integers there */
    free_contents(r);
    lds_heap_enter(before);
    lds_heap_free(r->heap);
    lds_free(r);
}

void lds_api_result_lost(ldscalc_result *r)
{
    if (r->print.f) {   /* the run's print statements' stream: closed, its text dropped */
        r->print.failed = 1;
        fclose(r->print.f);
    }
    lds_heap *heap = r->heap;
    lds_heap_empty(heap);   /* what it held, half updated or not */
    memset(r, 0, sizeof *r);
    r->heap = heap;
    r->status = LDSCALC_NO_MEMORY;
}

void lds_api_add_event(ldscalc_result *r, bool expect, size_t index)
{
    r->events = lds_xgrow(r->events, r->nevents, &r->capevents, sizeof *r->events, 16);
    r->events[r->nevents++] = (lds_api_event){ expect, index };
}

void lds_api_add_diag(ldscalc_result *r, const lds_diag *d, int status)
{
    r->diags = lds_xgrow(r->diags, r->ndiags, &r->capdiags, sizeof *r->diags, 4);
    lds_api_diag *k = &r->diags[r->ndiags++];
    memset(k, 0, sizeof *k);
    k->diag = *d;
    k->message = lds_xstrdup(d->msg);
    k->file = d->loc.src ? lds_xstrdup(d->loc.src->name) : NULL;
    k->e.status = status;
    k->e.file = k->file;
    k->e.line = d->loc.src ? d->loc.line : 0;
    k->e.column = d->loc.src ? d->loc.col : 0;
    k->e.message = k->message;
}

/* ------------------------------------------------------------- reading */

int ldscalc_result_status(const ldscalc_result *r)
{
    return r ? r->status : LDSCALC_USAGE;
}

static const lds_api_diag *first_error(const ldscalc_result *r)
{
    for (size_t i = 0; i < r->ndiags; i++)
        if (r->diags[i].e.status != LDSCALC_OK)
            return &r->diags[i];
    return NULL;
}

const ldscalc_error *ldscalc_result_error(const ldscalc_result *r)
{
    static const ldscalc_error no_memory = { LDSCALC_NO_MEMORY, NULL, 0, 0, "out of memory" };
    static const ldscalc_error no_result = { LDSCALC_USAGE, NULL, 0, 0, "no result (NULL)" };
    if (!r)
        return &no_result;
    const lds_api_diag *d = first_error(r);
    if (r->status == LDSCALC_NO_MEMORY)
        return &no_memory;
    return d ? &d->e : NULL;
}

size_t ldscalc_result_nwarnings(const ldscalc_result *r)
{
    size_t n = 0;
    for (size_t i = 0; r && i < r->ndiags; i++)
        n += r->diags[i].e.status == LDSCALC_OK;
    return n;
}

const ldscalc_error *ldscalc_result_warning(const ldscalc_result *r, size_t i)
{
    for (size_t k = 0; r && k < r->ndiags; k++)
        if (r->diags[k].e.status == LDSCALC_OK && i-- == 0)
            return &r->diags[k].e;
    return NULL;
}

const char *ldscalc_result_printed(const ldscalc_result *r)
{
    return r && r->printed ? r->printed : "";
}

static const lds_results *records(const ldscalc_result *r)
{
    return r && r->ls ? lds_session_results(r->ls) : NULL;
}

size_t ldscalc_result_naccesses(const ldscalc_result *r)
{
    const lds_results *res = records(r);
    return res ? res->n : 0;
}

/* An exact integer, UINT64_MAX when it passes 64 bits. */
static uint64_t u64_of(mpz_srcptr v)
{
    uint64_t out = mpz_sizeinbase(v, 2) <= 64 && mpz_sgn(v) >= 0 ? (uint64_t)mpz_get_ui(v) : UINT64_MAX;
    if (sizeof(unsigned long) < 8 && out != UINT64_MAX)   /* mpz_get_ui is 32 bits there */
        out = mpz_fits_ulong_p(v) ? mpz_get_ui(v) : UINT64_MAX;
    return out;
}

/* A metric's value, UINT64_MAX when it passes 64 bits (the counts kept
 * as they are read without a copy: a candidate's score reads five). */
uint64_t lds_api_metric_u64(const lds_metrics *m, lds_metric which)
{
    switch (which) {
    case M_CYCLES: return u64_of(m->cycles);
    case M_IDEAL: return u64_of(m->ideal);
    case M_INSTRUCTIONS: return u64_of(m->instructions);
    case M_BROADCASTS: return u64_of(m->broadcasts);
    default: break;
    }
    mpz_t v;
    mpz_init(v);
    lds_metrics_value(m, which, v);
    uint64_t out = u64_of(v);
    mpz_clear(v);
    return out;
}

int ldscalc_result_access(const ldscalc_result *r, size_t i, ldscalc_access *out)
{
    if (!lds_api_sized_ok(out) || i >= ldscalc_result_naccesses(r))
        return LDSCALC_USAGE;
    ldscalc_result *w = (ldscalc_result *)r;   /* its heap holds the integers made */
    LDS_API_ON_RESULT(w, LDSCALC_NO_MEMORY);
    const lds_access_result *a = records(r)->accesses[i];
    ldscalc_access got = {
        .size = sizeof got,
        .file = a->file,
        .line = a->line,
        .column = a->col,
        .source = a->source,
        .array = a->array,
        .profile = a->profile->name,
        .kind = lds_access_kind_name(a->kind),
        .width = a->width,
        .global = a->global,
        .failed = a->failed,
        .error = a->error,
        .instructions = lds_api_metric_u64(&a->m, M_INSTRUCTIONS),
        .cycles = lds_api_metric_u64(&a->m, M_CYCLES),
        .ideal = lds_api_metric_u64(&a->m, M_IDEAL),
        .excess = lds_api_metric_u64(&a->m, M_EXCESS),
        .ways = a->m.ways,
        .broadcasts = lds_api_metric_u64(&a->m, M_BROADCASTS),
    };
    LDS_API_LEAVE();
    lds_api_copy_sized(out, &got, sizeof got);
    return LDSCALC_OK;
}

/* An exact integer in decimal into buf, as snprintf does. */
static int decimal(mpz_srcptr v, char *buf, size_t size)
{
    char *text = lds_mpz_str(v);
    int n = snprintf(buf, size, "%s", text);
    lds_free(text);
    return n;
}

/* Metric `name` of m (in r) into buf, as snprintf does; -1 for an
 * unknown name, or when memory runs out (r is lost then). */
static int metric_text(const ldscalc_result *r, const lds_metrics *m, const char *name, char *buf, size_t size)
{
    lds_metric which;
    bool total;
    if (!name || (!buf && size) || !lds_metric_lookup(name, &which, &total) || total)
        return -1;
    ldscalc_result *w = (ldscalc_result *)r;
    LDS_API_ON_RESULT(w, -1);
    mpz_t v;
    mpz_init(v);
    lds_metrics_value(m, which, v);
    int n = decimal(v, buf, size);
    mpz_clear(v);
    LDS_API_LEAVE();
    return n;
}

int ldscalc_access_metric(const ldscalc_result *r, size_t i, const char *metric, char *buf, size_t size)
{
    if (i >= ldscalc_result_naccesses(r))
        return -1;
    return metric_text(r, &records(r)->accesses[i]->m, metric, buf, size);
}

/* The totals, made on first use (none when memory runs out: r is lost). */
static const lds_total *totals(const ldscalc_result *r, size_t *n)
{
    ldscalc_result *w = (ldscalc_result *)r;
    *n = 0;
    if (!r)
        return NULL;
    if (!w->have_totals && records(r)) {
        LDS_API_ON_RESULT(w, NULL);
        lds_total *t;
        size_t count = lds_results_group_totals(records(r), 0, false, &t);
        LDS_API_LEAVE();
        w->totals = t;
        w->ntotals = count;
    }
    w->have_totals = true;
    *n = w->ntotals;
    return w->totals;
}

size_t ldscalc_result_ntotals(const ldscalc_result *r)
{
    size_t n;
    totals(r, &n);
    return n;
}

const char *ldscalc_total_profile(const ldscalc_result *r, size_t i)
{
    size_t n;
    const lds_total *t = totals(r, &n);
    return i < n ? t[i].profile->name : NULL;
}

int ldscalc_total_is_global(const ldscalc_result *r, size_t i)
{
    size_t n;
    const lds_total *t = totals(r, &n);
    return i < n && t[i].global;
}

int ldscalc_total_metric(const ldscalc_result *r, size_t i, const char *metric, char *buf, size_t size)
{
    size_t n;
    const lds_total *t = totals(r, &n);
    return i < n ? metric_text(r, &t[i].m, metric, buf, size) : -1;
}

size_t ldscalc_result_nexpects(const ldscalc_result *r)
{
    const lds_results *res = records(r);
    return res ? res->nexpects : 0;
}

int ldscalc_result_expect(const ldscalc_result *r, size_t i, ldscalc_expect *out)
{
    if (!lds_api_sized_ok(out) || i >= ldscalc_result_nexpects(r))
        return LDSCALC_USAGE;
    const lds_expect_result *e = &records(r)->expects[i];
    ldscalc_expect got = { .size = sizeof got, .file = e->file, .line = e->line, .column = e->col,
                           .source = e->source, .metric = e->metric_name, .ok = e->ok,
                           .actual = e->actual, .expected = e->expected };
    lds_api_copy_sized(out, &got, sizeof got);
    return LDSCALC_OK;
}

size_t ldscalc_result_nsuggestions(const ldscalc_result *r)
{
    const lds_results *res = records(r);
    return res ? res->nsuggestions : 0;
}

static const lds_suggestion *suggestion(const ldscalc_result *r, size_t i)
{
    return i < ldscalc_result_nsuggestions(r) ? records(r)->suggestions[i] : NULL;
}

const char *ldscalc_suggestion_array(const ldscalc_result *r, size_t i)
{
    const lds_suggestion *sg = suggestion(r, i);
    return sg ? sg->array : NULL;
}

unsigned ldscalc_suggestion_line(const ldscalc_result *r, size_t i)
{
    const lds_suggestion *sg = suggestion(r, i);
    return sg ? sg->line : 0;
}

size_t ldscalc_suggestion_nlayouts(const ldscalc_result *r, size_t i)
{
    const lds_suggestion *sg = suggestion(r, i);
    return sg ? sg->ncand : 0;
}

int ldscalc_suggestion_layout(const ldscalc_result *r, size_t i, size_t k, ldscalc_layout *out)
{
    const lds_suggestion *sg = suggestion(r, i);
    if (!lds_api_sized_ok(out) || !sg || k >= sg->ncand)
        return LDSCALC_USAGE;
    const lds_suggest_candidate *c = &sg->cand[k];
    ldscalc_layout got = { .size = sizeof got, .label = c->label, .layout = c->layout, .cute = c->cute,
                           .triton = c->triton, .error = c->error, .ways = c->ways, .bytes = c->bytes };
    lds_api_copy_sized(out, &got, sizeof got);
    return LDSCALC_OK;
}

int ldscalc_suggestion_excess(const ldscalc_result *r, size_t i, size_t k, char *buf, size_t size)
{
    const lds_suggestion *sg = suggestion(r, i);
    if (!sg || k >= sg->ncand || (!buf && size))
        return -1;
    ldscalc_result *w = (ldscalc_result *)r;
    LDS_API_ON_RESULT(w, -1);
    int n = decimal(sg->cand[k].excess, buf, size);
    LDS_API_LEAVE();
    return n;
}

/* ----------------------------------------------------------- rendering */

/* Replay the run into a reporter of format f writing to out.  Returns
 * whether the reporter could write all it had (an SVG of several
 * pictures cannot: it wants a file each). */
static bool replay(ldscalc_result *r, lds_format f, FILE *out, FILE *err)
{
    const lds_source **sources = lds_xcalloc(r->texts.n ? r->texts.n : 1, sizeof *sources);
    for (unsigned i = 0; i < r->texts.n; i++)
        sources[i] = &r->texts.srcs[i];
    lds_diag *warnings = lds_xcalloc(r->ndiags ? r->ndiags : 1, sizeof *warnings);   /* the front end's, for JSON and SARIF */
    size_t nwarnings = 0;
    for (size_t i = 0; i < r->ndiags; i++)
        if (r->diags[i].diag.warning)
            warnings[nwarnings++] = r->diags[i].diag;
    lds_report_options ro = { .format = f, .out = out, .err = err, .prog = "lds-calc", .sources = sources,
                              .nsources = r->texts.n, .sweep_table = true, .warnings = warnings,
                              .nwarnings = nwarnings };
    lds_reporter *rep = lds_reporter_new(&ro);
    const lds_results *res = records(r);
    lds_reporter_begin_run(rep, NULL, 0);
    for (size_t i = 0; i < r->nevents; i++)
        if (r->events[i].expect)
            lds_reporter_expect(rep, &res->expects[r->events[i].index]);
        else
            lds_reporter_access(rep, res->accesses[r->events[i].index]);
    if ((f == FMT_DIAGNOSTICS || f == FMT_SARIF) && !r->fixes_done) {   /* a search per array that conflicted */
        r->fixes_done = true;
        lds_session_fixes(r->ls, 0);
    }
    const lds_api_diag *e = first_error(r);
    lds_run_status st = { r->status, e ? &e->diag : NULL };
    lds_run_start start = { 0 };
    lds_reporter_end_run(rep, res, start, &st);
    lds_reporter_finish(rep);
    bool wrote = !lds_reporter_failed(rep);
    lds_reporter_free(rep);
    lds_free(warnings);
    lds_free(sources);
    return wrote;
}

/* A text to render: what writes it, and whether it could. */
typedef struct {
    ldscalc_result *r;
    bool (*write)(ldscalc_result *r, FILE *out, FILE *err, const void *arg);
    const void *arg;
    bool wrote;
} rendering;

static void render_into(void *ctx, FILE *out, FILE *discard)
{
    rendering *g = ctx;
    g->wrote = g->write(g->r, out, discard, g->arg);   /* failed expects' messages dropped: the expects are data */
}

/* The text write(r, out, err, arg) writes, copied into buf as snprintf
 * does; LDSCALC_USAGE when write says it could not, LDSCALC_NO_MEMORY
 * (r lost) when memory ran out, in a write to the stream too. */
static int to_buffer(ldscalc_result *r, bool (*write)(ldscalc_result *, FILE *, FILE *, const void *),
                     const void *arg, char *buf, size_t size, size_t *length)
{
    rendering g = { .r = r, .write = write, .arg = arg, .wrote = false };
    size_t len = 0;
    LDS_API_ON_RESULT(r, LDSCALC_NO_MEMORY);
    char *text = lds_mem_write(render_into, &g, &len);
    LDS_API_LEAVE();
    if (size) {
        size_t n = len < size - 1 ? len : size - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    if (length)
        *length = len;
    lds_free(text);
    return g.wrote ? LDSCALC_OK : LDSCALC_USAGE;
}

static bool write_report(ldscalc_result *r, FILE *out, FILE *err, const void *format)
{
    return replay(r, *(const lds_format *)format, out, err);
}

int ldscalc_render(ldscalc_result *r, const char *format, char *buf, size_t size, size_t *length)
{
    int f = format ? lds_format_lookup(format) : -1;
    if (!r || f < 0 || f > FMT_SARIF || (!buf && size))
        return LDSCALC_USAGE;
    if (!r->ls) {   /* nothing ran (an unreadable file, out of memory): an empty report */
        if (size)
            buf[0] = '\0';
        if (length)
            *length = 0;
        return LDSCALC_OK;
    }
    lds_format which = (lds_format)f;
    return to_buffer(r, write_report, &which, buf, size, length);
}

static bool write_picture(ldscalc_result *r, FILE *out, FILE *err, const void *index)
{
    (void)err;
    lds_svg_write(out, records(r)->accesses[*(const size_t *)index], 0);
    return true;
}

int ldscalc_access_svg(ldscalc_result *r, size_t i, char *buf, size_t size, size_t *length)
{
    if (i >= ldscalc_result_naccesses(r) || (!buf && size))
        return LDSCALC_USAGE;
    const lds_access_result *a = records(r)->accesses[i];
    if (a->failed || !a->nsamples)
        return LDSCALC_USAGE;
    return to_buffer(r, write_picture, &i, buf, size, length);
}
