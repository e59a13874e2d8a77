/* tests/unit/test-lexer.c - tokens, numbers, names, locations, errors. */
#include <string.h>

#include "src/lexer.h"
#include "base/linemark.h"
#include "tests/unit/cunit_tap.h"

static lds_source src;
static lds_lexer lx;
static lds_diag diag;

static void start(const char *text)
{
    src.name = (char *)"<test>";
    src.text = (char *)text;
    src.len = strlen(text);
    memset(&diag, 0, sizeof diag);
    lds_lex_init(&lx, &src, &diag);
}

static lds_token next_is(lds_tok_kind k, const char *text)
{
    lds_token t = lds_lex_next(&lx);
    CU_ASSERT_EQUAL(t.kind, k);
    if (text)
        CU_ASSERT(t.len == strlen(text) && memcmp(t.start, text, t.len) == 0);
    return t;
}

static void test_numbers(void)
{
    start("42 0x2a 0b101010 0o52 65_536 32u 7UL");
    next_is(TK_INT, "42");
    next_is(TK_INT, "0x2a");
    next_is(TK_INT, "0b101010");
    next_is(TK_INT, "0o52");
    next_is(TK_INT, "65_536");
    next_is(TK_INT, "32u");
    next_is(TK_INT, "7UL");
    next_is(TK_EOF, NULL);
    CU_ASSERT_FALSE(diag.set);
}

static void test_names_and_ranges(void)
{
    start("tid.x threadIdx.x a..b 0..32 SV_GroupIndex");
    next_is(TK_NAME, "tid.x");
    next_is(TK_NAME, "threadIdx.x");
    next_is(TK_NAME, "a");
    next_is(TK_DOTDOT, "..");
    next_is(TK_NAME, "b");
    next_is(TK_INT, "0");
    next_is(TK_DOTDOT, NULL);
    next_is(TK_INT, "32");
    next_is(TK_NAME, "SV_GroupIndex");
}

/* PTX's state spaces inside a dotted name; '::' after a plain name is
 * C++'s scope, two ':' tokens */
static void test_scoped_parts(void)
{
    start("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes GMMA::x");
    next_is(TK_NAME, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes");
    next_is(TK_NAME, "GMMA");
    next_is(TK_COLON, ":");
    next_is(TK_COLON, ":");
    next_is(TK_NAME, "x");
}

static void test_operators(void)
{
    start("<< >> <= >= == != && || & | ^ ~ ! ? : @ = % ;");
    lds_tok_kind want[] = { TK_SHL, TK_SHR, TK_LE, TK_GE, TK_EQ, TK_NE, TK_ANDAND, TK_OROR, TK_AMP,
                            TK_PIPE, TK_CARET, TK_TILDE, TK_BANG, TK_QUESTION, TK_COLON, TK_AT,
                            TK_ASSIGN, TK_PERCENT, TK_SEMI, TK_EOF };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        next_is(want[i], NULL);
}

static void test_newlines_and_comments(void)
{
    start("a # comment\n(b\n c) // more\n[d\n]\nx");
    next_is(TK_NAME, "a");
    next_is(TK_NEWLINE, NULL);
    next_is(TK_LPAREN, NULL);
    next_is(TK_NAME, "b");
    lds_token c = next_is(TK_NAME, "c");   /* newline inside ( ) is space */
    CU_ASSERT_EQUAL(c.loc.line, 3);
    CU_ASSERT_EQUAL(c.loc.col, 2);
    next_is(TK_RPAREN, NULL);
    next_is(TK_NEWLINE, NULL);
    next_is(TK_LBRACKET, NULL);
    next_is(TK_NAME, "d");
    next_is(TK_RBRACKET, NULL);
    next_is(TK_NEWLINE, NULL);
    lds_token x = next_is(TK_NAME, "x");
    CU_ASSERT_EQUAL(x.loc.line, 6);
    CU_ASSERT_EQUAL(x.loc.col, 1);
}

static void test_errors(void)
{
    start("1...2");
    next_is(TK_INT, "1");
    next_is(TK_ERROR, NULL);
    CU_ASSERT_TRUE(diag.set);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "'..'"));
    start("  $");
    next_is(TK_ERROR, NULL);
    CU_ASSERT_EQUAL(diag.loc.col, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "'$'"));
    start("0x");
    next_is(TK_ERROR, NULL);
    start("12abc");
    next_is(TK_ERROR, NULL);
    start("\x01");
    next_is(TK_ERROR, NULL);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag.msg, "0x01"));
}

static void test_bare_words(void)
{
    start("arch xe-hpg; show grid # c");
    next_is(TK_NAME, "arch");
    lds_token w = lds_lex_word(&lx);
    CU_ASSERT_EQUAL(w.kind, TK_WORD);
    CU_ASSERT(w.len == 6 && memcmp(w.start, "xe-hpg", 6) == 0);
    next_is(TK_SEMI, NULL);
    next_is(TK_NAME, "show");
    w = lds_lex_word(&lx);
    CU_ASSERT(w.len == 4 && memcmp(w.start, "grid", 4) == 0);
    next_is(TK_EOF, NULL);
}

/* '#line' marks: what a front end writes, the lexer reads back, in the
 * file it names; a note rides along with its own file and text. */
static void test_line_marks(void)
{
    static lds_source kernel = { .name = (char *)"k.cu", .text = (char *)"a\nb\n", .len = 4 };
    static lds_source header = { .name = (char *)"inc/\"odd\".cuh", .text = (char *)"x\n", .len = 2 };
    static const lds_source *files[] = { &header };
    lds_line_mark m = { .at = { 147, 9, NULL, 0 }, .note = { 107, 5, header.name, 0 },
                        .note_text = "in 'st_vec'\n", .note_len = 12 };
    char mark[256], text[512];
    lds_line_mark_format(mark, sizeof mark, &m);
    CU_ASSERT_STRING_EQUAL(mark, "#line 147:9 note 107:5 \"inc/\\\"odd\\\".cuh\" in 'st_vec' ");
    snprintf(text, sizeof text, "%s\nread f32[lane]\n#line 3:1 \"inc/\\\"odd\\\".cuh\"\nread f32[lane]\n", mark);
    src.name = (char *)"lowered";
    src.text = text;
    src.len = strlen(text);
    src.origin = &kernel;
    src.files = files;
    src.nfiles = 1;
    memset(&diag, 0, sizeof diag);
    lds_lex_init(&lx, &src, &diag);
    lds_token t = next_is(TK_NEWLINE, NULL);
    t = next_is(TK_NAME, "read");
    CU_ASSERT(t.loc.src == &kernel && t.loc.line == 147 && t.loc.col == 9);
    lds_loc note;
    const char *what;
    size_t len;
    CU_ASSERT_TRUE(lds_lex_mark_note(&lx, &note, &what, &len));
    CU_ASSERT(note.src == &header && note.line == 107 && note.col == 5);
    CU_ASSERT(len == 12 && memcmp(what, "in 'st_vec' ", 12) == 0);
    while ((t = lds_lex_next(&lx)).kind != TK_NEWLINE)
        CU_ASSERT(t.loc.src == &kernel && t.loc.line == 147 && t.loc.col == 9);
    next_is(TK_NEWLINE, NULL);
    t = next_is(TK_NAME, "read");
    CU_ASSERT(t.loc.src == &header && t.loc.line == 3 && t.loc.col == 1);
    CU_ASSERT_FALSE(lds_lex_mark_note(&lx, &note, &what, &len));
    /* a mark too long for its buffer loses the note's text, then the note */
    lds_line_mark_format(mark, 48, &m);
    CU_ASSERT_STRING_EQUAL(mark, "#line 147:9 note 107:5 \"inc/\\\"odd\\\".cuh\"");
    lds_line_mark_format(mark, 24, &m);
    CU_ASSERT_STRING_EQUAL(mark, "#line 147:9");
    /* not marks: comments */
    CU_ASSERT_FALSE(lds_line_mark_read("#line 0:3", "#line 0:3" + 9, &m));
    CU_ASSERT_FALSE(lds_line_mark_read("#line 3:", "#line 3:" + 8, &m));
    CU_ASSERT_FALSE(lds_line_mark_read("#line 3:4 \"open", "#line 3:4 \"open" + 15, &m));
    src.origin = NULL;
    src.files = NULL;
    src.nfiles = 0;
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("lexer", NULL, NULL);
    CU_add_test(s, "integer literals", test_numbers);
    CU_add_test(s, "dotted names and ranges", test_names_and_ranges);
    CU_add_test(s, "'::' in dotted names", test_scoped_parts);
    CU_add_test(s, "operators", test_operators);
    CU_add_test(s, "newlines in brackets, comments, locations", test_newlines_and_comments);
    CU_add_test(s, "errors", test_errors);
    CU_add_test(s, "bare words", test_bare_words);
    CU_add_test(s, "line marks of lowered programs", test_line_marks);
    return lds_cunit_tap_main();
}
