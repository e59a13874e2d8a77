/* tests/unit/test-api.c - the public C API (src/lds-calc.h): results as
 * data, errors as values with their place, rendering into a buffer,
 * an OpenCL C kernel file, sessions on several threads and one session
 * reused 10,000 times
 * giving the same answers, cancelling from another thread, and running
 * out of memory as an error the caller sees. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "src/lds-calc-tool.h"
#include "base/mem.h"
#include "tests/unit/cunit_tap.h"

static ldscalc_result *run(ldscalc_session *s, const char *program)
{
    return ldscalc_run(s, NULL, program, strlen(program));
}

/* The result rendered in a format (malloc'd). */
static char *render(ldscalc_result *r, const char *format)
{
    size_t need = 0;
    if (ldscalc_render(r, format, NULL, 0, &need) != LDSCALC_OK)
        return NULL;
    char *text = malloc(need + 1);
    size_t again = 0;
    if (ldscalc_render(r, format, text, need + 1, &again) != LDSCALC_OK || again != need) {
        free(text);
        return NULL;
    }
    return text;
}

static void test_access_data(void)
{
    ldscalc_session *s = ldscalc_open();
    CU_ASSERT_EQUAL(ldscalc_set(s, "arch", "sm80"), LDSCALC_OK);
    /* a column of a 32x32 f32 tile: 32 lanes on bank 0; then 4 words of
     * column 5 (rows lane / 8), 32 words apart: one bank, 4-way, each
     * word broadcast to 8 lanes */
    ldscalc_result *r = run(s, "array f32 T[32][32]\nread T[lane][0]\nread T[lane / 8][5] for k in 0..3\n");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    CU_ASSERT_PTR_NULL(ldscalc_result_error(r));
    CU_ASSERT_EQUAL(ldscalc_result_naccesses(r), 2);
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    CU_ASSERT_EQUAL(ldscalc_result_access(r, 0, &a), LDSCALC_OK);
    CU_ASSERT_EQUAL(a.line, 2);
    CU_ASSERT_EQUAL(a.column, 1);
    CU_ASSERT_STRING_EQUAL(a.profile, "sm80");
    CU_ASSERT_STRING_EQUAL(a.kind, "read");
    CU_ASSERT_STRING_EQUAL(a.array, "T");
    CU_ASSERT_EQUAL(a.width, 4);
    CU_ASSERT_EQUAL(a.ways, 32);
    CU_ASSERT_EQUAL(a.cycles, 32);
    CU_ASSERT_EQUAL(a.excess, 31);
    CU_ASSERT_EQUAL(ldscalc_result_access(r, 1, &a), LDSCALC_OK);
    CU_ASSERT_EQUAL(a.instructions, 3);
    CU_ASSERT_EQUAL(a.ways, 4);
    CU_ASSERT_EQUAL(a.cycles, 12);
    CU_ASSERT_EQUAL(a.broadcasts, 3 * 28);   /* 28 of 32 lanes share a word with a lane before them */
    CU_ASSERT_EQUAL(ldscalc_result_access(r, 2, &a), LDSCALC_USAGE);
    char buf[64];
    CU_ASSERT_EQUAL(ldscalc_access_metric(r, 0, "excess", buf, sizeof buf), 2);
    CU_ASSERT_STRING_EQUAL(buf, "31");
    CU_ASSERT_EQUAL(ldscalc_access_metric(r, 0, "no_such_metric", buf, sizeof buf), -1);
    /* one total on one profile: 32 + 12 cycles */
    CU_ASSERT_EQUAL(ldscalc_result_ntotals(r), 1);
    CU_ASSERT_STRING_EQUAL(ldscalc_total_profile(r, 0), "sm80");
    CU_ASSERT_FALSE(ldscalc_total_is_global(r, 0));
    ldscalc_total_metric(r, 0, "cycles", buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "44");
    ldscalc_result_free(r);
    ldscalc_close(s);
}

static void test_exact_beyond_64_bits(void)
{
    ldscalc_session *s = ldscalc_open();
    /* 2^70 instructions of a 2-way read: the metric text is exact, the
     * uint64_t field saturates */
    ldscalc_result *r = run(s, "read f32[lane * 2] for i in 0..(1 << 35), j in 0..(1 << 35)\n");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    ldscalc_result_access(r, 0, &a);
    CU_ASSERT_EQUAL(a.instructions, UINT64_MAX);
    CU_ASSERT_EQUAL(a.ways, 2);
    char buf[64];
    ldscalc_access_metric(r, 0, "excess", buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "1180591620717411303424");
    ldscalc_result_free(r);
    ldscalc_close(s);
}

static void test_expects_and_errors(void)
{
    ldscalc_session *s = ldscalc_open();
    ldscalc_result *r = run(s, "read f32[lane * 2]\nexpect ways == 2\nexpect cycles == 5\n");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_CHECK);
    CU_ASSERT_EQUAL(ldscalc_result_nexpects(r), 2);
    ldscalc_expect e = LDSCALC_EXPECT_INIT;
    ldscalc_result_expect(r, 1, &e);
    CU_ASSERT_FALSE(e.ok);
    CU_ASSERT_EQUAL(e.line, 3);
    CU_ASSERT_STRING_EQUAL(e.actual, "2");
    CU_ASSERT_STRING_EQUAL(e.expected, "5");
    ldscalc_result_free(r);

    /* a syntax error: nothing ran, the place is the token's */
    r = run(s, "array f32 A[64]\nread A[lane +]\n");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_SYNTAX);
    const ldscalc_error *err = ldscalc_result_error(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    CU_ASSERT_STRING_EQUAL(err->file, "<arg1>");
    CU_ASSERT_EQUAL(err->line, 2);
    CU_ASSERT_EQUAL(err->column, 14);
    ldscalc_result_free(r);

    /* an evaluation error: the statement before it ran */
    const char *failing = "read f32[lane]\nread f32[lane / (lane - lane)]\n";
    r = ldscalc_run(s, "prog.lds", failing, strlen(failing));
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_EVAL);
    err = ldscalc_result_error(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    CU_ASSERT_STRING_EQUAL(err->file, "prog.lds");
    CU_ASSERT_EQUAL(err->line, 2);
    CU_ASSERT_EQUAL(ldscalc_result_naccesses(r), 2);   /* the failed one is recorded, failed */
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    ldscalc_result_access(r, 1, &a);
    CU_ASSERT_TRUE(a.failed);
    ldscalc_result_free(r);

    /* options: refused with a message, the session unchanged */
    CU_ASSERT_EQUAL(ldscalc_set(s, "arch", "sm7"), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_session_error(s)->message, "sm7"));
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "N=1 +"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_session_error(s)->column, 4);
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "N=0..4"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "lane=3"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(s, "frobnicate", "1"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "N=3"), LDSCALC_OK);
    CU_ASSERT_PTR_NULL(ldscalc_session_error(s));
    r = run(s, "read f32[lane * N]\n");
    ldscalc_result_access(r, 0, &a);
    CU_ASSERT_EQUAL(a.ways, 1);   /* stride 3 words: 32 distinct banks */
    ldscalc_result_free(r);
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "N=4"), LDSCALC_OK);   /* given again: replaced */
    r = run(s, "read f32[lane * N]\n");
    ldscalc_result_access(r, 0, &a);
    CU_ASSERT_EQUAL(a.ways, 4);   /* stride 4 words: 8 banks, 4 lanes each */
    ldscalc_result_free(r);

    /* a file that cannot be read */
    r = ldscalc_run_file(s, "/nonexistent/kernel.cu");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_result_error(r)->message, "/nonexistent/kernel.cu"));
    ldscalc_result_free(r);

    /* a type is a kernel file's template parameter's value, never an lds one */
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "T=float,double"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "T=unsigned int"), LDSCALC_OK);
    r = run(s, "read f32[lane * N]\n");
    CU_ASSERT_NOT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ldscalc_result_error(r));
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_result_error(r)->message, "-D T=unsigned int: 'unsigned int' is not a constant"));
    ldscalc_result_free(r);
    ldscalc_close(s);
}

/* An OpenCL C kernel through the API: the lang option names the
 * language of a file whatever its name; a __local pointer parameter is
 * sized with a define, the work-group size is the kernel's attribute. */
static void test_opencl_file(void)
{
    static const char kernel[] =
        "__kernel __attribute__((reqd_work_group_size(16, 16, 1)))\n"
        "void t(__global float *out, __local float *tile)\n"
        "{\n"
        "    tile[get_local_id(1) * 17 + get_local_id(0)] = out[get_global_id(0)];\n"
        "    barrier(CLK_LOCAL_MEM_FENCE);\n"
        "    out[get_global_id(0)] = tile[get_local_id(0) * 16 + get_local_id(1)];\n"
        "}\n";
    char path[] = "/tmp/lds-calc-test-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(kernel, f);
    fclose(f);
    ldscalc_session *s = ldscalc_open();
    CU_ASSERT_EQUAL(ldscalc_set(s, "lang", "opencl2"), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_session_error(s)->message, "opencl"));
    CU_ASSERT_EQUAL(ldscalc_set(s, "lang", "opencl"), LDSCALC_OK);
    ldscalc_result *r = ldscalc_run_file(s, path);   /* no size for 'tile': an error at the parameter */
    CU_ASSERT_NOT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ldscalc_result_error(r));
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_result_error(r)->message, "-D tile_size=N"));
    CU_ASSERT_EQUAL(ldscalc_result_error(r)->line, 2);
    ldscalc_result_free(r);
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "tile_size=272"), LDSCALC_OK);
    r = ldscalc_run_file(s, path);
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    ldscalc_access a[4] = { LDSCALC_ACCESS_INIT, LDSCALC_ACCESS_INIT, LDSCALC_ACCESS_INIT, LDSCALC_ACCESS_INIT };
    size_t n = 0;
    for (size_t i = 0; i < ldscalc_result_naccesses(r) && n < 4; i++)
        if (ldscalc_result_access(r, i, &a[n]) == LDSCALC_OK && !a[n].global)
            n++;
    CU_ASSERT_EQUAL_FATAL(n, 2);
    CU_ASSERT_EQUAL(a[0].line, 4);
    CU_ASSERT_EQUAL(a[0].ways, 2);    /* rows y, y + 1 of pitch 17: one bank shared */
    CU_ASSERT_EQUAL(a[1].line, 6);
    CU_ASSERT_EQUAL(a[1].ways, 8);    /* 16x + y: banks y, y + 16, y + 1, y + 17, 8 rows each */
    CU_ASSERT_EQUAL(a[1].instructions, 8);
    ldscalc_result_free(r);
    ldscalc_close(s);
    remove(path);
}

static void test_suggestions(void)
{
    ldscalc_session *s = ldscalc_open();
    /* the transpose's two column accesses are 32-way as declared; an XOR
     * swizzle makes all three conflict-free: 3 x 32 instructions, 96 cycles */
    ldscalc_result *r = run(s, "arch sm80\narray f32 t[32][32]\nwrite t[lane][k] for k in 0..32\n"
                               "read t[k][lane] for k in 0..32\nread t[lane][k] for k in 0..32\nsuggest t\n");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    CU_ASSERT_EQUAL_FATAL(ldscalc_result_nsuggestions(r), 1);
    CU_ASSERT_STRING_EQUAL(ldscalc_suggestion_array(r, 0), "t");
    CU_ASSERT_EQUAL(ldscalc_suggestion_line(r, 0), 6);
    CU_ASSERT(ldscalc_suggestion_nlayouts(r, 0) > 2);
    ldscalc_layout declared = LDSCALC_LAYOUT_INIT, best = LDSCALC_LAYOUT_INIT;
    char excess[32];
    CU_ASSERT_EQUAL(ldscalc_suggestion_layout(r, 0, 0, &declared), LDSCALC_OK);
    CU_ASSERT_PTR_NULL(declared.layout);
    CU_ASSERT_EQUAL(declared.ways, 32);
    ldscalc_suggestion_excess(r, 0, 0, excess, sizeof excess);
    CU_ASSERT_STRING_EQUAL(excess, "1984");   /* 992 + 0 + 992 */
    CU_ASSERT_EQUAL(ldscalc_suggestion_layout(r, 0, 1, &best), LDSCALC_OK);
    CU_ASSERT_PTR_NOT_NULL(best.layout);
    CU_ASSERT_EQUAL(best.ways, 1);
    CU_ASSERT_EQUAL(best.bytes, 4096);
    ldscalc_suggestion_excess(r, 0, 1, excess, sizeof excess);
    CU_ASSERT_STRING_EQUAL(excess, "0");
    CU_ASSERT_EQUAL(ldscalc_suggestion_layout(r, 0, 100000, &best), LDSCALC_USAGE);
    ldscalc_result_free(r);
    ldscalc_close(s);
}

static void test_render(void)
{
    ldscalc_session *s = ldscalc_open();
    ldscalc_result *r = run(s, "print 6 * 7\nread f32[lane * 2]\n");
    CU_ASSERT_STRING_EQUAL(ldscalc_result_printed(r), "42\n");
    char *text = render(r, "text");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "2-way, cycles 2, ideal 1, excess 1"));
    /* a buffer too small: cut, NUL-terminated, the full length said */
    char small[8];
    size_t len = 0;
    CU_ASSERT_EQUAL(ldscalc_render(r, "text", small, sizeof small, &len), LDSCALC_OK);
    CU_ASSERT_EQUAL(len, strlen(text));
    CU_ASSERT_EQUAL(strlen(small), sizeof small - 1);
    CU_ASSERT_EQUAL(strncmp(small, text, sizeof small - 1), 0);
    free(text);
    CU_ASSERT_EQUAL(ldscalc_render(r, "yaml", NULL, 0, &len), LDSCALC_USAGE);
    const char *formats[] = { "json", "csv", "markdown", "svg", "counters", "diagnostics", "sarif" };
    for (unsigned i = 0; i < sizeof formats / sizeof *formats; i++) {
        text = render(r, formats[i]);
        CU_ASSERT(text && strlen(text) > 0);
        free(text);
    }
    text = render(r, "json");
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"format\": \"" LDSCALC_JSON_FORMAT "\""));
    free(text);
    ldscalc_result_free(r);

    /* two accesses: two pictures, which one SVG cannot hold; each alone */
    r = run(s, "read f32[lane * 2]\nread f32[lane]\n");
    CU_ASSERT_EQUAL(ldscalc_render(r, "svg", NULL, 0, &len), LDSCALC_USAGE);
    char picture[65536];
    CU_ASSERT_EQUAL(ldscalc_access_svg(r, 1, picture, sizeof picture, &len), LDSCALC_OK);
    CU_ASSERT(len < sizeof picture);
    CU_ASSERT_PTR_NOT_NULL(strstr(picture, "<svg"));
    CU_ASSERT_PTR_NOT_NULL(strstr(picture, "read f32[lane]"));
    CU_ASSERT_EQUAL(ldscalc_access_svg(r, 2, picture, sizeof picture, &len), LDSCALC_USAGE);
    ldscalc_result_free(r);
    ldscalc_close(s);
}

/* A result outlives its session (lds-calc(3)): read and rendered after
 * ldscalc_close, every format, SARIF's fix search included (which
 * replays the run under the session's profile: a name the closed
 * session held, until the result kept its own; valgrind and ASan saw
 * the read of freed memory). */
static void test_result_outlives_session(void)
{
    ldscalc_session *s = ldscalc_open();
    CU_ASSERT_EQUAL(ldscalc_set(s, "arch", "sm80"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_set(s, "define", "PAD=0"), LDSCALC_OK);
    ldscalc_result *r = run(s, "array f32 T[32][32 + PAD]\nread T[lane][0]\n");
    char *before = render(r, "sarif");
    ldscalc_close(s);
    const char *formats[] = { "sarif", "diagnostics", "json", "text", "markdown" };
    for (unsigned i = 0; i < sizeof formats / sizeof *formats; i++) {
        char *text = render(r, formats[i]);
        CU_ASSERT_PTR_NOT_NULL(text);
        if (i == 0)
            CU_ASSERT(text && before && !strcmp(text, before));
        free(text);
    }
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    CU_ASSERT_EQUAL(ldscalc_result_access(r, 0, &a), LDSCALC_OK);
    CU_ASSERT_STRING_EQUAL(a.profile, "sm80");
    CU_ASSERT_EQUAL(a.ways, 32);
    free(before);
    ldscalc_result_free(r);
}

/* ------------------------------------------------- threads and reuse */

static const char *const programs[] = {
    "array f32 T[32][32]\nread T[lane][0]\n",
    "set wave 64\narray half H[64][64]\nread H[lane % 16][lane / 16 * 8] as b128\n",
    "array f32 A[1024]\nread A[(lane * 2654435761 + k * k * 40503) % 1021] for k in 0..500\n",
    "arch gfx942\narray f32 B[64][65]\nwrite B[lane][k] for k in 0..8\n",
};
#define NPROGRAMS (sizeof programs / sizeof *programs)

/* Each program's JSON, run alone on one session. */
static char *reference[NPROGRAMS];

static char *json_of(ldscalc_session *s, const char *program)
{
    ldscalc_result *r = run(s, program);
    char *json = render(r, "json");
    ldscalc_result_free(r);
    return json;
}

static void make_reference(void)
{
    ldscalc_session *s = ldscalc_open();
    ldscalc_set(s, "jobs", "1");
    for (unsigned i = 0; i < NPROGRAMS; i++)
        if (!reference[i])
            reference[i] = json_of(s, programs[i]);
    ldscalc_close(s);
}

typedef struct {
    unsigned first, rounds, mismatches;
} thread_work;

static void *thread_main(void *arg)
{
    thread_work *w = arg;
    ldscalc_session *s = ldscalc_open();
    ldscalc_set(s, "jobs", "2");   /* runs split across threads inside threads */
    for (unsigned k = 0; k < w->rounds; k++) {
        unsigned i = (w->first + k) % NPROGRAMS;
        char *json = json_of(s, programs[i]);
        w->mismatches += !json || strcmp(json, reference[i]) != 0;
        free(json);
    }
    ldscalc_close(s);
    return NULL;
}

static void test_two_threads(void)
{
    make_reference();
    pthread_t t[2];
    thread_work w[2] = { { 0, 40, 0 }, { 2, 40, 0 } };
    for (unsigned i = 0; i < 2; i++)
        CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, thread_main, &w[i]), 0);
    for (unsigned i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    CU_ASSERT_EQUAL(w[0].mismatches, 0);
    CU_ASSERT_EQUAL(w[1].mismatches, 0);
}

static void test_reuse(void)
{
    make_reference();
    ldscalc_session *s = ldscalc_open();
    unsigned mismatches = 0;
    const char *program = programs[0];
    for (unsigned k = 0; k < 10000; k++) {
        ldscalc_result *r = run(s, program);
        ldscalc_access a = LDSCALC_ACCESS_INIT;
        mismatches += ldscalc_result_access(r, 0, &a) != LDSCALC_OK || a.ways != 32 || a.excess != 31;
        if (k % 1000 == 0) {   /* and the whole report, now and then */
            char *json = render(r, "json");
            mismatches += !json || strcmp(json, reference[0]) != 0;
            free(json);
        }
        ldscalc_result_free(r);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    ldscalc_close(s);
}

/* ------------------------------------------------------------ cancel */

typedef struct {
    ldscalc_session *s;
    ldscalc_result *r;
    int done;
} long_run;

static void *run_long(void *arg)
{
    long_run *lr = arg;
    /* its period in k is the prime 10^9 + 7: minutes of work at the least */
    lr->r = run(lr->s, "read f32[(lane * 2654435761 + k * k * 40503) % 1000000007 % 16384] for k in 0..10000000000\n");
    __atomic_store_n(&lr->done, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static void test_cancel(void)
{
    long_run lr = { ldscalc_open(), NULL, 0 };
    ldscalc_set(lr.s, "max-steps", "100000000000");
    ldscalc_set(lr.s, "max-ops", "100000000000000");
    pthread_t t;
    CU_ASSERT_EQUAL_FATAL(pthread_create(&t, NULL, run_long, &lr), 0);
    /* cancel until it stops: a cancel before the run starts is forgotten */
    struct timespec tick = { 0, 20 * 1000 * 1000 };
    for (unsigned i = 0; i < 1500 && !__atomic_load_n(&lr.done, __ATOMIC_SEQ_CST); i++) {
        nanosleep(&tick, NULL);
        ldscalc_cancel(lr.s);
    }
    pthread_join(t, NULL);
    CU_ASSERT_EQUAL(ldscalc_result_status(lr.r), LDSCALC_CANCELLED);
    if (ldscalc_result_status(lr.r) != LDSCALC_CANCELLED)
        printf("# the long run ended with %d: %s\n", ldscalc_result_status(lr.r),
               ldscalc_result_error(lr.r) ? ldscalc_result_error(lr.r)->message : "no error");
    /* the session runs again afterwards */
    ldscalc_result *r = run(lr.s, "read f32[lane]\n");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    ldscalc_result_free(r);
    ldscalc_result_free(lr.r);
    ldscalc_close(lr.s);
}

/* ------------------------------------------------------ out of memory */

static void test_out_of_memory(void)
{
    unsigned failed = 0, ok = 0, wrong = 0;
    for (unsigned long n = 1; n < 200; n += 3) {
        ldscalc_session *s = ldscalc_open();
        ldscalc_set(s, "jobs", "1");
        lds_mem_fail_after(n);
        ldscalc_result *r = run(s, programs[0]);
        lds_mem_fail_after(0);
        int st = r ? ldscalc_result_status(r) : LDSCALC_NO_MEMORY;   /* NULL: no memory for the result itself */
        failed += st == LDSCALC_NO_MEMORY;
        ok += st == LDSCALC_OK;
        wrong += st != LDSCALC_NO_MEMORY && st != LDSCALC_OK;
        if (r && st == LDSCALC_NO_MEMORY) {   /* said; the result is empty, the session runs on */
            wrong += ldscalc_result_error(r)->status != LDSCALC_NO_MEMORY;
            wrong += ldscalc_result_naccesses(r) != 0;
            ldscalc_result *again = run(s, "read f32[lane]\n");
            wrong += ldscalc_result_status(again) != LDSCALC_OK;
            ldscalc_result_free(again);
        }
        ldscalc_result_free(r);
        ldscalc_close(s);
    }
    CU_ASSERT(failed > 10);   /* early allocations failed the run */
    CU_ASSERT(ok > 0);        /* late ones were never reached */
    CU_ASSERT_EQUAL(wrong, 0);
}

/* ------------------------------------------- arguments out of contract */

/* Every public function with each pointer NULL and each size at its
 * limit: LDSCALC_USAGE, NULL, 0 or -1 as lds-calc(3) says, never a
 * crash; and a NULL where the page allows one does what it says. */
static void test_bad_arguments(void)
{
    char buf[64];
    size_t len = 7;
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    ldscalc_expect e = LDSCALC_EXPECT_INIT;
    ldscalc_layout l = LDSCALC_LAYOUT_INIT;
    /* no session */
    CU_ASSERT_EQUAL(ldscalc_set(NULL, "arch", "sm80"), LDSCALC_USAGE);
    CU_ASSERT_PTR_NULL(ldscalc_session_error(NULL));
    CU_ASSERT_PTR_NULL(ldscalc_session_error_text(NULL));
    ldscalc_cancel(NULL);
    ldscalc_close(NULL);
    ldscalc_result *r = ldscalc_run(NULL, NULL, "read f32[lane]", 14);
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_result_error(r)->message, "no session"));
    ldscalc_result_free(r);
    r = ldscalc_run_file(NULL, "x.lds");
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_USAGE);
    ldscalc_result_free(r);
    CU_ASSERT_EQUAL(ldscalc_stream(NULL, stdout, stderr), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_check_options(NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_add_program(NULL, NULL, "x", 1), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_add_file(NULL, "x.lds"), LDSCALC_USAGE);
    CU_ASSERT_PTR_NULL(ldscalc_read_file(NULL, "x.lds", &len));
    CU_ASSERT_EQUAL(ldscalc_stream_run(NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_live(NULL), 0);
    CU_ASSERT_EQUAL(ldscalc_input(NULL, NULL, 1, "x", 1), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_input_incomplete(NULL, "{", 1), 0);
    CU_ASSERT_EQUAL(ldscalc_input_explain(NULL, "explain", 7), 0);
    CU_ASSERT_EQUAL(ldscalc_describe(NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_reset(NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_stream_end(NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_output_failed(NULL), 0);
    CU_ASSERT_EQUAL(ldscalc_arch_info(NULL, "sm80"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_list_archs(NULL), LDSCALC_USAGE);
    unsigned banks = 0, wave = 0;
    CU_ASSERT_STRING_EQUAL(ldscalc_current_arch(NULL, &banks, &wave), "generic");   /* what a session starts on */
    CU_ASSERT(banks > 0 && wave > 0);
    CU_ASSERT_PTR_NOT_NULL(ldscalc_word(NULL, LDSCALC_WORDS_STATEMENTS, 0));
    CU_ASSERT_PTR_NULL(ldscalc_word(NULL, LDSCALC_WORDS_NAMES, 0));
    CU_ASSERT_PTR_NULL(ldscalc_word(NULL, LDSCALC_WORDS_ARRAYS, 0));
    CU_ASSERT_PTR_NULL(ldscalc_word(NULL, (ldscalc_words)99, 0));

    /* no result */
    ldscalc_result_free(NULL);
    CU_ASSERT_EQUAL(ldscalc_result_status(NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_result_error(NULL)->status, LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_result_nwarnings(NULL), 0);
    CU_ASSERT_PTR_NULL(ldscalc_result_warning(NULL, 0));
    CU_ASSERT_STRING_EQUAL(ldscalc_result_printed(NULL), "");
    CU_ASSERT_EQUAL(ldscalc_result_naccesses(NULL), 0);
    CU_ASSERT_EQUAL(ldscalc_result_access(NULL, 0, &a), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_access_metric(NULL, 0, "ways", buf, sizeof buf), -1);
    CU_ASSERT_EQUAL(ldscalc_result_ntotals(NULL), 0);
    CU_ASSERT_PTR_NULL(ldscalc_total_profile(NULL, 0));
    CU_ASSERT_EQUAL(ldscalc_total_is_global(NULL, 0), 0);
    CU_ASSERT_EQUAL(ldscalc_total_metric(NULL, 0, "ways", buf, sizeof buf), -1);
    CU_ASSERT_EQUAL(ldscalc_result_nexpects(NULL), 0);
    CU_ASSERT_EQUAL(ldscalc_result_expect(NULL, 0, &e), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_result_nsuggestions(NULL), 0);
    CU_ASSERT_PTR_NULL(ldscalc_suggestion_array(NULL, 0));
    CU_ASSERT_EQUAL(ldscalc_suggestion_line(NULL, 0), 0);
    CU_ASSERT_EQUAL(ldscalc_suggestion_nlayouts(NULL, 0), 0);
    CU_ASSERT_EQUAL(ldscalc_suggestion_layout(NULL, 0, 0, &l), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_suggestion_excess(NULL, 0, 0, buf, sizeof buf), -1);
    CU_ASSERT_EQUAL(ldscalc_render(NULL, "json", buf, sizeof buf, &len), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_access_svg(NULL, 0, buf, sizeof buf, &len), LDSCALC_USAGE);

    /* a session, NULL and limit arguments */
    ldscalc_session *s = ldscalc_open();
    CU_ASSERT_EQUAL(ldscalc_set(s, NULL, "1"), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_set(s, "jobs", NULL), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(ldscalc_session_error(s));
    const size_t limits[] = { SIZE_MAX, SIZE_MAX - 1, ((size_t)64 << 20) + 1 };
    for (unsigned i = 0; i < sizeof limits / sizeof *limits; i++) {
        r = ldscalc_run(s, NULL, "read f32[lane]", limits[i]);   /* len + 1 must not wrap */
        CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_USAGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_result_error(r)->message, "MiB"));
        ldscalc_result_free(r);
    }
    r = ldscalc_run(s, NULL, NULL, 5);
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_USAGE);
    ldscalc_result_free(r);
    r = ldscalc_run(s, NULL, NULL, 0);   /* no text of no bytes: an empty program */
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_render(r, "text", NULL, 0, NULL), LDSCALC_OK);
    ldscalc_result_free(r);
    r = ldscalc_run_file(s, NULL);
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_result_error(r)->message, "path"));
    ldscalc_result_free(r);

    r = run(s, "read f32[lane * 2]\nexpect ways == 2\narray f32 t[32][32]\nread t[lane][0]\nsuggest t\n");
    CU_ASSERT_EQUAL_FATAL(ldscalc_result_status(r), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_result_access(r, 0, NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_result_access(r, SIZE_MAX, &a), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_access_metric(r, 0, NULL, buf, sizeof buf), -1);
    CU_ASSERT_EQUAL(ldscalc_access_metric(r, 0, "ways", NULL, 5), -1);
    CU_ASSERT_EQUAL(ldscalc_access_metric(r, 0, "ways", NULL, 0), 1);   /* snprintf's contract: the length */
    CU_ASSERT_EQUAL(ldscalc_access_metric(r, SIZE_MAX, "ways", buf, sizeof buf), -1);
    CU_ASSERT_EQUAL(ldscalc_total_metric(r, 0, "cycles", NULL, 3), -1);
    CU_ASSERT_EQUAL(ldscalc_total_metric(r, SIZE_MAX, "cycles", buf, sizeof buf), -1);
    CU_ASSERT_PTR_NULL(ldscalc_total_profile(r, SIZE_MAX));
    CU_ASSERT_EQUAL(ldscalc_result_expect(r, 0, NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_result_expect(r, SIZE_MAX, &e), LDSCALC_USAGE);
    CU_ASSERT_PTR_NULL(ldscalc_result_warning(r, SIZE_MAX));
    CU_ASSERT_EQUAL(ldscalc_suggestion_layout(r, 0, 0, NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_suggestion_layout(r, SIZE_MAX, 0, &l), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_suggestion_layout(r, 0, SIZE_MAX, &l), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_suggestion_excess(r, 0, 0, NULL, 3), -1);
    CU_ASSERT_PTR_NULL(ldscalc_suggestion_array(r, SIZE_MAX));
    CU_ASSERT_EQUAL(ldscalc_render(r, NULL, buf, sizeof buf, &len), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_render(r, "json", NULL, 10, &len), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_access_svg(r, 0, NULL, 10, &len), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_access_svg(r, SIZE_MAX, buf, sizeof buf, &len), LDSCALC_USAGE);
    ldscalc_result_free(r);

    /* the streaming layer */
    CU_ASSERT_EQUAL(ldscalc_stream(s, NULL, stderr), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_add_program(s, NULL, NULL, 3), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_add_program(s, NULL, "x", SIZE_MAX), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_session_error(s)->message, "MiB"));
    CU_ASSERT_EQUAL(ldscalc_add_file(s, NULL), LDSCALC_USAGE);
    CU_ASSERT_PTR_NULL(ldscalc_read_file(s, NULL, &len));
    CU_ASSERT_EQUAL(ldscalc_input(s, NULL, 1, NULL, 4), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_input(s, NULL, 1, "x", SIZE_MAX), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_input_incomplete(s, NULL, 4), 0);
    CU_ASSERT_EQUAL(ldscalc_input_incomplete(s, "{", SIZE_MAX), 0);
    CU_ASSERT_EQUAL(ldscalc_input_explain(s, NULL, 4), 0);
    char path[] = "/tmp/lds-calc-args-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    CU_ASSERT_EQUAL(write(fd, "read f32[lane]\n", 15), 15);
    close(fd);
    /* REPL input's line numbers: from 1, and no wrap past UINT_MAX */
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_text, &out_len);
    ldscalc_session *live = ldscalc_open();
    CU_ASSERT_EQUAL(ldscalc_stream(live, out, out), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_set(live, "interactive", "on"), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_stream_run(live), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_input(live, NULL, 0, "read f32[lane]\n", 15), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_input(live, NULL, UINT_MAX, "read f32[lane]\nread f32[lane]\n", 30), LDSCALC_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(ldscalc_session_error(live)->message, "lines numbered from"));
    CU_ASSERT_EQUAL(ldscalc_input(live, NULL, UINT_MAX - 2, "read f32[lane]\nread f32[lane]\n", 30), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_input(live, NULL, UINT_MAX, "read f32[lane]", 14), LDSCALC_OK);   /* its one line fits */
    ldscalc_close(live);
    fclose(out);
    free(out_text);
    char *text = ldscalc_read_file(s, path, NULL);   /* the length is optional */
    CU_ASSERT_PTR_NOT_NULL(text);
    CU_ASSERT(text && !strcmp(text, "read f32[lane]\n"));
    ldscalc_free(text);   /* the library's memory, back to it */
    remove(path);
    ldscalc_close(s);
}

static void free_reference(void)
{
    for (unsigned i = 0; i < NPROGRAMS; i++)
        free(reference[i]);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("api", NULL, NULL);
    CU_add_test(s, "an access's numbers, metrics and totals as data", test_access_data);
    CU_add_test(s, "metrics past 64 bits: exact text, saturated fields", test_exact_beyond_64_bits);
    CU_add_test(s, "expects, and errors as values with their place", test_expects_and_errors);
    CU_add_test(s, "suggest's layouts, ranked, as data", test_suggestions);
    CU_add_test(s, "an OpenCL C kernel file through the lang option", test_opencl_file);
    CU_add_test(s, "every report format rendered into a buffer", test_render);
    CU_add_test(s, "a result read and rendered after its session closed", test_result_outlives_session);
    CU_add_test(s, "two sessions on two threads: the answers of one", test_two_threads);
    CU_add_test(s, "one session reused 10,000 times: the same answer", test_reuse);
    CU_add_test(s, "a run cancelled from another thread", test_cancel);
    CU_add_test(s, "out of memory in a run: an empty result, the session runs on", test_out_of_memory);
    CU_add_test(s, "every function with NULL and limit arguments: an error value", test_bad_arguments);
    int rc = lds_cunit_tap_main();
    free_reference();
    return rc;
}
