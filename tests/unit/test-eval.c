/* tests/unit/test-eval.c - exact C semantics on both paths (int64 and
 * GMP), built-ins, per-lane names, dependencies, the period analysis. */
#include <stdio.h>
#include <string.h>

#include "src/period.h"
#include "src/eval.h"
#include "src/parser.h"
#include "src/resolve.h"
#include "tests/unit/cunit_tap.h"

static lds_arena *names;     /* the scope's symbols */
static lds_scope scope;
static lds_env env;

/* Parse and resolve text against sc; NULL with diag set on an error. */
static lds_expr *expression(lds_scope *sc, lds_arena *arena, const char *text, lds_diag *diag)
{
    static lds_source src;
    lds_expr *e = NULL;
    src.name = (char *)"<t>";
    src.text = (char *)text;
    src.len = strlen(text);
    lds_resolver r = { sc, arena, arena, diag, 0, 0, false, 0, NULL, NULL, 0 };
    if (lds_parse_expression(&src, arena, &e, diag) < 0 || lds_resolve_expr(&r, e) < 0)
        return NULL;
    return e;
}

/* Evaluate text with the GMP path forced or not; the decimal result, or
 * "error: MSG". */
static const char *eval_text(const char *text, int force_big)
{
    static char out[4096];
    lds_diag diag = { 0 };
    lds_arena *arena = lds_arena_new();
    lds_expr *e = expression(&scope, arena, text, &diag);
    lds_eval ev;
    mpz_t v;
    mpz_init(v);
    lds_eval_init(&ev, &env, NULL, &diag);
    ev.num.force_big = force_big;
    if (e && lds_eval_mpz(&ev, e, v) == 0)
        gmp_snprintf(out, sizeof out, "%Zd", v);
    else
        snprintf(out, sizeof out, "error: %s", diag.msg);
    mpz_clear(v);
    lds_eval_free(&ev);
    lds_arena_free(arena);
    return out;
}

/* Both paths must agree, and agree with `want`. */
static void check(const char *text, const char *want)
{
    char fast[4096];
    snprintf(fast, sizeof fast, "%s", eval_text(text, 0));
    const char *big = eval_text(text, 1);
    CU_ASSERT_STRING_EQUAL(fast, want);
    CU_ASSERT_STRING_EQUAL(big, want);
    if (strcmp(fast, want) || strcmp(big, want))
        printf("# %s: int64 path %s, GMP path %s, want %s\n", text, fast, big, want);
}

static void check_error(const char *text, const char *fragment)
{
    const char *r = eval_text(text, 0);
    CU_ASSERT(strncmp(r, "error: ", 7) == 0 && strstr(r, fragment) != NULL);
    if (!strstr(r, fragment))
        printf("# %s: got '%s', want an error with '%s'\n", text, r, fragment);
}

static void test_precedence(void)
{
    check("2 + 3 * 4", "14");
    check("(2 + 3) * 4", "20");
    check("10 - 4 - 3", "3");
    check("100 / 10 / 5", "2");
    check("1 << 2 + 1", "8");
    check("1 | 2 ^ 3 & 4", "3");
    check("1 + 2 == 3", "1");
    check("2 < 3 == 1", "1");
    check("-2 * -3", "6");
    check("!0 + !5", "1");
    check("~5", "-6");
    check("0 ? 1 : 0 ? 2 : 3", "3");
    check("1 ? 2 : 3", "2");
    check("0 && 1 / 0", "0");   /* short-circuit: no division */
    check("1 || 1 / 0", "1");
    check("1 ? 7 : 1 / 0", "7");
}

static void test_division(void)
{
    check("7 / 2", "3");
    check("-7 / 2", "-3");
    check("7 / -2", "-3");
    check("-7 / -2", "3");
    check("-7 % 2", "-1");
    check("7 % -2", "1");
    check("-7 % -2", "-1");
    check("-9223372036854775807 - 1", "-9223372036854775808");
    check("(-9223372036854775807 - 1) / -1", "9223372036854775808");
    check("(-9223372036854775807 - 1) % -1", "0");
    check_error("1 / 0", "division by zero");
    check_error("5 % (3 - 3)", "division by zero");
}

static void test_shifts_and_bits(void)
{
    check("1 << 200", "1606938044258990275541962092341162602522202993782792835301376");
    check("-1 >> 3", "-1");
    check("-8 >> 1", "-4");
    check("-9 >> 1", "-5");
    check("~0 & 0xff", "255");
    check("-1 & 0xffffffffffffffffff", "4722366482869645213695");
    check("(1 << 100) >> 98", "4");
    check("-(1 << 100) >> 99", "-2");
    check("(1 << 64) - 1", "18446744073709551615");
    check("9223372036854775807 + 1", "9223372036854775808");
    check("(1 << 63) >> 63", "1");
    check("4611686018427387904 * 2", "9223372036854775808");
    check("3037000500 * 3037000500", "9223372037000250000");
    check("(1 << 64) ^ (1 << 64)", "0");
    check("(1 << 70) | 1", "1180591620717411303425");
    check("1 >> 100000000000000000000", "0");
    check("-5 >> 100000000000000000000", "-1");
    check("0 << 100000000000000000000", "0");
    check_error("1 << -1", "negative shift");
    check_error("1 << (1 << 40)", "wider than 65536 bits");
    check_error("1 << 65536", "wider than");
    check("(1 << 65535) >> 65535", "1");
}

static void test_builtins(void)
{
    check("min(3, 1, 2)", "1");
    check("max(-1, -5)", "-1");
    check("max(1 << 70, 5)", "1180591620717411303424");
    check("abs(-5)", "5");
    check("abs(-(1 << 70))", "1180591620717411303424");
    check("gcd(12, 18)", "6");
    check("gcd(-12, 18)", "6");
    check("lcm(4, 6)", "12");
    check("log2(1024)", "10");
    check("log2(1023)", "9");
    check("log2(1 << 100)", "100");
    check("popcount(255)", "8");
    check("popcount((1 << 100) - 1)", "100");
    check("pow(3, 4)", "81");
    check("pow(2, 100)", "1267650600228229401496703205376");
    check("pow(-1, 1000000000001)", "-1");
    check("pow(0, 0)", "1");
    /* CuTe Swizzle<3,3,3>: x ^ ((x & 0x1c0) >> 3) */
    check("swizzle(3, 3, 3, 448)", "504");
    check("swizzle(3, 3, 3, 72)", "64");
    check("swizzle(3, 3, 3, 7)", "7");
    /* Swizzle<2,0,5>: x ^ ((x & 0x60) >> 5) */
    check("swizzle(2, 0, 5, 96)", "99");
    check("swizzle(2, 0, 5, 37)", "36");
    /* a negative S shifts left: x ^ ((x & (3 << 2)) << 3) */
    check("swizzle(2, 2, -3, 12)", "108");
    check_error("log2(0)", "not positive");
    check_error("popcount(-1)", "negative");
    check_error("pow(2, -1)", "negative exponent");
    check_error("pow(2, 100000)", "wider than");
    check_error("min()", "takes 1 argument");
    check_error("gcd(1)", "takes 2 arguments");
    check_error("swizzle(3, 3, 3)", "takes 4");
}

static void test_names(void)
{
    check_error("lanee + 1", "did you mean 'lane'");
    check_error("tid.q", "unknown name");
    check_error("mni(1, 2)", "did you mean 'min'");
}

/* The per-lane names, wave32 and wave64, threads 32, 8. */
static void test_per_lane(void)
{
    env.wave_size = 32;
    env.threads[0] = 32;
    env.threads[1] = 8;
    env.threads[2] = 1;
    env.lane = 5;
    env.wave = 3;
    env.group = 7;
    check("tid", "101");
    check("tid.x", "5");
    check("tid.y", "3");
    check("threadIdx.y", "3");
    check("SV_GroupIndex", "101");
    check("get_local_id(1)", "3");
    check("blockDim.x * blockDim.y", "256");
    check("SV_DispatchThreadID.x", "229");   /* 7 * 32 + 5 */
    check("blockIdx.x", "7");
    env.wave_size = 64;
    env.wave = 1;
    check("tid", "69");
    check("tid.x", "5");
    check("tid.y", "2");
    check("wave_size", "64");
    env.threads[0] = 8;
    env.threads[1] = 4;
    env.threads[2] = 4;
    check("tid.z", "2");   /* 69 / 32 */
    check("tid.y", "0");   /* 69 / 8 % 4 */
    check("thread_idx.x", "5");
}

static void test_deps(void)
{
    lds_diag diag = { 0 };
    lds_arena *arena = lds_arena_new();
    lds_expr *e = expression(&scope, arena, "lane * 4 + group", &diag);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->deps, LDS_DEP_LANE | LDS_DEP_GROUP);
    e = expression(&scope, arena, "tid % 2 + banks", &diag);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->deps, LDS_DEP_LANE | LDS_DEP_WAVE);
    lds_arena_free(arena);
}

/* The period analysis: the shift (P, c) of expressions in k over 0..999,
 * with j nested inside it (src/period.h). */
static void test_period(void)
{
    lds_scope sc;
    lds_loc none = { NULL, 0, 0 };
    lds_scope_init(&sc);
    lds_sym *k = lds_scope_declare(&sc, names, "k", SYM_LOOP, none);
    k->slot = 0;
    k->deps = LDS_DEP_LOOP(0);
    lds_sym *j = lds_scope_declare(&sc, names, "j", SYM_LOOP, none);
    j->slot = 1;
    j->deps = LDS_DEP_LOOP(1);
    static const struct {
        const char *text;
        int proven;
        uint64_t period;
        int64_t c;
        bool uniform;
    } cases[] = {
        { "k", 1, 1, 1, true }, { "3 * k + lane", 1, 1, 3, true }, { "(k << 2) - lane * 7", 1, 1, 4, true },
        { "lane", 1, 1, 0, true }, { "k * lane", 1, 1, 1, false }, { "k * k", 0, 0, 0, false },
        { "k % 32", 1, 32, 0, true }, { "-(2 * k)", 1, 1, -2, true }, { "k * (banks + 1)", 1, 1, 33, true },
        { "k * j", 1, 1, 1, false }, { "j * 5 + k", 1, 1, 1, true },
        /* C's %: the dividend changes sign over the range: not proven */
        { "(k - 500) % 32", 0, 0, 0, false }, { "(k - 2000) % 32", 1, 32, 0, true },
        { "(k + 3) / 4", 1, 4, 1, true }, { "k >> 3", 1, 8, 1, true }, { "(k - 500) >> 3", 1, 8, 1, true },
        { "(k * 8) ^ lane", 1, 4, 32, true }, { "lane ^ (k % 8)", 1, 8, 0, true }, { "(k & 7) * 2", 1, 8, 0, true },
        { "k & ~7", 1, 8, 8, true }, { "k ^ -1", 1, 1, -1, true }, { "k == 3", 0, 0, 0, false },
        { "k % 0", 0, 0, 0, false }, { "lane * k % 97", 1, 97, 0, true }, { "(lane - 40) * k % 97", 1, 97, 0, true }, { "(lane - 10) * k % 97", 0, 0, 0, false },
        { "k % 4 ? k : k + 1", 1, 4, 4, true }, { "k % 2 ? 2 * k : lane * k", 1, 2, 2, false },
        { "min(k % 6, k % 4)", 1, 12, 0, true }, { "~k", 1, 1, -1, true },
    };
    lds_diag diag = { 0 };
    lds_eval ev;
    env.banks = 32;
    env.wave_size = 32;   /* lane in 0..31 */
    lds_eval_init(&ev, &env, NULL, &diag);
    lds_period_ctx cx = { &ev, LDS_DEP_LOOP(0), 0, 1000, LDS_DEP_LOOP(1), 0, 1, 1, NULL, NULL, 0, 0 };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lds_arena *arena = lds_arena_new();
        lds_shift sh = { 0, -999, false };
        lds_expr *e = expression(&sc, arena, cases[i].text, &diag);
        CU_ASSERT_PTR_NOT_NULL_FATAL(e);
        int proven = lds_period_of(&cx, e, &sh);
        CU_ASSERT_EQUAL(proven, cases[i].proven);
        if (proven && cases[i].proven) {
            CU_ASSERT_EQUAL(sh.period, cases[i].period);
            CU_ASSERT_EQUAL(sh.c, cases[i].c);
            if (sh.c != 0)   /* a shift of 0 is the same everywhere, however it came */
                CU_ASSERT_EQUAL(sh.uniform, cases[i].uniform);
        }
        if (proven != cases[i].proven || (proven && (sh.period != cases[i].period || sh.c != cases[i].c)))
            printf("# %s: proven %d, period %llu, c %lld\n", cases[i].text, proven, (unsigned long long)sh.period,
                   (long long)sh.c);
        lds_arena_free(arena);
    }
    lds_shift s = { 1, 3, true };
    CU_ASSERT_EQUAL(lds_period_modulo(&s, 128), 128);   /* 3 x 128 = 0 mod 128 */
    s.c = 32;
    CU_ASSERT_EQUAL(lds_period_modulo(&s, 128), 4);
    lds_eval_free(&ev);
    lds_scope_free(&sc);
}

static int setup(void)
{
    names = lds_arena_new();
    lds_scope_init(&scope);
    memset(&env, 0, sizeof env);
    env.wave_size = 32;
    env.threads[0] = 32;
    env.threads[1] = env.threads[2] = 1;
    env.banks = 32;
    env.bank_bytes = 4;
    return 0;
}

static int teardown(void)
{
    lds_scope_free(&scope);
    lds_arena_free(names);
    return 0;
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("eval", setup, teardown);
    CU_add_test(s, "precedence, associativity, short-circuit", test_precedence);
    CU_add_test(s, "C division and modulo", test_division);
    CU_add_test(s, "shifts and bits, small and huge", test_shifts_and_bits);
    CU_add_test(s, "built-in functions and swizzle", test_builtins);
    CU_add_test(s, "unknown names suggest", test_names);
    CU_add_test(s, "per-lane names", test_per_lane);
    CU_add_test(s, "dependencies", test_deps);
    CU_add_test(s, "period analysis", test_period);
    return lds_cunit_tap_main();
}
