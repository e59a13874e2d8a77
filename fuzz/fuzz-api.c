/* fuzz/fuzz-api.c - the public C API (src/lds-calc.h) as a program
 * embedding it calls it, with memory running out where the input says.
 *
 * The input is a script: byte 0 the number of calls (up to 15), then a
 * byte pair per call (which call, and its argument: an option, a format,
 * an index, a NULL or a limit in place of an argument), then two bytes
 * that name the allocation to fail (lds_mem_fail_after; 0: none), then
 * texts separated by NUL bytes - the program, then option values.  Every
 * call must answer with a value its contract allows; a crash, a
 * sanitizer report or a leak (libFuzzer's leak check after each input)
 * is a finding.  Limits keep each input short. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/lds-calc-tool.h"
#include "base/mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input's texts, NUL-separated, the last one running to its end. */
typedef struct {
    const char *text[4];
    size_t len[4];
    unsigned n;
} texts;

static void split(const char *p, size_t size, texts *t)
{
    t->n = 0;
    while (t->n < 4) {
        const char *nul = memchr(p, '\0', size);
        size_t len = nul ? (size_t)(nul - p) : size;
        t->text[t->n] = p;
        t->len[t->n++] = len;
        if (!nul)
            break;
        size -= len + 1;
        p = nul + 1;
    }
}

/* A text of the input as a NUL-terminated string (malloc'd). */
static char *string_of(const texts *t, unsigned i)
{
    size_t len = i < t->n ? t->len[i] : 0;
    char *s = malloc(len + 1);
    if (len)
        memcpy(s, t->text[i], len);
    s[len] = '\0';
    return s;
}

static const char *const options[] = { "arch", "define", "jobs", "show", "at", "explain", "gmp-only", "lang",
                                       "kernel", "threads", "max-bits", "format", "suggest", "no-such-option" };
static const char *const values[] = { "sm80", "gfx942", "rdna3", "P=1", "P=0..3", "2", "grid", "wave=1",
                                      "on", "cuda", "hlsl", "32,8", "4096", "json", "t", "" };
static const char *const formats[] = { "text", "json", "csv", "markdown", "svg", "counters", "diagnostics", "sarif",
                                       "yaml" };
static const char *const metrics[] = { "ways", "cycles", "excess", "broadcasts", "transactions", "no_metric" };

/* A result's answers, each checked against its contract. */
static void read_result(const ldscalc_result *r, uint8_t arg)
{
    char buf[32];
    size_t n = ldscalc_result_naccesses(r), i = arg % 4;
    ldscalc_access a = LDSCALC_ACCESS_INIT;
    int st = ldscalc_result_access(r, i, arg & 0x80 ? NULL : &a);
    if (st == LDSCALC_OK && (i >= n || !a.kind || !a.profile))
        abort();   /* an access past the end, or one without its kind */
    int len = ldscalc_access_metric(r, i, metrics[arg % 6], arg & 0x40 ? NULL : buf, arg & 0x40 ? 0 : sizeof buf);
    if (len >= 0 && i >= ldscalc_result_naccesses(r))
        abort();
    size_t totals = ldscalc_result_ntotals(r);
    for (size_t k = 0; k < totals; k++)
        if (!ldscalc_total_profile(r, k))
            abort();
    ldscalc_total_metric(r, arg % 3, metrics[arg % 6], buf, sizeof buf);
    ldscalc_expect e = LDSCALC_EXPECT_INIT;
    ldscalc_result_expect(r, i, &e);
    ldscalc_layout l = LDSCALC_LAYOUT_INIT;
    if (ldscalc_result_nsuggestions(r)) {
        ldscalc_suggestion_layout(r, 0, i, &l);
        ldscalc_suggestion_excess(r, 0, i, buf, sizeof buf);
    }
    for (size_t k = 0; k < ldscalc_result_nwarnings(r); k++)
        if (!ldscalc_result_warning(r, k) || !ldscalc_result_warning(r, k)->message)
            abort();
    if (ldscalc_result_status(r) == LDSCALC_NO_MEMORY && ldscalc_result_naccesses(r) != 0)
        abort();   /* a lost result is empty */
    (void)ldscalc_result_printed(r);
}

/* Rendered twice, as a caller sizing its buffer does: the same length. */
static void render(ldscalc_result *r, uint8_t arg)
{
    size_t need = 0, again = 0;
    const char *format = arg == 0xff ? NULL : formats[arg % 9];
    int st = ldscalc_render(r, format, NULL, 0, &need);
    if (st != LDSCALC_OK)
        return;
    char *buf = malloc(need + 1);
    st = ldscalc_render(r, format, buf, need + 1, &again);
    if (st == LDSCALC_OK && (again != need || strlen(buf) > need))
        abort();
    free(buf);
    char small[8];
    ldscalc_access_svg(r, arg % 3, small, sizeof small, &need);
}

/* The streaming layer, writing into memory. */
static void stream(ldscalc_session *s, const texts *t, uint8_t arg)
{
    char *out = NULL, *err = NULL;
    size_t olen = 0, elen = 0;
    FILE *o = open_memstream(&out, &olen), *e = open_memstream(&err, &elen);
    if (!o || !e)
        abort();
    if (ldscalc_stream(s, o, e) == LDSCALC_OK) {
        ldscalc_set(s, "interactive", arg & 1 ? "on" : "off");
        ldscalc_add_program(s, "<fuzz>", t->text[0], t->len[0]);
        ldscalc_check_options(s);
        ldscalc_stream_run(s);
        if (ldscalc_live(s)) {
            ldscalc_input(s, NULL, 1, t->n > 1 ? t->text[1] : "", t->n > 1 ? t->len[1] : 0);
            ldscalc_input_incomplete(s, t->text[0], t->len[0]);
            ldscalc_input_explain(s, "explain", 7);
            ldscalc_describe(s);
            for (unsigned i = 0; i < 4; i++)
                ldscalc_word(s, (ldscalc_words)(arg % 6), i);
            if (arg & 2)
                ldscalc_reset(s);
        }
        ldscalc_stream_end(s);
        ldscalc_output_failed(s);
    }
    ldscalc_close(s);   /* a stream points at o and e: the session ends before them */
    fclose(o);
    fclose(e);
    free(out);
    free(err);
}

/* The candidate API on the program: prepare it, score a candidate and a
 * batch (values from arg, a name from the input, an unknown profile),
 * read their accesses; each score feasible with no reason or infeasible
 * with one, never a crash. */
static void candidates(ldscalc_session *s, const texts *t, uint8_t arg)
{
    ldscalc_prepared *p = NULL;
    int rc = ldscalc_prepare(s, arg & 1 ? "p.lds" : NULL, t->text[0], t->len[0], &p);
    if ((rc == LDSCALC_OK) != (p != NULL))
        abort();
    if (!p)
        return;
    char *name = string_of(t, 1);
    size_t n = ldscalc_prepared_nparams(p);
    ldscalc_value v[3] = { { n ? ldscalc_prepared_param(p, 0, NULL, NULL) : "X", arg >> 2 },
                           { name, (int64_t)arg - 128 },
                           { n > 1 ? ldscalc_prepared_param(p, n - 1, NULL, NULL) : "Y", arg & 7 } };
    ldscalc_candidate c[3] = { { NULL, v, 1 + (arg >> 6 & 1) }, { arg & 2 ? "sm80" : "nope", v, 1 },
                               { "gfx942", v + 2, 1 } };
    ldscalc_score_result out[3] = { { .size = sizeof out[0] } };
    for (unsigned k = 0; k < 2; k++) {
        rc = k ? ldscalc_score_many(p, c, 3, out) : ldscalc_score(p, c, out);
        if (rc != LDSCALC_OK && rc != LDSCALC_NO_MEMORY)
            abort();
        for (unsigned i = 0; rc == LDSCALC_OK && i < (k ? 3u : 1u); i++) {
            if ((out[i].reason == NULL) != (out[i].status == LDSCALC_OK || out[i].status == LDSCALC_CHECK))
                abort();
            ldscalc_score_access a = { .size = sizeof a };
            for (size_t j = 0; j < out[i].naccesses; j++)
                if (ldscalc_scored_access(p, i, j, &a) != LDSCALC_OK || !a.kind || !a.profile)
                    abort();
        }
    }
    free(name);
    ldscalc_prepared_free(p);
}

/* One call of the script on s (and r, the last result). */
static ldscalc_session *call(ldscalc_session *s, ldscalc_result **r, const texts *t, uint8_t op, uint8_t arg)
{
    switch (op % 11) {
    case 0: {
        char *v = arg & 0x80 ? string_of(t, 1 + arg % 3) : NULL;
        ldscalc_set(s, options[arg % 14], v ? v : values[arg % 16]);
        free(v);
        if (arg & 3) {   /* a NULL option or value */
            int rc = ldscalc_set(s, arg & 1 ? NULL : "jobs", arg & 2 ? NULL : "1");
            if (rc != LDSCALC_USAGE && rc != LDSCALC_NO_MEMORY)
                abort();
        }
        break;
    }
    case 1:
        ldscalc_result_free(*r);
        *r = ldscalc_run(s, arg & 1 ? "p.lds" : NULL, arg & 0x80 ? NULL : t->text[0],
                         arg & 0x40 ? (arg & 0x20 ? SIZE_MAX : t->len[0] + ((size_t)64 << 20) + 1) : t->len[0]);
        if (!*r)
            break;   /* no memory for the result itself */
        if ((arg & 0x40) && ldscalc_result_status(*r) != LDSCALC_USAGE && ldscalc_result_status(*r) != LDSCALC_NO_MEMORY)
            abort();   /* a length past the limit is refused */
        break;
    case 2:
        if (*r)
            read_result(*r, arg);
        break;
    case 3:
        if (*r)
            render(*r, arg);
        break;
    case 4:
        ldscalc_result_free(*r);
        *r = ldscalc_run_file(s, arg & 1 ? "/" : arg & 2 ? NULL : "/nonexistent/k.cu");
        break;
    case 5:
        ldscalc_cancel(s);
        break;
    case 6: {
        const ldscalc_error *e = ldscalc_session_error(s);
        if (e && !e->message)
            abort();
        ldscalc_session_error_text(s);
        unsigned banks = 0, wave = 0;
        if (!ldscalc_current_arch(s, &banks, &wave) || !banks || !wave)
            abort();
        break;
    }
    case 7: {   /* NULL in place of each argument */
        char buf[4];
        size_t len;
        if (ldscalc_result_access(*r, 0, NULL) != LDSCALC_USAGE || ldscalc_render(NULL, "text", buf, 4, &len) != LDSCALC_USAGE
            || ldscalc_read_file(s, NULL, &len) || ldscalc_result_status(NULL) != LDSCALC_USAGE)
            abort();
        ldscalc_cancel(NULL);
        ldscalc_session_error(NULL);
        break;
    }
    case 8:
        ldscalc_result_free(*r);
        *r = NULL;
        stream(s, t, arg);
        return ldscalc_open();
    case 9:
        candidates(s, t, arg);
        break;
    default:
        ldscalc_close(s);
        return ldscalc_open();
    }
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3 || size > 4096)
        return 0;
    unsigned ncalls = data[0] % 16;
    if (size < 1 + 2 * (size_t)ncalls + 2)
        return 0;
    const uint8_t *script = data + 1;
    unsigned long fail = script[2 * ncalls] | (unsigned long)script[2 * ncalls + 1] << 8;
    const uint8_t *rest = script + 2 * ncalls + 2;
    texts t;
    split((const char *)rest, size - (size_t)(rest - data), &t);

    ldscalc_session *s = ldscalc_open();
    if (!s)
        return 0;
    ldscalc_set(s, "max-steps", "20000");
    ldscalc_set(s, "max-ops", "2000000");
    ldscalc_set(s, "max-bits", "4096");
    ldscalc_set(s, "jobs", fail & 1 ? "2" : "1");
    ldscalc_result *r = NULL;
    lds_mem_fail_after(fail);   /* this thread's allocations: the fail-th fails */
    for (unsigned i = 0; i < ncalls && s; i++)
        s = call(s, &r, &t, script[2 * i], script[2 * i + 1]);
    if (!ncalls && s) {   /* no script: run the text, render it */
        r = ldscalc_run(s, NULL, t.text[0], t.len[0]);
        if (r)
            render(r, (uint8_t)fail);
    }
    lds_mem_fail_after(0);
    ldscalc_result_free(r);
    ldscalc_close(s);
    return 0;
}
