/* src/run.c - running programs under the options: sessions, the
 * reporter, sweeps, gates and diagnostics. */
#include "src/run.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/interrupt.h"
#include "base/limits.h"
#include "base/mem.h"
#include "src/parse_ctx.h"
#include "src/progress.h"

/* ------------------------------------------------------------- runner */

struct lds_runner {
    const lds_options *o;
    lds_reporter *rep;
    const lds_source *const *rep_sources;   /* the programs given (Markdown) */
    unsigned rep_nsources;
    lds_label *labels;                      /* this run's sweep point */
    unsigned nlabels;
    lds_buf *label_text;                    /* each label's value: the
                                               buffers stay from point to point */
    char *point;                            /* "(P=1)" after its diagnostics */
    lds_buf point_text;                     /* its buffer */
    lds_define_value *defs;                 /* the session's -D values */
    lds_progress_line *progress;            /* on a terminal, text reports only */
    const char *diag_prog;                  /* in diagnostics; NULL in the REPL */
    bool holding;                           /* a sweep's points leave the
                                               results buffered (below) */
};

/* The error stream, after what the results stream holds: a message
 * comes after the rows before it where both reach one terminal or pipe. */
static FILE *err_after_out(const lds_runner *r)
{
    fflush(r->o->out);
    return r->o->err;
}

void lds_runner_repl(lds_runner *r)
{
    r->diag_prog = NULL;
}

lds_runner *lds_runner_new(const lds_options *o, const lds_source *const *sources, unsigned nsources)
{
    lds_runner *r = lds_xcalloc(1, sizeof *r);
    lds_report_options ro = { .format = o->format, .out = o->out, .err = o->err, .prog = o->prog,
                              .quiet = o->quiet, .output_dir = o->output_dir, .sources = sources,
                              .nsources = nsources, .sweep_table = !o->sweep_reports,
                              .group_digits = o->group_digits, .rerun = o->rerun,
                              .counters_file = o->counters_file, .counter_tolerance = o->counter_tolerance,
                              .counter_tolerance_ppm = o->counter_tolerance_ppm, .warnings = o->front_warnings,
                              .nwarnings = o->nfront_warnings };
    r->o = o;
    r->diag_prog = o->prog;
    r->rep = lds_reporter_new(&ro);
    r->rep_sources = sources;
    r->rep_nsources = nsources;
    if (isatty(fileno(o->err)) && o->format == FMT_TEXT && !o->quiet)
        r->progress = lds_progress_line_new(o->err, o->prog);
    return r;
}

static void free_labels(lds_runner *r)
{
    for (unsigned i = 0; r->label_text && i < r->o->ndefines + 1; i++)
        lds_buf_free(&r->label_text[i]);
    lds_free(r->label_text);
    lds_free(r->labels);
    lds_buf_free(&r->point_text);
    r->label_text = NULL;
    r->labels = NULL;
    r->point = NULL;
    r->nlabels = 0;
}

void lds_runner_free(lds_runner *r)
{
    if (!r)
        return;
    free_labels(r);
    lds_free(r->defs);
    lds_reporter_free(r->rep);
    lds_progress_line_free(r->progress);
    lds_free(r);
}

lds_reporter *lds_runner_reporter(lds_runner *r)
{
    return r->rep;
}

/* A sweep over profiles labels each row with the profile that ran it: an
 * arch statement of the program may have replaced the one -a chose. */
static void relabel_arch(lds_runner *r, const lds_access_result *a)
{
    if (r->o->narchs < 2 || !r->nlabels || strcmp(r->labels[0].name, "arch") || a->failed)
        return;
    const lds_sim_profile *p = lds_sim_profile_find(r->labels[0].value);
    if (p && strcmp(p->name, a->profile->name)) {
        lds_buf_clear(&r->label_text[0]);
        lds_buf_puts(&r->label_text[0], a->profile->name);
        r->labels[0].value = lds_buf_str(&r->label_text[0]);
    }
}

static void hook_access(void *ctx, const lds_access_result *a)
{
    relabel_arch(ctx, a);
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

/* A warning, at once on the error stream (after what the report printed so far). */
static void hook_warning(void *ctx, const lds_diag *w)
{
    const lds_runner *r = ctx;
    fflush(r->o->out);
    lds_diag_print(r->o->err, r->diag_prog, w, r->o->color);
}

/* Where print and show layout go under format f: print to standard
 * output beside a text report, else to standard error (standard output
 * stays machine-readable), nowhere under -q; the layout pictures into the
 * report where it draws them (SVG, Markdown). */
static FILE *print_stream(const lds_options *o, lds_format f)
{
    return o->quiet ? NULL : f == FMT_TEXT ? o->out : o->err;
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
    return lds_runner_reopen(r, NULL, arch, values);
}

lds_session *lds_runner_reopen(lds_runner *r, lds_session *old, const char *arch, mpz_srcptr const *values)
{
    const lds_options *o = r->o;
    if (!r->defs)   /* made once: a sweep opens a session per point */
        r->defs = lds_xcalloc(o->ndefines ? o->ndefines : 1, sizeof *r->defs);
    lds_define_value *defs = r->defs;
    mpz_t *first = values ? NULL : lds_xcalloc(o->ndefines ? o->ndefines : 1, sizeof *first);
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    for (unsigned i = 0; i < o->ndefines; i++) {
        if (first) {
            mpz_init(first[i]);
            lds_define_at(&o->defines[i], 0, first[i]);
        }
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
    cfg.no_shortcuts = o->no_shortcuts;
    cfg.print_out = print_stream(o, f);
    cfg.defines = defs;
    cfg.ndefines = o->ndefines;
    cfg.parse_from = o->parse_ctx;
    lds_session_hooks hooks = { hook_access, hook_expect, r, hook_warning, r->progress ? hook_progress : NULL };
    if (r->progress) {
        cfg.suggest_progress = hook_suggest_progress;
        cfg.suggest_ctx = r;
    }
    lds_session *s = lds_session_reopen(old, &cfg, &hooks);
    for (unsigned i = 0; first && i < o->ndefines; i++)
        mpz_clear(first[i]);
    lds_free(first);
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
        if (a->failed || a->global || (!conflict && !ways))   /* gates on bank conflicts: shared accesses */
            continue;
        status = LDS_EXIT_CHECK;
        if (o->quiet)
            continue;
        fprintf(err_after_out(r), "%s: %s:%u: %llu-way ", o->prog, a->file ? a->file : "", a->line,
                (unsigned long long)a->m.ways);
        if (ways)
            fprintf(o->err, "exceeds --max-ways=%llu", (unsigned long long)o->max_ways);
        else
            fprintf(o->err, "is a bank conflict (--fail-on-conflict)");
        fprintf(o->err, "%s%s\n", r->point ? " " : "", r->point ? r->point : "");
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
    lds_format f = lds_reporter_format(r->rep);
    if ((f == FMT_DIAGNOSTICS || f == FMT_SARIF) && !r->o->quiet
        && lds_session_fixes(s, start.first_access) == LDS_EXIT_INTERRUPTED)
        status = LDS_EXIT_INTERRUPTED;   /* the fixes: a search per array that conflicted */
    lds_run_status st = { status, error.set ? &error : NULL };
    lds_reporter_end_run(r->rep, res, start, &st);
    if (error.set && r->point)   /* the diagnostic names the sweep point; the report has it already */
        lds_diag_append(&error, " %s", r->point);
    if (error.set)
        lds_diag_print(err_after_out(r), r->diag_prog, &error, r->o->color);
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
    if (!r->holding)
        fflush(r->o->out);
    return finish_run(r, s, start, status);
}

int lds_runner_run_text(lds_runner *r, lds_session *s, const char *name, unsigned first_line, const char *text,
                        size_t len)
{
    lds_run_start start = lds_run_start_of(lds_session_results(s));
    lds_source src = { .name = (char *)name, .text = (char *)text, .len = len, .first_line = first_line };
    const lds_source *one[1] = { &src };
    lds_reporter_set_sources(r->rep, one, 1);   /* this input is the run's program */
    lds_reporter_begin_run(r->rep, NULL, 0);
    int status = lds_session_run_lines(s, name, first_line, text, len);
    if (status == LDS_EXIT_EVAL && lds_interrupt_pending())
        status = LDS_EXIT_INTERRUPTED;
    fflush(r->o->out);
    if (status == LDS_EXIT_SYNTAX)   /* nothing ran: no report */
        lds_diag_print(r->o->err, r->diag_prog, lds_session_error(s), r->o->color);
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
            fprintf(o->err, "%s: -D %s: the range is empty\n", o->prog, o->defines[i].name);
            rc = -1;
        }
        mpz_mul(runs, runs, c);
        sw->count[i + 1] = mpz_fits_ulong_p(c) ? mpz_get_ui(c) : UINT64_MAX;
        sw->any |= mpz_cmp_ui(c, 1) > 0;
    }
    if (rc == 0 && mpz_cmp_ui(runs, LDS_MAX_SWEEP_RUNS) > 0) {
        fprintf(o->err, "%s: the sweep asks for more than %d runs\n", o->prog, LDS_MAX_SWEEP_RUNS);
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
    if (!r->labels) {   /* made once; a sweep may have millions of points */
        r->labels = lds_xcalloc(sw->n, sizeof *r->labels);
        r->label_text = lds_xcalloc(o->ndefines + 1, sizeof *r->label_text);
    }
    r->nlabels = 0;
    if (o->narchs > 1) {
        lds_buf *t = &r->label_text[r->nlabels];
        lds_buf_clear(t);
        lds_buf_puts(t, o->archs[sw->at[0]]);
        r->labels[r->nlabels].name = "arch";
        r->labels[r->nlabels].text = true;
        r->labels[r->nlabels++].value = lds_buf_str(t);
    }
    for (unsigned i = 0; i < o->ndefines; i++) {
        lds_buf *t = &r->label_text[r->nlabels];
        lds_buf_clear(t);
        lds_buf_put_mpz(t, values[i]);
        r->labels[r->nlabels].name = o->defines[i].name;
        r->labels[r->nlabels++].value = lds_buf_str(t);
    }
    lds_buf *point = &r->point_text;
    lds_buf_clear(point);
    for (unsigned i = 0; i < r->nlabels; i++) {   /* "(arch=sm90 P=1)", with no printf */
        lds_buf_putc(point, i ? ' ' : '(');
        lds_buf_puts(point, r->labels[i].name);
        lds_buf_putc(point, '=');
        lds_buf_puts(point, r->labels[i].value);
    }
    lds_buf_putc(point, ')');
    r->point = point->s;
}

/* After the first run: a -D the programs declare again, or never use,
 * changes nothing; say so (once, not at every sweep point). */
static void warn_defines(lds_runner *r, lds_session *s)
{
    bool used;
    lds_loc again;
    for (unsigned i = 0; lds_session_define_use(s, i, &used, &again); i++) {
        lds_diag w = { 0 };
        const char *name = r->o->defines[i].name;
        if (again.src)
            lds_diag_set(&w, again, "the program declares '%s' itself: -D %s changes nothing from here on", name,
                         name);
        else if (!used && !lds_parse_ctx_was_read(r->o->parse_ctx, name))
            lds_diag_set(&w, w.loc, "-D %s: no program uses '%s', so it changes nothing", name, name);
        else
            continue;
        w.warning = 1;
        hook_warning(r, &w);
    }
}

void lds_run_report_failure(const lds_options *o, int status, const lds_diag *error)
{
    if (o->format != FMT_JSON && o->format != FMT_SARIF && o->format != FMT_CSV)
        return;   /* the message on standard error is the whole report */
    lds_runner *r = lds_runner_new(o, NULL, 0);
    lds_results res;
    lds_results_init(&res);
    lds_run_status st = { status, error && error->set ? error : NULL };
    lds_reporter_begin_run(r->rep, NULL, 0);
    lds_reporter_end_run(r->rep, &res, lds_run_start_of(&res), &st);
    lds_reporter_finish(r->rep);
    lds_results_free(&res);
    lds_runner_free(r);
}

int lds_run_programs(const lds_options *o, lds_program *const *progs, unsigned nprogs)
{
    sweep sw;
    if (sweep_init(o, &sw) < 0) {
        lds_free(sw.count);
        lds_free(sw.at);
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
    bool first_point = true;
    lds_session *s = NULL;   /* one session's memory for every point */
    /* a sweep's rows are written a buffer at a time, not a write a point,
     * where nothing else of a point goes to the error stream but the
     * messages, which flush the rows first (print goes to the results
     * under a text report, nowhere under -q) */
    r->holding = sw.any && print_stream(o, o->format) != o->err;
    lds_reporter_hold_output(r->rep, r->holding);
    do {
        for (unsigned i = 0; i < n; i++)
            lds_define_at(&o->defines[i], sw.at[i + 1], values[i]);
        if (sw.any)   /* a sweep labels every row with its point */
            set_point(r, &sw, values);
        s = lds_runner_reopen(r, s, o->narchs ? o->archs[sw.at[0]] : NULL, ptrs);
        int st = lds_runner_run_programs(r, s, progs, nprogs);
        if (first_point && st <= LDS_EXIT_CHECK)   /* a run an error stopped may not have reached the uses */
            warn_defines(r, s);
        first_point = false;
        if (st > worst)
            worst = st;
    } while (!lds_reporter_out_failed(r->rep) && !lds_interrupt_pending() && sweep_next(&sw));
    lds_session_close(s);
    r->holding = false;
    lds_reporter_hold_output(r->rep, false);
    lds_reporter_finish(r->rep);
    if (lds_reporter_failed(r->rep) && worst < LDS_EXIT_USAGE)
        worst = LDS_EXIT_USAGE;
    lds_runner_free(r);
    for (unsigned i = 0; i < n; i++)
        mpz_clear(values[i]);
    lds_free(values);
    lds_free(ptrs);
    lds_free(sources);
    lds_free(sw.count);
    lds_free(sw.at);
    return worst;
}
