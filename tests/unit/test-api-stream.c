/* tests/unit/test-api-stream.c - the C API's streaming layer, the one
 * the command line and the REPL are written on: reports written as the
 * runs go (the same bytes a result renders), sweeps, options refused
 * with the command line's messages, checks between options, and a live
 * session whose names and arrays REPL input continues. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/lds-calc-tool.h"
#include "tests/unit/cunit_tap.h"

/* A streaming session writing into two memory streams. */
typedef struct {
    ldscalc_session *s;
    FILE *out, *err;
    char *out_text, *err_text;
    size_t out_len, err_len;
} streams;

static void streams_open(streams *t)
{
    memset(t, 0, sizeof *t);
    t->s = ldscalc_open();
    t->out = open_memstream(&t->out_text, &t->out_len);
    t->err = open_memstream(&t->err_text, &t->err_len);
    CU_ASSERT_EQUAL(ldscalc_stream(t->s, t->out, t->err), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_set(t->s, "color", "off"), LDSCALC_OK);
}

static void streams_flush(streams *t)
{
    fflush(t->out);
    fflush(t->err);
}

static void streams_close(streams *t)
{
    ldscalc_close(t->s);
    fclose(t->out);
    fclose(t->err);
    free(t->out_text);
    free(t->err_text);
}

static int add(ldscalc_session *s, const char *text)
{
    return ldscalc_add_program(s, NULL, text, strlen(text));
}

/* The text report a result renders, for comparison. */
static char *rendered(const char *program, const char *format)
{
    ldscalc_session *s = ldscalc_open();
    ldscalc_result *r = ldscalc_run(s, NULL, program, strlen(program));
    size_t need = 0;
    ldscalc_render(r, format, NULL, 0, &need);
    char *text = malloc(need + 1);
    ldscalc_render(r, format, text, need + 1, NULL);
    ldscalc_result_free(r);
    ldscalc_close(s);
    return text;
}

static void test_stream_equals_render(void)
{
    static const char program[] = "arch sm80\narray f32 T[32][33]\nread T[lane][0]\nread T[lane / 16][lane]\n";
    static const char *const formats[] = { "text", "json", "csv", "markdown" };
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        streams t;
        streams_open(&t);
        CU_ASSERT_EQUAL(ldscalc_set(t.s, "format", formats[i]), LDSCALC_OK);
        CU_ASSERT_EQUAL(add(t.s, program), LDSCALC_OK);
        CU_ASSERT_EQUAL(ldscalc_stream_run(t.s), LDSCALC_OK);
        streams_flush(&t);
        char *want = rendered(program, formats[i]);
        CU_ASSERT_STRING_EQUAL(t.out_text, want);
        CU_ASSERT_EQUAL(t.err_len, 0);
        free(want);
        streams_close(&t);
    }
}

static void test_sweep(void)
{
    streams t;
    streams_open(&t);
    /* f32[lane * S] on 32 banks: gcd(S, 32)-way */
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "define", "S=1..5"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "format", "csv"), LDSCALC_OK);
    CU_ASSERT_EQUAL(add(t.s, "read f32[lane * S]"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_stream_run(t.s), LDSCALC_OK);
    streams_flush(&t);
    unsigned rows = 0, ways[8] = { 0 };
    for (char *line = strchr(t.out_text, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        unsigned s = 0;
        sscanf(line + 1, "%u,", &s);
        /* ways is the 18th field */
        const char *f = line + 1;
        for (int k = 0; k < 17 && f; k++)
            f = strchr(f, ',') ? strchr(f, ',') + 1 : NULL;
        if (f && s < 8)
            ways[s] = (unsigned)atoi(f);
        rows++;
    }
    CU_ASSERT_EQUAL(rows, 4);
    CU_ASSERT_EQUAL(ways[1], 1);
    CU_ASSERT_EQUAL(ways[2], 2);
    CU_ASSERT_EQUAL(ways[3], 1);
    CU_ASSERT_EQUAL(ways[4], 4);
    streams_close(&t);

    /* a session that returns results takes one value */
    ldscalc_session *s = ldscalc_open();
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "S=1..5"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(s, "arch", "sm80,gfx942"), LDSCALC_USAGE);
    ldscalc_close(s);
}

static void test_refusals(void)
{
    streams t;
    streams_open(&t);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "format", "yaml"), LDSCALC_USAGE);
    const ldscalc_error *e = ldscalc_session_error(t.s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_STRING_EQUAL(e->message, "--format: expected text, json, csv, svg, markdown, counters, diagnostics or "
                                       "sarif, not 'yaml'");
    CU_ASSERT_STRING_EQUAL(ldscalc_session_error_text(t.s), "lds-calc: --format: expected text, json, csv, svg, "
                                                            "markdown, counters, diagnostics or sarif, not 'yaml'\n");
    /* a define's error has its place in the option's text */
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "define", "N=4*"), LDSCALC_USAGE);
    e = ldscalc_session_error(t.s);
    CU_ASSERT_EQUAL(e->line, 1);
    CU_ASSERT_EQUAL(e->column, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_session_error_text(t.s), "\n 4*\n   ^"));
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "jobs", "0"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "max-ways", "-2"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "suggest", "2x"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "threads", "8,0"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "frobnicate", "on"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "max-ways", "2"), LDSCALC_OK);
    CU_ASSERT_PTR_NULL(ldscalc_session_error(t.s));
    CU_ASSERT_PTR_NULL(ldscalc_session_error_text(t.s));
    /* options that do not go together */
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "emit", "cuda"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_check_options(t.s), LDSCALC_USAGE);
    CU_ASSERT_STRING_EQUAL(ldscalc_session_error(t.s)->message, "--emit needs --output=DIR: the probe is several files");
    /* nothing was written: the caller prints refusals */
    streams_flush(&t);
    CU_ASSERT_EQUAL(t.out_len + t.err_len, 0);
    streams_close(&t);
}

static void test_gates_and_syntax(void)
{
    streams t;
    streams_open(&t);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "max-ways", "2"), LDSCALC_OK);
    CU_ASSERT_EQUAL(add(t.s, "read f32[lane * 2]\nread f32[lane * 8]\n"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_stream_run(t.s), LDSCALC_CHECK);
    streams_flush(&t);
    CU_ASSERT_STRING_EQUAL(t.err_text, "lds-calc: <arg1>:2: 8-way exceeds --max-ways=2\n");
    streams_close(&t);

    /* a syntax error in the second program: nothing runs */
    streams_open(&t);
    CU_ASSERT_EQUAL(add(t.s, "read f32[lane]"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_add_program(t.s, "second", "read f32[lane +]", 16), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_stream_run(t.s), LDSCALC_SYNTAX);
    streams_flush(&t);
    CU_ASSERT_EQUAL(t.out_len, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(t.err_text, "lds-calc: second:1:"));
    CU_ASSERT_FALSE(ldscalc_live(t.s));
    CU_ASSERT_EQUAL(ldscalc_add_file(t.s, "/nonexistent/x.lds"), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_session_error(t.s)->message, "/nonexistent/x.lds"));
    streams_close(&t);
}

static void test_live_session(void)
{
    streams t;
    streams_open(&t);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "interactive", "on"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_set(t.s, "arch", "gfx942"), LDSCALC_OK);
    CU_ASSERT_EQUAL(add(t.s, "array f32 tile[64][64]\nlet k = 3\n"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_stream_run(t.s), LDSCALC_OK);
    CU_ASSERT_TRUE(ldscalc_live(t.s));
    unsigned banks = 0, wave = 0;
    CU_ASSERT_STRING_EQUAL(ldscalc_current_arch(t.s, &banks, &wave), "gfx942");
    CU_ASSERT_EQUAL(banks, 32);
    CU_ASSERT_EQUAL(wave, 64);
    /* the names and arrays the programs made, for completion */
    CU_ASSERT_STRING_EQUAL(ldscalc_word(t.s, LDSCALC_WORDS_ARRAYS, 0), "tile");
    CU_ASSERT_PTR_NULL(ldscalc_word(t.s, LDSCALC_WORDS_ARRAYS, 1));
    int found = 0;
    for (unsigned i = 0; ldscalc_word(t.s, LDSCALC_WORDS_NAMES, i); i++)
        found |= !strcmp(ldscalc_word(t.s, LDSCALC_WORDS_NAMES, i), "k");
    CU_ASSERT_TRUE(found);
    CU_ASSERT_STRING_EQUAL(ldscalc_word(t.s, LDSCALC_WORDS_SHOW, 3), "grid");
    CU_ASSERT_PTR_NULL(ldscalc_word(t.s, LDSCALC_WORDS_SHOW, 4));
    /* input continues the session, its name k and array tile known: a
     * column of 64-float rows puts a wave64's lanes on one bank, 32 to a
     * half-wave; a row is conflict-free */
    static const char input[] = "read tile[lane][k]";
    CU_ASSERT_EQUAL(ldscalc_input_incomplete(t.s, "for i in 0..2 {", 15), 1);
    CU_ASSERT_EQUAL(ldscalc_input_incomplete(t.s, input, strlen(input)), 0);
    CU_ASSERT_EQUAL(ldscalc_input(t.s, "<stdin>", 3, input, strlen(input)), LDSCALC_OK);
    streams_flush(&t);
    CU_ASSERT_PTR_NOT_NULL(strstr(t.out_text, "3: read tile[lane][k]: 32-way, cycles 64"));
    CU_ASSERT_EQUAL(ldscalc_input_explain(t.s, "explain", 7), 1);
    CU_ASSERT_EQUAL(ldscalc_input_explain(t.s, "explain read tile[0][0]", 23), 0);
    /* an error is the input's; the session stays */
    CU_ASSERT_EQUAL(ldscalc_input(t.s, "<stdin>", 4, "read nosuch[lane]", 17), LDSCALC_EVAL);
    CU_ASSERT_EQUAL(ldscalc_input(t.s, "<stdin>", 5, "read tile[k][lane]", 18), LDSCALC_OK);
    streams_flush(&t);
    CU_ASSERT_PTR_NOT_NULL(strstr(t.out_text, "5: read tile[k][lane]: 1-way (conflict-free), cycles 2"));
    CU_ASSERT_EQUAL(ldscalc_reset(t.s), LDSCALC_OK);
    CU_ASSERT_PTR_NULL(ldscalc_word(t.s, LDSCALC_WORDS_ARRAYS, 0));
    CU_ASSERT_EQUAL(ldscalc_stream_end(t.s), LDSCALC_OK);
    CU_ASSERT_FALSE(ldscalc_output_failed(t.s));
    streams_close(&t);

    /* input needs a live session */
    ldscalc_session *s = ldscalc_open();
    CU_ASSERT_EQUAL(ldscalc_input(s, NULL, 1, "read f32[lane]", 14), LDSCALC_USAGE);
    ldscalc_close(s);
}

static void test_profiles(void)
{
    streams t;
    streams_open(&t);
    CU_ASSERT_EQUAL(ldscalc_arch_info(t.s, "H100"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_arch_info(t.s, "nosuchgpu"), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_session_error(t.s)->message, "nosuchgpu"));
    CU_ASSERT_EQUAL(ldscalc_list_archs(t.s), LDSCALC_OK);
    streams_flush(&t);
    CU_ASSERT_PTR_NOT_NULL(strstr(t.out_text, "sm90"));
    CU_ASSERT_PTR_NOT_NULL(strstr(t.out_text, "gfx950"));
    CU_ASSERT_PTR_NOT_NULL(strstr(t.out_text, "Other names"));
    streams_close(&t);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("api-stream", NULL, NULL);
    CU_add_test(s, "a stream's report: the bytes a result renders", test_stream_equals_render);
    CU_add_test(s, "a -D sweep streamed, one row a point", test_sweep);
    CU_add_test(s, "options refused with the command line's messages", test_refusals);
    CU_add_test(s, "gates and syntax errors on the error stream", test_gates_and_syntax);
    CU_add_test(s, "a live session that REPL input continues", test_live_session);
    CU_add_test(s, "profiles described and listed", test_profiles);
    return lds_cunit_tap_main();
}
