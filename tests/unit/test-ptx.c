/* tests/unit/test-ptx.c - the PTX reader's values, conditions and
 * lowering (front/ptx): what the constructors fold and what they keep,
 * the text lds reads, joins of path conditions, substitution and
 * evaluation, and small kernels lowered whole. */
#include <stdlib.h>
#include <string.h>

#include "front/ptx/ptx_impl.h"
#include "base/mem.h"
#include "tests/unit/cunit_tap.h"

static lds_arena *arena;
static pv_ctx C;
static pv *tid, *n;

static int setup(void)
{
    arena = lds_arena_new();
    pv_init(&C, arena);
    tid = pv_sym(&C, "tid.x", DEP_LANE, 0, 255);
    n = pv_symbol(&C, SYM_PARAM, "n", 0, DEP_PARAM, 0, ((pw)1 << 32) - 1, false);
    return 0;
}

static int teardown(void)
{
    pv_fini(&C);
    lds_arena_free(arena);
    return 0;
}

static pv *k(pw v) { return pv_const(&C, v); }
static const char *text(const pv *v) { return pv_text(&C, v); }

static void test_linear_forms(void)
{
    pv *a = pv_add(&C, pv_scale(&C, tid, 4), k(12));
    CU_ASSERT_STRING_EQUAL(text(a), "4 * tid.x + 12");
    CU_ASSERT_PTR_EQUAL(pv_sub(&C, a, k(12)), pv_scale(&C, tid, 4));   /* one node for one value */
    CU_ASSERT_TRUE(pv_is_const(pv_sub(&C, a, a), 0));
    CU_ASSERT_EQUAL(a->lo, 12);
    CU_ASSERT_EQUAL(a->hi, 4 * 255 + 12);
    /* shl by a constant is a product; shr of a multiple a quotient */
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_SHL, tid, k(2)), pv_scale(&C, tid, 4));
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_SHR, pv_scale(&C, tid, 16), k(4)), tid);
    /* nvcc's remainder: x - (x & -16) is x & 15 for x below 256 */
    pv *rem = pv_sub(&C, tid, pv_bin(&C, PV_AND, tid, k(-16)));
    CU_ASSERT_STRING_EQUAL(text(rem), "tid.x & 15");
}

static void test_intervals_decide(void)
{
    CU_ASSERT_TRUE(pv_is_const(pv_bin(&C, PV_SHR, tid, k(31)), 0));   /* the sign of a thread id */
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_AND, tid, k(255)), tid);
    CU_ASSERT_STRING_EQUAL(text(pv_bin(&C, PV_AND, tid, k(0x3ffffff0))), "tid.x & 240");
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_MIN, tid, k(300)), tid);
    CU_ASSERT_TRUE(pv_is_const(pv_cmp(&C, CMP_LT, tid, k(256)), 1));
    /* bits that do not overlap: an or is a sum */
    pv *hi = pv_scale(&C, n, 256);
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_OR, hi, tid), pv_add(&C, hi, tid));
    /* exact division of a linear form */
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_DIV, pv_add(&C, pv_scale(&C, tid, 8), k(16)), k(8)), pv_add(&C, tid, k(2)));
    CU_ASSERT_EQUAL(pv_bin(&C, PV_DIV, tid, k(0))->op, PV_DATA);
}

static void test_wrap(void)
{
    CU_ASSERT_PTR_EQUAL(pv_wrap(&C, tid, 32, false), tid);   /* in range: itself */
    CU_ASSERT_TRUE(pv_is_const(pv_wrap(&C, k(-1), 32, false), 4294967295));
    CU_ASSERT_TRUE(pv_is_const(pv_wrap(&C, k(65535), 16, true), -1));
    pv *m1 = pv_sub(&C, tid, k(1));
    CU_ASSERT_STRING_EQUAL(text(pv_wrap(&C, m1, 32, false)), "(tid.x - 1) & 4294967295");
    pw out;
    pv *from[1] = { tid };
    pw zero[1] = { 0 };
    CU_ASSERT_TRUE(pv_eval(pv_wrap(&C, m1, 32, false), from, zero, 1, &out));
    CU_ASSERT_TRUE(out == 4294967295);
    CU_ASSERT_TRUE(pv_eval(pv_wrap(&C, m1, 8, true), from, zero, 1, &out));
    CU_ASSERT_TRUE(out == -1);
}

static void test_comparisons(void)
{
    pv *le = pv_cmp(&C, CMP_LE, tid, k(15)), *lt = pv_cmp(&C, CMP_LT, tid, k(16));
    CU_ASSERT_PTR_EQUAL(le, lt);   /* a <= b is a < b + 1 */
    pv *ge = pv_cmp(&C, CMP_GE, tid, k(16));
    CU_ASSERT_PTR_EQUAL(pv_not(&C, ge), lt);   /* a >= b is !(a < b) */
    CU_ASSERT_STRING_EQUAL(text(ge), "tid.x >= 16");
    CU_ASSERT_STRING_EQUAL(text(pv_cmp(&C, CMP_GT, tid, k(31))), "tid.x > 31");
    CU_ASSERT_STRING_EQUAL(text(pv_cmp(&C, CMP_NE, tid, n)), "tid.x != n");
    pv *d = pv_data(&C, "%r5, loaded", 7, 2, false);
    CU_ASSERT_PTR_EQUAL(pv_add(&C, tid, pv_mul(&C, d, n)), d);   /* data absorbs */
    CU_ASSERT_PTR_EQUAL(pv_data_of(&C, pv_sel(&C, lt, d, tid)), d);
}

static void test_conditions(void)
{
    pv *p = pv_cmp(&C, CMP_LT, tid, k(16)), *q = pv_cmp(&C, CMP_LT, n, k(8));
    pcond x = pc_lit1(&C, q, false);
    pcond a = pc_and(&C, x, pc_lit1(&C, p, false)), b = pc_and(&C, x, pc_lit1(&C, p, true));
    CU_ASSERT_TRUE(pc_equal(pc_or(&C, a, b), x));   /* the two arms of an if meet */
    CU_ASSERT_TRUE(pc_is_false(pc_and(&C, a, b)));
    CU_ASSERT_TRUE(pc_is_true(pc_or(&C, pc_lit1(&C, p, false), pc_lit1(&C, pv_cmp(&C, CMP_GE, tid, k(16)), false))));
    pcond com, rest;
    pc_factor(&C, pc_or(&C, a, pc_and(&C, x, pc_lit1(&C, pv_cmp(&C, CMP_EQ, tid, k(99)), false))), &com, &rest);
    CU_ASSERT_TRUE(pc_equal(com, x));
    /* !(a || b) is two literals */
    pcond nor = pc_lit1(&C, pv_bin(&C, PV_LOR, p, q), true);
    CU_ASSERT_EQUAL(nor.nterms, 1);
    CU_ASSERT_EQUAL(nor.terms[0].n, 2);
    /* too many terms: unknown, never guessed */
    pcond big = pc_false();
    for (int i = 0; i < 70; i++)
        big = pc_or(&C, big, pc_lit1(&C, pv_cmp(&C, CMP_EQ, tid, k(i)), false));
    CU_ASSERT_TRUE(big.unknown);
}

static void test_substitution(void)
{
    pv *t = pv_sym(&C, "trip", DEP_LOOP, 0, 100), *two = k(2);
    pv *v = pv_add(&C, pv_scale(&C, t, 8), tid), *base, *step;
    CU_ASSERT_TRUE(pv_affine_in(&C, v, t, &base, &step));
    CU_ASSERT_PTR_EQUAL(base, tid);
    CU_ASSERT_TRUE(pv_is_const(step, 8));
    CU_ASSERT_PTR_EQUAL(pv_subst(&C, v, &t, &two, 1), pv_add(&C, tid, k(16)));
    CU_ASSERT_TRUE(pv_affine_in(&C, pv_mul(&C, t, n), t, &base, &step));
    CU_ASSERT_PTR_EQUAL(step, n);
    CU_ASSERT_FALSE(pv_affine_in(&C, pv_bin(&C, PV_SHR, k(128), t), t, &base, &step));
}

/* Bits that do not overlap, taken apart: AMDGPU's packed thread ids
 * (x | y << 10 | z << 20) and 64-bit values in 32-bit halves. */
static void test_bit_fields(void)
{
    pv *ty = pv_sym(&C, "tid.y", DEP_LANE, 0, 3), *tz = pv_sym(&C, "tid.z", DEP_LANE, 0, 1);
    pv *packed = pv_add(&C, pv_add(&C, tid, pv_scale(&C, ty, 1024)), pv_scale(&C, tz, 1 << 20));
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_AND, packed, k(1023)), tid);
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_AND, pv_bin(&C, PV_SHR, packed, k(10)), k(1023)), ty);
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_SHR, packed, k(20)), tz);
    /* a constant's high bits go with the high terms, where the low part then fits */
    CU_ASSERT_PTR_EQUAL(pv_bin(&C, PV_SHR, pv_add(&C, packed, k(2048)), k(10)), pv_add(&C, pv_add(&C, ty, k(2)), pv_scale(&C, tz, 1024)));
    /* but a wrap keeps its constant: a counter's start stays as written */
    CU_ASSERT_STRING_EQUAL(text(pv_bin(&C, PV_AND, pv_sub(&C, tid, k(1)), k(255))), "(tid.x - 1) & 255");
    pv *big = pv_symbol(&C, SYM_PARAM, "p", 1, DEP_PARAM, 0, ((pw)1 << 48) - 1, false);
    CU_ASSERT_PTR_EQUAL(pv_wrap(&C, pv_add(&C, pv_scale(&C, big, (pw)1 << 32), tid), 32, false), tid);
    /* a value that is 0 or 1 is its own truth */
    pv *carry = pv_bin(&C, PV_SHR, pv_add(&C, pv_wrap(&C, big, 32, false), tid), k(32));
    CU_ASSERT_TRUE(carry->lo == 0 && carry->hi == 1);
    CU_ASSERT_PTR_EQUAL(pv_sel(&C, carry, k(1), k(0)), carry);
}

/* What a value is where a condition is known to hold. */
static void test_assume(void)
{
    pv *p = pv_cmp(&C, CMP_LT, tid, n), *q = pv_cmp(&C, CMP_LT, tid, k(16));
    pv *v = pv_sel(&C, pv_bin(&C, PV_LAND, p, pv_not(&C, q)), pv_add(&C, tid, k(4)), tid);
    pcond known = pc_and(&C, pc_lit1(&C, p, false), pc_lit1(&C, q, true));
    CU_ASSERT_PTR_EQUAL(pc_assume(&C, known, v), pv_add(&C, tid, k(4)));
    /* only what every way has: p || q decides nothing */
    CU_ASSERT_PTR_EQUAL(pc_assume(&C, pc_or(&C, pc_lit1(&C, p, false), pc_lit1(&C, q, false)), v), v);
}

/* ------------------------------------------------------ whole kernels */

static unsigned warnings;
static char warned[512];
static void on_warning(void *ctx, const lds_diag *d)
{
    (void)ctx;
    warnings++;
    snprintf(warned, sizeof warned, "%s", d->msg);
}

/* The lowered text of a kernel (or the error), freed at the next call. */
static const char *lower(const char *ptx, const char *threads, csrc_define *defs, unsigned ndefs)
{
    static char *last;
    lds_free(last);
    last = NULL;
    lds_source src = { .name = "k.ptx", .text = (char *)ptx, .len = strlen(ptx), .first_line = 1 };
    ptx_lower_options o = { .threads = threads, .defines = defs, .ndefines = ndefs, .warn = on_warning };
    csrc_lowered *out;
    unsigned nk;
    lds_diag d = { 0 };
    if (ptx_lower_file(&src, &o, &out, &nk, &d) < 0) {
        last = lds_xstrdup(d.msg);
        return last;
    }
    lds_buf b = { 0 };
    for (unsigned i = 0; i < nk; i++)
        lds_buf_puts(&b, out[i].text);
    csrc_lowered_free(out, nk);
    last = lds_buf_take(&b);
    return last;
}

#define HEAD ".version 7.0\n.target sm_80\n.address_size 64\n"

static void test_shift_loop(void)
{
    const char *t = lower(HEAD ".visible .entry r()\n{\n.reg .pred %p<3>;\n.reg .b32 %r<8>;\n"
                          ".shared .align 4 .b8 s[1024];\nmov.u32 %r1, %tid.x;\nmov.u32 %r2, 128;\n"
                          "$L__top:\nsetp.ge.u32 %p1, %r1, %r2;\n@%p1 bra $L__skip;\nshl.b32 %r3, %r2, 2;\n"
                          "mov.u32 %r4, s;\nadd.s32 %r5, %r4, %r3;\nld.shared.f32 %f1, [%r5];\n$L__skip:\n"
                          "shr.u32 %r2, %r2, 1;\nsetp.ne.s32 %p2, %r2, 0;\n@%p2 bra $L__top;\nret;\n}\n",
                          "256", NULL, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "for top_trip in 0..8 {"));
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "ld.shared.f32 s[4 * (128 >> top_trip)] if tid.x < (128 >> top_trip)"));
}

static void test_parameter_bound(void)
{
    const char *kern = HEAD ".visible .entry p(.param .u32 p_param_0)\n{\n.reg .pred %p<3>;\n.reg .b32 %r<8>;\n"
                       ".shared .align 4 .b8 s[4096];\nld.param.u32 %r1, [p_param_0];\nmov.u32 %r2, 0;\n"
                       "mov.u32 %r6, %tid.x;\nshl.b32 %r6, %r6, 2;\n"
                       "$L__top:\nshl.b32 %r3, %r2, 7;\nadd.s32 %r3, %r3, %r6;\nmov.u32 %r4, s;\nadd.s32 %r5, %r4, %r3;\n"
                       "st.shared.u32 [%r5], %r2;\nadd.s32 %r2, %r2, 1;\nsetp.lt.s32 %p2, %r2, %r1;\n"
                       "@%p2 bra $L__top;\nret;\n}\n";
    warnings = 0;
    const char *t = lower(kern, "32", NULL, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "skipped write s: it is in a loop whose trip count needs 'param_0'"));
    CU_ASSERT_EQUAL(warnings, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(warned, "'param_0'"));
    csrc_define d = { .name = "param_0" };
    t = lower(kern, "32", &d, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "0..max(1, param_0)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "st.shared.u32 s[4 * tid.x + 128 * top_trip]"));
    CU_ASSERT_TRUE(d.used);
}

static void test_bad_text(void)
{
    CU_ASSERT_PTR_NOT_NULL(strstr(lower(HEAD ".visible .entry k()\n{\nmov.u32 %r1 %tid.x;\n}\n", NULL, NULL, 0),
                                  "expected ',' or ';' after an operand"));
    CU_ASSERT_PTR_NOT_NULL(strstr(lower(HEAD ".visible .entry k()\n{\nret;\n", NULL, NULL, 0), "no closing '}'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(lower(HEAD ".visible .entry k()\n{\nld.shared.u32 %r1, [{%r2}];\n}\n", NULL, NULL, 0),
                                  "expected"));
    char deep[4096] = HEAD ".visible .entry k()\n";
    for (int i = 0; i < 100; i++)
        strcat(deep, "{");
    CU_ASSERT_PTR_NOT_NULL(strstr(lower(deep, NULL, NULL, 0), "nested deeper"));
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("ptx", setup, teardown);
    CU_add_test(s, "linear forms", test_linear_forms);
    CU_add_test(s, "intervals decide", test_intervals_decide);
    CU_add_test(s, "wrap where the type wraps", test_wrap);
    CU_add_test(s, "comparisons as < and ==", test_comparisons);
    CU_add_test(s, "path conditions", test_conditions);
    CU_add_test(s, "substitution and affine forms", test_substitution);
    CU_add_test(s, "bit fields taken apart", test_bit_fields);
    CU_add_test(s, "values where a condition holds", test_assume);
    CU_add_test(s, "a shift loop run at lowering time", test_shift_loop);
    CU_add_test(s, "a loop bounded by a parameter", test_parameter_bound);
    CU_add_test(s, "bad text", test_bad_text);
    return lds_cunit_tap_main();
}
