/* tests/unit/test-num.c - exact integers (src/num.c): the int64 path and
 * the GMP path give the same numbers, a value moves between them at the
 * 64-bit edge, the width limit holds, and the temporaries stack stays
 * where settle puts it. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "src/divconst.h"
#include "src/num.h"
#include "tests/unit/cunit_tap.h"

static lds_numctx ctx;
static lds_diag diag;
static const lds_loc here = { NULL, 1, 1 };

static const char *text_of(const lds_num *v)
{
    static char buf[256];
    if (v->z)
        gmp_snprintf(buf, sizeof buf, "%Zd", v->z);
    else
        snprintf(buf, sizeof buf, "%lld", (long long)v->i);
    return buf;
}

/* a OP b on both paths: the same decimal, or both an error. */
static const char *binary(lds_op op, int64_t a, int64_t b)
{
    static char fast[256];
    lds_num x, y, r;
    for (int big = 0; big < 2; big++) {
        memset(&diag, 0, sizeof diag);
        ctx.force_big = big;
        ctx.top = 0;
        CU_ASSERT_EQUAL(lds_num_small(&ctx, a, &x, here), 0);
        CU_ASSERT_EQUAL(lds_num_small(&ctx, b, &y, here), 0);
        const char *got = lds_num_binary(&ctx, op, &x, &y, &r, here) == 0 ? text_of(&r) : diag.msg;
        if (!big)
            snprintf(fast, sizeof fast, "%s", got);
        else
            CU_ASSERT_STRING_EQUAL(got, fast);
    }
    ctx.force_big = false;
    return fast;
}

static void test_overflow_moves_to_gmp(void)
{
    CU_ASSERT_STRING_EQUAL(binary(OP_ADD, INT64_MAX, 1), "9223372036854775808");
    CU_ASSERT_STRING_EQUAL(binary(OP_SUB, INT64_MIN, 1), "-9223372036854775809");
    CU_ASSERT_STRING_EQUAL(binary(OP_MUL, INT64_MAX, INT64_MAX), "85070591730234615847396907784232501249");
    CU_ASSERT_STRING_EQUAL(binary(OP_DIV, INT64_MIN, -1), "9223372036854775808");
    CU_ASSERT_STRING_EQUAL(binary(OP_MOD, INT64_MIN, -1), "0");
    /* and a GMP value that fits comes back to int64 */
    lds_num x, y, r;
    lds_num_small(&ctx, INT64_MAX, &x, here);
    lds_num_small(&ctx, 1, &y, here);
    CU_ASSERT_EQUAL(lds_num_binary(&ctx, OP_ADD, &x, &y, &r, here), 0);
    CU_ASSERT_PTR_NOT_NULL(r.z);
    lds_num back;
    CU_ASSERT_EQUAL(lds_num_binary(&ctx, OP_SUB, &r, &y, &back, here), 0);
    CU_ASSERT_PTR_NULL(back.z);
    CU_ASSERT_EQUAL(back.i, INT64_MAX);
}

static void test_c_semantics(void)
{
    CU_ASSERT_STRING_EQUAL(binary(OP_DIV, -7, 2), "-3");
    CU_ASSERT_STRING_EQUAL(binary(OP_MOD, -7, 2), "-1");
    CU_ASSERT_STRING_EQUAL(binary(OP_MOD, 7, -2), "1");
    CU_ASSERT_STRING_EQUAL(binary(OP_SHR, -1, 3), "-1");
    CU_ASSERT_STRING_EQUAL(binary(OP_SHR, -9, 1), "-5");
    CU_ASSERT_STRING_EQUAL(binary(OP_SHL, 3, 64), "55340232221128654848");
    CU_ASSERT_STRING_EQUAL(binary(OP_AND, -1, 255), "255");
    CU_ASSERT_STRING_EQUAL(binary(OP_XOR, -8, 3), "-5");
    CU_ASSERT_STRING_EQUAL(binary(OP_LT, -1, 0), "1");
    CU_ASSERT_STRING_EQUAL(binary(OP_DIV, 1, 0), "division by zero");
    CU_ASSERT_STRING_EQUAL(binary(OP_SHL, 1, -1), "negative shift count");
}

static void test_width_limit(void)
{
    lds_num one, r;
    ctx.max_bits = 100;
    lds_num_small(&ctx, 1, &one, here);
    CU_ASSERT_EQUAL(lds_num_shift_left(&ctx, &one, 99, &r, here), 0);
    memset(&diag, 0, sizeof diag);
    CU_ASSERT_EQUAL(lds_num_shift_left(&ctx, &one, 100, &r, here), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "wider than 100 bits"));
    ctx.max_bits = 65536;
}

/* settle leaves a big result in the slot of its mark and frees the rest:
 * the stack does not grow from one computation to the next. */
static void test_settle(void)
{
    lds_num a, b, r;
    ctx.top = 0;
    size_t mark = ctx.top;
    lds_num_small(&ctx, INT64_MAX, &a, here);
    lds_num_small(&ctx, INT64_MAX, &b, here);
    lds_num_binary(&ctx, OP_MUL, &a, &b, &r, here);   /* pushes temporaries */
    CU_ASSERT(ctx.top > mark);
    lds_num_settle(&ctx, mark, &r);
    CU_ASSERT_EQUAL(ctx.top, mark + 1);
    CU_ASSERT_PTR_EQUAL(r.z, ctx.tmp[mark]);
    CU_ASSERT_STRING_EQUAL(text_of(&r), "85070591730234615847396907784232501249");
    lds_num s;
    lds_num_small(&ctx, 5, &s, here);
    lds_num_settle(&ctx, mark, &s);
    CU_ASSERT_EQUAL(ctx.top, mark);
}

static void test_width_and_conversions(void)
{
    lds_num v;
    int64_t i;
    unsigned long u;
    lds_num_small(&ctx, -12345, &v, here);
    CU_ASSERT_EQUAL(lds_num_width(&v), 6);
    CU_ASSERT_TRUE(lds_num_to_int64(&v, &i));
    CU_ASSERT_FALSE(lds_num_to_ulong(&v, &u));
    mpz_t z;
    mpz_init_set_str(z, "-100000000000000000000", 10);
    CU_ASSERT_EQUAL(lds_num_from_mpz(&ctx, z, &v, here), 0);
    CU_ASSERT_EQUAL(lds_num_width(&v), 22);
    CU_ASSERT_FALSE(lds_num_to_int64(&v, &i));
    CU_ASSERT_EQUAL(lds_num_sign(&v), -1);
    mpz_clear(z);
}

static int setup(void)
{
    lds_numctx_init(&ctx, &diag);
    return 0;
}

static int teardown(void)
{
    lds_numctx_free(&ctx);
    return 0;
}

/* Division by a constant through a multiply (src/divconst.h) against C's
 * / and %: divisors of every kind (powers of two, just above and below
 * them, primes, the extremes, negative), dividends at the edges and
 * spread over the whole range. */
static void test_divconst(void)
{
    int64_t divisors[200], dividends[600];
    unsigned nd = 0, nn = 0;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (unsigned s = 1; s < 63; s++) {
        int64_t p = (int64_t)1 << s;
        divisors[nd++] = p;
        divisors[nd++] = p + 1;
        divisors[nd++] = -(p - 1);
    }
    const int64_t special[] = { 1, 3, 5, 7, 641, 8191, 1000003, 4099, INT64_MAX, INT64_MIN, -2, -3, INT64_MAX - 1,
                                (int64_t)0x7fffffff00000001 };
    for (unsigned i = 0; i < sizeof special / sizeof special[0]; i++)
        divisors[nd++] = special[i];
    const int64_t edges[] = { 0, 1, -1, 2, -2, INT64_MAX, INT64_MIN, INT64_MIN + 1, INT64_MAX - 1, 1000002,
                              1000003, 1000004, -1000003 };
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
        dividends[nn++] = edges[i];
    while (nn < sizeof dividends / sizeof dividends[0]) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        dividends[nn++] = (int64_t)(x >> (x % 64));   /* every magnitude */
        dividends[nn - 1] *= (x & 1) ? -1 : 1;
    }
    unsigned wrong = 0;
    for (unsigned i = 0; i < nd; i++) {
        lds_divconst c = lds_divconst_of(divisors[i]);
        for (unsigned j = 0; j < nn; j++) {
            int64_t n = dividends[j], d = divisors[i];
            if (n == INT64_MIN && d == -1)
                continue;
            if (lds_divconst_div(&c, n) != n / d || lds_divconst_mod(&c, n) != n % d) {
                if (wrong++ < 5)
                    printf("# %lld / %lld\n", (long long)n, (long long)d);
            }
            /* the step for dividends below 2^63, where it applies */
            uint64_t un = (uint64_t)n, ud = c.ad;
            if (n >= 0 && c.magic && lds_divconst_udiv63(&c, un) != un / ud) {
                if (wrong++ < 5)
                    printf("# %llu / %llu below 2^63\n", (unsigned long long)un, (unsigned long long)ud);
            }
        }
    }
    CU_ASSERT_EQUAL(wrong, 0);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("num", setup, teardown);
    CU_add_test(s, "overflow moves to GMP and back", test_overflow_moves_to_gmp);
    CU_add_test(s, "C semantics on both paths", test_c_semantics);
    CU_add_test(s, "the width limit", test_width_limit);
    CU_add_test(s, "settle keeps the stack flat", test_settle);
    CU_add_test(s, "widths and conversions", test_width_and_conversions);
    CU_add_test(s, "division by a constant", test_divconst);
    return lds_cunit_tap_main();
}
