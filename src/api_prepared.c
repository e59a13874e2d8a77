/* src/api_prepared.c - the candidate API (src/lds-calc.h): a program
 * parsed once and run for many values of its free names, as a -D sweep
 * runs its points (src/run.c): a library session reopened per candidate
 * in the same memory, the parsed program run into it.  Scoring on
 * several threads gives each thread a slot of its own - its heap, its
 * copy of the parsed tree (resolution writes into the tree, so threads
 * cannot share one) and its session - made once and kept by the handle. */
#include "src/api_impl.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/limits.h"
#include "src/parse_ctx.h"
#include "src/parser.h"
#include "src/vocab.h"

/* What the program, run once, may ask for before discovery gives up. */
#define MAX_PARAMS 64

/* A candidate's score, its reason and accesses kept by the handle. */
typedef struct {
    ldscalc_score_result sc;
    char reason[600];
    unsigned slot;
    size_t first;             /* its accesses in the slot's list */
} scored;

/* What one thread scores with. */
typedef struct {
    lds_heap *heap;           /* everything below lives in it */
    lds_source src;
    lds_program prog;         /* the slot's copy of the parsed tree */
    lds_session *ls;          /* reopened per candidate */
    mpz_t *values;            /* a candidate's values, one per parameter */
    lds_define_value *defs;
    bool ready;
    ldscalc_score_access *accs;   /* the accesses it scored this batch, strings its own */
    size_t naccs, capaccs;
    char **names;             /* array and profile names interned */
    size_t nnames, capnames;
} slot;

struct ldscalc_prepared {
    ldscalc_session *s;
    lds_heap *heap;           /* the handle's own memory: params, results */
    char *name, *text;
    size_t len;
    char **params;
    mpz_t *defaults;
    bool *has_default;
    size_t nparams;
    slot slots[LDS_MAX_JOBS];
    unsigned nslots;
    scored *results;          /* the last batch's */
    size_t nresults, capresults;
};

/* ------------------------------------------------------------- slots */

/* What slot t made in its heap (the heap current), and nothing else. */
static void slot_clear(slot *t, size_t nparams)
{
    lds_session_close(t->ls);
    for (size_t i = 0; t->values && i < nparams; i++)
        mpz_clear(t->values[i]);
    lds_free(t->values);
    lds_free(t->defs);
    lds_arena_free(t->prog.arena);
    lds_free(t->src.name);
    lds_free(t->src.text);
    for (size_t i = 0; i < t->nnames; i++)
        lds_free(t->names[i]);
    lds_free(t->names);
    lds_free(t->accs);
}

static void slot_free(slot *t, size_t nparams)
{
    if (!t->heap)
        return;
    lds_heap *before = lds_heap_enter(t->heap);
    slot_clear(t, nparams);
    lds_heap_enter(before);
    lds_heap_free(t->heap);
    memset(t, 0, sizeof *t);
}

/* Parse p's text into slot t (its heap current).  0, or -1 with diag. */
static int slot_parse(const ldscalc_prepared *p, slot *t, lds_diag *diag)
{
    t->src.name = lds_xstrdup(p->name);
    t->src.text = lds_xstrndup(p->text, p->len);
    t->src.len = p->len;
    t->src.first_line = 1;
    t->prog.arena = lds_arena_new();
    lds_parse_ctx *ctx = lds_options_parse_ctx(&p->s->opts);
    for (size_t i = 0; i < p->nparams; i++)   /* #if cannot read a parameter */
        lds_parse_ctx_predefine(ctx, p->params[i], NULL);
    int rc = lds_parse_program_in(&t->src, &t->prog, ctx, diag);
    lds_parse_ctx_free(ctx);
    return rc;
}

/* Make slot t ready to score with p's parameters; -1 with diag if the
 * text does not parse.  Runs as a call on t's heap (out of memory jumps). */
static int slot_ready(const ldscalc_prepared *p, slot *t, lds_diag *diag)
{
    if (t->ready)
        return 0;
    if (slot_parse(p, t, diag) < 0)
        return -1;
    size_t n = p->nparams ? p->nparams : 1;
    t->values = lds_xcalloc(n, sizeof *t->values);
    t->defs = lds_xcalloc(n, sizeof *t->defs);
    for (size_t i = 0; i < p->nparams; i++) {
        mpz_init(t->values[i]);
        t->defs[i].name = p->params[i];
        t->defs[i].value = t->values[i];
    }
    t->ready = true;
    return 0;
}

/* A name kept for the handle's life (the session's goes at its reopen). */
static const char *slot_intern(slot *t, const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < t->nnames; i++)
        if (strcmp(t->names[i], name) == 0)
            return t->names[i];
    t->names = lds_xgrow(t->names, t->nnames, &t->capnames, sizeof *t->names, 4);
    return t->names[t->nnames++] = lds_xstrdup(name);
}

/* ----------------------------------------------------------- scoring */

static uint64_t add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static void say(scored *r, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(scored *r, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    r->sc.status = status;
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    r->sc.reason = r->reason;
    va_end(ap);
}

static void set_i64(mpz_t to, int64_t v)
{
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    mpz_import(to, 1, 1, sizeof mag, 0, 0, &mag);
    if (v < 0)
        mpz_neg(to, to);
}

/* The candidate's values into the slot; false (r says why) when one is
 * not a parameter, or a parameter has no value. */
static bool take_values(const ldscalc_prepared *p, slot *t, const ldscalc_candidate *c, scored *r)
{
    uint64_t given[(MAX_PARAMS + 63) / 64] = { 0 };
    if (c->nvalues && !c->values) {
        say(r, LDSCALC_USAGE, "%s", "no values (NULL) for a candidate of several");
        return false;
    }
    for (size_t k = 0; k < c->nvalues; k++) {
        const char *name = c->values[k].name;
        size_t i = 0;
        while (i < p->nparams && (!name || strcmp(p->params[i], name) != 0))
            i++;
        if (i == p->nparams) {
            say(r, LDSCALC_USAGE, "'%s' is not a parameter of the program", name ? name : "(NULL)");
            return false;
        }
        set_i64(t->values[i], c->values[k].value);
        given[i / 64] |= 1ull << (i % 64);
    }
    for (size_t i = 0; i < p->nparams; i++) {
        if (given[i / 64] >> (i % 64) & 1)
            continue;
        if (!p->has_default[i]) {
            say(r, LDSCALC_USAGE, "no value for the parameter '%s'", p->params[i]);
            return false;
        }
        mpz_set(t->values[i], p->defaults[i]);
    }
    return true;
}

/* The slot's session, reopened for this candidate; NULL (r says why)
 * for an unknown profile. */
static lds_session *reopen(const ldscalc_prepared *p, slot *t, const ldscalc_candidate *c, unsigned jobs, scored *r)
{
    lds_session_config cfg;
    lds_api_limits_config(p->s, &cfg);
    if (c->arch)
        cfg.arch = c->arch;
    cfg.keep = LDS_KEEP_NONE;   /* totals only: no instruction kept */
    cfg.jobs = jobs;
    cfg.defines = t->defs;
    cfg.ndefines = (unsigned)p->nparams;
    t->ls = lds_session_reopen(t->ls, &cfg, NULL);
    if (!t->ls)
        say(r, LDSCALC_USAGE, "unknown profile '%s'", cfg.arch);
    return t->ls;
}

/* The records of the run into r and the slot's access list. */
static void take_records(slot *t, scored *r)
{
    const lds_results *res = lds_session_results(t->ls);
    r->first = t->naccs;
    r->sc.naccesses = res->n;
    for (size_t i = 0; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        t->accs = lds_xgrow(t->accs, t->naccs, &t->capaccs, sizeof *t->accs, 16);
        ldscalc_score_access *o = &t->accs[t->naccs++];
        *o = (ldscalc_score_access){
            .size = sizeof *o, .line = a->line, .column = a->col,
            .array = slot_intern(t, a->array), .profile = slot_intern(t, a->profile->name),
            .kind = lds_access_kind_name(a->kind), .width = a->width, .global = a->global, .failed = a->failed,
            .instructions = lds_api_metric_u64(&a->m, M_INSTRUCTIONS),
            .cycles = lds_api_metric_u64(&a->m, M_CYCLES), .ideal = lds_api_metric_u64(&a->m, M_IDEAL),
            .excess = lds_api_metric_u64(&a->m, M_EXCESS), .ways = a->m.ways,
            .broadcasts = lds_api_metric_u64(&a->m, M_BROADCASTS),
        };
        if (a->global)
            continue;
        ldscalc_score_result *sc = &r->sc;
        sc->ways = o->ways > sc->ways ? o->ways : sc->ways;
        sc->instructions = add_sat(sc->instructions, o->instructions);
        sc->cycles = add_sat(sc->cycles, o->cycles);
        sc->ideal = add_sat(sc->ideal, o->ideal);
        sc->excess = add_sat(sc->excess, o->excess);
        sc->broadcasts = add_sat(sc->broadcasts, o->broadcasts);
    }
}

/* The run's error as a reason: "LINE:COL: message". */
static void take_error(const lds_session *ls, scored *r, int status)
{
    const lds_diag *d = lds_session_error(ls);
    r->sc.status = status;
    if (d->loc.line)
        snprintf(r->reason, sizeof r->reason, "%u:%u: %s", d->loc.line, d->loc.col, d->msg);
    else
        snprintf(r->reason, sizeof r->reason, "%s", d->set ? d->msg : "the run failed");
    r->sc.reason = r->reason;
}

/* Score candidate c in slot t into r, on this thread (t's heap current,
 * a recovery point set). */
static void score_in(const ldscalc_prepared *p, slot *t, const ldscalc_candidate *c, unsigned jobs, scored *r)
{
    lds_diag diag = { 0 };
    memset(&r->sc, 0, sizeof r->sc);
    r->sc.size = sizeof r->sc;
    r->first = t->naccs;
    if (lds_cancel_requested(&p->s->cancel)) {
        say(r, LDSCALC_CANCELLED, "%s", "cancelled");
        return;
    }
    if (slot_ready(p, t, &diag) < 0) {   /* it parsed at prepare: only memory or limits differ */
        say(r, LDSCALC_SYNTAX, "%s", diag.msg);
        return;
    }
    if (!take_values(p, t, c, r) || !reopen(p, t, c, jobs, r))
        return;
    int rc = lds_session_run(t->ls, &t->prog);
    take_records(t, r);
    if (rc < 0)
        take_error(t->ls, r, lds_cancel_requested(&p->s->cancel) ? LDSCALC_CANCELLED : LDSCALC_EVAL);
    else if (lds_session_expect_failed(t->ls))
        r->sc.status = LDSCALC_CHECK;
}

/* A batch's share for one thread: candidates lo, lo + step, ... */
typedef struct {
    ldscalc_prepared *p;
    unsigned slot, jobs;
    const ldscalc_candidate *c;
    size_t lo, n, step;
} share;

static void *score_share(void *arg)
{
    share *w = arg;
    ldscalc_prepared *p = w->p;
    slot *t = &p->slots[w->slot];
    lds_cancel *token_before = lds_cancel_enter(&p->s->cancel);
    lds_heap *heap_before = lds_heap_enter(t->heap);
    for (size_t k = w->lo; k < w->n; k += w->step) {
        scored *r = &p->results[k];
        r->slot = w->slot;
        jmp_buf at;
        jmp_buf *oom_before = lds_oom_set(&at);
        if (setjmp(at)) {   /* the slot is lost: made again for the next */
            lds_oom_set(oom_before);
            lds_heap_enter(heap_before);
            lds_heap_empty(t->heap);
            lds_heap *h = t->heap;
            memset(t, 0, sizeof *t);
            t->heap = h;
            lds_heap_enter(h);
            for (size_t j = w->lo; j <= k; j += w->step) {   /* the share's accesses (its slot's alone) went with it */
                memset(&p->results[j].sc, 0, sizeof p->results[j].sc);
                p->results[j].sc.size = sizeof p->results[j].sc;
                say(&p->results[j], LDSCALC_NO_MEMORY, "%s", "out of memory");
            }
            continue;
        }
        score_in(p, t, &w->c[k], w->jobs, r);
        lds_oom_set(oom_before);
    }
    lds_heap_enter(heap_before);
    lds_cancel_enter(token_before);
    return NULL;
}

static unsigned threads_for(const ldscalc_prepared *p, size_t ncand)
{
    unsigned jobs = p->s->opts.jobs ? p->s->opts.jobs : lds_default_jobs();
    if (jobs > LDS_MAX_JOBS)
        jobs = LDS_MAX_JOBS;
    size_t worth = ncand / 16;   /* a thread's start costs some candidates' time */
    return worth < 1 ? 1 : worth < jobs ? (unsigned)worth : jobs;
}

/* Score the batch, its results in p->results.  0, or -1 when memory ran
 * out before any ran. */
static int score_batch(ldscalc_prepared *p, const ldscalc_candidate *c, size_t ncand)
{
    unsigned n = threads_for(p, ncand);
    for (unsigned k = 0; k < n; k++)
        if (!p->slots[k].heap && !(p->slots[k].heap = lds_heap_new()))
            return -1;
    for (unsigned k = 0; k < LDS_MAX_JOBS; k++)
        p->slots[k].naccs = 0;   /* the last batch's accesses: gone */
    jmp_buf at;
    lds_api_frame frame = lds_api_enter(&at, p->heap, NULL);
    if (setjmp(at)) {
        lds_api_leave(&frame);
        return -1;
    }
    if (ncand > p->capresults) {
        lds_free(p->results);
        p->results = NULL;
        p->capresults = 0;
        p->results = lds_xcalloc(ncand, sizeof *p->results);
        p->capresults = ncand;
    }
    p->nresults = ncand;
    lds_api_leave(&frame);
    lds_cancel_clear(&p->s->cancel);
    share w[LDS_MAX_JOBS];
    pthread_t tid[LDS_MAX_JOBS];
    for (unsigned k = 0; k < n; k++)
        w[k] = (share){ p, k, n > 1 ? 1 : p->s->opts.jobs, c, k, ncand, n };
    unsigned started = 1;
    for (; started < n; started++)
        if (pthread_create(&tid[started], NULL, score_share, &w[started]) != 0)
            break;
    score_share(&w[0]);
    for (unsigned k = started; k < n; k++)   /* a thread that did not start: its share (and slot) on this one */
        score_share(&w[k]);
    for (unsigned k = 1; k < started; k++)
        pthread_join(tid[k], NULL);
    p->nslots = n > p->nslots ? n : p->nslots;
    return 0;
}

int ldscalc_score_many(ldscalc_prepared *p, const ldscalc_candidate *c, size_t ncand, ldscalc_score_result *out)
{
    if (!p || (ncand && (!c || !out)) || p->s->broken)
        return p && p->s->broken ? LDSCALC_NO_MEMORY : LDSCALC_USAGE;
    if (ncand && !lds_api_sized_ok(out))
        return LDSCALC_USAGE;
    size_t stride = ncand ? out[0].size : 0;
    if (score_batch(p, c, ncand) < 0)
        return LDSCALC_NO_MEMORY;
    for (size_t k = 0; k < ncand; k++) {
        char *to = (char *)out + k * stride;
        memcpy(to, &stride, sizeof stride);
        lds_api_copy_sized(to, &p->results[k].sc, sizeof p->results[k].sc);
    }
    return LDSCALC_OK;
}

int ldscalc_score(ldscalc_prepared *p, const ldscalc_candidate *c, ldscalc_score_result *out)
{
    ldscalc_candidate none = { 0 };
    return ldscalc_score_many(p, c ? c : &none, 1, out);
}

int ldscalc_scored_access(const ldscalc_prepared *p, size_t k, size_t i, ldscalc_score_access *a)
{
    if (!p || !lds_api_sized_ok(a) || k >= p->nresults
        || i >= p->results[k].sc.naccesses)
        return LDSCALC_USAGE;
    const scored *r = &p->results[k];
    lds_api_copy_sized(a, &p->slots[r->slot].accs[r->first + i], sizeof *a);
    return LDSCALC_OK;
}

/* ----------------------------------------------------------- prepare */

/* The name an "unknown name 'X'" error asks for, into name; false when
 * the error is another. */
static bool unknown_name(const lds_diag *d, char *name, size_t size)
{
    static const char head[] = "unknown name '";
    if (!d->set || strncmp(d->msg, head, sizeof head - 1) != 0)
        return false;
    const char *from = d->msg + sizeof head - 1, *end = strchr(from, '\'');
    if (!end || (size_t)(end - from) >= size || end == from)
        return false;
    memcpy(name, from, (size_t)(end - from));
    name[end - from] = '\0';
    return true;
}

static void add_param(ldscalc_prepared *p, const char *name, mpz_srcptr value)
{
    size_t n = p->nparams + 1;
    p->params = lds_xreallocarray(p->params, n, sizeof *p->params);
    p->defaults = lds_xreallocarray(p->defaults, n, sizeof *p->defaults);
    p->has_default = lds_xreallocarray(p->has_default, n, sizeof *p->has_default);
    p->params[p->nparams] = lds_xstrdup(name);
    mpz_init(p->defaults[p->nparams]);
    if (value)
        mpz_set(p->defaults[p->nparams], value);
    p->has_default[p->nparams] = value != NULL;
    p->nparams = n;
}

/* Find the free names: run the program with the defaults and 1 for the
 * names found so far, until it asks for no other.  LDSCALC_OK, or the
 * status of a text that cannot run for any values, the error kept in s. */
static int discover(ldscalc_prepared *p, char *why, size_t size)
{
    ldscalc_session *s = p->s;
    for (unsigned i = 0; i < s->opts.ndefines; i++)
        add_param(p, s->opts.defines[i].name, s->opts.defines[i].lo);
    for (;;) {
        slot probe = { .heap = lds_heap_current() };
        lds_diag diag = { 0 };
        if (slot_ready(p, &probe, &diag) < 0) {
            slot_clear(&probe, 0);   /* its text and tree: no values made yet */
            snprintf(why, size, "%s:%u:%u: %s", p->name, diag.loc.line, diag.loc.col, diag.msg);
            return LDSCALC_SYNTAX;
        }
        for (size_t i = 0; i < p->nparams; i++)
            mpz_set_ui(probe.values[i], 1);
        for (size_t i = 0; i < p->nparams; i++)
            if (p->has_default[i])
                mpz_set(probe.values[i], p->defaults[i]);
        lds_session_config cfg;
        lds_api_limits_config(s, &cfg);
        cfg.defines = probe.defs;
        cfg.ndefines = (unsigned)p->nparams;
        cfg.keep = LDS_KEEP_NONE;
        lds_session *ls = lds_session_open(&cfg, NULL);
        if (!ls) {
            slot_clear(&probe, p->nparams);
            snprintf(why, size, "unknown profile '%s'", cfg.arch);
            return LDSCALC_USAGE;
        }
        lds_session_run(ls, &probe.prog);
        char name[128];
        bool more = unknown_name(lds_session_error(ls), name, sizeof name);
        lds_session_close(ls);
        slot_clear(&probe, p->nparams);
        if (!more)
            return LDSCALC_OK;
        if (p->nparams >= MAX_PARAMS) {
            snprintf(why, size, "the program asks for more than %d parameters", MAX_PARAMS);
            return LDSCALC_USAGE;
        }
        add_param(p, name, NULL);
    }
}

/* Keep why a prepare failed as s's error; returns status. */
static int refuse(ldscalc_session *s, int status, const char *why)
{
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    lds_api_usage(s, "%s", why);
    s->error.status = status;
    LDS_API_LEAVE();
    return status;
}

int ldscalc_prepare(ldscalc_session *s, const char *name, const char *text, size_t len, ldscalc_prepared **out)
{
    if (out)
        *out = NULL;
    if (!s || !out)
        return LDSCALC_USAGE;
    if (s->broken)
        return LDSCALC_NO_MEMORY;
    if (!lds_api_text_ok(text, len))
        return refuse(s, LDSCALC_USAGE, "ldscalc_prepare: no text (NULL), or one larger than a program may be");
    lds_mem_init();
    lds_heap *heap = lds_heap_new();
    ldscalc_prepared *p = heap ? lds_alloc_unowned(sizeof *p) : NULL;
    if (!p) {
        lds_heap_free(heap);
        return LDSCALC_NO_MEMORY;
    }
    p->s = s;
    p->heap = heap;
    char why[700] = "";
    jmp_buf at;
    lds_api_frame frame = lds_api_enter(&at, heap, NULL);
    if (setjmp(at)) {   /* what it built is in its heap: forgotten */
        lds_api_leave(&frame);
        lds_heap_empty(heap);
        lds_heap_free(heap);
        lds_free(p);
        return LDSCALC_NO_MEMORY;
    }
    p->name = lds_xstrdup(name ? name : "<arg1>");
    p->text = lds_xstrndup(len ? text : "", len);
    p->len = len;
    int rc = discover(p, why, sizeof why);
    lds_api_leave(&frame);
    if (rc != LDSCALC_OK) {
        ldscalc_prepared_free(p);
        return refuse(s, rc, why);
    }
    *out = p;
    return LDSCALC_OK;
}

size_t ldscalc_prepared_nparams(const ldscalc_prepared *p)
{
    return p ? p->nparams : 0;
}

const char *ldscalc_prepared_param(const ldscalc_prepared *p, size_t i, int64_t *value, int *has_default)
{
    if (!p || i >= p->nparams)
        return NULL;
    bool fits = p->has_default[i] && mpz_fits_slong_p(p->defaults[i]);
    if (value)
        *value = fits ? (int64_t)mpz_get_si(p->defaults[i]) : 0;
    if (has_default)
        *has_default = p->has_default[i];
    return p->params[i];
}

void ldscalc_prepared_free(ldscalc_prepared *p)
{
    if (!p)
        return;
    for (unsigned k = 0; k < LDS_MAX_JOBS; k++)
        slot_free(&p->slots[k], p->nparams);
    lds_heap *before = lds_heap_enter(p->heap);   /* GMP frees its integers there */
    for (size_t i = 0; i < p->nparams; i++) {
        mpz_clear(p->defaults[i]);
        lds_free(p->params[i]);
    }
    lds_free(p->params);
    lds_free(p->defaults);
    lds_free(p->has_default);
    lds_free(p->name);
    lds_free(p->text);
    lds_free(p->results);
    lds_heap_enter(before);
    lds_heap_free(p->heap);
    lds_free(p);
}
