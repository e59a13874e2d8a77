/* fuzz/fuzz-run.c - the whole run on arbitrary programs, through the
 * front-ends' API: parse, resolve, evaluate, simulate, and report in
 * every format.  Limits keep each input short. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/parser.h"
#include "src/report.h"
#include "src/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void hook_access(void *ctx, const lds_access_result *a)
{
    lds_reporter_access(ctx, a);
}

static void hook_expect(void *ctx, const lds_expect_result *e)
{
    lds_reporter_expect(ctx, e);
}

/* Warnings go where the report goes (the fuzzer is one thread). */
static FILE *warnings_out;

static void hook_warning(void *ctx, const lds_diag *w)
{
    (void)ctx;
    lds_diag_print(warnings_out, "lds-calc", w, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the first byte picks the format and the show level */
    if (size < 1 || size > 4096)
        return 0;
    lds_format format = (lds_format)(data[0] % 6);
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    lds_source src = { .name = (char *)"<fuzz>", .text = text, .len = size - 1, .first_line = 1 };
    const lds_source *sources[1] = { &src };
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    lds_report_options ro = { .format = format, .out = out, .err = out, .prog = "lds-calc", .sources = sources,
                              .nsources = 1, .sweep_table = data[0] & 2 };
    lds_label labels[1] = { { "P", "7", false } };
    lds_reporter *rep = lds_reporter_new(&ro);
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    cfg.show = data[0] / 5 % 4;
    cfg.explain = data[0] & 1;
    cfg.keep = format == FMT_SVG || format == FMT_MARKDOWN ? LDS_KEEP_ALL : LDS_KEEP_NONE;
    cfg.max_steps = 20000;
    cfg.max_ops = 2000000;
    cfg.max_bits = 4096;
    cfg.print_out = out;
    warnings_out = out;
    lds_session_hooks hooks = { hook_access, hook_expect, rep, hook_warning, NULL };
    lds_session *s = lds_session_open(&cfg, &hooks);
    lds_reporter_begin_run(rep, labels, data[0] & 4 ? 1 : 0);
    int st = lds_session_run_text(s, "<fuzz>", text, size - 1);
    if (st != LDS_EXIT_OK)
        lds_diag_print(out, "lds-calc", lds_session_error(s), st == LDS_EXIT_SYNTAX);
    /* svg without --output writes one picture at most */
    if (st != LDS_EXIT_SYNTAX && format != FMT_SVG) {
        lds_run_status status = { st, st ? lds_session_error(s) : NULL };
        lds_run_start start;
        memset(&start, 0, sizeof start);   /* the run is the whole session */
        lds_reporter_end_run(rep, lds_session_results(s), start, &status);
        lds_reporter_finish(rep);
    }
    lds_session_close(s);
    lds_reporter_free(rep);
    fclose(out);
    free(buf);
    free(text);
    return 0;
}
