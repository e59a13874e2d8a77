/* tests/unit/test-api-sized.c - the structs the library fills in the
 * caller's memory (lds-calc.h): a caller built against an older, smaller
 * struct - its size field set to its own sizeof - gets the fields it
 * knows and nothing written past them.  Each struct is filled three
 * times: at the library's size (the reference), at an older size in a
 * block with a canary after it (checked byte by byte), and at an older
 * size in a block of exactly that size (valgrind and ASan see a write
 * past it); a size of 0 (never set) writes nothing. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "src/lds-calc.h"
#include "tests/unit/cunit_tap.h"

#define CANARY 0xA5
#define CANARY_BYTES 64

/* What fills a struct: one of the library's five fill functions. */
typedef enum { FILL_ACCESS, FILL_EXPECT, FILL_LAYOUT, FILL_SCORES, FILL_SCORED_ACCESS } fill_kind;

typedef struct {
    ldscalc_result *r;          /* a run with an access, an expect and a suggestion */
    ldscalc_prepared *p;        /* a prepared program scored twice */
    ldscalc_candidate cand[2];
} fixture;

/* Fill out (its size set) with what kind reads: item 0, or for the
 * scores both candidates, out the array's start.  Returns the status. */
static int fill(fixture *f, fill_kind kind, void *out)
{
    switch (kind) {
    case FILL_ACCESS:
        return ldscalc_result_access(f->r, 0, out);
    case FILL_EXPECT:
        return ldscalc_result_expect(f->r, 0, out);
    case FILL_LAYOUT:
        return ldscalc_suggestion_layout(f->r, 0, 0, out);
    case FILL_SCORES:
        return ldscalc_score_many(f->p, f->cand, 2, out);
    case FILL_SCORED_ACCESS:
        break;
    }
    return ldscalc_scored_access(f->p, 1, 0, out);
}

/* A block of `size` bytes (times count) set to the canary, then
 * CANARY_BYTES more of it, its first size field(s) set to size. */
static unsigned char *older_block(size_t size, size_t count, size_t extra)
{
    unsigned char *b = malloc(size * count + extra);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    memset(b, CANARY, size * count + extra);
    for (size_t k = 0; k < count; k++)
        memcpy(b + k * size, &size, sizeof size);
    return b;
}

static bool untouched(const unsigned char *b, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (b[i] != CANARY)
            return false;
    return true;
}

/* Fill an older caller's struct of size `older` (count of them: the
 * scores' array) and check nothing past each one's size was written and
 * its size stays its own.  Returns the canary block (the caller checks
 * the fields it has, then frees it). */
static unsigned char *fill_older(fixture *f, fill_kind kind, size_t older, size_t count)
{
    unsigned char *exact = older_block(older, count, 0);   /* a write past it: valgrind's, ASan's error */
    CU_ASSERT_EQUAL(fill(f, kind, exact), LDSCALC_OK);
    free(exact);
    unsigned char *b = older_block(older, count, CANARY_BYTES);
    CU_ASSERT_EQUAL(fill(f, kind, b), LDSCALC_OK);
    CU_ASSERT(untouched(b, older * count, older * count + CANARY_BYTES));
    for (size_t k = 0; k < count; k++) {
        size_t got;
        memcpy(&got, b + k * older, sizeof got);
        CU_ASSERT_EQUAL(got, older);
    }
    /* a size never set: LDSCALC_USAGE, nothing written */
    unsigned char *unset = older_block(older, count, CANARY_BYTES);
    size_t zero = 0;
    memset(unset, CANARY, older * count + CANARY_BYTES);
    memcpy(unset, &zero, sizeof zero);
    CU_ASSERT_EQUAL(fill(f, kind, unset), LDSCALC_USAGE);
    CU_ASSERT(untouched(unset, sizeof zero, older * count + CANARY_BYTES));
    free(unset);
    return b;
}

static void fixture_open(fixture *f, ldscalc_session *s)
{
    static const char program[] = "array f32 t[32][32]\n"
                                  "read t[lane][k] for k in 0..32\n"
                                  "expect ways == 32\n"
                                  "suggest t\n";
    static const char candidate[] = "array f32 T[32][32 + PAD]\nread T[lane][0]\n";
    static const ldscalc_value pads[2] = { { "PAD", 0 }, { "PAD", 1 } };
    CU_ASSERT_EQUAL(ldscalc_set(s, "arch", "sm80"), LDSCALC_OK);
    f->r = ldscalc_run(s, NULL, program, strlen(program));
    CU_ASSERT_EQUAL_FATAL(ldscalc_result_status(f->r), LDSCALC_OK);
    CU_ASSERT_EQUAL_FATAL(ldscalc_prepare(s, NULL, candidate, strlen(candidate), &f->p), LDSCALC_OK);
    for (int k = 0; k < 2; k++)
        f->cand[k] = (ldscalc_candidate){ NULL, &pads[k], 1 };
}

static void fixture_close(fixture *f)
{
    ldscalc_prepared_free(f->p);
    ldscalc_result_free(f->r);
}

static void test_result_structs(void)
{
    ldscalc_session *s = ldscalc_open();
    fixture f;
    fixture_open(&f, s);
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    CU_ASSERT_EQUAL(fill(&f, FILL_ACCESS, &a), LDSCALC_OK);
    CU_ASSERT_EQUAL(a.size, sizeof a);
    CU_ASSERT(a.line == 2 && a.ways == 32);
    ldscalc_access *old_a = (ldscalc_access *)fill_older(&f, FILL_ACCESS, offsetof(ldscalc_access, source), 1);
    CU_ASSERT(old_a->line == 2 && old_a->column == 1 && old_a->file == a.file);
    free(old_a);

    ldscalc_expect e = LDSCALC_EXPECT_INIT;
    CU_ASSERT_EQUAL(fill(&f, FILL_EXPECT, &e), LDSCALC_OK);
    CU_ASSERT(e.line == 3 && e.ok && !strcmp(e.actual, "32"));
    ldscalc_expect *old_e = (ldscalc_expect *)fill_older(&f, FILL_EXPECT, offsetof(ldscalc_expect, source), 1);
    CU_ASSERT(old_e->line == 3 && old_e->column == e.column);
    free(old_e);

    ldscalc_layout l = LDSCALC_LAYOUT_INIT;
    CU_ASSERT_EQUAL(fill(&f, FILL_LAYOUT, &l), LDSCALC_OK);
    CU_ASSERT(l.layout == NULL && l.ways == 32);
    ldscalc_layout *old_l = (ldscalc_layout *)fill_older(&f, FILL_LAYOUT, offsetof(ldscalc_layout, layout), 1);
    CU_ASSERT(old_l->label == l.label);
    free(old_l);
    fixture_close(&f);
    ldscalc_close(s);
}

static void test_score_structs(void)
{
    ldscalc_session *s = ldscalc_open();
    fixture f;
    fixture_open(&f, s);
    ldscalc_score_result full[2] = { LDSCALC_SCORE_RESULT_INIT, LDSCALC_SCORE_RESULT_INIT };
    CU_ASSERT_EQUAL(fill(&f, FILL_SCORES, full), LDSCALC_OK);
    CU_ASSERT(full[0].ways == 32 && full[1].ways == 1);
    /* an older score: size, status and reason; the array's stride is its size */
    size_t older = offsetof(ldscalc_score_result, naccesses);
    unsigned char *b = fill_older(&f, FILL_SCORES, older, 2);
    for (int k = 0; k < 2; k++) {
        const ldscalc_score_result *o = (const ldscalc_score_result *)(b + (size_t)k * older);
        CU_ASSERT(o->status == LDSCALC_OK && o->reason == NULL);
    }
    free(b);
    ldscalc_score_access sa = LDSCALC_SCORE_ACCESS_INIT;
    CU_ASSERT_EQUAL(fill(&f, FILL_SCORED_ACCESS, &sa), LDSCALC_OK);
    CU_ASSERT(sa.line == 2 && sa.ways == 1 && !strcmp(sa.array, "T"));
    ldscalc_score_access *old_sa =
        (ldscalc_score_access *)fill_older(&f, FILL_SCORED_ACCESS, offsetof(ldscalc_score_access, array), 1);
    CU_ASSERT(old_sa->line == 2 && old_sa->column == 1);
    free(old_sa);
    fixture_close(&f);
    ldscalc_close(s);
}

/* ldscalc_cancel(NULL) and the other NULLs the header allows: nothing. */
static void test_null_is_harmless(void)
{
    ldscalc_cancel(NULL);
    ldscalc_close(NULL);
    ldscalc_result_free(NULL);
    ldscalc_prepared_free(NULL);
    ldscalc_free(NULL);
    ldscalc_session *s = ldscalc_open();   /* and a session goes on after them */
    ldscalc_result *r = ldscalc_run(s, NULL, "read f32[lane]", 14);
    CU_ASSERT_EQUAL(ldscalc_result_status(r), LDSCALC_OK);
    ldscalc_result_free(r);
    ldscalc_close(s);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("api-sized", NULL, NULL);
    CU_add_test(s, "access, expect, layout: an older caller's struct is not written past", test_result_structs);
    CU_add_test(s, "scores and their accesses: an older caller's struct (and stride) is not written past",
                test_score_structs);
    CU_add_test(s, "ldscalc_cancel(NULL) and the frees of NULL do nothing", test_null_is_harmless);
    return lds_cunit_tap_main();
}
