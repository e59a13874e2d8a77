/* tests/unit/test-iterspace.c - the iteration space of one access
 * (src/iterspace.c), seen through the session API: which way each
 * dimension is covered (the instructions simulated one by one tell),
 * that the totals stay exact, the up-front plan, and where errors are
 * reported. */
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

#include "src/session.h"
#include "tests/unit/cunit_tap.h"

static lds_session *s;

static unsigned jobs = 1;   /* threads, split from the first instruction */
static bool plain;          /* no shortcuts: every instruction simulated */

static const lds_access_result *run(const char *text, uint64_t max_steps, int *status)
{
    lds_session_config cfg;
    lds_session_close(s);
    lds_session_config_init(&cfg);
    cfg.print_out = NULL;
    cfg.max_steps = max_steps;
    cfg.jobs = jobs;
    cfg.threads_from = 1;
    cfg.no_shortcuts = plain;
    s = lds_session_open(&cfg, NULL);
    *status = lds_session_run_text(s, "<t>", text, strlen(text));
    return lds_session_last_access(s);
}

/* Under valgrind the reference enumerations of the two comparison tests
 * below were most of the suite's time (180 s of about 12 minutes): there
 * every program runs with its shortcuts, and every third is also
 * enumerated.  make check (and the sanitizer build) enumerate them all. */
static bool enumerate(size_t i)
{
    const char *v = getenv("LDS_VALGRIND");
    return !(v && *v) || i % 3 == 0;
}

static const char *error(void)
{
    return lds_session_error(s)->msg;
}

/* instructions simulated one by one, and instructions counted */
static void expect_run(const char *text, uint64_t simulated, const char *instructions)
{
    int st;
    const lds_access_result *a = run(text, 0, &st);
    CU_ASSERT_EQUAL_FATAL(st, LDS_EXIT_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->simulated, simulated);
    char buf[64];
    gmp_snprintf(buf, sizeof buf, "%Zd", a->m.instructions);
    CU_ASSERT_STRING_EQUAL(buf, instructions);
    if (a->simulated != simulated || strcmp(buf, instructions))
        printf("# %s: simulated %llu, instructions %s\n", text, (unsigned long long)a->simulated, buf);
}

static void test_modes(void)
{
    /* multiply: the address does not use k */
    expect_run("read f32[lane] for k in 0..1000000000", 1, "1000000000");
    /* one period: f32[lane + k] moves 4 bytes a step; 128 / 4 = 32 steps */
    expect_run("set lds 1 << 30; read f32[lane + k] for k in 0..1000000", 32, "1000000");
    /* a step of 33 words is coprime with 32 banks: the period is 32 */
    expect_run("set lds 1 << 30; read f32[lane + 33 * k] for k in 0..100000", 32, "100000");
    /* a step of 32 words keeps every bank: period 1 */
    expect_run("set lds 1 << 30; read f32[lane + 32 * k] for k in 0..100000", 1, "100000");
    /* k * k moves by more each step, but it is congruent to itself mod
     * 64 every 64 steps, so its residue repeats: period 64 ... */
    expect_run("read f32[(lane * k * k) % 64] for k in 0..1000", 64, "1000");
    /* ... which must fit twice in the range (else enumerate) */
    expect_run("read f32[(lane * k * k) % 64] for k in 0..100", 100, "100");
    /* a dividend that may change sign: C's % is not a residue, enumerate */
    expect_run("read f32[(k * k - 5 * k + 7) % 32 + lane] for k in 0..300", 300, "300");
    /* enumerate: k * k / 3 is no polynomial */
    expect_run("read f32[(lane * k * k / 3) % 64] for k in 0..300", 300, "300");
    /* (lane * k) % 64 repeats every 64 steps of k (src/period.c) */
    expect_run("read f32[(lane * k) % 64] for k in 0..1000", 64, "1000");
    /* but only when a period and its check fit twice in the range */
    expect_run("read f32[(lane * k) % 64] for k in 0..100", 100, "100");
    /* waves: tid % 32 is the same in every wave of 32 lanes */
    expect_run("threads 1024; read f32[tid % 32]", 1, "32");
    /* an XOR swizzle of a modular row: the address is lane bits XOR a
     * constant of the trip, so every trip costs the same (the closed
     * form, src/closedform.c: one instruction; the period was 8) */
    expect_run("read f32[((k % 8) * 32) + (lane ^ (k % 8))] for k in 0..100000", 1, "100000");
    /* a row scrambled by XOR has no period, but the same closed form */
    expect_run("read f32[((k ^ (k / 8)) % 64) * 32 + lane] for k in 0..10000000", 1, "10000000");
    /* a carry between the lane and k: not proven, the shortcuts as before */
    expect_run("set lds 1 << 30; read f32[(lane + k) ^ 64] for k in 0..100000", 128, "100000");
    /* tid * 33 is: a wave moves it 32 * 33 words, a multiple of 32 banks */
    expect_run("set lds 1 << 30; threads 1024; read f32[tid * 33]", 1, "32");
    expect_run("threads 1024; read f32[lane]", 1, "32");
    /* the partial last wave is a range of its own */
    expect_run("threads 40; read f32[lane]", 2, "2");
    /* (k / 2) * lane moves each lane by a different multiple of a bank
     * period: every lane keeps its bank, but not which lanes share a word
     * (fuzz-diff: a read or write that merges must enumerate) ... */
    expect_run("read f32[(k / 2) * lane | (k & 7)] for k in 0..200", 200, "200");
    expect_run("rules seed; write f32[(k / 2) * lane | (k & 7)] for k in 0..200", 200, "200");
    /* ... an atomic never merges: the banks are all it needs (period 64) */
    expect_run("atomic f32[(k / 2) * lane | (k & 7)] for k in 0..200", 64, "200");
}

/* The totals of a program with the shortcuts and the lane programs are
 * those of plain enumeration by the tree walker. */
static void same_as_enumeration(const char *program)
{
    int st;
    char fast[256], slow[256];
    const lds_access_result *a = run(program, 0, &st);
    CU_ASSERT_EQUAL_FATAL(st, 0);
    gmp_snprintf(fast, sizeof fast, "%Zd %Zd %Zd %Zd", a->m.instructions, a->m.cycles, a->m.ideal, a->m.broadcasts);
    plain = true;
    a = run(program, 0, &st);
    plain = false;
    CU_ASSERT_EQUAL_FATAL(st, 0);
    gmp_snprintf(slow, sizeof slow, "%Zd %Zd %Zd %Zd", a->m.instructions, a->m.cycles, a->m.ideal, a->m.broadcasts);
    CU_ASSERT_STRING_EQUAL(fast, slow);
    if (strcmp(fast, slow))
        printf("# %s: shortcuts %s, enumeration %s\n", program, fast, slow);
}

/* The same for each of n programs (every third under valgrind). */
static void all_same_as_enumeration(const char *const *programs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (enumerate(i))
            same_as_enumeration(programs[i]);
}

/* Totals with the shortcuts equal the totals of plain enumeration. */
static void test_shortcuts_equal_enumeration(void)
{
    static const char *const programs[] = {
        "arch gfx942; threads 11, 2; groups 4; rules seed; "
        "write f32[(k / 2) * lane | (k & 7)] if lane % 3 != 1 for k in 2..288, j in 0..2",
        "atomic f32[(k / 2) * lane | (k & 7)] for k in 0..200",
        "read f32[((k % 8) * 32) + (lane ^ (k % 8))] for k in 0..1000",
        "threads 100; read f32[(lane * k) % 64 + k * 32] for k in 0..500",
        /* residues of polynomials in k (src/period.c, residue_shift) */
        "read f32[(k * k) % 64] for k in 0..700",
        "threads 64; read f32[(lane + 3 * k * k * k) % 128] for k in 0..300",
        "read f32[(lane * k * k) & 31] for k in 0..500",
        "read f32[(k * k + 5 * k + 7) % 32 + lane] for k in 0..300",
        "read f32[((k << 3) * k) % 96 + lane] for k in 0..400",
        "threads 96; read f32[(wave * wave * 5 + lane) % 64] for k in 0..3",
        /* nests: an inner loop's period proven for every outer value */
        "read f32[(lane + 33 * i + 5 * j) % 64] for i in 0..200, j in 0..150",
        "read f32[(lane * i + j * j) % 32] for i in 0..130, j in 0..140",
        "write f16[(i * 7 + j * 3 + lane) % 128] if (i + j) % 3 != 0 for i in 0..150, j in 0..160",
        "for i in 0..150 { read f32[(lane + i * 33 + j * 5) % 64] for j in 0..150 }",
        "threads 64; groups 3; read f32[(tid + i * j) % 96] for i in 0..140, j in 1..140",
    };
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        int st;
        const lds_access_result *a = run(programs[i], 0, &st);
        CU_ASSERT_EQUAL_FATAL(st, 0);
        if (strstr(programs[i], "* k *") || strstr(programs[i], "(k * k") || strstr(programs[i], ") * k)"))
            if (mpz_cmp_ui(a->m.instructions, a->simulated) <= 0) {   /* a period, not every trip */
                CU_FAIL("a polynomial's residue was enumerated");
                printf("# %s: %llu simulated\n", programs[i], (unsigned long long)a->simulated);
            }
        if (enumerate(i))
            same_as_enumeration(programs[i]);
    }
}

/* An array's elements by their indices (src/address.c: rows and tiles
 * without a call a lane, other shapes through the general path), every
 * lane present or not, give the tree walker's totals. */
static void test_elements_equal_enumeration(void)
{
    static const char *const programs[] = {
        "arch sm80; array f32 T[32][33]; read T[lane][(k * k) % 33] for k in 0..300",
        "threads 100; array f16 T[3][70]; write T[(tid + k) % 3][(tid * 2 + k * k) % 70] for k in 0..300",
        "array b64 T[4096]; read T[(lane * 7 + k * k) % 4096] if (lane + k) % 5 != 2 for k in 0..300",
        "threads 48; array f32 T[4][8][8]; read T[lane % 4][(lane / 4 + k) % 8][(lane + k * k) % 8] for k in 0..300",
        "layout L = (32,32):(1,33); array f32 T[32][32] layout L; read T[lane][(k * k) % 32] for k in 0..300",
    };
    all_same_as_enumeration(programs, sizeof programs / sizeof programs[0]);
}

/* The compiled lane program's 128-bit tier (src/lanes_wide.c) gives the
 * tree walker's totals, where an index passes int64 on the way (k^3
 * passes 2^63 at k = 61000; a prime modulus: every trip enumerated). */
static void test_wide_tier_equals_enumeration(void)
{
    static const char *const programs[] = {
        /* products of int64 operands, one operand beyond int64 (k^4), one
         * product past 128 bits (the tree walker); sums; a negative
         * dividend; a modulus past 2^32 */
        "read f32[(lane * k * k * k * 40503 + k) % 1000003 % 16384] for k in 60900..61300",
        "threads 128; read f32[(tid * k * k * k * 40503 + k) % 1000003 % 16384] for k in 60900..61300",
        "read f32[(((lane - 16) * k * k * k * 40503 - k) % 1000003 + 1000003) % 16384] for k in 60900..61300",
        "read f32[(lane * k * k * k * 40503 + k) % 10000000019 % 16384] for k in 60900..61300",
        "read f32[((lane + 1) * (k * k * k * k * 1000) + lane) % 1000003 % 16384] for k in 60900..61300",
        "read f32[(lane * k * k * k * k * k * k * k * k + 7) % 1009] for k in 60900..61000",
        "read f32[((lane * k * k * k * 40503 - (k << 62)) % 4093 + 4093) % 4093] for k in 60900..61100",
        /* values kept from one 128-bit run to the next (tid * 5 while the
         * loops move, under a condition that moves with k; the outer loop's
         * j * 3 while k moves), k^3 passing 2^63 at k = 2^21 */
        "threads 128; read f32[(tid * 5 + k * k * k) % 4093] if (k + lane) % 3 != 0 for k in 2097100..2097200",
        "threads 96; read f32[(lane * 7 + j * 3 + j * k * k * k) % 4093] for j in 0..4, k in 2097130..2097170",
    };
    all_same_as_enumeration(programs, sizeof programs / sizeof programs[0]);
}

static void test_dependent_bounds(void)
{
    /* j in 0..i: 0 + 1 + ... + 9 instructions, counted exactly */
    expect_run("read f32[(lane * i * j) % 64] for i in 0..10, j in 0..i", 45, "45");
    /* an empty inner range: nothing, at once, whatever the outer trips */
    expect_run("read f32[(lane * k * k) % 64] for k in 0..1000000000000, j in 0..0", 0, "0");
    /* ... however long the period (2^39: once a spin into --max-ops) */
    expect_run("read f32[(lane + k) % 549755813888] for k in 0..1000000000000000, j in 0..0", 0, "0");
    expect_run("threads 256; read f32[(tid * 3 + k) % 549755813888] for k in 0..1000000000000000, j in 0..0", 0, "0");
    int st;
    run("read f32[(lane * i * j / 3) % 64] for i in 0..2000, j in 0..i", 100000, &st);
    CU_ASSERT_EQUAL(st, LDS_EXIT_EVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(error(), "--max-steps"));
    /* the plan refuses before anything runs: no instruction simulated */
    const lds_access_result *a = run("read f32[(lane * k * k / 3) % 64] for k in 0..200", 100, &st);
    CU_ASSERT_EQUAL(st, LDS_EXIT_EVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(error(), "needs 200 instructions"));
    CU_ASSERT_EQUAL(a->simulated, 0);
    CU_ASSERT_TRUE(a->failed);
}

/* An access whose def calls double at each of 24 levels (16 million
 * nodes): the proofs of the shortcuts walked them all, for minutes; now
 * they are not tried, and evaluation's own limit answers at once. */
static void test_too_large_to_prove(void)
{
    char text[2048];
    size_t len = (size_t)snprintf(text, sizeof text, "def f0(x) = x + 1\n");
    for (int d = 1; d <= 24; d++)
        len += (size_t)snprintf(text + len, sizeof text - len, "def f%d(x) = f%d(x) + f%d(x)\n", d, d - 1, d - 1);
    snprintf(text + len, sizeof text - len, "threads 256; read f32[f24(tid * 3 + k) %% 256] for k in 0..1000\n");
    int st;
    run(text, 0, &st);
    CU_ASSERT_EQUAL(st, LDS_EXIT_EVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(error(), "nested too deeply"));
}

static void test_first_failing_iteration(void)
{
    int st;
    /* one period simulated, the last value out of range: the first value
     * that fails is found (k = 2045, lane 24: element 16384) */
    run("read f32[lane + k * 8] for k in 0..10000", 0, &st);
    CU_ASSERT_EQUAL(st, LDS_EXIT_EVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(error(), "(lane 24, k = 2045)"));
    /* a decreasing index, out of range at the end: reported there */
    run("array f32 t[100][33]; read t[99 - k][lane] for k in 0..101", 0, &st);
    CU_ASSERT_EQUAL(st, LDS_EXIT_EVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(error(), "index -1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(error(), "k = 100"));
}

/* What a run gives, as text: its totals, the instructions it kept, or
 * its error (malloc'd). */
static char *outcome(const char *text, unsigned threads, uint64_t max_steps)
{
    int st;
    jobs = threads;
    const lds_access_result *a = run(text, max_steps, &st);
    jobs = 1;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    fprintf(f, "status %d error '%s'\n", st, st ? error() : "");
    if (a) {
        gmp_fprintf(f, "%Zd %Zd %Zd %Zd %Zd %llu simulated %llu\n", a->m.instructions, a->m.cycles, a->m.ideal,
                    a->m.broadcasts, a->m.skipped, (unsigned long long)a->m.ways, (unsigned long long)a->simulated);
        for (unsigned i = 0; i < a->nsamples; i++) {
            fprintf(f, "sample %s:", a->samples[i].label);
            for (unsigned l = 0; l < a->samples[i].nlanes; l++)
                fprintf(f, " %d@%llu", a->samples[i].active[l], (unsigned long long)a->samples[i].addr[l]);
            fprintf(f, " cycles %llu\n", (unsigned long long)a->samples[i].result.cycles);
        }
    }
    fclose(f);
    return out;
}

/* Threads change nothing: the same totals, the same kept instructions in
 * the same order, the same first error (src/parallel.c). */
static void test_threads(void)
{
    static const char *const programs[] = {
        "show phases; threads 256; groups 7; read f32[(tid * k + group * k * k) % 4099] for k in 0..50",
        "show lanes; threads 100; groups 3; read f32[(lane * k * k + group) % 512] if (k + lane) % 3 for k in 0..41",
        "threads 64; groups 5; read f32[(lane * k * k * group) % 64] for k in 0..9, j in 0..k",
        "threads 64; read f32[lane * k * k] for k in 0..40",            /* an index error at some k */
        "threads 64; groups 9; read f32[lane + 100 / (group - 6)] for k in 0..3",   /* division by zero */
        "set lds 1 << 30; threads 1024; groups 11; read b64 @ (tid * 8 * (k * k % 13)) for k in 0..20",
        /* the groups split across threads, the waves of each folded */
        "show lanes; threads 256; groups 7; read f32[(tid * 3 + k + group * group) % 256] for k in 0..600",
        /* the groups folded, the waves of the root split across threads */
        "show lanes; threads 1024; groups 5; read f32[(group * 96 + tid * 5 + k) % 1024] for k in 0..2100",
    };
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++)
        for (unsigned t = 2; t <= 5; t += 3) {
            char *one = outcome(programs[i], 1, 0), *many = outcome(programs[i], t, 0);
            CU_ASSERT_STRING_EQUAL(one, many);
            if (strcmp(one, many))
                printf("# %s with %u threads:\n# %s# %s", programs[i], t, one, many);
            free(one);
            free(many);
        }
    /* a limit met on the way: one thread says where, whatever the threads */
    char *one = outcome("threads 64; groups 40; read f32[(lane * k * k * group) % 64] for k in 0..50", 1, 1500);
    char *many = outcome("threads 64; groups 40; read f32[(lane * k * k * group) % 64] for k in 0..50", 4, 1500);
    CU_ASSERT_STRING_EQUAL(one, many);
    free(one);
    free(many);
}

/* A run's totals, or its error, as text (malloc'd). */
static char *totals(const char *text)
{
    int st;
    const lds_access_result *a = run(text, 0, &st);
    char *out = NULL;
    if (st)
        gmp_asprintf(&out, "status %d: %s", st, error());
    else
        gmp_asprintf(&out, "%Zd %Zd %Zd %Zd %Zd %llu", a->m.instructions, a->m.cycles, a->m.ideal, a->m.broadcasts,
                     a->m.skipped, (unsigned long long)a->m.ways);
    return out;
}

/* Waves (or workgroups) that run one another's instructions at other
 * values of a loop fold into it (src/dimproof.c, the fold): the first
 * ones run one period each, and the totals and the first error are
 * enumeration's. */
static void test_fold(void)
{
    /* wave w + 1 at k - 96 is wave w at k; k repeats every 4096: one
     * period of one wave for 32 waves x 10^12 trips */
    expect_run("arch sm90; threads 1024; read f32[(tid * 3 + k) % 4096] for k in 0..1000000000000", 4096,
               "32000000000000");
    /* (wave & 1) repeats only every other wave: two roots */
    expect_run("threads 256; read f32[((tid * 3 + k) % 256) ^ (wave & 1)] for k in 0..1000", 512, "8000");
    /* no fold: a row per wave (its index moves along the fold), or a
     * shift no step of k undoes (tid * 2 + k * 3: 64 / 3) */
    expect_run("threads 256; array f32 t[8][256]; read t[wave][(tid * 3 + k) % 256] for k in 0..1000", 2048, "8000");
    expect_run("threads 256; read f32[(tid * 2 + k * 3) % 256] for k in 0..1000", 2048, "8000");
    /* workgroups fold too: group + 1 at k - 96 is the same instruction
     * (one group's two waves, one period each) */
    expect_run("threads 64; groups 24; read f32[(group * 96 + tid + k) % 1024] for k in 0..2100", 2048, "100800");
    /* ... however many: their weights cost what a period does, not what
     * the groups do (4 x 10^9 once ran out of memory) */
    expect_run("threads 64; groups 4000000000; read f32[(group * 96 + tid + k) % 1024] for k in 0..2100", 2048,
               "16800000000000");
    /* the plan counts the fold: 4096 instructions, under a limit of 5000 */
    int st;
    run("arch sm90; threads 1024; read f32[(tid * 3 + k) % 4096] for k in 0..1000000000000", 5000, &st);
    CU_ASSERT_EQUAL(st, LDS_EXIT_OK);
    static const char *const programs[] = {
        "threads 256; read f32[(tid * 3 + k) % 256] for k in 0..1000",        /* 1000 = 3 x 256 + 232 */
        /* 12 waves, one more every 96 of k: one cycle of 8 offsets and 4 more */
        "threads 384; read f32[(tid * 3 + k) % 256] for k in 0..1000",
        "threads 32; groups 100; read f32[(group * 96 + tid + k) % 1024] for k in 0..2100",
        /* costs that differ by residue (stride 1 to 4 by row), so that each
         * residue's weight shows: a partial cycle, then whole cycles and part */
        "threads 320; read f32[((tid + 32 * k) * ((tid + 32 * k) / 32 % 4 + 1)) % 512] for k in 0..45",
        "threads 32; groups 100; read f32[((group * 96 + tid + k) * ((group * 96 + tid + k) / 32 % 4 + 1)) % 256] "
        "for k in 0..600",
        "threads 250; read f32[(tid * 3 + k) % 256] for k in 0..1001",        /* and a partial wave */
        "arch gfx942; threads 512; read f32[(tid * 7 + 7 * k) % 256] if (tid * 7 + 7 * k) % 8 < 5 for k in 3..1100",
        "threads 320; read f32[(tid + 32 * k) % 512] for k in 0..45",        /* d = -1, period 16 */
        "threads 256; read f32[(tid * 3 + 1000 - k) % 256] for k in 0..1000", /* d = +96 */
        "threads 256; read f32[((tid * 3 + k) % 256) ^ (wave & 1)] for k in 0..1000",
        "threads 256; array f32 t[8][64]; read t[(tid * 3 + k) / 64 % 8][(tid * 3 + k) % 64] for k in 0..1500",
        "threads 256; ds_read2_b32 @ ((tid * 3 + k) % 256) * 4 offset0:0 offset1:33 for k in 0..600",
        "threads 256; groups 3; read b64[(tid * 3 + k + group) % 256] for k in 0..700",
        "threads 128; read f32[(tid * 3 + k + j * 5) % 256] for k in 0..600, j in 0..3",
        "threads 128; for i in 0..3 { read f32[(tid * 3 + k) % 256] for k in 0..600 }",
        /* an inner loop whose trips change with k: no fold (a residue is not one shape) */
        "threads 256; read f32[(tid * 3 + k) % 256] for k in 0..1000, j in 0..(k % 3)",
        "threads 128; write f16[(tid * 3 + k) % 256 / 2] for k in 0..600",
        /* an outer loop the index uses too, between the waves and k */
        "threads 256; read f32[(tid * 3 + k) % 256 + j] for j in 0..4, k in 0..1000",
        /* workgroups: with a condition that moves with them, a partial wave */
        "threads 64; groups 24; read f32[(group * 96 + tid * 3 + k) % 1024] if (group * 96 + k) % 4 != 1 for k in 0..2100",
        "threads 80; groups 12; write f16[(blockIdx.x * 160 + tid + 2 * k) % 2048] for k in 0..2100",
        /* errors: the first one, where enumeration meets it */
        "threads 256; array f32 t[200]; read t[(tid * 3 + k) % 256] for k in 0..1000",
        "threads 256; read f32[100 / ((tid * 3 + k) % 256 - 150) + 200] for k in 0..1000",   /* by zero at k = 57 */
    };
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        char *fast = totals(programs[i]);
        if (!enumerate(i)) {
            free(fast);
            continue;
        }
        plain = true;
        char *slow = totals(programs[i]);
        plain = false;
        CU_ASSERT_STRING_EQUAL(fast, slow);
        if (strcmp(fast, slow))
            printf("# %s: shortcuts %s, enumeration %s\n", programs[i], fast, slow);
        free(fast);
        free(slow);
    }
}

static int teardown(void)
{
    lds_session_close(s);
    return 0;
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite suite = CU_add_suite("iterspace", NULL, teardown);
    CU_add_test(suite, "multiply, one period, enumerate", test_modes);
    CU_add_test(suite, "bounds that depend on outer loops", test_dependent_bounds);
    CU_add_test(suite, "the first failing iteration", test_first_failing_iteration);
    CU_add_test(suite, "too large to prove", test_too_large_to_prove);
    CU_add_test(suite, "threads change nothing", test_threads);
    CU_add_test(suite, "shortcuts equal enumeration", test_shortcuts_equal_enumeration);
    CU_add_test(suite, "the 128-bit lane programs equal enumeration", test_wide_tier_equals_enumeration);
    CU_add_test(suite, "array elements equal enumeration", test_elements_equal_enumeration);
    CU_add_test(suite, "waves and workgroups fold into a loop", test_fold);
    return lds_cunit_tap_main();
}
