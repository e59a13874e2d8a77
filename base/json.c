/* base/json.c - JSON read into a tree (base/json.h): a
 * recursive descent over RFC 8259's grammar, nesting capped so that a
 * hostile file cannot exhaust the stack, strings decoded (\uXXXX and
 * surrogate pairs to UTF-8). */
#include "base/json.h"

#include <stdbool.h>
#include <string.h>

#include "base/buf.h"
#include "base/check.h"
#include "base/mem.h"

#define MAX_JSON_DEPTH 256

typedef struct {
    const lds_source *src;
    const char *p, *end, *line_start;
    unsigned line;
    lds_arena *arena;
    lds_diag *diag;
    unsigned depth;
} reader;

static lds_loc here(const reader *r)
{
    return (lds_loc){ r->src, r->line, (unsigned)(r->p - r->line_start) + 1 };
}

static int fail(reader *r, const char *what)
{
    if (r->p >= r->end)
        lds_diag_set(r->diag, here(r), "bad JSON: expected %s, not the end of the file", what);
    else
        lds_diag_set(r->diag, here(r), "bad JSON: expected %s, not '%c'", what,
                     (unsigned char)*r->p >= ' ' && (unsigned char)*r->p < 127 ? *r->p : '?');
    return -1;
}

static void skip_blanks(reader *r)
{
    for (; r->p < r->end && strchr(" \t\r\n", *r->p) && *r->p; r->p++)
        if (*r->p == '\n') {
            r->line++;
            r->line_start = r->p + 1;
        }
}

static bool take(reader *r, char c)
{
    skip_blanks(r);
    if (r->p < r->end && *r->p == c) {
        r->p++;
        return true;
    }
    return false;
}

static int hex4(reader *r, unsigned *out)
{
    *out = 0;
    for (int i = 0; i < 4; i++, r->p++) {
        char c = r->p < r->end ? *r->p : '\0';
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return fail(r, "four hex digits after \\u");
        *out = *out * 16 + (unsigned)d;
    }
    return 0;
}

/* \uXXXX (a surrogate pair as one) as UTF-8. */
static int unicode_escape(reader *r, lds_buf *b)
{
    unsigned u;
    if (hex4(r, &u) < 0)
        return -1;
    if (u >= 0xD800 && u < 0xDC00) {
        unsigned lo;
        if (r->end - r->p < 2 || r->p[0] != '\\' || r->p[1] != 'u')
            return fail(r, "the second half of a surrogate pair (\\uDC00-\\uDFFF)");
        r->p += 2;
        if (hex4(r, &lo) < 0)
            return -1;
        if (lo < 0xDC00 || lo > 0xDFFF)
            return fail(r, "the second half of a surrogate pair (\\uDC00-\\uDFFF)");
        u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (u < 0x80)
        lds_buf_printf(b, "%c", (char)u);
    else if (u < 0x800)
        lds_buf_printf(b, "%c%c", (char)(0xC0 | u >> 6), (char)(0x80 | (u & 0x3F)));
    else if (u < 0x10000)
        lds_buf_printf(b, "%c%c%c", (char)(0xE0 | u >> 12), (char)(0x80 | (u >> 6 & 0x3F)), (char)(0x80 | (u & 0x3F)));
    else
        lds_buf_printf(b, "%c%c%c%c", (char)(0xF0 | u >> 18), (char)(0x80 | (u >> 12 & 0x3F)),
                       (char)(0x80 | (u >> 6 & 0x3F)), (char)(0x80 | (u & 0x3F)));
    return 0;
}

/* A string, from its opening quote: decoded into the arena. */
static int string(reader *r, const char **out, size_t *len)
{
    if (!take(r, '"'))
        return fail(r, "a string (\"...\")");
    lds_buf b = { 0 };
    lds_buf_printf(&b, "%s", "");
    for (;;) {
        if (r->p >= r->end || *r->p == '\n') {
            lds_buf_free(&b);
            return fail(r, "the string's closing '\"'");
        }
        char c = *r->p++;
        if (c == '"')
            break;
        if ((unsigned char)c < 0x20) {
            r->p--;
            lds_buf_free(&b);
            return fail(r, "a control character escaped (\\n, \\t, \\u00XX)");
        }
        if (c != '\\') {
            lds_buf_printf(&b, "%c", c);
            continue;
        }
        c = r->p < r->end ? *r->p++ : '\0';
        const char *plain = strchr("\"\\/bfnrt", c), *as = "\"\\/\b\f\n\r\t";
        if (c && plain) {
            lds_buf_printf(&b, "%c", as[plain - "\"\\/bfnrt"]);
        } else if (c == 'u') {
            if (unicode_escape(r, &b) < 0) {
                lds_buf_free(&b);
                return -1;
            }
        } else {
            r->p--;
            lds_buf_free(&b);
            return fail(r, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
        }
    }
    *len = b.len;
    *out = lds_arena_strndup(r->arena, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    return 0;
}

/* A number: its spelling checked against the grammar, kept as text. */
static int number(reader *r, lds_json *v)
{
    const char *start = r->p;
    if (r->p < r->end && *r->p == '-')
        r->p++;
    size_t digits = strspn(r->p, "0123456789");
    if (r->p + digits > r->end || digits == 0 || (digits > 1 && *r->p == '0'))
        return fail(r, "a value (a number, a string, an array, an object, true, false or null)");
    r->p += digits;
    if (r->p < r->end && *r->p == '.') {
        r->p++;
        if (!(digits = strspn(r->p, "0123456789")))
            return fail(r, "a digit after the '.'");
        r->p += digits;
    }
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        r->p++;
        if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
            r->p++;
        if (!(digits = strspn(r->p, "0123456789")))
            return fail(r, "the exponent's digits");
        r->p += digits;
    }
    v->kind = JSON_NUMBER;
    v->len = (size_t)(r->p - start);
    v->text = lds_arena_strndup(r->arena, start, v->len);
    return 0;
}

static int value(reader *r, lds_json *v);

/* The values of an array or an object, from after its '[' or '{' to its
 * closing bracket, into v. */
static int members(reader *r, lds_json *v, bool object)
{
    size_t cap = 0;
    lds_json *items = NULL;
    const char **keys = NULL;
    int rc = 0;
    if (++r->depth > MAX_JSON_DEPTH) {
        lds_diag_set(r->diag, v->loc, "bad JSON: nested more than %d deep", MAX_JSON_DEPTH);
        return -1;
    }
    if (!take(r, object ? '}' : ']'))
        for (;;) {
            if (v->n == cap) {
                size_t c = cap;
                items = lds_xgrow(items, v->n, &c, sizeof *items, 8);
                keys = object ? lds_xreallocarray(keys, c, sizeof *keys) : NULL;
                cap = c;
            }
            size_t klen;
            if (object && (string(r, &keys[v->n], &klen) < 0 || (!take(r, ':') && fail(r, "':' after the key") < 0))) {
                rc = -1;
                break;
            }
            if (value(r, &items[v->n]) < 0) {
                rc = -1;
                break;
            }
            v->n++;
            if (take(r, ','))
                continue;
            if (take(r, object ? '}' : ']'))
                break;
            rc = fail(r, object ? "',' or '}'" : "',' or ']'");
            break;
        }
    r->depth--;
    if (rc == 0 && v->n) {
        v->items = lds_arena_alloc(r->arena, sizeof *items * v->n);
        memcpy(v->items, items, sizeof *items * v->n);
        if (object) {
            v->keys = lds_arena_alloc(r->arena, sizeof *keys * v->n);
            memcpy(v->keys, keys, sizeof *keys * v->n);
        }
    }
    lds_free(items);
    lds_free(keys);
    return rc;
}

static int value(reader *r, lds_json *v)
{
    skip_blanks(r);
    memset(v, 0, sizeof *v);
    v->loc = here(r);
    static const struct {
        const char *word;
        lds_json_kind kind;
    } words[] = { { "null", JSON_NULL }, { "false", JSON_FALSE }, { "true", JSON_TRUE } };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if ((size_t)(r->end - r->p) >= n && !memcmp(r->p, words[i].word, n)) {
            r->p += n;
            v->kind = words[i].kind;
            return 0;
        }
    }
    if (r->p < r->end && *r->p == '"') {
        v->kind = JSON_STRING;
        return string(r, &v->text, &v->len);
    }
    if (take(r, '[')) {
        v->kind = JSON_ARRAY;
        return members(r, v, false);
    }
    if (take(r, '{')) {
        v->kind = JSON_OBJECT;
        return members(r, v, true);
    }
    return number(r, v);
}

int lds_json_parse(const lds_source *src, lds_arena *arena, lds_json **out, lds_diag *diag)
{
    reader r = { .src = src, .p = src->text, .end = src->text + src->len, .line_start = src->text, .line = 1,
                 .arena = arena, .diag = diag };
    if (src->len >= 3 && !memcmp(src->text, "\xef\xbb\xbf", 3))   /* a byte-order mark */
        r.p = r.line_start = src->text + 3;
    lds_json *v = lds_arena_alloc(arena, sizeof *v);
    if (value(&r, v) < 0)
        return -1;
    skip_blanks(&r);
    if (r.p < r.end)
        return fail(&r, "the end of the file after the value");
    LDS_ASSERT(r.depth == 0);
    *out = v;
    return 0;
}

const lds_json *lds_json_get(const lds_json *object, const char *key)
{
    if (!object || object->kind != JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < object->n; i++)
        if (!strcmp(object->keys[i], key))
            return &object->items[i];
    return NULL;
}
