/* tests/unit/test-session.c - whole programs through the session API
 * (src/session.h), as the front-ends run them: the worked examples,
 * exact totals, the symbolic shortcuts against plain enumeration, and
 * the int64 path against the GMP path. */
#include <stdlib.h>
#include <string.h>

#include "src/results.h"
#include "src/session.h"
#include "tests/unit/cunit_tap.h"

typedef struct {
    lds_session *s;
    const lds_results *res;
    const lds_diag *diag;
    char *printed;
    size_t printed_len;
    FILE *print;
    int rc;
} run_t;

static void run_program(run_t *r, const char *text, int no_shortcuts, int force_big)
{
    lds_session_config cfg;
    memset(r, 0, sizeof *r);
    lds_session_config_init(&cfg);
    cfg.no_shortcuts = no_shortcuts;
    cfg.force_big = force_big;
    r->print = open_memstream(&r->printed, &r->printed_len);
    cfg.print_out = r->print;
    r->s = lds_session_open(&cfg, NULL);
    r->rc = lds_session_run_text(r->s, "<t>", text, strlen(text)) == LDS_EXIT_OK ? 0 : -1;
    r->res = lds_session_results(r->s);
    r->diag = lds_session_error(r->s);
    fflush(r->print);
}

static void done(run_t *r)
{
    lds_session_close(r->s);
    fclose(r->print);
    free(r->printed);
}

/* "cycles/ideal/excess/instructions/ways/broadcasts" of record i, or of
 * the totals (i < 0). */
static void summary(run_t *r, int i, char *buf, size_t size)
{
    lds_metrics m;
    mpz_t ex;
    lds_metrics_init(&m);
    mpz_init(ex);
    if (i < 0)
        lds_results_totals(r->res, 0, false, &m);
    else if ((size_t)i < r->res->n)
        lds_metrics_add(&m, &r->res->accesses[i]->m);
    lds_metrics_excess(&m, ex);
    gmp_snprintf(buf, size, "%Zd/%Zd/%Zd/%Zd/%llu/%Zd", m.cycles, m.ideal, ex, m.instructions,
                 (unsigned long long)m.ways, m.broadcasts);
    mpz_clear(ex);
    lds_metrics_clear(&m);
}

static void expect_summary(const char *text, int record, const char *want)
{
    run_t r;
    char got[512];
    run_program(&r, text, 0, 0);
    CU_ASSERT_EQUAL(r.rc, 0);
    if (r.rc)
        printf("# %s: %s\n", text, r.diag->msg);
    summary(&r, record, got, sizeof got);
    CU_ASSERT_STRING_EQUAL(got, want);
    if (strcmp(got, want))
        printf("# %s: got %s, want %s\n", text, got, want);
    done(&r);
}

/* cycles/ideal/excess/instructions/ways/broadcasts */
static void test_worked_examples(void)
{
    expect_summary("read f32[lane*4]", 0, "4/1/3/1/4/0");
    expect_summary("read f32[lane*33]", 0, "1/1/0/1/1/0");
    expect_summary("read f32[7]", 0, "1/1/0/1/1/31");
    expect_summary("arch gfx942; read b128 @ lane*16", 0, "8/8/0/1/1/0");
    expect_summary("arch gfx942; rules seed; write b128 @ lane*16", 0, "32/8/24/1/4/0");
    /* Mojo puzzle 32 (doc/rules.md 6): Nsight Compute's 256 load and 256 store conflicts */
    expect_summary("arch sm80; threads 256; groups 32; write f32[(tid*2) % 256]; read f32[(tid*2) % 256]", -1,
                   "1024/512/512/512/2/0");
    expect_summary("arch sm80; threads 256; groups 32; write f32[tid]; read f32[tid]", -1, "512/512/0/512/1/0");
    /* the transpose of lds(5)'s first example */
    expect_summary("arch sm90\narray f32 tile[32][32]\nread tile[k][lane] for k in 0..32\n"
                   "read tile[lane][k] for k in 0..32\n", 1, "1024/32/992/32/32/0");
    expect_summary("array f32 tile[32][33]\nread tile[lane][k] for k in 0..32\n", 0, "32/32/0/32/1/0");
    /* an InterlockedAdd on one counter: 32 lanes, 32 cycles */
    expect_summary("groupshared uint count; atomic count", 0, "32/1/31/1/32/0");
    /* inactive lanes: wave 0 is 8-way; the last wave of 40 threads has 8
     * lanes on banks 0, 8, 16, 24, twice each: 2-way */
    expect_summary("threads 40; read f32[tid*8]", 0, "10/2/8/2/8/0");
    /* a wave with no active lane branches around the access: no instruction */
    expect_summary("read f32[lane] if lane < 0", 0, "0/0/0/0/0/0");
}

static void test_huge_totals(void)
{
    expect_summary("arch sm90; threads 1024; groups 1000000000; read f32[tid * 2 % 64] for k in 0..1000000000000",
                   0, "64000000000000000000000/32000000000000000000000/32000000000000000000000/"
                      "32000000000000000000000/2/0");
    /* an affine loop: one period, weighted (stride 33 rows: 1-way) */
    expect_summary("set lds 1 << 40; array f32 t[1000000][33]; read t[k][lane] for k in 0..1000000", 0,
                   "1000000/1000000/0/1000000/1/0");
    /* a block loop whose body does not use it: multiplied */
    expect_summary("for k in 0..1000000000000 { read f32[lane * 2] }", 0,
                   "2000000000000/1000000000000/1000000000000/1000000000000/2/0");
}

static const char *const differential[] = {
    /* past int64 on the way, within 128 bits (the lane program's 128-bit
     * tier), and past 128 bits (the tree walker's GMP) */
    "read f32[(lane * k * k * k * 40503 + k) % 1000003 % 16384] for k in 99000..99300",
    "threads 64; read f32[((tid + 1) * 4611686018427387904 * 4 + k * 7) % 4096] for k in 0..64",
    "read f32[(((lane - 16) << 70 >> 68) + 128) % 64 + k] for k in 0..40",
    "read f32[abs((lane - 16) * 9223372036854775807 * 3) % 997 + popcount(lane << 90) + k] for k in 0..30",
    "read f32[((lane << 100) * (1 << 62) + k) % 4096] for k in 0..20",
    /* the 128-bit tier's modulus by a lane-invariant divisor: a dividend
     * in int64 and negative; past int64 and positive, the divisor past
     * int64; past int64 and negative; a divisor past 64 bits */
    "read f32[(((lane - 16) * k * k * k * k * k * k * 40503 % 1000003 - 7) % 77 + 100) % 16384] for k in 0..300",
    "read f32[((lane + 1) * k * k * k * k * k * k * 40503 % ((1 << 62) * 2 + 25 + k % 2)) % 4096] for k in 0..300",
    "read f32[(((lane - 40) * k * k * k * k * k * k * 40503) % 9223372036854775807 % 4096 + 4096) % 4096] for k in 0..300",
    "read f32[((lane + 1) * k * k * k * k * k * k * 40503 % ((1 << 62) * 4 + 25 + k % 2)) % 4096] for k in 0..300",
    "threads 128; groups 3; read f32[(tid*3 + k*5) % 512] for k in 0..40",
    "threads 96; read f32[lane*33 + k] for k in 0..100",
    "threads 64; groups 4; array f32 t[64][33]; read t[tid % 64][k % 33] for k in 0..70",
    "for k in 0..50 { read f32[lane*2 + k*3] }",
    "threads 100; read f32[tid*2]",
    "def sw(i, j) = i * 32 + (j ^ (i % 32)); array f32 T[64][32] layout sw; read T[lane + k][lane] for k in 0..32",
    "arch gfx942; threads 256; groups 2; read b128 @ (tid * 16 + k * 48) % 65536 for k in 0..90",
    "arch xe-hpg; threads 48; write f32[tid % 7 + k * 16] for k in 0..70",
    "arch gfx950; threads 128; read f16[lane * 3 + k * 2 + group] for k in 0..200; groups 3",
    "threads 64; groups 5; for i in 0..3 { for j in 0..40 { read f32[(lane * i + j * 9) % 2048] } }",
    "threads 32, 4; read f32[tid.x * 4 + tid.y + k * 129] for k in 0..120",
    "rules seed; read f16[lane * 17 + k * 2] for k in 0..100",
};

/* The shortcuts give what plain enumeration gives, and the GMP path
 * what the int64 path gives. */
static void test_shortcuts_and_paths(void)
{
    for (size_t i = 0; i < sizeof differential / sizeof differential[0]; i++) {
        char a[512], b[512], c[512];
        run_t r;
        run_program(&r, differential[i], 0, 0);
        CU_ASSERT_EQUAL(r.rc, 0);
        if (r.rc)
            printf("# %s: %s\n", differential[i], r.diag->msg);
        summary(&r, -1, a, sizeof a);
        done(&r);
        run_program(&r, differential[i], 1, 0);
        summary(&r, -1, b, sizeof b);
        done(&r);
        run_program(&r, differential[i], 0, 1);
        summary(&r, -1, c, sizeof c);
        done(&r);
        CU_ASSERT_STRING_EQUAL(a, b);
        CU_ASSERT_STRING_EQUAL(a, c);
        if (strcmp(a, b) || strcmp(a, c))
            printf("# %s: shortcuts %s, enumerated %s, GMP %s\n", differential[i], a, b, c);
    }
}

/* The lane program against the tree walker, lane by lane: division and
 * remainder by a constant (a multiply, with shortcuts for non-negative
 * lanes and powers of two) with every sign of dividend and divisor,
 * powers of two and not; constants under a condition that depends on the
 * lane (kept in lane 0 only); sums that overflow int64 in some lanes
 * (two lanes at a time, the overflow found from the signs).  Each kept
 * address must be the same. */
static void test_lanes_as_tree_walker(void)
{
    static const char *const index[] = {
        "(lane * 37) % 1000003", "(lane * 37) / 7", "(lane - 32) % 7", "(lane - 32) / 7", "(lane - 32) % -7",
        "(lane - 32) / -7", "(lane * 5) % 16", "(lane * 5) / 16", "(lane - 40) % 16", "(lane - 40) / 16",
        "(lane - 40) % -16", "(lane - 40) / -16", "lane % 1", "(lane - 9) / 1", "(lane - 9) % -1 + lane / -1",
        "(lane * 2654435761 + 123456789) % 1000003 % 16384", "(lane - 63) * 99 / 64",
        "lane > 20 ? (lane - 50) % 9 : (lane * 3) / 4",
        /* negative divisors: the constants of lets (-7 is minus 7, an operation) */
        "(lane * 3) / M7", "(lane * 3) % M7", "(lane * 5) / M16", "(lane * 5) % M16", "(lane - 32) / M7",
        "(lane - 40) % M16",
        /* constants under a condition that depends on the lane: kept in
         * lane 0 alone, they must be read there (and broadcast as roots) */
        "lane < 8 ? lane * 32 : 5", "lane > 40 ? 64 : lane", "lane % 3 == 0 && lane * 5 > 20 ? 9 : lane * 2",
        "lane * 32 if lane < 8", "7 if lane > 50", "(lane + 3) % 5 if lane % 4 == 1",
        "(9223372036854775807 % 1000) * 4 if lane % 3 == 1", "M7 / 2 + 40 if lane > 3",
        /* sums past int64 in some lanes: found, and done in 128 bits */
        "(lane * 3 + 9223372036854775780) % 1000", "(9223372036854775790 + lane) % 77",
        "(lane * 5 + 9223372036854775700 + lane * 7) / 4096 % 100", "(M7 * 1317624576693539401 - lane) % 9",
    };
    for (size_t i = 0; i < sizeof index / sizeof index[0]; i++) {
        char text[256], expr[128];
        const char *cond = strstr(index[i], " if ");   /* the access's own condition */
        size_t n = cond ? (size_t)(cond - index[i]) : strlen(index[i]);
        snprintf(expr, sizeof expr, "%.*s", (int)n, index[i]);
        snprintf(text, sizeof text, "arch gfx942; let M7 = -7; let M16 = -16; read u8[(%s) + 8192]%s", expr,
                 cond ? cond : "");
        lds_session *run[2];
        for (int k = 0; k < 2; k++) {   /* the lane program, the tree walker */
            lds_session_config cfg;
            lds_session_config_init(&cfg);
            cfg.keep = LDS_KEEP_ALL;
            cfg.print_out = NULL;
            cfg.no_shortcuts = k;
            run[k] = lds_session_open(&cfg, NULL);
            CU_ASSERT_EQUAL(lds_session_run_text(run[k], "<t>", text, strlen(text)), LDS_EXIT_OK);
        }
        const lds_results *fr = lds_session_results(run[0]), *pr = lds_session_results(run[1]);
        int same = fr->n == 1 && pr->n == 1 && fr->accesses[0]->nsamples == 1 && pr->accesses[0]->nsamples == 1;
        CU_ASSERT(same);
        if (same) {
            const lds_sample *x = &fr->accesses[0]->samples[0], *y = &pr->accesses[0]->samples[0];
            for (unsigned l = 0; l < x->nlanes; l++)
                if (x->active[l] != y->active[l] || x->addr[l] != y->addr[l]) {
                    printf("# %s: lane %u: lane program %llu, tree walker %llu\n", index[i], l,
                           (unsigned long long)x->addr[l], (unsigned long long)y->addr[l]);
                    same = 0;
                    break;
                }
            CU_ASSERT(same);
        }
        lds_session_close(run[0]);
        lds_session_close(run[1]);
    }
}

/* An index past int64 is an error on every path, the lane program's
 * 128-bit tier included (found by the differential fuzzer: the tier read
 * a constant under a per-lane condition at lane 0 only). */
static void test_wide_index_error(void)
{
    const char *text = "arch sm80; threads 31, 2; groups 2\n"
                       "def f(k, j) = tid.y * 3 + lane * 9223372036854775807\n"
                       "read f16[f(k, j) * 4] if k < 7 + lane for k in 2..43, j in 0..1\n";
    for (int path = 0; path < 3; path++) {
        run_t r;
        run_program(&r, text, path == 1, path == 2);
        CU_ASSERT_EQUAL(r.rc, -1);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "does not fit in 64 bits (lane 1, wave 0"));
        done(&r);
    }
}

static void test_let_def_print(void)
{
    run_t r;
    run_program(&r, "let a = 3\ndef f(x) = x * a + 1\nlet a = 100\nprint f(2), a\nlet b = lane * a\n"
                    "print b\nprint 1 << 100", 0, 0);
    CU_ASSERT_EQUAL(r.rc, 0);
    CU_ASSERT_PTR_NOT_NULL(r.printed);
    const char *want = "7\n100\nlane  0..7 :    0  100  200  300  400  500  600  700\n";
    CU_ASSERT(strncmp(r.printed, want, strlen(want)) == 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.printed, "lane 24..31: 2400"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.printed, "\n1267650600228229401496703205376\n"));
    done(&r);
    run_program(&r, "def f(x) = f(x) + 1", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "recursive"));
    done(&r);
}

/* The footprint line: the profile in force at the declarations (a later
 * arch statement does not rename it), and one footprint a kernel. */
static void test_footprint(void)
{
    run_t r;
    run_program(&r, "array f32 a[100]\narch sm90\nread a[lane]", 0, 0);
    CU_ASSERT_EQUAL(r.rc, 0);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    lds_session_describe(r.s, out);
    fclose(out);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "shared memory: 400 B of 64 KiB on generic (0.6%) in 1 array\n"));
    free(text);
    done(&r);

    lds_results res;
    lds_results_init(&res);
    lds_results_begin_kernel(&res, "first");   /* nothing declared before it: nothing kept */
    CU_ASSERT_EQUAL(res.nended_kernels, 0);
    res.lds.used = 4224;
    res.lds.capacity = 65536;
    res.lds.arrays = 1;
    strcpy(res.lds.profile, "sm80");
    lds_results_begin_kernel(&res, "second");   /* no arrays in it */
    lds_results_begin_kernel(&res, "third");
    CU_ASSERT_EQUAL(res.kernels, 3);
    CU_ASSERT_EQUAL(res.nended_kernels, 1);
    CU_ASSERT_EQUAL(res.lds.arrays, 0);
    CU_ASSERT_STRING_EQUAL(res.lds.kernel, "third");
    out = open_memstream(&text, &len);
    lds_footprint_print(out, &res.ended_kernels[0], true);
    lds_footprint_print(out, &res.ended_kernels[0], false);
    fclose(out);
    CU_ASSERT_STRING_EQUAL(text, "shared memory of first: 4224 B of 64 KiB on sm80 (6.4%) in 1 array\n"
                                 "shared memory: 4224 B of 64 KiB on sm80 (6.4%) in 1 array\n");
    free(text);
    lds_results_free(&res);
}

static void test_errors_name_the_lane(void)
{
    run_t r;
    run_program(&r, "array f32 t[32][32]\nread t[lane][k + lane] for k in 0..4", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "index 32"));
    /* k = 0 stays in range; at k = 1 lane 31 reads column 32 first */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "index 32 is out of range for dimension 2 of 't' (0..31) (lane 31, k = 1)"));
    CU_ASSERT_EQUAL(r.diag->loc.line, 2);
    done(&r);
    /* the period shortcut still checks the last iteration's bounds */
    run_program(&r, "array f32 t[100][33]; read t[k][lane] for k in 0..101", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "index 100"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "k = 100"));
    done(&r);
    run_program(&r, "arch sm80; read b128 @ lane * 8", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "not aligned"));
    done(&r);
    run_program(&r, "read f32[lane * 4096]", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "beyond shared memory"));
    done(&r);
    run_program(&r, "threads 1024; groups 100000; read f32[(tid*k*group) % 1024] for k in 0..100000", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "--max-steps"));
    done(&r);
}

static void test_expect(void)
{
    run_t r;
    run_program(&r, "read f32[lane*2]\nexpect ways == 2\nexpect conflict-free\nexpect total.cycles >= 2", 0, 0);
    CU_ASSERT_EQUAL(r.rc, 0);
    CU_ASSERT_EQUAL(r.res->nexpects, 3);
    CU_ASSERT_TRUE(r.res->expects[0].ok);
    CU_ASSERT_FALSE(r.res->expects[1].ok);
    CU_ASSERT_STRING_EQUAL(r.res->expects[1].actual, "1");
    CU_ASSERT_TRUE(r.res->expects[2].ok);
    CU_ASSERT_TRUE(lds_session_expect_failed(r.s));
    done(&r);
    run_program(&r, "expect ways == 1", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    done(&r);
}

static void test_profiles_and_overrides(void)
{
    run_t r;
    char buf[LDS_SIM_OVERRIDES_LEN];
    run_program(&r, "arch gfx942; set banks 16; set phases b64 8; rules seed", 0, 0);
    CU_ASSERT_EQUAL(r.rc, 0);
    lds_sim_profile_overrides(lds_session_profile(r.s), buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "banks=16, r2=strict, r3=substeps, phases b64=8c");
    done(&r);
    expect_summary("set banks 16; read f32[lane * 8]", 0, "16/1/15/1/16/0");
    expect_summary("set wave 64; read f32[lane]", 0, "2/2/0/1/1/0");
    run_program(&r, "arch sm42", 0, 0);
    CU_ASSERT_EQUAL(r.rc, -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.diag->msg, "gfx942"));
    done(&r);
}

/* "summary|printed|error" of text run in session s (with its print
 * stream at *pf), for comparing runs. */
static void outcome(lds_session *s, const char *text, FILE *pf, char **printed, char *out, size_t size)
{
    int rc = lds_session_run_text(s, "<t>", text, strlen(text));
    fflush(pf);
    lds_metrics m;
    lds_metrics_init(&m);
    lds_results_totals(lds_session_results(s), 0, false, &m);
    gmp_snprintf(out, size, "rc=%d %Zd/%Zd/%Zd/%llu n=%zu printed=%s error=%s", rc, m.cycles, m.ideal, m.instructions,
                 (unsigned long long)m.ways, lds_session_results(s)->n, *printed ? *printed : "",
                 lds_session_error(s)->set ? lds_session_error(s)->msg : "");
    lds_metrics_clear(&m);
}

/* The outcome of text in a session of its own opened with cfg (whose
 * print_out is set here). */
static void outcome_fresh(lds_session_config *cfg, const char *text, char *out, size_t size)
{
    char *printed = NULL;
    size_t plen = 0;
    FILE *pf = open_memstream(&printed, &plen);
    cfg->print_out = pf;
    lds_session *s = lds_session_open(cfg, NULL);
    outcome(s, text, pf, &printed, out, size);
    lds_session_close(s);
    fclose(pf);
    free(printed);
}

/* Values the same in every lane are kept from one instruction to the
 * next while the variables they depend on hold (an inner loop leaves
 * what only outer loops, the wave or the group change): the totals of
 * nested loops, waves and groups, by the lane program and by the tree
 * walker, must be the same. */
static void test_lanes_keep_uniform_values(void)
{
    static const char *const programs[] = {
        "read f32[lane * (k % 3 + 1) + j] for k in 0..7, j in 0..4",
        "read f32[lane * (j % 3 + 1) + k * 2] for k in 0..7, j in 0..4",
        "threads 128; groups 3; read f32[lane * (wave % 2 + 1) + group * (k % 4) * 8] for k in 0..5",
        "read f32[lane * 2 + (k * k) % 32] if k % 3 != 1 for k in 0..9, j in 0..3",
        "read f32[(lane + (k > 2 ? 5 : 3) * 32) * (j % 2 + 1)] for k in 0..6, j in 0..3",
    };
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        char got[2][1024];
        for (int k = 0; k < 2; k++) {   /* the lane program, the tree walker */
            lds_session_config cfg;
            lds_session_config_init(&cfg);
            cfg.no_shortcuts = k;
            cfg.jobs = 1;
            outcome_fresh(&cfg, programs[i], got[k], sizeof got[k]);
        }
        CU_ASSERT_STRING_EQUAL(got[0], got[1]);
        if (strcmp(got[0], got[1]))
            printf("# %s\n#   lane program: %s\n#   tree walker:  %s\n", programs[i], got[0], got[1]);
    }
}

static void count_access(void *ctx, const lds_access_result *r)
{
    (void)r;
    ++*(unsigned *)ctx;
}

/* A session reopened in the memory of one that ran a program is the
 * session a fresh open gives: nothing of the first program (its
 * profile, workgroup, arrays, names, settings, error, results) leaks
 * into the second, under either configuration; nor do the first's
 * hooks, or its count of kernels. */
static void test_reopen(void)
{
    /* 300 names: the scope's hash grows past the built-ins' (a reopen
     * resets that scope rather than making one) */
    static char many_names[8192];
    size_t used = 0;
    for (int k = 0; k < 300; k++)
        used += (size_t)snprintf(many_names + used, sizeof many_names - used, "let n%d = %d; ", k, k);
    snprintf(many_names + used, sizeof many_names - used, "array f32 A[32]; read A[lane]");
    const char *const first[] = {
        "arch gfx942; threads 256; groups 3; array f32 A[64][65]; let q = lane * 2; def f(x) = x + 1; read A[lane][f(q)]",
        "arch sm90; set banks = 16; read f32[lane * 2]; print lane",
        "read f32[lane] for k in 0..3; expect ways == 4",
        "array u8 B[4]; read B[lane]",   /* an error: out of bounds */
        "",
        many_names,
    };
    static const char *const second[] = {
        "read f32[lane * 2]",
        "read A[lane][0]",   /* unknown in a fresh session */
        "let q = 3; read f32[lane * q]; print q",
        "read f32[lane * 2] for k in 0..1000000000000",
        "array f32 A[32][33]; read A[lane][P]",
        "read f32[lane * n299]",   /* unknown in a fresh session */
        "#if P > 4\nread f32[lane * 2]\n#else\nread f32[lane]\n#endif\n",   /* -D P for #if */
    };
    mpz_t p;
    mpz_init_set_ui(p, 5);
    lds_define_value defs[1] = { { "P", p } };
    for (size_t i = 0; i < sizeof first / sizeof first[0]; i++)
        for (size_t j = 0; j < sizeof second / sizeof second[0]; j++)
            for (int variant = 0; variant < 2; variant++) {
                char *printed = NULL;
                size_t plen = 0;
                FILE *pf = open_memstream(&printed, &plen);
                lds_session_config cfg;
                lds_session_config_init(&cfg);
                cfg.print_out = pf;
                lds_session *s = lds_session_open(&cfg, NULL);
                char scratch[1024], reopened[1024], fresh[1024];
                outcome(s, first[i], pf, &printed, scratch, sizeof scratch);
                fclose(pf);
                free(printed);
                printed = NULL;
                /* the second configuration: a -D, and (variant 1) a profile */
                pf = open_memstream(&printed, &plen);
                lds_session_config_init(&cfg);
                cfg.print_out = pf;
                cfg.defines = defs;
                cfg.ndefines = 1;
                cfg.arch = variant ? "rdna3" : NULL;
                s = lds_session_reopen(s, &cfg, NULL);
                outcome(s, second[j], pf, &printed, reopened, sizeof reopened);
                lds_session_close(s);
                fclose(pf);
                free(printed);
                outcome_fresh(&cfg, second[j], fresh, sizeof fresh);
                CU_ASSERT_STRING_EQUAL(reopened, fresh);
                if (strcmp(reopened, fresh))
                    printf("# after %s\n#   reopened: %s\n#   fresh:    %s\n", first[i], reopened, fresh);
            }
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    cfg.print_out = NULL;
    /* hooks given to the first and not to the second are not called */
    unsigned calls = 0;
    lds_session_hooks counting = { 0 };
    counting.access = count_access;
    counting.ctx = &calls;
    lds_session *s = lds_session_open(&cfg, &counting);
    const char *one = "read f32[lane]";
    CU_ASSERT_EQUAL(lds_session_run_text(s, "<t>", one, strlen(one)), LDS_EXIT_OK);
    CU_ASSERT_EQUAL(calls, 1);
    s = lds_session_reopen(s, &cfg, NULL);
    CU_ASSERT_EQUAL(lds_session_run_text(s, "<t>", one, strlen(one)), LDS_EXIT_OK);
    CU_ASSERT_EQUAL(calls, 1);
    lds_session_close(s);
    /* a profile it does not know: NULL, as from open, and s closed */
    s = lds_session_open(&cfg, NULL);
    cfg.arch = "no-such-arch";
    CU_ASSERT_PTR_NULL(lds_session_reopen(s, &cfg, NULL));
    CU_ASSERT_PTR_NULL(lds_session_open(&cfg, NULL));
    cfg.arch = NULL;
    s = lds_session_reopen(NULL, &cfg, NULL);   /* NULL: a fresh open */
    CU_ASSERT_PTR_NOT_NULL(s);
    lds_session_close(s);
    mpz_clear(p);
}

/* The interned profiles and names a session's results hand to the
 * next (a sweep's reopen): the latest LDS_RESULTS_POOL_KEEP of each,
 * found again without a copy; the older ones gone; a profile that
 * differs in one field is not taken for a pooled one. */
static void test_results_pools(void)
{
    lds_results r;
    lds_results_init(&r);
    lds_sim_profile p = *lds_sim_profile_at(0);
    const lds_sim_profile *last = NULL;
    char name[16];
    for (unsigned i = 0; i < LDS_RESULTS_POOL_KEEP + 3; i++) {
        p.banks = 16 + i;
        last = lds_results_profile(&r, &p);
        snprintf(name, sizeof name, "f%u.lds", i);
        lds_results_string(&r, name);
    }
    CU_ASSERT_EQUAL(r.nprofiles, LDS_RESULTS_POOL_KEEP + 3);
    lds_results_pools pools;
    lds_results_take_pools(&r, &pools);
    CU_ASSERT_EQUAL(pools.nprofiles, LDS_RESULTS_POOL_KEEP);
    CU_ASSERT_EQUAL(pools.nstrings, LDS_RESULTS_POOL_KEEP);
    CU_ASSERT_EQUAL(r.nprofiles, 0);
    lds_results_free(&r);
    lds_results_init(&r);
    lds_results_give_pools(&r, &pools);
    p.banks = 16 + LDS_RESULTS_POOL_KEEP + 2;   /* the last one interned */
    CU_ASSERT_PTR_EQUAL(lds_results_profile(&r, &p), last);
    CU_ASSERT_EQUAL(r.nprofiles, LDS_RESULTS_POOL_KEEP);
    p.banks = 16;   /* the first: dropped, copied again */
    const lds_sim_profile *again = lds_results_profile(&r, &p);
    CU_ASSERT_EQUAL(r.nprofiles, LDS_RESULTS_POOL_KEEP + 1);
    CU_ASSERT_EQUAL(again->banks, 16);
    p.banks = 16 + LDS_RESULTS_POOL_KEEP + 2;
    p.wave = p.wave == 32 ? 64 : 32;   /* one field apart: its own copy */
    const lds_sim_profile *other = lds_results_profile(&r, &p);
    CU_ASSERT_PTR_NOT_EQUAL(other, last);
    CU_ASSERT_EQUAL(other->wave, p.wave);
    snprintf(name, sizeof name, "f%u.lds", LDS_RESULTS_POOL_KEEP + 2);
    size_t n = r.nstrings;
    CU_ASSERT_STRING_EQUAL(lds_results_string(&r, name), name);
    CU_ASSERT_EQUAL(r.nstrings, n);   /* found in the pool */
    lds_results_string(&r, "f0.lds");
    CU_ASSERT_EQUAL(r.nstrings, n + 1);   /* dropped: interned again */
    lds_results_free(&r);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("session", NULL, NULL);
    CU_add_test(s, "an index past int64: an error on every path", test_wide_index_error);
    CU_add_test(s, "worked examples and seed kernels", test_worked_examples);
    CU_add_test(s, "exact totals of huge dispatches", test_huge_totals);
    CU_add_test(s, "shortcuts == enumeration, GMP == int64", test_shortcuts_and_paths);
    CU_add_test(s, "let, def, print", test_let_def_print);
    CU_add_test(s, "the shared-memory footprint", test_footprint);
    CU_add_test(s, "errors name the lane and loop values", test_errors_name_the_lane);
    CU_add_test(s, "expect", test_expect);
    CU_add_test(s, "profiles and overrides", test_profiles_and_overrides);
    CU_add_test(s, "a reopened session is a fresh one", test_reopen);
    CU_add_test(s, "the lane program computes as the tree walker: divisions by constants, constants under lane conditions", test_lanes_as_tree_walker);
    CU_add_test(s, "results hand their interned profiles and names on", test_results_pools);
    CU_add_test(s, "the lane program keeps a value the same in every lane while its variables hold",
                test_lanes_keep_uniform_values);
    return lds_cunit_tap_main();
}
