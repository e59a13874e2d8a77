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
#include "base/check.h"
#include "base/input.h"
#include "base/limits.h"
#include "base/mem.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "base/usertext.h"

int ldscalc_api_version(void)
{
    return LDSCALC_API_VERSION;
}

const char *ldscalc_version(void)
{
    return PACKAGE_VERSION;
}

int ldscalc_version_number(void)
{
    return LDSCALC_VERSION_NUMBER;
}

void ldscalc_free(void *p)
{
    lds_host_free(p);   /* the blocks it hands out are the C library's (lds_host_strndup) */
}

bool lds_api_sized_ok(const void *to)
{
    size_t want;
    if (!to)
        return false;
    memcpy(&want, to, sizeof want);
    return want >= sizeof want;
}

void lds_api_copy_sized(void *to, const void *from, size_t have)
{
    size_t want;
    LDS_ASSERT(lds_api_sized_ok(to) && have >= sizeof want);
    memcpy(&want, to, sizeof want);
    memcpy(to, from, want < have ? want : have);
    memcpy(to, &want, sizeof want);
}

/* ------------------------------------------------------------ sessions */

ldscalc_session *ldscalc_open(void)
{
    lds_mem_init();   /* GMP's allocations inside the calls are the sessions' and results' too */
    lds_heap *heap = lds_heap_new();
    ldscalc_session *s = heap ? lds_alloc_unowned(sizeof *s) : NULL;
    if (!s) {
        lds_heap_free(heap);
        return NULL;
    }
    s->heap = heap;
    lds_options_init(&s->opts);
    s->opts.max_bits = 0;   /* 0: the library's default */
    return s;
}

void ldscalc_close(ldscalc_session *s)
{
    if (!s)
        return;
    lds_heap *before = lds_heap_enter(s->heap);   /* GMP frees its integers there */
    lds_api_stream_free(s);
    lds_api_sources_free(&s->texts);
    lds_api_sources_free(&s->files);
    lds_api_sources_free(&s->suggest);
    lds_options_free(&s->opts);
    lds_free(s->kernel);
    lds_free(s->threads);
    lds_free(s->output_dir);
    lds_free(s->group_digits);
    lds_free(s->counters_file);
    lds_free(s->build_command);
    lds_free(s->compile_commands);
    lds_free(s->error_text);
    lds_heap_enter(before);
    lds_heap_free(s->heap);
    lds_free(s);
}

/* ---------------------------------------------------------------- calls */

lds_api_frame lds_api_enter(jmp_buf *at, lds_heap *heap, lds_cancel *token)
{
    lds_api_frame f = { .at = lds_oom_set(at), .heap = lds_heap_enter(heap), .token = NULL, .token_set = token != NULL };
    if (token)
        f.token = lds_cancel_enter(token);
    return f;
}

void lds_api_leave(const lds_api_frame *f)
{
    lds_oom_set(f->at);
    lds_heap_enter(f->heap);
    if (f->token_set)
        lds_cancel_enter(f->token);
}

void lds_api_session_lost(ldscalc_session *s)
{
    lds_heap *heap = s->heap;
    lds_heap_empty(heap);   /* what it held, half updated or not */
    memset(s, 0, sizeof *s);
    s->heap = heap;
    s->broken = true;
    lds_options_init(&s->opts);
    snprintf(s->error_msg, sizeof s->error_msg, "out of memory");
    s->error.status = LDSCALC_NO_MEMORY;
    s->error.message = s->error_msg;
}

void ldscalc_cancel(ldscalc_session *s)
{
    if (s)
        lds_cancel_request(&s->cancel);
}

const ldscalc_error *ldscalc_session_error(const ldscalc_session *s)
{
    return s && s->error.message ? &s->error : NULL;
}

const char *ldscalc_session_error_text(const ldscalc_session *s)
{
    if (s && s->broken)
        return "lds-calc: out of memory\n";
    return s && s->error.message ? s->error_text : NULL;
}

bool lds_api_text_ok(const char *text, size_t len)
{
    return (text || !len) && len <= LDS_MAX_FILE_BYTES;
}

int ldscalc_set(ldscalc_session *s, const char *option, const char *value)
{
    if (!s)
        return LDSCALC_USAGE;
    LDS_API_ON_SESSION(s, LDSCALC_NO_MEMORY);
    int rc = option && value ? lds_api_set_option(s, option, value)
                             : lds_api_usage(s, "an option and its value are wanted");
    if (rc == LDSCALC_OK) {
        s->error.message = NULL;
        lds_free(s->error_text);
        s->error_text = NULL;
    }
    LDS_API_LEAVE();
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

void lds_api_limits_config(const ldscalc_session *s, lds_session_config *cfg)
{
    lds_session_config_init(cfg);
    cfg->arch = s->opts.arch;
    cfg->force_big = s->opts.force_big;
    cfg->no_shortcuts = s->opts.no_shortcuts;
    cfg->max_steps = s->opts.max_steps;
    cfg->max_ops = s->opts.max_ops;
    cfg->max_bits = s->opts.max_bits;
    cfg->jobs = s->opts.jobs;
}

/* The library session a run uses, configured from the API session. */
static lds_session *open_run(ldscalc_session *s, ldscalc_result *r)
{
    lds_session_config cfg;
    lds_api_limits_config(s, &cfg);
    unsigned n = s->opts.ndefines;
    lds_define_value *defs = lds_xcalloc(n ? n : 1, sizeof *defs);
    for (unsigned i = 0; i < n; i++) {
        defs[i].name = s->opts.defines[i].name;
        defs[i].value = s->opts.defines[i].lo;   /* one value each (set_define) */
    }
    cfg.show = s->opts.nat && s->opts.show < 0 ? SHOW_GRID : s->opts.show;   /* at: a grid unless told */
    cfg.at = s->opts.at;
    cfg.nat = s->opts.nat;
    cfg.explain = s->opts.explain;
    cfg.keep = LDS_KEEP_ALL;   /* every report format can be rendered from the records */
    cfg.keep_layouts = true;
    cfg.print_out = r->print.f;
    cfg.defines = defs;
    cfg.ndefines = n;
    cfg.parse_from = r->parse;
    lds_session_hooks hooks = { on_access, on_expect, r, on_warning, NULL };
    lds_session *ls = lds_session_open(&cfg, &hooks);
    lds_free(defs);
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

/* A result with the error why and this status, nothing run. */
static void refuse(ldscalc_result *r, const char *why, int status)
{
    lds_diag d = { 0 };
    snprintf(d.msg, sizeof d.msg, "%s", why);
    lds_text_clean_in_place(d.msg, sizeof d.msg);   /* it may name a file */
    d.set = 1;
    lds_api_add_diag(r, &d, status);
    r->status = status;
}

/* The text of a run given as text, or read from path (NULL: text). */
static int source_of(lds_source *src, const char *name, const char *text, size_t len, const char *path, char *why,
                     size_t size)
{
    if (path)
        return lds_input_read(path, src, why, size);
    memset(src, 0, sizeof *src);
    src->name = lds_xstrdup(name ? name : "<arg1>");
    src->text = lds_xstrndup(len ? text : "", len);
    src->len = len;
    src->first_line = 1;
    return 0;
}

/* A run in s of the text, or of the file at path: a call on the result
 * it makes (src/api_impl.h), with s's cancel token current.  With s
 * NULL, a result that says why (the arguments were refused). */
static ldscalc_result *run(ldscalc_session *s, const char *name, const char *text, size_t len, const char *path,
                           const char *refused)
{
    ldscalc_result *r = lds_api_result_new();
    if (!r)
        return NULL;
    if (s && s->broken) {
        r->status = LDSCALC_NO_MEMORY;
        return r;
    }
    if (s)
        lds_cancel_clear(&s->cancel);
    jmp_buf at;
    lds_api_frame frame = lds_api_enter(&at, r->heap, s ? &s->cancel : NULL);
    if (setjmp(at)) {
        lds_api_leave(&frame);
        lds_api_result_lost(r);
        return r;
    }
    lds_source src;
    char why[512];
    if (refused)
        refuse(r, refused, LDSCALC_USAGE);
    else if (source_of(&src, name, text, len, path, why, sizeof why) < 0)
        refuse(r, why, LDSCALC_USAGE);
    else if (!lds_mem_stream_open(&r->print))
        lds_out_of_memory();
    else {
        r->status = run_texts(s, r, &src);
        if (lds_mem_stream_close(&r->print) < 0)   /* a print statement's output was lost */
            lds_out_of_memory();
        r->printed = r->print.text;
    }
    lds_api_leave(&frame);
    return r;
}

ldscalc_result *ldscalc_run(ldscalc_session *s, const char *name, const char *text, size_t len)
{
    char why[160];
    if (!s)
        snprintf(why, sizeof why, "ldscalc_run: no session (NULL)");
    else if (!text && len)
        snprintf(why, sizeof why, "ldscalc_run: no text (NULL) of %zu bytes", len);
    else if (!lds_api_text_ok(text, len))
        snprintf(why, sizeof why, "ldscalc_run: a text of %zu bytes: larger than %zu MiB, the limit of a program", len,
                 LDS_MAX_FILE_BYTES >> 20);
    else
        return run(s, name, text, len, NULL, NULL);
    return run(NULL, NULL, NULL, 0, NULL, why);
}

ldscalc_result *ldscalc_run_file(ldscalc_session *s, const char *path)
{
    if (!s || !path)
        return run(NULL, NULL, NULL, 0, NULL, s ? "ldscalc_run_file: no path (NULL)" : "ldscalc_run_file: no session (NULL)");
    return run(s, NULL, NULL, 0, path, NULL);
}
