/* fuzz/host.c - the public C API driven the way a host program
 * drives it, and every report checked for what its format promises
 * (fuzz/host.h lists the checks). */
#include "fuzz/host.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the checks, and LDS_FUZZ_SKIP */

static bool check_on(const char *name)
{
    const char *skip = getenv("LDS_FUZZ_SKIP");
    size_t n = strlen(name);
    for (const char *p = skip; p && *p;) {
        p += strspn(p, ", \t");
        size_t w = strcspn(p, ", \t");
        if (w == n && !strncmp(p, name, n))
            return false;
        p += w;
    }
    return true;
}

static void fail(const char *format, const char *check, const char *why, const char *text, size_t len,
                 size_t at)
{
    fprintf(stderr, "fuzz: the %s report fails the '%s' check at byte %zu: %s\n", format, check, at, why);
    fprintf(stderr, "---- the report (%zu bytes)\n", len);
    fwrite(text, 1, len > 8192 ? 8192 : len, stderr);
    fprintf(stderr, "\n---- end of the report\n");
    abort();
}

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0:
 * no overlong form, no surrogate, nothing past U+10FFFF. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    if (!len || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) || (s[0] == 0xf0 && s[1] < 0x90) ||
        (s[0] == 0xf4 && s[1] > 0x8f))
        return 0;
    return len;
}

/* The offset of the first byte that is not valid UTF-8, or len. */
static size_t utf8_invalid_at(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        size_t k = utf8_sequence(s + i, len - i);
        if (!k)
            return i;
        i += k;
    }
    return len;
}

static void check_utf8(const char *format, const char *check, const char *text, size_t len)
{
    size_t at = utf8_invalid_at(text, len);
    if (at < len)
        fail(format, check, "a byte that is not valid UTF-8", text, len, at);
}

/* (CSV and counters end their records with CR LF, RFC 4180's line end) */
static void check_control(const char *format, const char *text, size_t len)
{
    bool crlf = !strcmp(format, "csv") || !strcmp(format, "counters");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (crlf && c == '\r' && i + 1 < len && text[i + 1] == '\n')
            continue;
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            fail(format, "control", "a control byte", text, len, i);
    }
}

/* ---- JSON (RFC 8259), with SARIF's URIs and regions looked at */

typedef struct {
    const char *format, *text, *p, *end;
    unsigned depth;
    bool sarif;
    char *str;            /* the last string read, decoded (\u00XX as a byte; others as 0x80) */
    size_t str_len, str_cap;
} json_reader;

static void json_fail(json_reader *j, const char *why)
{
    fail(j->format, "json", why, j->text, (size_t)(j->end - j->text), (size_t)(j->p - j->text));
}

static void json_ws(json_reader *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static void str_put(json_reader *j, char c)
{
    if (j->str_len + 1 >= j->str_cap) {
        j->str_cap = j->str_cap ? 2 * j->str_cap : 64;
        j->str = realloc(j->str, j->str_cap);
        if (!j->str)
            abort();
    }
    j->str[j->str_len++] = c;
    j->str[j->str_len] = '\0';
}

static void str_reset(json_reader *j)
{
    str_put(j, '\0');
    j->str_len = 0;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static void json_string(json_reader *j)
{
    str_reset(j);
    if (j->p >= j->end || *j->p != '"')
        json_fail(j, "expected a string");
    for (j->p++; j->p < j->end && *j->p != '"'; j->p++) {
        unsigned char c = (unsigned char)*j->p;
        if (c < 0x20)
            json_fail(j, "a raw control byte in a string");
        if (c != '\\') {
            str_put(j, (char)c);
            continue;
        }
        if (++j->p >= j->end)
            break;
        const char *simple = strchr("\"\\/bfnrt", *j->p);
        if (simple && *j->p) {
            str_put(j, "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"]);
            continue;
        }
        if (*j->p != 'u' || j->end - j->p < 5)
            json_fail(j, "a bad escape");
        int v = 0;
        for (int k = 1; k <= 4; k++) {
            int d = hex_digit(j->p[k]);
            if (d < 0)
                json_fail(j, "a bad \\u escape");
            v = v * 16 + d;
        }
        str_put(j, v < 0x80 ? (char)v : (char)0x80);
        j->p += 4;
    }
    if (j->p >= j->end)
        json_fail(j, "an unterminated string");
    j->p++;
}

static void json_digits(json_reader *j)
{
    if (j->p >= j->end || *j->p < '0' || *j->p > '9')
        json_fail(j, "expected a digit");
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
        j->p++;
}

/* A number; whether it is a whole number of 1 or more. */
static bool json_number(json_reader *j)
{
    const char *start = j->p;
    bool negative = j->p < j->end && *j->p == '-', whole = true;
    if (negative)
        j->p++;
    if (j->p < j->end && *j->p == '0')
        j->p++;
    else
        json_digits(j);
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        json_digits(j);
        whole = false;
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
            j->p++;
        json_digits(j);
        whole = false;
    }
    return whole && !negative && !(j->p - start == 1 && *start == '0');
}

/* RFC 3986's relative reference: only its characters, '%' with two hex
 * digits, and no ':' before the first '/', '?' or '#' (that would be a
 * scheme: "C:x.cu" names the scheme "c"). */
static const char *uri_problem(const char *u)
{
    bool first_segment = true;
    for (const char *s = u; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '%') {
            if (hex_digit(s[1]) < 0 || hex_digit(s[2]) < 0)
                return "a '%' without two hex digits";
            s += 2;
        } else if (c == ':' && first_segment) {
            return "a ':' in the first segment (a URI scheme)";
        } else if (c == '/' || c == '?' || c == '#') {
            first_segment = false;
        } else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                     (c && strchr("-._~:@!$&'()*+,;=[]", c)))) {
            return "a byte a URI does not allow unencoded";
        }
    }
    return NULL;
}

static void json_value(json_reader *j);

/* A member of a SARIF object: its value checked where its key says. */
static void sarif_member(json_reader *j, const char *key)
{
    static const char *const regions[] = { "startLine", "startColumn", "endLine", "endColumn" };
    if (!strcmp(key, "uri") && j->p < j->end && *j->p == '"') {
        const char *at = j->p;
        json_string(j);
        const char *why = uri_problem(j->str);
        if (why && check_on("uri"))
            fail(j->format, "uri", why, j->text, (size_t)(j->end - j->text), (size_t)(at - j->text));
        return;
    }
    for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++)
        if (!strcmp(key, regions[i])) {
            const char *at = j->p;
            if (!(j->p < j->end && (*j->p == '-' || (*j->p >= '0' && *j->p <= '9')) && json_number(j)) &&
                check_on("sarif"))
                fail(j->format, "sarif", "a region's line or column that is not a whole number of 1 or more",
                     j->text, (size_t)(j->end - j->text), (size_t)(at - j->text));
            if (j->p == at)
                json_value(j);
            return;
        }
    json_value(j);
}

static void json_members(json_reader *j, bool object)
{
    char close = object ? '}' : ']';
    j->p++;
    json_ws(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return;
    }
    for (;;) {
        json_ws(j);
        if (object) {
            json_string(j);
            char key[32];
            snprintf(key, sizeof key, "%s", j->str);
            json_ws(j);
            if (j->p >= j->end || *j->p != ':')
                json_fail(j, "expected ':'");
            j->p++;
            json_ws(j);
            if (j->sarif)
                sarif_member(j, key);
            else
                json_value(j);
        } else {
            json_value(j);
        }
        json_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return;
        }
        json_fail(j, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static void json_value(json_reader *j)
{
    json_ws(j);
    if (j->p >= j->end)
        json_fail(j, "expected a value, found the end");
    if (++j->depth > 256)
        json_fail(j, "nested more than 256 deep");
    static const char *const words[] = { "true", "false", "null" };
    char c = *j->p;
    if (c == '{' || c == '[') {
        json_members(j, c == '{');
    } else if (c == '"') {
        json_string(j);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        json_number(j);
    } else {
        size_t i = 0;
        while (i < 3 && !((size_t)(j->end - j->p) >= strlen(words[i]) && !strncmp(j->p, words[i], strlen(words[i]))))
            i++;
        if (i == 3)
            json_fail(j, "expected a value");
        j->p += strlen(words[i]);
    }
    j->depth--;
}

/* A JSON report: one document, then nothing but blanks. */
static void check_json(const char *format, const char *text, size_t len)
{
    json_reader j = { .format = format, .text = text, .p = text, .end = text + len, .sarif = !strcmp(format, "sarif") };
    json_value(&j);
    json_ws(&j);
    if (j.p != j.end)
        json_fail(&j, "text after the document");
    free(j.str);
}

/* A report of a run that ran (a syntax or usage error runs nothing and
 * writes no report, as on the command line). */
static void check_report(const char *format, const char *text, size_t len, int status)
{
    if (len == 0 && (status == LDSCALC_SYNTAX || status == LDSCALC_USAGE))
        return;
    bool json = !strcmp(format, "json") || !strcmp(format, "sarif");
    if (json && check_on("json"))
        check_json(format, text, len);
    if (!json && check_on("control"))
        check_control(format, text, len);
    if (check_on("utf8") && strcmp(format, "text") && strcmp(format, "diagnostics"))
        check_utf8(format, "utf8", text, len);
}

/* ---- the session */

ldscalc_session *fuzz_api_open(void)
{
    static const char *const limits[][2] = {
        { "jobs", "1" }, { "max-steps", "20000" }, { "max-ops", "2000000" }, { "max-bits", "4096" },
    };
    ldscalc_session *s = ldscalc_open();
    if (!s)
        return NULL;
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
        if (ldscalc_set(s, limits[i][0], limits[i][1]) != LDSCALC_OK)
            abort();
    return s;
}

void fuzz_api_options(ldscalc_session *s, const char *text, size_t len)
{
    static const char *const taken[] = { "lang", "threads", "define", "arch", "kernel", "show", "at", "explain" };
    if (len < 3 || memcmp(text, "//@", 3))
        return;
    char line[1024];
    size_t n = 3;
    while (n < len && n < sizeof line - 1 && text[n] != '\n' && text[n] != '\0')
        n++;
    memcpy(line, text + 3, n - 3);
    line[n - 3] = '\0';
    for (char *word = strtok(line, " \t\r"); word; word = strtok(NULL, " \t\r")) {
        char *eq = strchr(word, '=');
        if (!eq)
            continue;
        *eq = '\0';
        for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
            if (!strcmp(word, taken[i]) && ldscalc_set(s, word, eq + 1) != LDSCALC_OK) {
                const ldscalc_error *e = ldscalc_session_error(s);
                if (!e || !e->message)   /* a refused option says why */
                    abort();
            }
    }
}

/* ---- a result read and rendered */

static void read_parts(ldscalc_result *r)
{
    static const char *const metrics[] = {
        "ways", "cycles", "ideal", "excess", "broadcasts", "instructions", "unaligned", "skipped",
        "transactions", "requests", "useful_bytes", "fetched_bytes", "efficiency", "lines", "nonsense",
    };
    char buf[64];
    const ldscalc_error *e = ldscalc_result_error(r);
    if (e && !e->message)
        abort();
    for (size_t i = 0; i < ldscalc_result_nwarnings(r); i++)
        if (!ldscalc_result_warning(r, i)->message)
            abort();
    if (!ldscalc_result_printed(r))
        abort();
    size_t n = ldscalc_result_naccesses(r);
    for (size_t i = 0; i <= n && i < 256; i++) {
        ldscalc_access a = LDSCALC_ACCESS_INIT;
        if ((ldscalc_result_access(r, i, &a) == LDSCALC_OK) != (i < n))
            abort();
        for (size_t m = 0; m < sizeof metrics / sizeof metrics[0]; m++) {
            int len = ldscalc_access_metric(r, i, metrics[m], buf, sizeof buf);
            if (len >= (int)sizeof buf && ldscalc_access_metric(r, i, metrics[m], NULL, 0) != len)
                abort();
        }
    }
    for (size_t i = 0; i < ldscalc_result_ntotals(r); i++) {
        if (!ldscalc_total_profile(r, i))
            abort();
        (void)ldscalc_total_is_global(r, i);
        for (size_t m = 0; m < sizeof metrics / sizeof metrics[0]; m++)
            (void)ldscalc_total_metric(r, i, metrics[m], buf, sizeof buf);
    }
    for (size_t i = 0; i < ldscalc_result_nexpects(r); i++) {
        ldscalc_expect x = LDSCALC_EXPECT_INIT;
        if (ldscalc_result_expect(r, i, &x) != LDSCALC_OK)
            abort();
    }
    for (size_t i = 0; i < ldscalc_result_nsuggestions(r); i++)
        for (size_t k = 0; k < ldscalc_suggestion_nlayouts(r, i); k++) {
            ldscalc_layout l = LDSCALC_LAYOUT_INIT;
            (void)ldscalc_suggestion_layout(r, i, k, &l);
            (void)ldscalc_suggestion_excess(r, i, k, buf, sizeof buf);
        }
}

/* Render format (or access i's picture, for "svg-access") twice: its
 * length, then its text; check what it wrote. */
static void render(ldscalc_result *r, const char *format, size_t i)
{
    bool picture = !strcmp(format, "svg-access");
    size_t len = 0, len2 = 0;
    int rc = picture ? ldscalc_access_svg(r, i, NULL, 0, &len) : ldscalc_render(r, format, NULL, 0, &len);
    if (rc != LDSCALC_OK) {
        if (strncmp(format, "svg", 3))   /* svg: several pictures, or a failed access */
            abort();
        return;
    }
    char *buf = malloc(len + 1);
    if (!buf)
        abort();
    rc = picture ? ldscalc_access_svg(r, i, buf, len + 1, &len2) : ldscalc_render(r, format, buf, len + 1, &len2);
    if (rc != LDSCALC_OK || len2 != len || buf[len] != '\0')
        abort();
    check_report(picture ? "svg" : format, buf, len, ldscalc_result_status(r));
    free(buf);
}

void fuzz_api_exercise(ldscalc_result *r, bool with_fixes)
{
    static const char *const formats[] = { "text", "json", "csv", "markdown", "counters", "svg" };
    static const char *const with_fix_search[] = { "diagnostics", "sarif" };
    if (!r)
        return;
    read_parts(r);
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
        render(r, formats[f], 0);
    for (size_t f = 0; with_fixes && f < sizeof with_fix_search / sizeof with_fix_search[0]; f++)
        render(r, with_fix_search[f], 0);
    for (size_t i = 0; i < ldscalc_result_naccesses(r) && i < 2; i++)
        render(r, "svg-access", i);
    ldscalc_result_free(r);
}
