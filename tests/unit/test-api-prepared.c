/* tests/unit/test-api-prepared.c - the candidate API (src/lds-calc.h):
 * every score equals a full ldscalc_run of the program with the
 * candidate's values as defines, for varied programs and random
 * candidates, feasible or not (a misaligned vector access, an array too
 * large, an index out of bounds, a missing parameter, an unknown
 * profile); score_many on several threads equals scoring one by one;
 * the version macros, and the calls that must do nothing harmlessly. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/lds-calc.h"
#include "base/mem.h"
#include "tests/unit/cunit_tap.h"

/* Programs written as a layout search would: parameters as names. */
static const char *const programs[] = {
    "arch sm80; array f32 T[32][32 + PAD]; read T[lane][k] for k in 0..8",
    "array f32 T[32][32 + PAD]; read T[lane][k ^ (lane % (SW + 1))] for k in 0..8\nwrite T[k][lane] for k in 0..4",
    "array f16 A[64][64 + PAD]; read A[lane * S % 64][k * 2] for k in 0..16",
    "read b128 @ (lane * 16 + PAD * 4)\nread b64 @ (lane * 8 * S)",
    "array f32 T[N]; read T[lane * S]",
    "array f32 T[32][32]; read T[lane][PAD]\nread T[lane][k] for k in 0..2",
    "threads 64; array f64 D[64][16 + PAD]; read D[tid][(k + tid * S) % 16] for k in 0..4\n"
    "expect ways <= 2",
};
static const char *const params[] = { "PAD", "SW", "S", "N" };
static const char *const archs[] = { NULL, "sm80", "gfx942", "sm90" };

static unsigned long long next = 12345;
static unsigned rnd(unsigned n)
{
    next = next * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(next >> 33) % n;
}

/* The candidate's values: each parameter of p some value, sometimes none. */
static size_t pick(const ldscalc_prepared *p, ldscalc_value *v)
{
    size_t n = 0;
    for (size_t i = 0; i < ldscalc_prepared_nparams(p); i++) {
        const char *name = ldscalc_prepared_param(p, i, NULL, NULL);
        if (rnd(20) == 0)
            continue;   /* missing: infeasible */
        int64_t value = (int64_t)rnd(10);
        if (strcmp(name, "N") == 0)
            value = rnd(4) == 0 ? (int64_t)1 << 20 : 32 + rnd(300);   /* too large, or out of bounds, or fine */
        if (strcmp(name, "PAD") == 0 && rnd(8) == 0)
            value = 40;   /* past the end of T[32][32] */
        v[n].name = name;
        v[n++].value = value;
    }
    return n;
}

/* Score c equals ldscalc_run of text with its values as defines. */
static void check_against_run(const char *text, const ldscalc_prepared *p, size_t k, const ldscalc_candidate *c,
                              const ldscalc_score_result *sc)
{
    ldscalc_session *s = ldscalc_open();
    ldscalc_set(s, "jobs", "1");
    if (c->arch)
        ldscalc_set(s, "arch", c->arch);
    bool missing = false;
    for (size_t i = 0; i < ldscalc_prepared_nparams(p); i++) {
        const char *name = ldscalc_prepared_param(p, i, NULL, NULL);
        size_t j = 0;
        while (j < c->nvalues && strcmp(c->values[j].name, name) != 0)
            j++;
        if (j == c->nvalues) {
            missing = true;
            continue;
        }
        char def[64];
        snprintf(def, sizeof def, "%s=%" PRId64, name, c->values[j].value);
        ldscalc_set(s, "define", def);
    }
    if (missing) {
        CU_ASSERT_EQUAL(sc->status, LDSCALC_USAGE);
        CU_ASSERT_PTR_NOT_NULL_FATAL(sc->reason);
        CU_ASSERT(strstr(sc->reason, "no value for the parameter") != NULL);
        ldscalc_close(s);
        return;
    }
    ldscalc_result *r = ldscalc_run(s, NULL, text, strlen(text));
    int status = ldscalc_result_status(r);
    CU_ASSERT_EQUAL(sc->status, status);
    const ldscalc_error *e = ldscalc_result_error(r);
    if (status >= LDSCALC_USAGE) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(sc->reason);
        char want[700];
        snprintf(want, sizeof want, "%u:%u: %s", e->line, e->column, e->message);
        if (strcmp(sc->reason, want) != 0)
            fprintf(stderr, "# %s\n#  score: %s\n#  run:   %s\n", text, sc->reason, want);
        CU_ASSERT_STRING_EQUAL(sc->reason, want);
    } else {
        CU_ASSERT_PTR_NULL(sc->reason);
    }
    CU_ASSERT_EQUAL(sc->naccesses, ldscalc_result_naccesses(r));
    uint64_t worst = 0, cycles = 0, excess = 0;
    for (size_t i = 0; i < ldscalc_result_naccesses(r) && i < sc->naccesses; i++) {
        ldscalc_access a = LDSCALC_ACCESS_INIT;
        ldscalc_score_access b = { .size = sizeof b };
        ldscalc_result_access(r, i, &a);
        CU_ASSERT_EQUAL_FATAL(ldscalc_scored_access(p, k, i, &b), LDSCALC_OK);
        CU_ASSERT_EQUAL(b.line, a.line);
        CU_ASSERT_EQUAL(b.column, a.column);
        CU_ASSERT_STRING_EQUAL(b.profile, a.profile);
        CU_ASSERT_STRING_EQUAL(b.kind, a.kind);
        CU_ASSERT((!a.array && !b.array) || (a.array && b.array && strcmp(a.array, b.array) == 0));
        CU_ASSERT_EQUAL(b.width, a.width);
        CU_ASSERT_EQUAL(b.failed, a.failed);
        CU_ASSERT_EQUAL(b.ways, a.ways);
        CU_ASSERT_EQUAL(b.cycles, a.cycles);
        CU_ASSERT_EQUAL(b.ideal, a.ideal);
        CU_ASSERT_EQUAL(b.excess, a.excess);
        CU_ASSERT_EQUAL(b.instructions, a.instructions);
        CU_ASSERT_EQUAL(b.broadcasts, a.broadcasts);
        if (!a.global) {
            worst = a.ways > worst ? a.ways : worst;
            cycles += a.cycles;
            excess += a.excess;
        }
    }
    CU_ASSERT_EQUAL(sc->ways, worst);
    CU_ASSERT_EQUAL(sc->cycles, cycles);
    CU_ASSERT_EQUAL(sc->excess, excess);
    ldscalc_result_free(r);
    ldscalc_close(s);
}

#define NCAND 40

static void test_scores_equal_runs(void)
{
    unsigned infeasible = 0, scored = 0;
    for (size_t t = 0; t < sizeof programs / sizeof *programs; t++) {
        ldscalc_session *s = ldscalc_open();
        ldscalc_set(s, "jobs", "1");
        ldscalc_prepared *p = NULL;
        CU_ASSERT_EQUAL_FATAL(ldscalc_prepare(s, NULL, programs[t], strlen(programs[t]), &p), LDSCALC_OK);
        CU_ASSERT(ldscalc_prepared_nparams(p) >= 1);
        for (size_t i = 0; i < ldscalc_prepared_nparams(p); i++) {   /* the names the program leaves free */
            const char *name = ldscalc_prepared_param(p, i, NULL, NULL);
            bool known = false;
            for (size_t j = 0; j < sizeof params / sizeof *params; j++)
                known |= strcmp(name, params[j]) == 0;
            CU_ASSERT(known);
        }
        for (unsigned n = 0; n < NCAND; n++) {
            ldscalc_value v[8];
            ldscalc_candidate c = { archs[rnd(4)], v, pick(p, v) };
            ldscalc_score_result sc = { .size = sizeof sc };
            CU_ASSERT_EQUAL_FATAL(ldscalc_score(p, &c, &sc), LDSCALC_OK);
            check_against_run(programs[t], p, 0, &c, &sc);
            infeasible += sc.reason != NULL;
            scored++;
        }
        ldscalc_prepared_free(p);
        ldscalc_close(s);
    }
    CU_ASSERT(infeasible > scored / 10);   /* the infeasible kinds were all drawn */
    CU_ASSERT(infeasible < scored * 2 / 3);
}

/* On four threads, a batch gives what one by one gives, in order. */
static void test_score_many_threads(void)
{
    const char *text = programs[1];
    ldscalc_session *s = ldscalc_open();
    ldscalc_set(s, "jobs", "4");
    ldscalc_prepared *p = NULL;
    CU_ASSERT_EQUAL_FATAL(ldscalc_prepare(s, "tile", text, strlen(text), &p), LDSCALC_OK);
    enum { N = 200 };
    static ldscalc_value v[N][2];
    static ldscalc_candidate c[N];
    static ldscalc_score_result many[N];
    for (unsigned i = 0; i < N; i++) {
        v[i][0] = (ldscalc_value){ "PAD", i % 5 };
        v[i][1] = (ldscalc_value){ "SW", i / 5 % 9 };
        c[i] = (ldscalc_candidate){ i % 3 ? NULL : "sm90", v[i], 2 };
    }
    many[0].size = sizeof many[0];
    CU_ASSERT_EQUAL_FATAL(ldscalc_score_many(p, c, N, many), LDSCALC_OK);
    uint64_t ways[N], excess[N];
    size_t naccesses[N];
    for (unsigned i = 0; i < N; i++) {
        ways[i] = many[i].ways;
        excess[i] = many[i].excess;
        naccesses[i] = many[i].naccesses;
        CU_ASSERT_EQUAL(many[i].size, sizeof many[i]);
        CU_ASSERT_EQUAL(many[i].status, LDSCALC_OK);
        ldscalc_score_access a = { .size = sizeof a };
        CU_ASSERT_EQUAL_FATAL(ldscalc_scored_access(p, i, 1, &a), LDSCALC_OK);
        CU_ASSERT_STRING_EQUAL(a.kind, "write");
        CU_ASSERT_STRING_EQUAL(a.profile, i % 3 ? "generic" : "sm90");
    }
    for (unsigned i = 0; i < N; i += 7) {
        ldscalc_score_result one = { .size = sizeof one };
        ldscalc_score(p, &c[i], &one);
        CU_ASSERT_EQUAL(one.ways, ways[i]);
        CU_ASSERT_EQUAL(one.excess, excess[i]);
        CU_ASSERT_EQUAL(one.naccesses, naccesses[i]);
    }
    CU_ASSERT(ways[0] == 32 && ways[1] == 1);   /* no padding: 32-way; one: none */
    ldscalc_prepared_free(p);
    ldscalc_close(s);
}

/* A caller built against an older, smaller struct gets what fits. */
static void test_sizes_and_bad_calls(void)
{
    const char *text = programs[0];
    ldscalc_session *s = ldscalc_open();
    ldscalc_prepared *p = NULL;
    CU_ASSERT_EQUAL(ldscalc_prepare(NULL, NULL, text, strlen(text), &p), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_prepare(s, NULL, text, strlen(text), NULL), LDSCALC_USAGE);
    CU_ASSERT_EQUAL(ldscalc_prepare(s, NULL, NULL, 3, &p), LDSCALC_USAGE);
    CU_ASSERT_PTR_NULL(p);
    CU_ASSERT_EQUAL(ldscalc_prepare(s, "bad", "read T[", 7, &p), LDSCALC_SYNTAX);
    CU_ASSERT_PTR_NULL(p);
    CU_ASSERT_PTR_NOT_NULL(ldscalc_session_error(s));
    CU_ASSERT(strstr(ldscalc_session_error(s)->message, "bad:1:") != NULL);
    ldscalc_set(s, "define", "PAD=1");   /* a default */
    CU_ASSERT_EQUAL_FATAL(ldscalc_prepare(s, NULL, text, strlen(text), &p), LDSCALC_OK);
    int64_t value = -1;
    int has = 0;
    CU_ASSERT_STRING_EQUAL(ldscalc_prepared_param(p, 0, &value, &has), "PAD");
    CU_ASSERT(has == 1 && value == 1);
    CU_ASSERT_PTR_NULL(ldscalc_prepared_param(p, 1, NULL, NULL));
    struct { size_t size; int status; const char *reason; } small = { sizeof small, -1, "x" };
    CU_ASSERT_EQUAL(ldscalc_score(p, NULL, (ldscalc_score_result *)&small), LDSCALC_OK);   /* the default */
    CU_ASSERT(small.size == sizeof small && small.status == LDSCALC_OK && small.reason == NULL);
    ldscalc_score_result tiny = { .size = 4 };
    CU_ASSERT_EQUAL(ldscalc_score(p, NULL, &tiny), LDSCALC_USAGE);
    ldscalc_value bad = { "Q", 1 };
    ldscalc_candidate c = { NULL, &bad, 1 };
    ldscalc_score_result sc = { .size = sizeof sc };
    CU_ASSERT_EQUAL(ldscalc_score(p, &c, &sc), LDSCALC_OK);
    CU_ASSERT_STRING_EQUAL(sc.reason, "'Q' is not a parameter of the program");
    c = (ldscalc_candidate){ "sm999", NULL, 0 };
    CU_ASSERT_EQUAL(ldscalc_score(p, &c, &sc), LDSCALC_OK);
    CU_ASSERT_STRING_EQUAL(sc.reason, "unknown profile 'sm999'");
    CU_ASSERT_EQUAL(ldscalc_scored_access(p, 0, 0, &(ldscalc_score_access){ .size = sizeof(ldscalc_score_access) }),
                    LDSCALC_USAGE);   /* it ran nothing */
    CU_ASSERT_EQUAL(ldscalc_score_many(p, NULL, 0, NULL), LDSCALC_OK);
    CU_ASSERT_EQUAL(ldscalc_score_many(NULL, &c, 1, &sc), LDSCALC_USAGE);
    ldscalc_prepared_free(p);
    ldscalc_prepared_free(NULL);
    ldscalc_cancel(NULL);   /* harmless */
    ldscalc_close(s);
    ldscalc_close(NULL);
}

/* Memory running out at each allocation in turn: prepare fails with
 * LDSCALC_NO_MEMORY and nothing made, or a score says "out of memory";
 * the session goes on, and the next score is right. */
static void test_out_of_memory(void)
{
    const char *text = programs[1];
    ldscalc_session *s = ldscalc_open();
    ldscalc_set(s, "jobs", "1");
    ldscalc_value v[2] = { { "PAD", 0 }, { "SW", 0 } };
    ldscalc_candidate c[3] = { { NULL, v, 2 }, { "sm80", v, 1 }, { NULL, v + 1, 1 } };
    unsigned failed_prepare = 0, failed_score = 0, whole = 0;
    for (unsigned long n = 1; n < 4000; n += n < 400 ? 1 : 37) {
        ldscalc_prepared *p = NULL;
        lds_mem_fail_after(n);
        int rc = ldscalc_prepare(s, NULL, text, strlen(text), &p);
        ldscalc_score_result out[3] = { { .size = sizeof out[0] } };
        int many = p ? ldscalc_score_many(p, c, 3, out) : LDSCALC_NO_MEMORY;
        lds_mem_fail_after(0);
        CU_ASSERT(rc == LDSCALC_OK || (rc == LDSCALC_NO_MEMORY && !p));
        failed_prepare += rc != LDSCALC_OK;
        if (many == LDSCALC_OK) {
            CU_ASSERT(out[0].status == LDSCALC_OK || out[0].status == LDSCALC_NO_MEMORY);
            CU_ASSERT_STRING_EQUAL(out[1].reason, "no value for the parameter 'SW'");
            failed_score += out[0].status == LDSCALC_NO_MEMORY;
            whole += out[0].status == LDSCALC_OK;
            CU_ASSERT(out[0].status != LDSCALC_OK || out[0].ways == 32);
        }
        if (p) {   /* after the failure, right again */
            ldscalc_score_result again = { .size = sizeof again };
            ldscalc_score(p, &c[0], &again);
            CU_ASSERT_EQUAL(again.status, LDSCALC_OK);
            CU_ASSERT_EQUAL(again.ways, 32);
        }
        ldscalc_prepared_free(p);
    }
    CU_ASSERT(failed_prepare > 0 && failed_score > 0 && whole > 0);
    ldscalc_close(s);
}

static void test_version(void)
{
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", LDSCALC_VERSION_MAJOR, LDSCALC_VERSION_MINOR, LDSCALC_VERSION_PATCH);
    CU_ASSERT_STRING_EQUAL(ldscalc_version(), want);   /* the header's numbers are configure.ac's */
    CU_ASSERT_EQUAL(ldscalc_version_number(), LDSCALC_VERSION_NUMBER);
    CU_ASSERT_EQUAL(LDSCALC_VERSION_NUMBER,
                    LDSCALC_VERSION_MAJOR * 10000 + LDSCALC_VERSION_MINOR * 100 + LDSCALC_VERSION_PATCH);
    CU_ASSERT_EQUAL(ldscalc_api_version(), LDSCALC_API_VERSION);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    CU_pSuite suite = CU_add_suite("api-prepared", NULL, NULL);
    CU_add_test(suite, "scores equal runs", test_scores_equal_runs);
    CU_add_test(suite, "score_many on threads", test_score_many_threads);
    CU_add_test(suite, "sizes and bad calls", test_sizes_and_bad_calls);
    CU_add_test(suite, "out of memory at each allocation", test_out_of_memory);
    CU_add_test(suite, "version", test_version);
    int rc = lds_cunit_tap_main();
    CU_cleanup_registry();
    return rc;
}
