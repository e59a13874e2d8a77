/* src/run.c - running programs under the options: sessions, the
 * reporter, sweeps, gates and diagnostics. */
#include "src/names.h"
#include "src/run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/buf.h"
#include "src/interrupt.h"
#include "src/limits.h"
#include "src/mem.h"
#include "src/progress.h"
#include "src/scope.h"

void lds_options_init(lds_options *o)
{
    memset(o, 0, sizeof *o);
    o->prog = "lds-calc";
    o->format = FMT_TEXT;
    o->show = -1;
    o->max_bits = LDS_DEFAULT_MAX_BITS;
}

static void free_define(lds_define *d)
{
    free(d->name);
    for (size_t k = 0; k < d->nlist; k++)
        mpz_clear(d->list[k]);
    free(d->list);
    mpz_clears(d->lo, d->hi, d->step, NULL);
}

void lds_options_free(lds_options *o)
{
    for (unsigned i = 0; i < o->ndefines; i++)
        free_define(&o->defines[i]);
    free(o->defines);
    for (unsigned i = 0; i < o->narchs; i++)
        free(o->archs[i]);
    free(o->archs);
    for (unsigned i = 0; i < o->nat; i++)
        free((char *)o->at[i].name);
    free(o->at);
    free(o->rerun);
    o->rerun = NULL;
    o->at = NULL;
    o->nat = 0;
    o->defines = NULL;
    o->archs = NULL;
    o->ndefines = o->narchs = 0;
}

void lds_define_count(const lds_define *d, mpz_t out)
{
    if (d->list) {
        mpz_set_ui(out, d->nlist);
        return;
    }
    mpz_sub(out, d->hi, d->lo);
    if (mpz_sgn(out) <= 0) {
        mpz_set_ui(out, 0);
        return;
    }
    mpz_cdiv_q(out, out, d->step);
}

void lds_define_at(const lds_define *d, uint64_t i, mpz_t out)
{
    if (d->list) {
        mpz_set(out, d->list[i]);
        return;
    }
    mpz_set_ui(out, (unsigned long)i);
    mpz_mul(out, out, d->step);
    mpz_add(out, out, d->lo);
}

static int constant(const lds_options *o, const char *text, size_t len, const char *what, mpz_t out)
{
    lds_source src = { (char *)what, (char *)text, len, 1 };
    lds_diag diag = { 0 };
    if (lds_eval_constant(&src, o->max_bits, out, &diag) == 0)
        return 0;
    lds_diag_print(stderr, o->prog, &diag, o->color);
    return -1;
}

/* The end of the next comma-separated item, outside parentheses. */
static const char *item_end(const char *p)
{
    int depth = 0;
    for (; *p; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && depth > 0)
            depth--;
        else if (*p == ',' && depth == 0)
            break;
    }
    return p;
}

/* V1,V2,...: each value a constant expression. */
static int parse_list(lds_options *o, lds_define *d, const char *val)
{
    for (const char *p = val;; p++) {
        const char *end = item_end(p);
        d->list = lds_xreallocarray(d->list, d->nlist + 1, sizeof *d->list);
        mpz_init(d->list[d->nlist++]);
        if (constant(o, p, (size_t)(end - p), "<-D value>", d->list[d->nlist - 1]) < 0)
            return -1;
        if (!*end)
            return 0;
        p = end;
    }
}

/* LO..HI[:STEP] */
static int parse_range(lds_options *o, lds_define *d, const char *val, const char *dots)
{
    const char *colon = strchr(dots + 2, ':');
    size_t hlen = colon ? (size_t)(colon - dots - 2) : strlen(dots + 2);
    if (constant(o, val, (size_t)(dots - val), "<-D start>", d->lo) < 0
        || constant(o, dots + 2, hlen, "<-D end>", d->hi) < 0)
        return -1;
    if (colon && constant(o, colon + 1, strlen(colon + 1), "<-D step>", d->step) < 0)
        return -1;
    if (mpz_sgn(d->step) <= 0) {
        fprintf(stderr, "%s: -D %s: the step must be positive\n", o->prog, d->name);
        return -1;
    }
    return 0;
}

int lds_options_add_define(lds_options *o, const char *arg)
{
    const char *eq = strchr(arg, '=');
    size_t nlen = eq ? (size_t)(eq - arg) : 0;
    if (!eq || nlen == 0) {
        fprintf(stderr, "%s: -D wants NAME=VALUE, NAME=LO..HI[:STEP] or NAME=V1,V2,..., not '%s'\n", o->prog, arg);
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
    o->defines = lds_xreallocarray(o->defines, o->ndefines + 1, sizeof *o->defines);
    lds_define *d = &o->defines[o->ndefines++];
    memset(d, 0, sizeof *d);
    d->name = lds_xstrndup(arg, nlen);
    mpz_inits(d->lo, d->hi, d->step, NULL);
    mpz_set_ui(d->step, 1);
    if (lds_is_builtin_name(d->name)) {
        lds_setting key;
        if (lds_setting_lookup(d->name, &key))   /* banks, wave, ...: a setting the program changes */
            fprintf(stderr, "%s: -D: '%s' is a built-in name, not a setting -D can change; write 'set %s %s' "
                            "in the program (or sweep a name: -D B=16,32 'set %s B; ...')\n",
                    o->prog, d->name, d->name, eq + 1, d->name);
        else
            fprintf(stderr, "%s: -D: '%s' is a built-in name; choose another\n", o->prog, d->name);
        return -1;
    }
    const char *val = eq + 1, *dots = strstr(val, "..");
    if (dots)
        return parse_range(o, d, val, dots);
    if (*item_end(val))
        return parse_list(o, d, val);
    if (constant(o, val, strlen(val), "<-D value>", d->lo) < 0)
        return -1;
    mpz_add_ui(d->hi, d->lo, 1);
    return 0;
}

int lds_options_add_at(lds_options *o, const char *arg)
{
    for (const char *p = arg;;) {
        const char *eq = strchr(p, '='), *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        char *stop;
        errno = 0;
        long long v = eq && eq < end ? strtoll(eq + 1, &stop, 10) : 0;
        if (!eq || eq > end || eq == p || stop != end || eq + 1 == end || errno) {
            fprintf(stderr, "%s: --at: expected NAME=INTEGER[,NAME=INTEGER...] (wave=3,k=5), not '%s'\n", o->prog,
                    arg);
            return -1;
        }
        o->at = lds_xreallocarray(o->at, o->nat + 1, sizeof *o->at);
        o->at[o->nat].name = lds_xstrndup(p, (size_t)(eq - p));
        o->at[o->nat++].value = v;
        if (!*end)
            return 0;
        p = end + 1;
    }
}

int lds_options_add_archs(lds_options *o, const char *arg)
{
    for (const char *p = arg;; p++) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char *name = lds_xstrndup(p, len);
        if (!lds_sim_profile_find(name)) {
            char msg[512];
            lds_unknown_profile(name, msg, sizeof msg);
            fprintf(stderr, "%s: %s\n", o->prog, msg);
            free(name);
            return -1;
        }
        o->archs = lds_xreallocarray(o->archs, o->narchs + 1, sizeof *o->archs);
        o->archs[o->narchs++] = name;
        if (!end)
            break;
        p = end;
    }
    o->arch = o->archs[0];
    return 0;
}

/* ------------------------------------------------------------- runner */

struct lds_runner {
    const lds_options *o;
    lds_reporter *rep;
    const lds_source *const *rep_sources;   /* the programs given (Markdown) */
    unsigned rep_nsources;
    lds_label *labels;                      /* this run's sweep point */
    unsigned nlabels;
    char *point;                            /* "(P=1)" after its diagnostics */
    lds_progress_line *progress;            /* on a terminal, text reports only */
    const char *diag_prog;                  /* in diagnostics; NULL in the REPL */
};

void lds_runner_repl(lds_runner *r)
{
    r->diag_prog = NULL;
}

lds_runner *lds_runner_new(const lds_options *o, const lds_source *const *sources, unsigned nsources)
{
    lds_runner *r = lds_xcalloc(1, sizeof *r);
    lds_report_options ro = { o->format, stdout, stderr, o->prog, o->quiet, o->output_dir, sources, nsources,
                              !o->sweep_reports, o->group_digits, o->rerun, o->counters_file };
    r->o = o;
    r->diag_prog = o->prog;
    r->rep = lds_reporter_new(&ro);
    r->rep_sources = sources;
    r->rep_nsources = nsources;
    if (isatty(STDERR_FILENO) && o->format == FMT_TEXT && !o->quiet)
        r->progress = lds_progress_line_new(stderr, o->prog);
    return r;
}

static void free_labels(lds_runner *r)
{
    for (unsigned i = 0; i < r->nlabels; i++)
        free((char *)r->labels[i].value);
    free(r->labels);
    free(r->point);
    r->labels = NULL;
    r->point = NULL;
    r->nlabels = 0;
}

void lds_runner_free(lds_runner *r)
{
    if (!r)
        return;
    free_labels(r);
    lds_reporter_free(r->rep);
    lds_progress_line_free(r->progress);
    free(r);
}

lds_reporter *lds_runner_reporter(lds_runner *r)
{
    return r->rep;
}

static void hook_access(void *ctx, const lds_access_result *a)
{
    lds_reporter_access(((lds_runner *)ctx)->rep, a);
}

static void hook_expect(void *ctx, const lds_expect_result *e)
{
    lds_reporter_expect(((lds_runner *)ctx)->rep, e);
}

static void hook_progress(void *ctx, unsigned line, uint64_t done, uint64_t planned, bool finished)
{
    lds_progress_line_update(((lds_runner *)ctx)->progress, line, done, planned, finished, NULL);
}

/* A suggest search's progress: layouts tried of those it will try. */
static void hook_suggest_progress(void *ctx, unsigned line, unsigned done, unsigned total, bool finished)
{
    lds_progress_line_update(((lds_runner *)ctx)->progress, line, done, total, finished, "layouts tried");
}

/* A warning, at once on stderr (after what the report printed so far). */
static void hook_warning(void *ctx, const lds_diag *w)
{
    const lds_runner *r = ctx;
    fflush(stdout);
    lds_diag_print(stderr, r->diag_prog, w, r->o->color);
}

/* Where print and show layout go under format f: print to standard
 * output beside a text report, else to standard error (standard output
 * stays machine-readable), nowhere under -q; the layout pictures into the
 * report where it draws them (SVG, Markdown). */
static FILE *print_stream(const lds_options *o, lds_format f)
{
    return o->quiet ? NULL : f == FMT_TEXT ? stdout : stderr;
}

static bool keeps_layouts(lds_format f)
{
    return f == FMT_SVG || f == FMT_MARKDOWN;
}

void lds_runner_set_format(lds_runner *r, lds_session *s, lds_format f)
{
    lds_reporter_set_format(r->rep, f);
    lds_session_set_output(s, print_stream(r->o, f), keeps_layouts(f), f == FMT_TEXT);
}

lds_session *lds_runner_open(lds_runner *r, const char *arch, mpz_srcptr const *values)
{
    const lds_options *o = r->o;
    lds_define_value *defs = lds_xcalloc(o->ndefines ? o->ndefines : 1, sizeof *defs);
    mpz_t *first = lds_xcalloc(o->ndefines ? o->ndefines : 1, sizeof *first);
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    for (unsigned i = 0; i < o->ndefines; i++) {
        mpz_init(first[i]);
        lds_define_at(&o->defines[i], 0, first[i]);
        defs[i].name = o->defines[i].name;
        defs[i].value = values ? values[i] : first[i];
    }
    lds_format f = lds_reporter_format(r->rep);
    cfg.arch = arch ? arch : o->arch;
    cfg.show = o->show;
    cfg.explain = o->explain;
    bool probe = f == FMT_PROBE_CUDA || f == FMT_PROBE_HIP;
    cfg.keep = f == FMT_SVG || f == FMT_MARKDOWN || probe ? LDS_KEEP_ALL : values ? LDS_KEEP_NONE : LDS_KEEP_LAST;
    cfg.keep_layouts = keeps_layouts(f);
    cfg.text_report = f == FMT_TEXT;
    if (probe)   /* the probe replays every instruction */
        cfg.keep_every = LDS_PROBE_MAX_INSTRUCTIONS;
    cfg.max_steps = o->max_steps;
    cfg.max_ops = o->max_ops;
    cfg.jobs = o->jobs;
    cfg.at = o->at;
    cfg.nat = o->nat;
    cfg.max_bits = o->max_bits;
    cfg.force_big = o->force_big;
    cfg.print_out = print_stream(o, f);
    cfg.defines = defs;
    cfg.ndefines = o->ndefines;
    lds_session_hooks hooks = { hook_access, hook_expect, r, hook_warning, r->progress ? hook_progress : NULL };
    if (r->progress) {
        cfg.suggest_progress = hook_suggest_progress;
        cfg.suggest_ctx = r;
    }
    lds_session *s = lds_session_open(&cfg, &hooks);
    for (unsigned i = 0; i < o->ndefines; i++)
        mpz_clear(first[i]);
    free(first);
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
        fprintf(stderr, "%s%s\n", r->point ? " " : "", r->point ? r->point : "");
    }
    return status;
}

/* One run's end: its status (error, failed expects, gates), its report,
 * and its diagnostic, which names the sweep point. */
static int finish_run(lds_runner *r, lds_session *s, lds_run_start start, int status)
{
    const lds_results *res = lds_session_results(s);
    lds_diag error = *lds_session_error(s);
    for (size_t i = start.first_expect; i < res->nexpects; i++)
        if (!res->expects[i].ok && status == LDS_EXIT_OK)
            status = LDS_EXIT_CHECK;
    int gate = gates(r, res, start.first_access);
    if (status == LDS_EXIT_OK)
        status = gate;
    lds_run_status st = { status, error.set ? &error : NULL };
    lds_reporter_end_run(r->rep, res, start, &st);
    if (error.set && r->point)   /* the diagnostic names the sweep point; the report has it already */
        lds_diag_append(&error, " %s", r->point);
    if (error.set)
        lds_diag_print(stderr, r->diag_prog, &error, r->o->color);
    if (status == LDS_EXIT_OK && lds_reporter_mismatched(r->rep))
        status = LDS_EXIT_CHECK;
    if (lds_reporter_failed(r->rep))
        status = LDS_EXIT_USAGE;
    return status;
}

int lds_runner_run_programs(lds_runner *r, lds_session *s, lds_program *const *progs, unsigned n)
{
    lds_run_start start = lds_run_start_of(lds_session_results(s));
    int status = LDS_EXIT_OK;
    lds_reporter_begin_run(r->rep, r->labels, r->nlabels);
    for (unsigned i = 0; i < n && status == LDS_EXIT_OK; i++)
        if (lds_session_run(s, progs[i]) < 0)
            status = lds_interrupt_pending() ? LDS_EXIT_INTERRUPTED : LDS_EXIT_EVAL;
    fflush(stdout);
    return finish_run(r, s, start, status);
}

int lds_runner_run_text(lds_runner *r, lds_session *s, const char *name, unsigned first_line, const char *text,
                        size_t len)
{
    lds_run_start start = lds_run_start_of(lds_session_results(s));
    lds_source src = { (char *)name, (char *)text, len, first_line };
    const lds_source *one[1] = { &src };
    lds_reporter_set_sources(r->rep, one, 1);   /* this input is the run's program */
    lds_reporter_begin_run(r->rep, NULL, 0);
    int status = lds_session_run_lines(s, name, first_line, text, len);
    if (status == LDS_EXIT_EVAL && lds_interrupt_pending())
        status = LDS_EXIT_INTERRUPTED;
    fflush(stdout);
    if (status == LDS_EXIT_SYNTAX)   /* nothing ran: no report */
        lds_diag_print(stderr, r->diag_prog, lds_session_error(s), r->o->color);
    else
        status = finish_run(r, s, start, status);
    lds_reporter_set_sources(r->rep, r->rep_sources, r->rep_nsources);
    return status;
}

/* -------------------------------------------------------------- sweeps */

/* The sweep: one index per swept thing (the profiles first, then each
 * -D), the last fastest. */
typedef struct {
    unsigned n;                   /* 1 + ndefines */
    uint64_t *count, *at;
    bool any;                     /* something takes more than one value */
} sweep;

/* How many runs the sweep asks for; -1 (reported) if a range is empty
 * or there are too many. */
static int sweep_init(const lds_options *o, sweep *sw)
{
    mpz_t runs, c;
    int rc = 0;
    sw->n = 1 + o->ndefines;
    sw->count = lds_xcalloc(sw->n, sizeof *sw->count);
    sw->at = lds_xcalloc(sw->n, sizeof *sw->at);
    sw->count[0] = o->narchs ? o->narchs : 1;
    sw->any = sw->count[0] > 1;
    mpz_init_set_ui(runs, sw->count[0]);
    mpz_init(c);
    for (unsigned i = 0; i < o->ndefines; i++) {
        lds_define_count(&o->defines[i], c);
        if (mpz_sgn(c) == 0) {
            fprintf(stderr, "%s: -D %s: the range is empty\n", o->prog, o->defines[i].name);
            rc = -1;
        }
        mpz_mul(runs, runs, c);
        sw->count[i + 1] = mpz_fits_ulong_p(c) ? mpz_get_ui(c) : UINT64_MAX;
        sw->any |= mpz_cmp_ui(c, 1) > 0;
    }
    if (rc == 0 && mpz_cmp_ui(runs, LDS_MAX_SWEEP_RUNS) > 0) {
        fprintf(stderr, "%s: the sweep asks for more than %d runs\n", o->prog, LDS_MAX_SWEEP_RUNS);
        rc = -1;
    }
    mpz_clears(runs, c, NULL);
    return rc;
}

static bool sweep_next(sweep *sw)
{
    for (unsigned k = sw->n; k-- > 0;) {
        if (++sw->at[k] < sw->count[k])
            return true;
        sw->at[k] = 0;
    }
    return false;
}

/* Labels of the sweep point (every digit of every value), and its
 * "(arch=sm90 P=1)" for diagnostics. */
static void set_point(lds_runner *r, const sweep *sw, mpz_t *values)
{
    const lds_options *o = r->o;
    lds_buf point = { 0 };
    free_labels(r);
    r->labels = lds_xcalloc(sw->n, sizeof *r->labels);
    if (o->narchs > 1) {
        r->labels[r->nlabels].name = "arch";
        r->labels[r->nlabels].text = true;
        r->labels[r->nlabels++].value = lds_xstrdup(o->archs[sw->at[0]]);
    }
    for (unsigned i = 0; i < o->ndefines; i++) {
        r->labels[r->nlabels].name = o->defines[i].name;
        r->labels[r->nlabels++].value = mpz_get_str(NULL, 10, values[i]);
    }
    for (unsigned i = 0; i < r->nlabels; i++)
        lds_buf_printf(&point, "%s%s=%s", i ? " " : "(", r->labels[i].name, r->labels[i].value);
    lds_buf_putc(&point, ')');
    r->point = lds_buf_take(&point);
}

int lds_run_programs(const lds_options *o, lds_program *const *progs, unsigned nprogs)
{
    sweep sw;
    if (sweep_init(o, &sw) < 0) {
        free(sw.count);
        free(sw.at);
        return LDS_EXIT_USAGE;
    }
    const lds_source **sources = lds_xcalloc(nprogs ? nprogs : 1, sizeof *sources);
    for (unsigned i = 0; i < nprogs; i++)
        sources[i] = progs[i]->src;
    lds_runner *r = lds_runner_new(o, sources, nprogs);
    unsigned n = o->ndefines;
    mpz_t *values = lds_xcalloc(n ? n : 1, sizeof *values);
    mpz_srcptr *ptrs = lds_xcalloc(n ? n : 1, sizeof *ptrs);
    for (unsigned i = 0; i < n; i++) {
        mpz_init(values[i]);
        ptrs[i] = values[i];
    }
    int worst = LDS_EXIT_OK;
    do {
        for (unsigned i = 0; i < n; i++)
            lds_define_at(&o->defines[i], sw.at[i + 1], values[i]);
        if (sw.any)   /* a sweep labels every row with its point */
            set_point(r, &sw, values);
        lds_session *s = lds_runner_open(r, o->narchs ? o->archs[sw.at[0]] : NULL, ptrs);
        int st = lds_runner_run_programs(r, s, progs, nprogs);
        lds_session_close(s);
        if (st > worst)
            worst = st;
    } while (!lds_reporter_out_failed(r->rep) && !lds_interrupt_pending() && sweep_next(&sw));
    lds_reporter_finish(r->rep);
    if (lds_reporter_failed(r->rep) && worst < LDS_EXIT_USAGE)
        worst = LDS_EXIT_USAGE;
    lds_runner_free(r);
    for (unsigned i = 0; i < n; i++)
        mpz_clear(values[i]);
    free(values);
    free(ptrs);
    free(sources);
    free(sw.count);
    free(sw.at);
    return worst;
}
