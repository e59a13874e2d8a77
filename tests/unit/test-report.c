/* tests/unit/test-report.c - the strings reports make of records (JSON
 * and CSV exactly; text lines and the totals), fed from real runs through
 * the session API, the way src/run.c feeds them. */
#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "src/report.h"
#include "src/report_impl.h"
#include "src/session.h"
#include "base/source_index.h"
#include "base/usertext.h"
#include "base/mem.h"
#include "tests/unit/cunit_tap.h"

static void on_access(void *ctx, const lds_access_result *a)
{
    lds_reporter_access(ctx, a);
}

/* Run text and report it in format f; the report (malloc'd). */
static char *report(const char *text, lds_format f, const lds_label *labels, unsigned nlabels)
{
    char *buf = NULL, *err = NULL;
    size_t len = 0, elen = 0;
    FILE *out = open_memstream(&buf, &len), *errs = open_memstream(&err, &elen);
    lds_report_options ro = { f, out, errs, "lds-calc", false, NULL, NULL, 0 };
    lds_reporter *rep = lds_reporter_new(&ro);
    lds_session_config cfg;
    lds_session_config_init(&cfg);
    cfg.print_out = NULL;
    lds_session_hooks hooks = { on_access, NULL, rep, NULL, NULL };
    lds_session *s = lds_session_open(&cfg, &hooks);
    lds_reporter_begin_run(rep, labels, nlabels);
    int st = lds_session_run_text(s, "<t>", text, strlen(text));
    lds_run_status status = { st, st ? lds_session_error(s) : NULL };
    lds_run_start start = { 0, 0, 0 };
    lds_reporter_end_run(rep, lds_session_results(s), start, &status);
    lds_reporter_finish(rep);
    lds_session_close(s);
    lds_reporter_free(rep);
    fclose(out);
    fclose(errs);
    free(err);
    return buf;
}

static void write_lines(FILE *f, const void *ctx)
{
    (void)ctx;
    for (int i = 0; i < 20; i++)
        fputs("a line that stays in the buffer until the close\n", f);
}

/* A file whose writes fail when it is closed (past the file size limit,
 * as on a full disk): an error naming it, the file it would have
 * replaced untouched, nothing left beside it, closed once (a second
 * fclose is what ASan and valgrind would report). */
static void test_close_full_disk(void)
{
    char dir[] = "/tmp/lds-report-XXXXXX", path[64];
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/full", dir);
    FILE *old = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(old);
    fputs("old\n", old);
    fclose(old);
    char *err = NULL;
    size_t elen = 0;
    FILE *errs = open_memstream(&err, &elen);
    lds_report_options ro = { FMT_TEXT, stdout, errs, "lds-calc", false, dir, NULL, 0 };
    lds_reporter *rep = lds_reporter_new(&ro);
    struct rlimit was, small = { 64, 64 };
    getrlimit(RLIMIT_FSIZE, &was);
    small.rlim_max = was.rlim_max;
    void (*before)(int) = signal(SIGXFSZ, SIG_IGN);
    CU_ASSERT_EQUAL(setrlimit(RLIMIT_FSIZE, &small), 0);
    int rc = lds_report_write_file(rep, "full", 0644, write_lines, NULL);
    setrlimit(RLIMIT_FSIZE, &was);
    signal(SIGXFSZ, before);
    CU_ASSERT_EQUAL(rc, -1);
    CU_ASSERT_TRUE(lds_reporter_failed(rep));
    lds_reporter_free(rep);
    fclose(errs);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "/full: File too large"));
    free(err);
    char text[16] = "";
    FILE *f = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_PTR_NOT_NULL(fgets(text, sizeof text, f));
    fclose(f);
    CU_ASSERT_STRING_EQUAL(text, "old\n");
    DIR *d = opendir(dir);
    unsigned entries = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        entries += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    CU_ASSERT_EQUAL(entries, 1);   /* no half-written file beside it */
    remove(path);
    rmdir(dir);
}

static void test_json(void)
{
    char *got = report("read f32[lane * 4]\nwrite f16[lane] for k in 0..3\nexpect ways == 4", FMT_JSON, NULL, 0);
    const char *want =
        "{\"format\": \"lds-calc/2\", \"status\": 0, \"error\": null, \"accesses\": [{\"index\": 1, \"file\": \"<t>\""
        ", \"line\": 1, \"column\": 1, \"source\": \"read f32[lane * 4]\", \"profile\": \"generic\", \"rules\": \"cal"
        "ibrated\", \"overrides\": \"\", \"kind\": \"read\", \"width\": \"b32\", \"bytes\": 4, \"parts\": 1, \"space\": \"shared\", \"geomet"
        "ry\": {\"phases\": \"32c\", \"banks\": 32, \"confidence\": \"textbook\", \"source\": \"the textbook model: 3"
        "2 banks of 4 bytes, one phase per 128 bytes\"}, \"status\": \"ok\", \"instructions\": 1, \"ways\": 4, \"cycl"
        "es\": 4, \"ideal\": 1, \"excess\": 3, \"broadcasts\": 0, \"unaligned\": 0, \"skipped\": 0, \"counters\": {},"
        " \"notes\": []}, {\"index\": 2, \"file\": \"<t>\", \"line\": 2, \"column\": 1, \"source\": \"write f16[lane]"
        " for k in 0..3\", \"profile\": \"generic\", \"rules\": \"calibrated\", \"overrides\": \"\", \"kind\": \"writ"
        "e\", \"width\": \"b16\", \"bytes\": 2, \"parts\": 1, \"space\": \"shared\", \"geometry\": {\"phases\": \"32c\", \"banks\": 32, \"co"
        "nfidence\": \"textbook\", \"source\": \"the textbook model: 32 banks of 4 bytes, one phase per 128 bytes\"},"
        " \"status\": \"ok\", \"instructions\": 3, \"ways\": 1, \"cycles\": 3, \"ideal\": 3, \"excess\": 0, \"broadca"
        "sts\": 48, \"unaligned\": 0, \"skipped\": 0, \"counters\": {}, \"notes\": []}], \"totals\": [{\"profile\": "
        "\"generic\", \"rules\": \"calibrated\", \"overrides\": \"\", \"space\": \"shared\", \"instructions\": 4, \"ways\": 4, \"cycles\": 7"
        ", \"ideal\": 4, \"excess\": 3, \"broadcasts\": 48, \"unaligned\": 0, \"skipped\": 0, \"counters\": {}}], \"e"
        "xpects\": [{\"file\": \"<t>\", \"line\": 3, \"column\": 1, \"source\": \"expect ways == 4\", \"metric\": \"w"
        "ays\", \"total\": false, \"op\": \"==\", \"expected\": 4, \"actual\": 1, \"ok\": false}], \"profiles\": [{\""
        "name\": \"generic\", \"title\": \"textbook 32-bank shared memory\", \"banks\": 32, \"bank_bytes\": 4, \"wave"
        "\": 32, \"lds\": 65536, \"r2\": \"word\", \"r3\": \"phases\", \"rules\": \"calibrated\", \"overrides\": \"\""
        ", \"confidence\": \"textbook\"}]}\n";
    CU_ASSERT_STRING_EQUAL(got, want);
    if (strcmp(got, want))
        printf("# got %s", got);
    free(got);
    /* the profilers' names: Nsight's per kind, rocprof's with the rate */
    got = report("arch sm90; atomic f32[0]", FMT_JSON, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"counters\": {\"smsp__inst_executed_op_shared_atom_pred_on_any.sum\": 1, "
                                       "\"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum\": 32, "
                                       "\"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum\": 31}"));
    free(got);
    got = report("arch gfx942; read f32[lane * 2]; read f32[lane]", FMT_JSON, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"counters\": {\"SQ_INSTS_LDS\": 2, \"SQ_LDS_BANK_CONFLICT\": 2, "
                                       "\"lds_bank_conflict_rate\": 33.33}}]"));
    free(got);
}

static void test_csv(void)
{
    lds_label labels[2] = { { "S", "4", false }, { "T", "-170141183460469231731687303715884105728", false } };
    char *got = report("let S = 4; let T = 9; read f32[lane * S]; read f32[7] if lane < T", FMT_CSV, labels, 2);
    const char *want =
        "S,T,exit,status,error,index,file,line,column,source,profile,rules,overrides,kind,width,bytes,confidence,inst"
        "ructions,ways,cycles,ideal,excess,broadcasts,unaligned,skipped,space,useful_bytes,fetched_bytes,efficiency"
        ",kernel\r\n4,-170141183460469231731687303715884105728"
        ",0,ok,,1,<t>,1,23,read f32[lane * S],generic,calibrated,,read,b32,4,textbook,1,4,4,1,3,0,0,0,shared,,,,\r\n4,"
        "-170141183460469231731687303715884105728,0,ok,,2,<t>,1,43,read f32[7] if lane < T,generic,calibrated,,read,"
        "b32,4,textbook,1,1,1,1,0,8,0,0,shared,,,,\r\n";
    CU_ASSERT_STRING_EQUAL(got, want);
    if (strcmp(got, want))
        printf("# got %s", got);
    free(got);
    /* RFC 4180: a field with a comma or a quote is quoted, quotes doubled */
    got = report("read f32[min(lane, 7)]", FMT_CSV, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, ",\"read f32[min(lane, 7)]\",generic,"));
    free(got);
    /* a failed access: its error, and no numbers */
    got = report("read f32[lane + 16384]", FMT_CSV, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "\r\n4,error,address 65536 + 4 bytes lies beyond shared memory (65536 bytes on "
                                       "this profile) (lane 0),1,<t>,1,1,read f32[lane + 16384],generic,calibrated,,"
                                       "read,b32,4,textbook,,,,,,,,,shared,,,,\r\n"));
    free(got);
}

static void test_text(void)
{
    char *got = report("read f32[lane * 2]\nread f32[lane]", FMT_TEXT, NULL, 0);
    const char *want =
        "# profile generic: 32 banks x 4 B, wave32, LDS 64 KiB, rules calibrated (r2 word, r3 phases)\n"
        "1: read f32[lane * 2]: 2-way, cycles 2, ideal 1, excess 1, instructions 1\n"
        "2: read f32[lane]: 1-way (conflict-free), cycles 1, ideal 1, excess 0, instructions 1\n"
        "total: cycles 3, ideal 2, excess 1, instructions 2\n";
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
    /* a failed access: no line, and not in the total */
    got = report("read f32[lane]\nread f32[lane + k * 8] for k in 0..10000", FMT_TEXT, NULL, 0);
    CU_ASSERT_PTR_NULL(strstr(got, "2: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "total: cycles 1, ideal 1, excess 0, instructions 1\n"));
    free(got);
    /* overrides are named in the header */
    got = report("arch gfx942; set banks 16; rules seed; read f32[lane]", FMT_TEXT, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "overrides: banks=16, r2=strict, r3=substeps\n"));
    free(got);
}

/* The rule of user text (base/usertext.h): what passes and what is \xNN. */
static void test_user_text(void)
{
    static const struct { const char *in, *out; } cases[] = {
        { "plain, tab\there", "plain, tab\there" },
        { "esc \033[31m bel \007 del \177 nl \n", "esc \\x1b[31m bel \\x07 del \\x7f nl \\x0a" },
        { "caf\303\251 \342\202\254 \360\237\230\200", "caf\303\251 \342\202\254 \360\237\230\200" },   /* 2, 3, 4 bytes */
        { "lone \351 end", "lone \\xe9 end" },
        { "cut \303", "cut \\xc3" },                                 /* a sequence cut short */
        { "overlong \300\257 \340\200\257", "overlong \\xc0\\xaf \\xe0\\x80\\xaf" },
        { "surrogate \355\240\200", "surrogate \\xed\\xa0\\x80" },
        { "past U+10FFFF \364\220\200\200", "past U+10FFFF \\xf4\\x90\\x80\\x80" },
        { "C1 CSI \302\233 NBSP \302\240", "C1 CSI \\xc2\\x9b NBSP \302\240" },
        { "stray \200\277", "stray \\x80\\xbf" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = lds_text_clean_dup(cases[i].in);
        CU_ASSERT_STRING_EQUAL(got, cases[i].out);
        CU_ASSERT(lds_text_is_clean(cases[i].in, strlen(cases[i].in)) == !strcmp(cases[i].in, cases[i].out));
        lds_free(got);
    }
    /* cleaned in place, cut at a character (an escape is never split) */
    char buf[11] = "ab\033cd\303\251ef";
    lds_text_clean_in_place(buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "ab\\x1bcd\303\251");
}

/* A record's source: a statement's text (base/source_index.h). */
static void test_statement_text(void)
{
    lds_arena *a = lds_arena_new();
    const char *lds = "read f32[lane]   # a comment\n  ;;";
    CU_ASSERT_STRING_EQUAL(lds_statement_text(a, lds, lds + strlen(lds), false), "read f32[lane]");
    const char *c = "s[t] = f(\"a;b // c\", '#') /* x */ +\n   1";
    CU_ASSERT_STRING_EQUAL(lds_statement_text(a, c, c + strlen(c), true), "s[t] = f(\"a;b // c\", '#') + 1");
    char longer[400];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    const char *cut = lds_statement_text(a, longer, longer + strlen(longer), false);
    CU_ASSERT_EQUAL(strlen(cut), LDS_MAX_SOURCE_TEXT + 3);
    CU_ASSERT_STRING_EQUAL(cut + LDS_MAX_SOURCE_TEXT, "...");
    /* a kernel file's statements: the innermost that holds the place */
    char text[] = "__global__ void k() {\n  for (int i = 0; i < 4; i++) s[i] = g(\"{;}\"); if (t) { s[t] = 1; }\n"
                  "  float v = s[0] +\n      s[1]; x = 1'000;\n#define Q s[2];\n}\n";
    lds_source src = { .name = "k.cu", .text = text, .len = strlen(text), .first_line = 1 };
    lds_source_index(&src, true);
    CU_ASSERT_STRING_EQUAL(lds_kernel_statement_text(a, &src, 1, 17), "__global__ void k()");
    CU_ASSERT_STRING_EQUAL(lds_kernel_statement_text(a, &src, 2, 3), "for (int i = 0; i < 4; i++)");
    CU_ASSERT_STRING_EQUAL(lds_kernel_statement_text(a, &src, 2, 31), "s[i] = g(\"{;}\")");
    CU_ASSERT_STRING_EQUAL(lds_kernel_statement_text(a, &src, 2, 59), "s[t] = 1");
    CU_ASSERT_STRING_EQUAL(lds_kernel_statement_text(a, &src, 4, 7), "float v = s[0] + s[1]");
    CU_ASSERT_STRING_EQUAL(lds_kernel_statement_text(a, &src, 4, 13), "x = 1'000");
    CU_ASSERT_STRING_EQUAL(lds_kernel_statement_text(a, &src, 5, 11), "s[2]");   /* in a directive: to its line's end */
    size_t len;
    CU_ASSERT_PTR_NOT_NULL(lds_source_line(&src, 6, &len));
    CU_ASSERT_EQUAL(len, 1);
    CU_ASSERT_PTR_NULL(lds_source_line(&src, 8, &len));
    lds_source_index_free(&src);
    lds_arena_free(a);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("report", NULL, NULL);
    CU_add_test(s, "JSON document", test_json);
    CU_add_test(s, "CSV rows", test_csv);
    CU_add_test(s, "text lines and totals", test_text);
    CU_add_test(s, "a file that fails when closed: an error, the old file kept, nothing beside it", test_close_full_disk);
    CU_add_test(s, "the rule of user text", test_user_text);
    CU_add_test(s, "a record's source: its statement", test_statement_text);
    return lds_cunit_tap_main();
}
