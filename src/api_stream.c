/* src/api_stream.c - the command line's layer of the C API: a session
 * that writes its reports and messages to streams as it runs, runs
 * every sweep point, and keeps a live session for REPL input.  The
 * command line (cli/) and the REPL (repl/) are written on these and
 * the rest of lds-calc.h alone (tests/layering.py checks it). */
#include "src/api_impl.h"

#include <stdlib.h>
#include <string.h>

#include "src/explain.h"
#include "src/input.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "src/parser.h"

int ldscalc_stream(ldscalc_session *s, FILE *out, FILE *err)
{
    if (!out || !err)
        return lds_api_usage(s, "ldscalc_stream: two streams are wanted");
    s->stream = true;
    s->opts.out = out;
    s->opts.err = err;
    return LDSCALC_OK;
}

static int not_streaming(ldscalc_session *s, const char *what)
{
    return lds_api_usage(s, "%s: the session does not stream (call ldscalc_stream first)", what);
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
    if (o->counter_tolerance && !o->counters_file)
        return lds_api_usage(s, "--tolerance goes with --check-counters");
    if (s->emit)
        o->format = (lds_format)s->emit;
    else if (o->counters_file)
        o->format = FMT_CHECK_COUNTERS;
    return LDSCALC_OK;
}

int ldscalc_check_options(ldscalc_session *s)
{
    LDS_API_GUARD(s, LDSCALC_NO_MEMORY);
    int rc = check_options(s);
    LDS_API_UNGUARD();
    return rc;
}

/* ------------------------------------------------------------ programs */

void lds_api_sources_free(lds_api_sources *l)
{
    for (unsigned i = 0; i < l->n; i++)
        lds_input_free(&l->at[i]);
    free(l->at);
    l->at = NULL;
    l->n = 0;
}

static lds_source *add_source(lds_api_sources *l)
{
    l->at = lds_xreallocarray(l->at, l->n + 1, sizeof *l->at);
    memset(&l->at[l->n], 0, sizeof *l->at);
    return &l->at[l->n++];
}

int ldscalc_add_program(ldscalc_session *s, const char *name, const char *text, size_t len)
{
    LDS_API_GUARD(s, LDSCALC_NO_MEMORY);
    lds_source *src = add_source(&s->texts);
    src->name = lds_xstrdup(name ? name : "<arg1>");
    src->text = lds_xstrndup(text, len);
    src->len = len;
    src->first_line = 1;
    LDS_API_UNGUARD();
    return LDSCALC_OK;
}

int ldscalc_add_file(ldscalc_session *s, const char *path)
{
    LDS_API_GUARD(s, LDSCALC_NO_MEMORY);
    char why[4200];
    lds_source src = { 0 };
    int rc = LDSCALC_OK;
    if (lds_input_read(path, &src, why, sizeof why) < 0)
        rc = lds_api_usage(s, "%s", why);
    else
        *add_source(&s->files) = src;
    LDS_API_UNGUARD();
    return rc;
}

char *ldscalc_read_file(ldscalc_session *s, const char *path, size_t *len)
{
    LDS_API_GUARD(s, NULL);
    char why[4200];
    lds_source src = { 0 };
    char *text = NULL;
    if (lds_input_read(path, &src, why, sizeof why) < 0) {
        lds_api_usage(s, "%s", why);
    } else {
        text = src.text;
        *len = src.len;
        src.text = NULL;
        lds_input_free(&src);
    }
    LDS_API_UNGUARD();
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
    free(run->progs);
    free(run->sources);
    lds_parse_ctx_free(run->parse);
    if (run->have_texts)   /* the texts messages point into: last */
        lds_front_texts_free(&run->texts);
    memset(run, 0, sizeof *run);
    s->opts.parse_ctx = NULL;
}

/* Front-end errors and warnings, written as they come. */
static void print_front_diag(void *ctx, const lds_diag *d)
{
    const lds_options *o = ctx;
    lds_diag_print(o->err, o->prog, d, o->color);
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
        free(lists[k]->at);
        lists[k]->at = NULL;
        lists[k]->n = 0;
    }
    lds_front_options f = s->front;
    f.kernel = s->kernel;
    f.threads = s->threads;
    s->run.parse = lds_options_parse_ctx(&s->opts);   /* one parse, its #defines seen by the next */
    s->opts.parse_ctx = s->run.parse;
    lds_diag_sink sink = { print_front_diag, &s->opts };
    int rc = lds_front_lower(&s->opts, &f, all, n, s->run.parse, &s->run.texts, &sink);
    s->run.have_texts = true;
    free(all);
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
    free(list);
    return rc;
}

static int stream_run(ldscalc_session *s)
{
    int rc = lower(s);
    if (rc == LDSCALC_OK && s->show_lowered)
        return show_lowered(s);
    if (rc == LDSCALC_OK)
        rc = parse_all(s);
    if (rc != LDSCALC_OK)
        return rc;
    if (s->interactive)
        return start_live(s);
    lds_program **list = lds_xcalloc(s->run.nprogs ? s->run.nprogs : 1, sizeof *list);
    for (unsigned i = 0; i < s->run.nprogs; i++)
        list[i] = &s->run.progs[i];
    rc = lds_run_programs(&s->opts, list, s->run.nprogs);
    free(list);
    return rc;
}

int ldscalc_stream_run(ldscalc_session *s)
{
    if (!s->stream)
        return not_streaming(s, "ldscalc_stream_run");
    if (s->broken)
        return LDSCALC_NO_MEMORY;
    lds_api_stream_free(s);   /* a live session before this one ends */
    LDS_API_RUN_GUARD(s, LDSCALC_NO_MEMORY, true);
    int rc = stream_run(s);
    if (!s->interactive)   /* its messages have been written: nothing points into the texts */
        lds_api_stream_free(s);
    LDS_API_RUN_UNGUARD();
    if (rc == LDS_EXIT_EVAL && lds_cancel_requested(&s->cancel))
        rc = LDSCALC_CANCELLED;
    return rc;
}

/* ------------------------------------------------------------ the REPL */

static int no_live(ldscalc_session *s, const char *what)
{
    if (s->broken)
        return LDSCALC_NO_MEMORY;
    return lds_api_usage(s, "%s: no live session (ldscalc_stream_run with interactive on first)", what);
}

int ldscalc_live(const ldscalc_session *s)
{
    return s->run.live != NULL && !s->broken;
}

int ldscalc_input(ldscalc_session *s, const char *name, unsigned first_line, const char *text, size_t len)
{
    if (!s->run.live || s->broken)
        return no_live(s, "ldscalc_input");
    LDS_API_RUN_GUARD(s, LDSCALC_NO_MEMORY, true);
    int rc = lds_runner_run_text(s->run.runner, s->run.live, name ? name : "<stdin>", first_line, text, len);
    LDS_API_RUN_UNGUARD();
    return rc;
}

int ldscalc_input_incomplete(ldscalc_session *s, const char *text, size_t len)
{
    if (s->broken)
        return 0;
    LDS_API_GUARD(s, 0);
    lds_source src = { .name = (char *)"<stdin>", .text = (char *)text, .len = len, .first_line = 1 };
    int more = lds_parse_incomplete(&src, s->run.live ? lds_session_parse_ctx(s->run.live) : s->run.parse);
    LDS_API_UNGUARD();
    return more;
}

int ldscalc_input_explain(ldscalc_session *s, const char *text, size_t len)
{
    if (!s->run.live || s->broken)
        return 0;
    LDS_API_GUARD(s, 0);
    lds_source src = { .name = (char *)"<stdin>", .text = (char *)text, .len = len, .first_line = 1 };
    const lds_access_result *a = lds_parse_is_lone(&src, S_EXPLAIN) ? lds_session_last_completed(s->run.live) : NULL;
    if (a)
        lds_explain_access(s->opts.out, a, "  - ");
    LDS_API_UNGUARD();
    return a != NULL;
}

int ldscalc_describe(ldscalc_session *s)
{
    if (!s->run.live || s->broken)
        return no_live(s, "ldscalc_describe");
    LDS_API_GUARD(s, LDSCALC_NO_MEMORY);
    lds_session_describe(s->run.live, s->opts.out);
    LDS_API_UNGUARD();
    return LDSCALC_OK;
}

int ldscalc_reset(ldscalc_session *s)
{
    if (!s->run.live || s->broken)
        return no_live(s, "ldscalc_reset");
    LDS_API_GUARD(s, LDSCALC_NO_MEMORY);
    lds_session_close(s->run.live);
    s->run.live = NULL;
    s->run.live = lds_runner_open(s->run.runner, NULL, NULL);
    LDS_API_UNGUARD();
    return LDSCALC_OK;
}

int ldscalc_output_failed(const ldscalc_session *s)
{
    return s->run.runner && lds_reporter_out_failed(lds_runner_reporter(s->run.runner));
}

int ldscalc_stream_end(ldscalc_session *s)
{
    if (!s->run.runner)
        return LDSCALC_OK;
    if (s->broken)
        return LDSCALC_NO_MEMORY;
    LDS_API_GUARD(s, LDSCALC_NO_MEMORY);
    lds_reporter *rep = lds_runner_reporter(s->run.runner);
    lds_reporter_finish(rep);
    int rc = lds_reporter_failed(rep) ? LDSCALC_USAGE : LDSCALC_OK;
    LDS_API_UNGUARD();
    return rc;
}
