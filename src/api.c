/* src/api.c - the public C API (src/lds-calc.h): sessions and runs
 * (options: src/api_options.c; streaming: src/api_stream.c).  A run opens a library session (src/session.h) of
 * its own, which the result keeps: its records are the result's data,
 * and a report in any format is rendered from them later
 * (src/api_result.c).  Every entry point sets this thread's cancel token
 * and out-of-memory recovery point around its work, so that nothing
 * here exits or prints. */
#include "src/api_impl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "src/input.h"
#include "src/limits.h"
#include "src/mem.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "src/usertext.h"

int ldscalc_api_version(void)
{
    return LDSCALC_API_VERSION;
}

const char *ldscalc_version(void)
{
    return PACKAGE_VERSION;
}

/* ------------------------------------------------------------ sessions */

ldscalc_session *ldscalc_open(void)
{
    ldscalc_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    lds_options_init(&s->opts);
    s->opts.max_bits = 0;   /* 0: the library's default */
    return s;
}

void ldscalc_close(ldscalc_session *s)
{
    if (!s)
        return;
    lds_api_stream_free(s);
    lds_api_sources_free(&s->texts);
    lds_api_sources_free(&s->files);
    lds_api_sources_free(&s->suggest);
    lds_options_free(&s->opts);
    free(s->kernel);
    free(s->threads);
    free(s->output_dir);
    free(s->group_digits);
    free(s->counters_file);
    free(s->error_text);
    free(s);
}

void ldscalc_cancel(ldscalc_session *s)
{
    lds_cancel_request(&s->cancel);
}

const ldscalc_error *ldscalc_session_error(const ldscalc_session *s)
{
    return s->error.message ? &s->error : NULL;
}

const char *ldscalc_session_error_text(const ldscalc_session *s)
{
    return s->error.message ? s->error_text : NULL;
}

int ldscalc_set(ldscalc_session *s, const char *option, const char *value)
{
    if (!option || !value)
        return lds_api_usage(s, "an option and its value are wanted");
    LDS_API_GUARD(s, LDSCALC_NO_MEMORY);
    int rc = lds_api_set_option(s, option, value);
    LDS_API_UNGUARD();
    if (rc == LDSCALC_OK) {
        s->error.message = NULL;
        free(s->error_text);
        s->error_text = NULL;
    }
    return rc;
}

/* ---------------------------------------------------------------- runs */

/* The session's hooks: records in the order the run made them (a report
 * rendered later replays them so), and warnings kept. */
static void on_access(void *ctx, const lds_access_result *a)
{
    ldscalc_result *r = ctx;
    const lds_results *res = lds_session_results(r->ls);
    size_t i = res->n;
    while (i > 0 && res->accesses[i - 1] != a)
        i--;
    lds_api_add_event(r, false, i - 1);
}

static void on_expect(void *ctx, const lds_expect_result *e)
{
    ldscalc_result *r = ctx;
    lds_api_add_event(r, true, (size_t)(e - lds_session_results(r->ls)->expects));
}

static void on_warning(void *ctx, const lds_diag *w)
{
    lds_api_add_diag(ctx, w, LDSCALC_OK);
}

/* The library session a run uses, configured from the API session. */
static lds_session *open_run(ldscalc_session *s, ldscalc_result *r)
{
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    unsigned n = s->opts.ndefines;
    lds_define_value *defs = lds_xcalloc(n ? n : 1, sizeof *defs);
    for (unsigned i = 0; i < n; i++) {
        defs[i].name = s->opts.defines[i].name;
        defs[i].value = s->opts.defines[i].lo;   /* one value each (set_define) */
    }
    cfg.arch = s->opts.arch;
    cfg.show = s->opts.nat && s->opts.show < 0 ? SHOW_GRID : s->opts.show;   /* at: a grid unless told */
    cfg.at = s->opts.at;
    cfg.nat = s->opts.nat;
    cfg.force_big = s->opts.force_big;
    cfg.explain = s->opts.explain;
    cfg.keep = LDS_KEEP_ALL;   /* every report format can be rendered from the records */
    cfg.keep_layouts = true;
    cfg.max_steps = s->opts.max_steps;
    cfg.max_ops = s->opts.max_ops;
    cfg.max_bits = s->opts.max_bits;
    cfg.jobs = s->opts.jobs;
    cfg.print_out = r->print_out;
    cfg.defines = defs;
    cfg.ndefines = n;
    cfg.parse_from = r->parse;
    lds_session_hooks hooks = { on_access, on_expect, r, on_warning, NULL };
    lds_session *ls = lds_session_open(&cfg, &hooks);
    free(defs);
    return ls;
}

/* The status of a run that ended with rc from the library session. */
static int run_status(ldscalc_session *s, ldscalc_result *r, int rc)
{
    if (rc == LDS_EXIT_EVAL && lds_cancel_requested(&s->cancel))
        rc = LDSCALC_CANCELLED;
    const lds_diag *e = lds_session_error(r->ls);
    if (e->set)
        lds_api_add_diag(r, e, rc == LDS_EXIT_OK ? LDSCALC_EVAL : rc);
    const lds_results *res = lds_session_results(r->ls);
    for (size_t i = 0; i < res->nexpects && rc == LDS_EXIT_OK; i++)
        if (!res->expects[i].ok)
            rc = LDSCALC_CHECK;
    return rc;
}

/* The texts of one run, lowered where they are kernels; errors to r. */
static void report_front(void *ctx, const lds_diag *d)
{
    lds_api_add_diag(ctx, d, d->warning ? LDSCALC_OK : LDSCALC_SYNTAX);
}

static int run_texts(ldscalc_session *s, ldscalc_result *r, lds_source *src)
{
    lds_front_options f = s->front;
    f.kernel = s->kernel;
    f.threads = s->threads;
    r->parse = lds_options_parse_ctx(&s->opts);
    lds_diag_sink sink = { report_front, r };
    int rc = lds_front_lower(&s->opts, &f, src, 1, r->parse, &r->texts, &sink);
    r->have_texts = true;
    if (rc != LDS_EXIT_OK)
        return rc;
    r->ls = open_run(s, r);
    rc = LDS_EXIT_OK;
    for (unsigned i = 0; i < r->texts.n && rc == LDS_EXIT_OK; i++)
        rc = lds_session_run_source(r->ls, &r->texts.srcs[i]);
    return run_status(s, r, rc);
}

/* Run src (its name and text the result's from now on). */
static ldscalc_result *run(ldscalc_session *s, lds_source *src, const char *why)
{
    ldscalc_result *r = lds_api_result_new();
    if (!r) {
        lds_input_free(src);
        return NULL;
    }
    if (s->broken) {
        lds_input_free(src);
        r->status = LDSCALC_NO_MEMORY;
        return r;
    }
    lds_cancel_clear(&s->cancel);
    lds_cancel *token = lds_cancel_enter(&s->cancel);
    jmp_buf at, *before = lds_oom_set(&at);
    if (setjmp(at)) {   /* memory ran out: what was half built is abandoned, */
        lds_oom_set(before);   /* never freed (its pointers may be half updated) */
        lds_cancel_enter(token);
        s->broken = true;
        r->ls = NULL;
        r->parse = NULL;
        r->have_texts = false;
        r->status = LDSCALC_NO_MEMORY;
        return r;
    }
    if (why) {   /* the file could not be read */
        lds_diag d = { 0 };
        snprintf(d.msg, sizeof d.msg, "%s", why);
        lds_text_clean_in_place(d.msg, sizeof d.msg);   /* it names the file */
        d.set = 1;
        lds_api_add_diag(r, &d, LDSCALC_USAGE);
        r->status = LDSCALC_USAGE;
    } else {
        r->status = run_texts(s, r, src);
    }
    lds_oom_set(before);
    lds_cancel_enter(token);
    return r;
}

ldscalc_result *ldscalc_run(ldscalc_session *s, const char *name, const char *text, size_t len)
{
    lds_source src = { 0 };
    src.name = strdup(name ? name : "<arg1>");
    src.text = malloc(len + 1);
    if (!src.name || !src.text) {
        lds_input_free(&src);
        return NULL;
    }
    memcpy(src.text, text, len);
    src.text[len] = '\0';
    src.len = len;
    src.first_line = 1;
    return run(s, &src, NULL);
}

ldscalc_result *ldscalc_run_file(ldscalc_session *s, const char *path)
{
    lds_source src = { 0 };
    char why[512];
    if (lds_input_read(path, &src, why, sizeof why) < 0)
        return run(s, &src, why);
    return run(s, &src, NULL);
}
