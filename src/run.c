/* src/run.c - running programs under the options: sessions, the
 * reporter, sweeps, gates and diagnostics. */
#include "src/run.h"

#include <stdlib.h>
#include <string.h>

#include "src/limits.h"
#include "src/mem.h"
#include "src/scope.h"

void lds_options_init(lds_options *o)
{
    memset(o, 0, sizeof *o);
    o->prog = "lds-calc";
    o->format = FMT_TEXT;
    o->show = -1;
    o->max_bits = LDS_DEFAULT_MAX_BITS;
}

void lds_options_free(lds_options *o)
{
    for (unsigned i = 0; i < o->ndefines; i++) {
        free(o->defines[i].name);
        mpz_clears(o->defines[i].lo, o->defines[i].hi, NULL);
    }
    free(o->defines);
    o->defines = NULL;
    o->ndefines = 0;
}

static int constant(const lds_options *o, const char *text, size_t len, const char *what, mpz_t out)
{
    lds_source src = { (char *)what, (char *)text, len };
    lds_diag diag = { 0 };
    if (lds_eval_constant(&src, o->max_bits, out, &diag) == 0)
        return 0;
    lds_diag_print(stderr, o->prog, &diag, o->color);
    return -1;
}

int lds_options_add_define(lds_options *o, const char *arg)
{
    const char *eq = strchr(arg, '=');
    size_t nlen = eq ? (size_t)(eq - arg) : 0;
    if (!eq || nlen == 0) {
        fprintf(stderr, "%s: -D wants NAME=VALUE or NAME=LO..HI, not '%s'\n", o->prog, arg);
        return -1;
    }
    for (size_t i = 0; i < nlen; i++) {
        char c = arg[i];
        int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!letter && (i == 0 || !((c >= '0' && c <= '9') || c == '.'))) {
            fprintf(stderr, "%s: -D: '%.*s' is not a name\n", o->prog, (int)nlen, arg);
            return -1;
        }
    }
    char *name = lds_xstrndup(arg, nlen);
    bool builtin = lds_is_builtin_name(name);
    free(name);
    if (builtin) {
        fprintf(stderr, "%s: -D: '%.*s' is a built-in name; choose another\n", o->prog, (int)nlen, arg);
        return -1;
    }
    o->defines = lds_xreallocarray(o->defines, o->ndefines + 1, sizeof *o->defines);
    lds_define *d = &o->defines[o->ndefines++];
    d->name = lds_xstrndup(arg, nlen);
    mpz_inits(d->lo, d->hi, NULL);
    const char *val = eq + 1, *dots = strstr(val, "..");
    if (dots)
        return constant(o, val, (size_t)(dots - val), "<-D start>", d->lo) < 0
               || constant(o, dots + 2, strlen(dots + 2), "<-D end>", d->hi) < 0 ? -1 : 0;
    if (constant(o, val, strlen(val), "<-D value>", d->lo) < 0)
        return -1;
    mpz_add_ui(d->hi, d->lo, 1);
    return 0;
}

/* ------------------------------------------------------------- runner */

struct lds_runner {
    const lds_options *o;
    lds_reporter *rep;
    const lds_source *const *rep_sources;   /* the programs given (Markdown) */
    unsigned rep_nsources;
    lds_label *labels;            /* this run's sweep point, printed */
    unsigned nlabels;
};

lds_runner *lds_runner_new(const lds_options *o, const lds_source *const *sources, unsigned nsources)
{
    lds_runner *r = lds_xcalloc(1, sizeof *r);
    lds_report_options ro = { o->format, stdout, stderr, o->prog, o->quiet, o->output_dir, sources, nsources };
    r->o = o;
    r->rep = lds_reporter_new(&ro);
    r->rep_sources = sources;
    r->rep_nsources = nsources;
    return r;
}

static void free_labels(lds_runner *r)
{
    for (unsigned i = 0; i < r->nlabels; i++)
        free((char *)r->labels[i].value);
    free(r->labels);
    r->labels = NULL;
    r->nlabels = 0;
}

void lds_runner_free(lds_runner *r)
{
    if (!r)
        return;
    free_labels(r);
    lds_reporter_free(r->rep);
    free(r);
}

lds_reporter *lds_runner_reporter(lds_runner *r)
{
    return r->rep;
}

static void hook_access(void *ctx, const lds_access_result *a)
{
    lds_reporter_access(ctx, a);
}

static void hook_expect(void *ctx, const lds_expect_result *e)
{
    lds_reporter_expect(ctx, e);
}

lds_session *lds_runner_open(lds_runner *r, mpz_srcptr const *values)
{
    const lds_options *o = r->o;
    lds_define_value *defs = lds_xcalloc(o->ndefines ? o->ndefines : 1, sizeof *defs);
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    for (unsigned i = 0; i < o->ndefines; i++) {
        defs[i].name = o->defines[i].name;
        defs[i].value = values ? values[i] : o->defines[i].lo;
    }
    lds_format f = lds_reporter_format(r->rep);
    cfg.arch = o->arch;
    cfg.show = o->show;
    cfg.explain = o->explain;
    cfg.keep = f == FMT_SVG || f == FMT_MARKDOWN ? LDS_KEEP_ALL : values ? LDS_KEEP_NONE : LDS_KEEP_LAST;
    cfg.max_steps = o->max_steps;
    cfg.max_ops = o->max_ops;
    cfg.max_bits = o->max_bits;
    cfg.force_big = o->force_big;
    cfg.print_out = o->quiet ? NULL : f == FMT_TEXT ? stdout : stderr;   /* stdout stays machine-readable */
    cfg.defines = defs;
    cfg.ndefines = o->ndefines;
    lds_session_hooks hooks = { hook_access, hook_expect, r->rep };
    lds_session *s = lds_session_open(&cfg, &hooks);
    free(defs);
    return s;
}

/* The gates: one line per access that crosses one (unless -q). */
static int gates(lds_runner *r, const lds_results *res, size_t first)
{
    const lds_options *o = r->o;
    int status = LDS_EXIT_OK;
    for (size_t i = first; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        bool conflict = o->fail_on_conflict && a->m.ways > 1, ways = o->max_ways && a->m.ways > o->max_ways;
        if (a->failed || (!conflict && !ways))
            continue;
        status = LDS_EXIT_CHECK;
        if (o->quiet)
            continue;
        fprintf(stderr, "%s: %s:%u: %llu-way ", o->prog, a->file ? a->file : "", a->line, (unsigned long long)a->m.ways);
        if (ways)
            fprintf(stderr, "exceeds --max-ways=%llu", (unsigned long long)o->max_ways);
        else
            fprintf(stderr, "is a bank conflict (--fail-on-conflict)");
        for (unsigned k = 0; k < r->nlabels; k++)
            fprintf(stderr, "%s%s=%s", k ? " " : " (", r->labels[k].name, r->labels[k].value);
        fprintf(stderr, "%s\n", r->nlabels ? ")" : "");
    }
    return status;
}

/* One run's end: its report, its error, its status. */
static int finish_run(lds_runner *r, lds_session *s, size_t first_access, size_t first_expect, int status)
{
    const lds_results *res = lds_session_results(s);
    lds_reporter_end_run(r->rep, res, first_access, first_expect);
    if (status != LDS_EXIT_OK)
        lds_diag_print(stderr, r->o->prog, lds_session_error(s), r->o->color);
    for (size_t i = first_expect; i < res->nexpects; i++)
        if (!res->expects[i].ok && status == LDS_EXIT_OK)
            status = LDS_EXIT_CHECK;
    int gate = gates(r, res, first_access);
    if (status == LDS_EXIT_OK)
        status = gate;
    if (lds_reporter_failed(r->rep))
        status = LDS_EXIT_USAGE;
    return status;
}

int lds_runner_run_programs(lds_runner *r, lds_session *s, lds_program *const *progs, unsigned n)
{
    const lds_results *res = lds_session_results(s);
    size_t first_access = res->n, first_expect = res->nexpects;
    int status = LDS_EXIT_OK;
    lds_reporter_begin_run(r->rep, r->labels, r->nlabels);
    for (unsigned i = 0; i < n && status == LDS_EXIT_OK; i++)
        if (lds_session_run(s, progs[i]) < 0)
            status = LDS_EXIT_EVAL;
    fflush(stdout);
    return finish_run(r, s, first_access, first_expect, status);
}

int lds_runner_run_text(lds_runner *r, lds_session *s, const char *name, const char *text, size_t len)
{
    const lds_results *res = lds_session_results(s);
    size_t first_access = res->n, first_expect = res->nexpects;
    lds_source src = { (char *)name, (char *)text, len };
    const lds_source *one[1] = { &src };
    const lds_source *const *sources = r->rep_sources;
    unsigned nsources = r->rep_nsources;
    lds_reporter_set_sources(r->rep, one, 1);   /* this input is the run's program */
    lds_reporter_begin_run(r->rep, NULL, 0);
    int status = lds_session_run_text(s, name, text, len);
    fflush(stdout);
    if (status == LDS_EXIT_SYNTAX)   /* nothing ran: no report */
        lds_diag_print(stderr, r->o->prog, lds_session_error(s), r->o->color);
    else
        status = finish_run(r, s, first_access, first_expect, status);
    lds_reporter_set_sources(r->rep, sources, nsources);
    return status;
}

/* -------------------------------------------------------------- sweeps */

/* Labels of the sweep point `cur`: every digit of every value. */
static void set_labels(lds_runner *r, mpz_t *cur, unsigned n)
{
    free_labels(r);
    r->labels = lds_xcalloc(n ? n : 1, sizeof *r->labels);
    for (unsigned i = 0; i < n; i++) {
        r->labels[i].name = r->o->defines[i].name;
        r->labels[i].value = mpz_get_str(NULL, 10, cur[i]);
    }
    r->nlabels = n;
}

/* The next point of the cross product, the last -D fastest; false after
 * the last. */
static bool next_point(const lds_options *o, mpz_t *cur)
{
    for (unsigned k = o->ndefines; k-- > 0;) {
        mpz_add_ui(cur[k], cur[k], 1);
        if (mpz_cmp(cur[k], o->defines[k].hi) < 0)
            return true;
        mpz_set(cur[k], o->defines[k].lo);
    }
    return false;
}

/* How many runs the sweeps ask for; -1 (reported) if a range is empty
 * or there are too many. */
static int count_runs(const lds_options *o, bool *sweeping)
{
    mpz_t runs, span;
    int rc = 0;
    mpz_init_set_ui(runs, 1);
    mpz_init(span);
    *sweeping = false;
    for (unsigned i = 0; i < o->ndefines; i++) {
        mpz_sub(span, o->defines[i].hi, o->defines[i].lo);
        if (mpz_sgn(span) <= 0) {
            fprintf(stderr, "%s: -D %s: the range is empty\n", o->prog, o->defines[i].name);
            rc = -1;
        }
        mpz_mul(runs, runs, span);
        *sweeping |= mpz_cmp_ui(span, 1) > 0;
    }
    if (rc == 0 && mpz_cmp_ui(runs, LDS_MAX_SWEEP_RUNS) > 0) {
        fprintf(stderr, "%s: the -D sweeps ask for more than %d runs\n", o->prog, LDS_MAX_SWEEP_RUNS);
        rc = -1;
    }
    mpz_clears(runs, span, NULL);
    return rc;
}

int lds_run_programs(const lds_options *o, lds_program *const *progs, unsigned nprogs)
{
    bool sweeping;
    if (count_runs(o, &sweeping) < 0)
        return LDS_EXIT_USAGE;
    const lds_source **sources = lds_xcalloc(nprogs ? nprogs : 1, sizeof *sources);
    for (unsigned i = 0; i < nprogs; i++)
        sources[i] = progs[i]->src;
    lds_runner *r = lds_runner_new(o, sources, nprogs);
    unsigned n = o->ndefines;
    mpz_t *cur = lds_xcalloc(n ? n : 1, sizeof *cur);
    mpz_srcptr *values = lds_xcalloc(n ? n : 1, sizeof *values);
    for (unsigned i = 0; i < n; i++) {
        mpz_init_set(cur[i], o->defines[i].lo);
        values[i] = cur[i];
    }
    int worst = LDS_EXIT_OK;
    do {
        if (sweeping)   /* a sweep labels every row with the -D values of its run */
            set_labels(r, cur, n);
        lds_session *s = lds_runner_open(r, values);
        int st = lds_runner_run_programs(r, s, progs, nprogs);
        lds_session_close(s);
        if (st > worst)
            worst = st;
    } while (!lds_reporter_out_failed(r->rep) && next_point(o, cur));
    for (unsigned i = 0; i < n; i++)
        mpz_clear(cur[i]);
    free(cur);
    free(values);
    free(sources);
    lds_runner_free(r);
    return worst;
}
