/* tests/unit/test-mem.c - the allocation helpers (base/mem.c): an array
 * grows from its first size by doubling, only when full, keeping what it
 * held; an arena emptied for reuse hands out zeroed memory again; a
 * growing string (base/buf.c) holds what was written, however long. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/mem.h"
#include "base/strset.h"
#include "tests/unit/cunit_tap.h"

static void test_grow(void)
{
    int *a = NULL;
    size_t n = 0, cap = 0, caps[8], ncaps = 0;
    for (; n < 20; n++) {
        size_t before = cap;
        a = lds_xgrow(a, n, &cap, sizeof *a, 4);
        CU_ASSERT(n < cap);
        if (cap != before)
            caps[ncaps++] = cap;
        a[n] = (int)(n * 7);
    }
    /* grown four times, at items 0, 4, 8 and 16 */
    CU_ASSERT_EQUAL(ncaps, 4);
    CU_ASSERT_EQUAL(caps[0], 4);
    CU_ASSERT_EQUAL(caps[1], 8);
    CU_ASSERT_EQUAL(caps[2], 16);
    CU_ASSERT_EQUAL(caps[3], 32);
    int kept = 1;
    for (size_t i = 0; i < n; i++)
        kept &= a[i] == (int)(i * 7);
    CU_ASSERT(kept);
    /* room left: the same block back, the capacity as it was */
    int *same = lds_xgrow(a, 20, &cap, sizeof *a, 4);
    CU_ASSERT_PTR_EQUAL(same, a);
    CU_ASSERT_EQUAL(cap, 32);
    lds_free(a);
}

/* Filled past several blocks (one larger than a block), reset, filled
 * again: every allocation zeroed and aligned for any type (the lane
 * program keeps 128-bit integers there: 8-byte alignment crashed an SSE
 * move, found by the differential fuzzer), the integers usable, nothing
 * leaked (valgrind and the sanitizers check that part). */
static void test_arena_reset(void)
{
    lds_arena *a = lds_arena_new();
    for (int round = 0; round < 3; round++) {
        int zeroed = 1, aligned = 1;
        for (int i = 0; i < 40; i++) {
            size_t n = i == 7 ? 40000 : 1000 + (size_t)i;   /* sizes of every remainder */
            unsigned char *p = lds_arena_alloc(a, n);
            for (size_t k = 0; k < n; k++)
                zeroed &= p[k] == 0;
            aligned &= (uintptr_t)p % _Alignof(max_align_t) == 0;
            memset(p, 0xab, n);
        }
        CU_ASSERT(zeroed);
        CU_ASSERT(aligned);
        mpz_ptr z = lds_arena_mpz(a);
        CU_ASSERT_EQUAL(mpz_sgn(z), 0);
        mpz_ui_pow_ui(z, 3, 200 + round);
        CU_ASSERT_EQUAL(mpz_sizeinbase(z, 3), (size_t)(201 + round));
        char *t = lds_arena_strndup(a, "lane tid", 4);
        CU_ASSERT_STRING_EQUAL(t, "lane");
        lds_arena_reset(a);
    }
    lds_arena_reset(a);   /* twice in a row: still as new */
    unsigned char *p = lds_arena_alloc(a, 16);
    CU_ASSERT(p[0] == 0 && p[15] == 0);
    lds_arena_free(a);
    lds_arena *empty = lds_arena_new();   /* never used */
    lds_arena_reset(empty);
    CU_ASSERT(((unsigned char *)lds_arena_alloc(empty, 8))[7] == 0);
    lds_arena_free(empty);
}

static void test_buf(void)
{
    lds_buf b = { 0 };
    CU_ASSERT_STRING_EQUAL(lds_buf_str(&b), "");
    /* past the first 64 bytes in one write, then across a doubling */
    char want[400] = "";
    for (int i = 0; i < 30; i++) {
        lds_buf_printf(&b, "%s-%d", i ? "x" : "a long first piece that does not fit sixty-three bytes at all", i);
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s-%d",
                 i ? "x" : "a long first piece that does not fit sixty-three bytes at all", i);
    }
    CU_ASSERT_STRING_EQUAL(lds_buf_str(&b), want);
    CU_ASSERT_EQUAL(b.len, strlen(want));
    lds_buf_printf(&b, "%s", "");   /* nothing written: unchanged */
    CU_ASSERT_STRING_EQUAL(lds_buf_str(&b), want);
    lds_buf_clear(&b);
    CU_ASSERT_STRING_EQUAL(lds_buf_str(&b), "");
    CU_ASSERT_EQUAL(b.len, 0);
    mpz_t v;
    mpz_init_set_si(v, -7);
    lds_buf_puts(&b, "(P=");
    lds_buf_put_mpz(&b, v);
    lds_buf_putc(&b, ' ');
    mpz_ui_pow_ui(v, 10, 100);   /* 101 digits: past the room left */
    lds_buf_put_mpz(&b, v);
    lds_buf_putc(&b, ')');
    CU_ASSERT_EQUAL(b.len, strlen("(P=-7 ") + 101 + 1);
    CU_ASSERT(!strncmp(lds_buf_str(&b), "(P=-7 10000", 11) && lds_buf_str(&b)[b.len - 1] == ')');
    mpz_set_ui(v, 0);
    lds_buf_clear(&b);
    lds_buf_put_mpz(&b, v);
    CU_ASSERT_STRING_EQUAL(lds_buf_str(&b), "0");
    char *taken = lds_buf_take(&b);
    CU_ASSERT_STRING_EQUAL(taken, "0");
    CU_ASSERT_PTR_NULL(b.s);
    lds_free(taken);
    mpz_clear(v);
    lds_buf_free(&b);
}

typedef struct {
    char name[16];
    int value;
} named;

static const char *name_of(const void *e) { return ((const named *)e)->name; }

/* Sets by string key, on the heap and in an arena: every entry found
 * after growing past several doublings, a second entry of a key
 * replacing the first, absent keys absent, the hash FNV-1a's. */
static void test_strset(void)
{
    CU_ASSERT_EQUAL(lds_str_hash(""), 14695981039346656037u);
    CU_ASSERT_EQUAL(lds_str_hash("a"), 0xaf63dc4c8601ec8cu);   /* FNV-1a 64 of "a" */
    enum { N = 1000 };
    static named e[N], again;
    lds_strset heap = { .key_of = name_of };
    for (int i = 0; i < N; i++) {
        snprintf(e[i].name, sizeof e[i].name, "n%d", i);
        e[i].value = i;
        CU_ASSERT_PTR_NULL(lds_strset_put(&heap, &e[i]));
    }
    CU_ASSERT_EQUAL(heap.n, N);
    CU_ASSERT(heap.cap >= 2 * N && (heap.cap & (heap.cap - 1)) == 0);
    int found = 0;
    for (int i = 0; i < N; i++) {
        const named *f = lds_strset_find(&heap, e[i].name);
        found += f == &e[i];
    }
    CU_ASSERT_EQUAL(found, N);
    CU_ASSERT_PTR_NULL(lds_strset_find(&heap, "n1000"));
    CU_ASSERT_PTR_NULL(lds_strset_find(&heap, ""));
    strcpy(again.name, "n7");
    CU_ASSERT_PTR_EQUAL(lds_strset_put(&heap, &again), &e[7]);
    CU_ASSERT_PTR_EQUAL(lds_strset_find(&heap, "n7"), &again);
    CU_ASSERT_EQUAL(heap.n, N);
    lds_strset_free(&heap);
    CU_ASSERT_PTR_NULL(lds_strset_find(&heap, "n7"));

    lds_arena *arena = lds_arena_new();
    lds_strset names = { .arena = arena };
    CU_ASSERT_PTR_NULL(lds_strset_put(&names, "tile"));
    CU_ASSERT_PTR_NULL(lds_strset_put(&names, "tid"));
    CU_ASSERT_STRING_EQUAL(lds_strset_find(&names, "tile"), "tile");
    CU_ASSERT_PTR_NULL(lds_strset_find(&names, "til"));
    CU_ASSERT_EQUAL(names.n, 2);
    lds_arena_free(arena);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("mem", NULL, NULL);
    CU_add_test(s, "arrays grow by doubling, only when full", test_grow);
    CU_add_test(s, "an arena reset is as new", test_arena_reset);
    CU_add_test(s, "strings: printf, puts, integers, clear", test_buf);
    CU_add_test(s, "sets by string key: found, replaced, grown", test_strset);
    return lds_cunit_tap_main();
}
