/* src/api_stream.c - the command line's layer of the C API: a session
 * that writes its reports and messages to streams as it runs, runs
 * every sweep point, and keeps a live session for REPL input.  The
 * command line (cli/) and the REPL (repl/) are written on these and
 * the rest of lds-calc.h alone (tests/layering.py checks it). */
#include "src/api_impl.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "src/explain.h"
#include "base/input.h"
#include "base/limits.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "src/parser.h"

int ldscalc_stream(ldscalc_session *s, FILE *out, FILE *err)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = LDSCALC_OK;
    if (!out || !err) {
        rc = lds_api_usage(s, "ldscalc_stream: two streams are wanted");
    } else {
        s->stream = true;
        s->opts.out = out;
        s->opts.err = err;
    }
    LDS_API_LEAVE();
    return rc;
}

static int not_streaming(ldscalc_session *s, const char *what)
{
    return lds_api_usage(s, "%s: the session does not stream (call ldscalc_stream first)", what);
}

/* A text refused by lds_api_text_ok, said in the session's error. */
static int bad_text(ldscalc_session *s, const char *what, const char *text, size_t len)
{
    if (!text)
        return lds_api_usage(s, "%s: no text (NULL) of %zu bytes", what, len);
    return lds_api_usage(s, "%s: a text of %zu bytes: larger than %zu MiB, the limit of a program", what, len,
                         LDS_MAX_FILE_BYTES >> 20);
}

/* ------------------------------------------------------------- options */

/* Whether the options ask for more than one run. */
static bool is_sweep(const lds_options *o)
{
    bool sweep = o->narchs > 1;
    mpz_t c;
    mpz_init(c);
    for (unsigned i = 0; i < o->ndefines; i++) {
        lds_define_count(&o->defines[i], c);
        sweep |= mpz_cmp_ui(c, 1) > 0;
    }
    mpz_clear(c);
    return sweep;
}

/* --emit needs a directory and one run; --check-counters and --emit are
 * reports of their own, not --format's. */
static int check_options(ldscalc_session *s)
{
    lds_options *o = &s->opts;
    int rc = lds_api_apply_build(s);
    if (rc != LDSCALC_OK)
        return rc;
    if (o->nat && o->show < 0)   /* --at names an instruction to show: a grid unless told */
        o->show = SHOW_GRID;
    const char *probe = s->emit ? "emit" : "check-counters";
    if (s->emit && o->counters_file)
        return lds_api_usage(s, "--emit and --check-counters are two steps: emit, measure, then check");
    if ((s->emit || o->counters_file) && s->format_given)
        return lds_api_usage(s, "--%s writes its own output: leave out --format", probe);
    if ((s->emit || o->counters_file) && (is_sweep(o) || s->interactive))
        return lds_api_usage(s, "--%s takes one run: no sweep, no REPL", probe);
    if (s->emit && !o->output_dir)
        return lds_api_usage(s, "--emit needs --output=DIR: the probe is several files");
    if ((o->counter_tolerance || o->counter_tolerance_ppm) && !o->counters_file)
        return lds_api_usage(s, "--tolerance goes with --check-counters");
    if (s->emit)
        o->format = (lds_format)s->emit;
    else if (o->counters_file)
        o->format = FMT_CHECK_COUNTERS;
    return LDSCALC_OK;
}

int ldscalc_check_options(ldscalc_session *s)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = check_options(s);
    LDS_API_LEAVE();
    return rc;
}

/* ------------------------------------------------------------ programs */

void lds_api_sources_free(lds_api_sources *l)
{
    for (unsigned i = 0; i < l->n; i++)
        lds_input_free(&l->at[i]);
    lds_free(l->at);
    l->at = NULL;
    l->n = 0;
}

static lds_source *add_source(lds_api_sources *l)
{
    l->at = lds_xreallocarray(l->at, l->n + 1, sizeof *l->at);
    memset(&l->at[l->n], 0, sizeof *l->at);
    return &l->at[l->n++];
}

static int add_program(ldscalc_session *s, const char *name, const char *text, size_t len)
{
    if (!lds_api_text_ok(text, len))
        return bad_text(s, "ldscalc_add_program", text, len);
    lds_source *src = add_source(&s->texts);
    src->name = lds_xstrdup(name ? name : "<arg1>");
    src->text = lds_xstrndup(len ? text : "", len);
    src->len = len;
    src->first_line = 1;
    return LDSCALC_OK;
}

int ldscalc_add_program(ldscalc_session *s, const char *name, const char *text, size_t len)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = add_program(s, name, text, len);
    LDS_API_LEAVE();
    return rc;
}

/* Read path into src; LDSCALC_USAGE, with the session's error, when it
 * cannot be read. */
static int read_file(ldscalc_session *s, const char *what, const char *path, lds_source *src)
{
    char why[4200];
    if (!path)
        return lds_api_usage(s, "%s: no path (NULL)", what);
    if (lds_input_read(path, src, why, sizeof why) < 0)
        return lds_api_usage(s, "%s", why);
    return LDSCALC_OK;
}

int lds_api_add_file(ldscalc_session *s, const char *what, const char *path)
{
    lds_source src;
    int rc = read_file(s, what, path, &src);
    if (rc == LDSCALC_OK)
        *add_source(&s->files) = src;
    return rc;
}

int ldscalc_add_file(ldscalc_session *s, const char *path)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = lds_api_add_file(s, "ldscalc_add_file", path);
    LDS_API_LEAVE();
    return rc;
}

char *ldscalc_read_file(ldscalc_session *s, const char *path, size_t *len)
{
    if (!s)
        return NULL;
    LDS_API_ON_SESSION(s, NULL);
    lds_source src;
    char *text = NULL;
    if (read_file(s, "ldscalc_read_file", path, &src) == LDSCALC_OK) {
        text = lds_host_strndup(src.text, src.len);   /* the caller's to ldscalc_free() */
        if (!text)
            lds_out_of_memory();
        if (len)
            *len = src.len;
        lds_input_free(&src);
    }
    LDS_API_LEAVE();
    return text;
}

/* ----------------------------------------------------------------- runs */

void lds_api_stream_free(ldscalc_session *s)
{
    lds_api_stream *run = &s->run;
    if (run->live)
        lds_session_close(run->live);
    lds_runner_free(run->runner);
    for (unsigned i = 0; i < run->nprogs; i++)
        lds_arena_free(run->progs[i].arena);
    lds_free(run->progs);
    lds_free(run->sources);
    lds_parse_ctx_free(run->parse);
    if (run->have_texts)   /* the texts messages point into: last */
        lds_front_texts_free(&run->texts);
    memset(run, 0, sizeof *run);
    s->opts.parse_ctx = NULL;
}

/* Front-end errors and warnings, written as they come. */
/* A front-end message: printed, and a warning kept for the reports that
 * carry them (JSON, SARIF). */
static void print_front_diag(void *ctx, const lds_diag *d)
{
    lds_options *o = ctx;
    lds_diag_print(o->err, o->prog, d, o->color);
    if (!d->warning && !o->front_error.set)   /* the first error: the reports' error */
        o->front_error = *d;
    if (d->warning) {
        o->front_warnings = lds_xgrow(o->front_warnings, o->nfront_warnings, &o->capfront_warnings,
                                      sizeof *o->front_warnings, 8);
        o->front_warnings[o->nfront_warnings++] = *d;
    }
}

/* Every program added, in the command line's order, handed over to the
 * front end (which keeps their texts). */
static int lower(ldscalc_session *s)
{
    lds_api_sources *lists[] = { &s->texts, &s->files, &s->suggest };
    unsigned n = 0;
    for (size_t k = 0; k < 3; k++)
        n += lists[k]->n;
    lds_source *all = lds_xcalloc(n ? n : 1, sizeof *all);
    n = 0;
    for (size_t k = 0; k < 3; k++) {
        if (lists[k]->n)   /* (an empty list's array is NULL) */
            memcpy(all + n, lists[k]->at, lists[k]->n * sizeof *all);
        n += lists[k]->n;
        lds_free(lists[k]->at);
        lists[k]->at = NULL;
        lists[k]->n = 0;
    }
    lds_front_options f = s->front;
    f.kernel = s->kernel;
    f.threads = s->threads;
    s->run.parse = lds_options_parse_ctx(&s->opts);   /* one parse, its #defines seen by the next */
    s->opts.parse_ctx = s->run.parse;
    s->opts.nfront_warnings = 0;   /* this run's */
    memset(&s->opts.front_error, 0, sizeof s->opts.front_error);
    lds_diag_sink sink = { print_front_diag, &s->opts };
    int rc = lds_front_lower(&s->opts, &f, all, n, s->run.parse, &s->run.texts, &sink);
    s->run.have_texts = true;
    lds_free(all);
    return rc;
}

/* --show-lowered: the lowered kernels, nothing run. */
static int show_lowered(ldscalc_session *s)
{
    const lds_front_texts *t = &s->run.texts;
    for (unsigned i = 0; i < t->n; i++)
        if (lds_front_is_lowered(&t->srcs[i]))
            fputs(t->srcs[i].text, s->opts.out);
    if (!t->kernels)
        fprintf(s->opts.err, "%s: --show-lowered: no kernel file was given (.cu .cuh .hip .hlsl .comp .glsl, or "
                             "--lang)\n", s->opts.prog);
    return t->kernels ? LDSCALC_OK : LDSCALC_USAGE;
}

/* Parse everything first: a syntax error anywhere runs nothing. */
static int parse_all(ldscalc_session *s)
{
    lds_api_stream *run = &s->run;
    const lds_options *o = &s->opts;
    unsigned n = run->texts.n;
    run->progs = lds_xcalloc(n ? n : 1, sizeof *run->progs);
    run->sources = lds_xcalloc(n ? n : 1, sizeof *run->sources);
    for (unsigned i = 0; i < n; i++) {
        lds_diag diag = { 0 };
        const lds_source *src = &run->texts.srcs[i];
        run->progs[i].arena = lds_arena_new();
        run->nprogs++;
        run->sources[i] = src;
        if (lds_parse_program_in(src, &run->progs[i], run->parse, &diag) < 0) {
            lds_diag_print(o->err, o->prog, &diag, o->color);
            s->opts.front_error = diag;
            return LDSCALC_SYNTAX;
        }
        if (!run->progs[i].first && !s->interactive && !o->quiet)   /* all comments: a pasted dump says so */
            fprintf(o->err, "%s: %s: warning: nothing to run: no statement (a line starting with '#' is a comment)\n",
                    o->prog, src->name ? src->name : "<arg>");
    }
    return LDSCALC_OK;
}

/* The live session REPL input continues, after the programs ran in it. */
static int start_live(ldscalc_session *s)
{
    lds_api_stream *run = &s->run;
    run->runner = lds_runner_new(&s->opts, run->sources, run->nprogs);
    lds_runner_repl(run->runner);
    run->live = lds_runner_open(run->runner, NULL, NULL);
    if (!run->nprogs)
        return LDSCALC_OK;
    lds_program **list = lds_xcalloc(run->nprogs, sizeof *list);
    for (unsigned i = 0; i < run->nprogs; i++)
        list[i] = &run->progs[i];
    int rc = lds_runner_run_programs(run->runner, run->live, list, run->nprogs);
    lds_free(list);
    return rc;
}

static int stream_run(ldscalc_session *s)
{
    int rc = lower(s);
    if (rc == LDSCALC_OK && s->show_lowered)
        return show_lowered(s);
    if (rc == LDSCALC_OK)
        rc = parse_all(s);
    if (rc == LDSCALC_SYNTAX && !s->interactive)   /* JSON, SARIF, CSV: a document all the same */
        lds_run_report_failure(&s->opts, rc, &s->opts.front_error);
    if (rc != LDSCALC_OK)
        return rc;
    if (s->interactive)
        return start_live(s);
    lds_program **list = lds_xcalloc(s->run.nprogs ? s->run.nprogs : 1, sizeof *list);
    for (unsigned i = 0; i < s->run.nprogs; i++)
        list[i] = &s->run.progs[i];
    rc = lds_run_programs(&s->opts, list, s->run.nprogs);
    lds_free(list);
    return rc;
}

/* The streaming run: its texts lowered, parsed and run (stream_run),
 * and what it kept freed unless it stays live. */
static int stream_run_all(ldscalc_session *s)
{
    if (!s->stream)
        return not_streaming(s, "ldscalc_stream_run");
    lds_api_stream_free(s);   /* a live session before this one ends */
    int rc = stream_run(s);
    if (!s->interactive)   /* its messages have been written: nothing points into the texts */
        lds_api_stream_free(s);
    return rc;
}

int ldscalc_stream_run(ldscalc_session *s)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_RUN_ON_SESSION(s, LDSCALC_NO_MEMORY, true);
    int rc = stream_run_all(s);
    LDS_API_LEAVE();
    if (rc == LDS_EXIT_EVAL && lds_cancel_requested(&s->cancel))
        rc = LDSCALC_CANCELLED;
    return rc;
}

/* ------------------------------------------------------------ the REPL */

static int no_live(ldscalc_session *s, const char *what)
{
    return lds_api_usage(s, "%s: no live session (ldscalc_stream_run with interactive on first)", what);
}

int ldscalc_live(const ldscalc_session *s)
{
    return s && s->run.live != NULL && !s->broken;
}

/* Whether the lines of text, numbered from first_line, stay within an
 * unsigned (lines count from 1). */
static bool lines_fit(unsigned first_line, const char *text, size_t len)
{
    size_t lines = 0;
    for (const char *p = text, *end = text + len; p && p < end; p++) {
        p = memchr(p, '\n', (size_t)(end - p));
        lines += p != NULL;
        if (!p)
            break;
    }
    return first_line >= 1 && lines <= UINT_MAX - first_line;
}

static int input(ldscalc_session *s, const char *name, unsigned first_line, const char *text, size_t len)
{
    if (!lds_api_text_ok(text, len))
        return bad_text(s, "ldscalc_input", text, len);
    if (!lines_fit(first_line, text, len))
        return lds_api_usage(s, "ldscalc_input: lines numbered from %u: expected 1 or more, and room for the text's "
                                "lines below %u", first_line, UINT_MAX);
    if (!s->run.live)
        return no_live(s, "ldscalc_input");
    return lds_runner_run_text(s->run.runner, s->run.live, name ? name : "<stdin>", first_line, text, len);
}

int ldscalc_input(ldscalc_session *s, const char *name, unsigned first_line, const char *text, size_t len)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_RUN_ON_SESSION(s, LDSCALC_NO_MEMORY, true);
    int rc = input(s, name, first_line, text, len);
    LDS_API_LEAVE();
    return rc;
}

int ldscalc_input_incomplete(ldscalc_session *s, const char *text, size_t len)
{
    if (!s || !lds_api_text_ok(text, len))
        return 0;
    LDS_API_ON_SESSION(s, 0);
    lds_source src = { .name = (char *)"<stdin>", .text = (char *)text, .len = len, .first_line = 1 };
    int more = lds_parse_incomplete(&src, s->run.live ? lds_session_parse_ctx(s->run.live) : s->run.parse);
    LDS_API_LEAVE();
    return more;
}

int ldscalc_input_explain(ldscalc_session *s, const char *text, size_t len)
{
    if (!s || !lds_api_text_ok(text, len) || !s->run.live)
        return 0;
    LDS_API_ON_SESSION(s, 0);
    lds_source src = { .name = (char *)"<stdin>", .text = (char *)text, .len = len, .first_line = 1 };
    const lds_access_result *a = lds_parse_is_lone(&src, S_EXPLAIN) ? lds_session_last_completed(s->run.live) : NULL;
    if (a)
        lds_explain_access(s->opts.out, a, "  - ");
    LDS_API_LEAVE();
    return a != NULL;
}

int ldscalc_describe(ldscalc_session *s)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = LDSCALC_OK;
    if (s->run.live)
        lds_session_describe(s->run.live, s->opts.out);
    else
        rc = no_live(s, "ldscalc_describe");
    LDS_API_LEAVE();
    return rc;
}

int ldscalc_reset(ldscalc_session *s)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = LDSCALC_OK;
    if (s->run.live) {
        lds_session_close(s->run.live);
        s->run.live = NULL;
        s->run.live = lds_runner_open(s->run.runner, NULL, NULL);
    } else {
        rc = no_live(s, "ldscalc_reset");
    }
    LDS_API_LEAVE();
    return rc;
}

int ldscalc_output_failed(const ldscalc_session *s)
{
    return s && s->run.runner && lds_reporter_out_failed(lds_runner_reporter(s->run.runner));
}

int ldscalc_stream_end(ldscalc_session *s)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = LDSCALC_OK;
    if (s->run.runner) {
        lds_reporter *rep = lds_runner_reporter(s->run.runner);
        lds_reporter_finish(rep);
        rc = lds_reporter_failed(rep) ? LDSCALC_USAGE : LDSCALC_OK;
    }
    LDS_API_LEAVE();
    return rc;
}
