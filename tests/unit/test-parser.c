/* tests/unit/test-parser.c - tree shapes, statements, error messages. */
#include <string.h>

#include "src/parser.h"
#include "tests/unit/cunit_tap.h"

static lds_source src;
static lds_program prog;
static lds_diag diag;

static int parse(const char *text)
{
    src.name = (char *)"<test>";
    src.text = (char *)text;
    src.len = strlen(text);
    memset(&diag, 0, sizeof diag);
    lds_arena_free(prog.arena);
    prog.arena = lds_arena_new();
    prog.first = NULL;
    return lds_parse_program(&src, &prog, &diag);
}

static lds_expr *expr_of(const char *text)
{
    static char buf[256];
    snprintf(buf, sizeof buf, "print %s", text);
    if (parse(buf) < 0 || !prog.first)
        return NULL;
    return prog.first->u.print.values[0];
}

static void test_precedence(void)
{
    lds_expr *e = expr_of("1 + 2 * 3");
    CU_ASSERT_FATAL(e != NULL);
    CU_ASSERT_EQUAL(e->op, OP_ADD);
    CU_ASSERT_EQUAL(e->b->op, OP_MUL);
    e = expr_of("1 - 2 - 3");   /* left-associative */
    CU_ASSERT_EQUAL(e->op, OP_SUB);
    CU_ASSERT_EQUAL(e->a->op, OP_SUB);
    CU_ASSERT_EQUAL(e->b->value, 3);
    e = expr_of("a | b ^ c & d == e < f << g + h * -i");
    CU_ASSERT_EQUAL(e->op, OP_OR);
    CU_ASSERT_EQUAL(e->b->op, OP_XOR);
    CU_ASSERT_EQUAL(e->b->b->op, OP_AND);
    CU_ASSERT_EQUAL(e->b->b->b->op, OP_EQ);
    CU_ASSERT_EQUAL(e->b->b->b->b->op, OP_LT);
    CU_ASSERT_EQUAL(e->b->b->b->b->b->op, OP_SHL);
    CU_ASSERT_EQUAL(e->b->b->b->b->b->b->op, OP_ADD);
    CU_ASSERT_EQUAL(e->b->b->b->b->b->b->b->op, OP_MUL);
    CU_ASSERT_EQUAL(e->b->b->b->b->b->b->b->b->kind, E_UNARY);
    e = expr_of("a || b && c");
    CU_ASSERT_EQUAL(e->op, OP_LOR);
    e = expr_of("a ? b : c ? d : e");   /* right-associative */
    CU_ASSERT_EQUAL(e->kind, E_COND);
    CU_ASSERT_EQUAL(e->c->kind, E_COND);
    e = expr_of("f(1, g(2), 3)");
    CU_ASSERT_EQUAL(e->kind, E_CALL);
    CU_ASSERT_EQUAL(e->nargs, 3);
    CU_ASSERT_EQUAL(e->args[1]->kind, E_CALL);
}

static void test_literals(void)
{
    lds_expr *e = expr_of("0x2a");
    CU_ASSERT_EQUAL(e->value, 42);
    e = expr_of("65_536");
    CU_ASSERT_EQUAL(e->value, 65536);
    e = expr_of("123456789012345678901234567890");
    CU_ASSERT_PTR_NOT_NULL(e->big);
    CU_ASSERT_EQUAL(mpz_cmp_ui(e->big, 0) > 0, 1);
}

static void test_statements(void)
{
    CU_ASSERT_EQUAL(parse("arch gfx942\nset banks 16; set r2 strict\nrules seed\nthreads 32, 8\ngroups 4\n"
                          "let a = lane * 4\ndef pad(i, j) = i * 33 + j\n"
                          "array f32 tile[32][32] at 256 layout pad size 1056\n"
                          "__shared__ float t2[32][33];\ngroupshared uint count;\n"
                          "read tile[lane][k] if lane < 16 for k in 0..32, j in 0..2\n"
                          "ds_read_b128 tile[lane][0]\nwrite b64 @ lane * 8\natomic count\n"
                          "f32[lane*4]\nfor k in 0..4 { read f32[k] }\nprint 1, lane\n"
                          "expect ways == 1\nexpect conflict-free\nshow grid\n"), 0);
    lds_stmt_kind want[] = { S_ARCH, S_SET, S_SET, S_RULES, S_THREADS, S_GROUPS, S_LET, S_DEF, S_ARRAY,
                             S_ARRAY, S_ARRAY, S_ACCESS, S_ACCESS, S_ACCESS, S_ACCESS, S_ACCESS, S_FOR,
                             S_PRINT, S_EXPECT, S_EXPECT, S_SHOW };
    lds_stmt *s = prog.first;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++, s = s->next) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(s);
        CU_ASSERT_EQUAL(s->kind, want[i]);
    }
    CU_ASSERT_PTR_NULL(s);
    s = prog.first;
    CU_ASSERT_STRING_EQUAL(s->u.arch.name, "gfx942");
    s = s->next->next->next->next;   /* threads */
    CU_ASSERT_EQUAL(s->u.threads.n, 2);
    s = s->next->next->next;          /* def */
    CU_ASSERT_EQUAL(s->u.def.nparams, 2);
    s = s->next;                      /* array */
    CU_ASSERT_EQUAL(s->u.array.elem_size, 4);
    CU_ASSERT_EQUAL(s->u.array.ndims, 2);
    CU_ASSERT_STRING_EQUAL(s->u.array.layout, "pad");
    s = s->next->next;                /* groupshared uint count */
    CU_ASSERT_EQUAL(s->u.array.ndims, 0);
    s = s->next;                      /* read ... if ... for ... */
    CU_ASSERT_PTR_NOT_NULL(s->u.access.cond);
    CU_ASSERT_EQUAL(s->u.access.nloops, 2);
    CU_ASSERT_STRING_EQUAL(s->source, "read tile[lane][k] if lane < 16 for k in 0..32, j in 0..2");
    s = s->next;                      /* ds_read_b128 */
    CU_ASSERT_EQUAL(s->u.access.width, 16);
    CU_ASSERT_EQUAL(s->u.access.kind, ACC_READ);
    s = s->next;
    CU_ASSERT_EQUAL(s->u.access.width, 8);
    CU_ASSERT_EQUAL(s->u.access.target.kind, T_ADDR);
    s = s->next;
    CU_ASSERT_EQUAL(s->u.access.kind, ACC_ATOMIC);
    s = s->next;
    CU_ASSERT_EQUAL(s->u.access.target.kind, T_ANON);
}

static void test_width_or_type(void)
{
    CU_ASSERT_EQUAL(parse("read b32[lane]"), 0);
    CU_ASSERT_EQUAL(prog.first->u.access.width, 0);
    CU_ASSERT_EQUAL(prog.first->u.access.target.kind, T_ANON);
    CU_ASSERT_EQUAL(parse("read b32 @ lane * 4"), 0);
    CU_ASSERT_EQUAL(prog.first->u.access.width, 4);
    CU_ASSERT_EQUAL(parse("array long long x[4]; array unsigned int y[2]"), 0);
    CU_ASSERT_EQUAL(prog.first->u.array.elem_size, 8);
    CU_ASSERT_EQUAL(prog.first->next->u.array.elem_size, 4);
}

static void test_errors(void)
{
    CU_ASSERT_EQUAL(parse("read f32[lane"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "expected ']'"));
    CU_ASSERT_EQUAL(parse("for k in 0...8 { f32[k] }"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "'..'"));
    CU_ASSERT_EQUAL(diag.loc.col, 11);
    CU_ASSERT_EQUAL(parse("print 1 +\n"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "expected an expression"));
    CU_ASSERT_EQUAL(parse("let = 3"), -1);
    CU_ASSERT_EQUAL(parse("for k in 0..4 { read f32[k]"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "'}'"));
    CU_ASSERT_EQUAL(parse("print 1 2"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "end of the statement"));
    CU_ASSERT_EQUAL(diag.loc.col, 9);
    CU_ASSERT_EQUAL(parse("\n\n  expect ways ~ 3"), -1);
    CU_ASSERT_EQUAL(diag.loc.line, 3);
}

/* Words with a fixed set of values are checked where they are written. */
static void test_keywords(void)
{
    CU_ASSERT_EQUAL(parse("expect cycels == 1"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "unknown metric 'cycels'; did you mean 'cycles'?"));
    CU_ASSERT_EQUAL(diag.loc.col, 8);
    CU_ASSERT_EQUAL(parse("set bank 16"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "did you mean 'banks'?"));
    CU_ASSERT_EQUAL(parse("arch SM80"), 0);   /* another name for sm80 */
    CU_ASSERT_EQUAL(parse("arch sm81"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "did you mean 'sm80'?"));
    CU_ASSERT_EQUAL(diag.loc.col, 6);
    CU_ASSERT_EQUAL(parse("arch H1000"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "did you mean 'H100'?"));
    CU_ASSERT_EQUAL(parse("show gird"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "did you mean 'grid'?"));
    CU_ASSERT_EQUAL(parse("set r2 strictly"), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "expected 'word' or 'strict'"));
    CU_ASSERT_EQUAL(parse("expect total.excess == 0; rules seed; set r3 substeps"), 0);
    CU_ASSERT_TRUE(prog.first->u.expect.total);
    CU_ASSERT_EQUAL(prog.first->u.expect.metric, M_EXCESS);
    CU_ASSERT_EQUAL(prog.first->next->u.rules.which, RULES_SEED);
}

/* A statement's text for reports: comments and line breaks dropped. */
static void test_source_text(void)
{
    CU_ASSERT_EQUAL(parse("read f32[lane # a comment\n  + 1]   // another\n"), 0);
    CU_ASSERT_STRING_EQUAL(prog.first->source, "read f32[lane + 1]");
    CU_ASSERT_EQUAL(parse("read  tile[k][lane]   ;"), 0);
    CU_ASSERT_STRING_EQUAL(prog.first->source, "read  tile[k][lane]");
}

static void test_depth_limits(void)
{
    static char deep[30000];
    size_t n = 0;
    n += (size_t)sprintf(deep, "print ");
    for (int i = 0; i < 10000; i++)
        deep[n++] = '(';
    deep[n++] = '1';
    for (int i = 0; i < 10000; i++)
        deep[n++] = ')';
    deep[n] = '\0';
    CU_ASSERT_EQUAL(parse(deep), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "nested deeper"));
    n = (size_t)sprintf(deep, "print 1");
    for (int i = 0; i < 5000; i++)
        n += (size_t)sprintf(deep + n, "+1");
    CU_ASSERT_EQUAL(parse(deep), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "levels deep"));
    CU_ASSERT_EQUAL(parse("print ((((1))))"), 0);
}

static void test_incomplete(void)
{
    lds_source s = { .name = (char *)"<t>", .text = (char *)"for k in 0..4 {", .len = 15, .first_line = 1 };
    CU_ASSERT_TRUE(lds_parse_incomplete(&s, NULL));
    s.text = (char *)"read f32[(lane";
    s.len = strlen(s.text);
    CU_ASSERT_TRUE(lds_parse_incomplete(&s, NULL));
    s.text = (char *)"read f32[lane]";
    s.len = strlen(s.text);
    CU_ASSERT_FALSE(lds_parse_incomplete(&s, NULL));
}

static int cleanup(void)
{
    lds_arena_free(prog.arena);
    prog.arena = NULL;
    return 0;
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("parser", NULL, cleanup);
    CU_add_test(s, "precedence and associativity", test_precedence);
    CU_add_test(s, "literals", test_literals);
    CU_add_test(s, "every statement", test_statements);
    CU_add_test(s, "width or anonymous type", test_width_or_type);
    CU_add_test(s, "error messages and locations", test_errors);
    CU_add_test(s, "keywords checked where written", test_keywords);
    CU_add_test(s, "statement text", test_source_text);
    CU_add_test(s, "nesting limits", test_depth_limits);
    CU_add_test(s, "incomplete input", test_incomplete);
    return lds_cunit_tap_main();
}
