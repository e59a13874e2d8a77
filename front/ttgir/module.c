/* front/ttgir/module.c - a TTGIR module's text (front/ttgir/ttgir_impl.h):
 * the attribute aliases and #loc places a dump writes around the module
 * (before it and after it), the module's attributes, and the types ops
 * name. */
#include "front/ttgir/ttgir_impl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char *blanks(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p;
}

/* The end of the bracketed text whose opening bracket is at p ('<', '(',
 * '[' or '{'), nested brackets and strings within, on p's line: after
 * its closing bracket; NULL if it is not closed there. */
static const char *closing(const char *p, const char *end)
{
    int depth = 0;
    for (; p < end && *p != '\n'; p++) {
        if (*p == '"') {
            for (p++; p < end && *p != '"' && *p != '\n'; p++)
                if (*p == '\\')
                    p++;
            continue;
        }
        if (*p == '<' || *p == '(' || *p == '[' || *p == '{')
            depth++;
        else if ((*p == '>' && p[-1] != '-') || *p == ')' || *p == ']' || *p == '}')
            if (--depth == 0)
                return p + 1;
    }
    return NULL;
}

static void add(tg_alias **v, unsigned *n, const char *name, const char *text, unsigned line)
{
    *v = lds_xreallocarray(*v, *n + 1, sizeof **v);
    (*v)[(*n)++] = (tg_alias){ name, text, line };
}

static unsigned module_int(const char *attrs, const char *key)
{
    const char *k = strstr(attrs, key);
    if (!k || !(k = strchr(k + strlen(key), '=')))
        return 0;
    long v = strtol(k + 1, NULL, 10);
    return v > 0 && v <= 65536 ? (unsigned)v : 0;
}

/* module attributes {"ttg.num-warps" = 4 : i32, ...} */
static void module_attrs(tg_module *m, const char *p, const char *end)
{
    const char *open = memchr(p, '{', (size_t)(end - p)), *close = open ? closing(open, end) : NULL;
    if (!close)
        return;
    char *attrs = lds_arena_strndup(m->arena, open, (size_t)(close - open));
    m->num_warps = module_int(attrs, "\"ttg.num-warps\"");
    m->tpw = module_int(attrs, "\"ttg.threads-per-warp\"");
    const char *t = strstr(attrs, "ttg.target");
    if (t && (t = strchr(t, '"')) && strchr(t + 1, '"'))
        m->target = lds_arena_strndup(m->arena, t + 1, (size_t)(strchr(t + 1, '"') - t - 1));
}

int tg_module_read(tg_module *m)
{
    const char *text = m->src->text, *end = text + m->src->len;
    unsigned line = 1;
    for (const char *p = text; p < end; line++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        const char *q = blanks(p, eol);
        if (q < eol && *q == '#') {   /* #name = #ttg.KIND<...> or #locN = loc(...) */
            const char *n = q + 1;
            while (n < eol && (isalnum((unsigned char)*n) || *n == '_'))
                n++;
            const char *eq = blanks(n, eol);
            const char *v = eq < eol && *eq == '=' ? blanks(eq + 1, eol) : eol;
            const char *vend = v < eol && (*v == '#' || !strncmp(v, "loc(", 4)) ? strpbrk(v, "<(") : NULL;
            const char *close = vend && vend < eol ? closing(vend, eol) : NULL;
            bool params = vend && vend < eol && (*vend == '<' || *vend == '(');
            if (v < eol && *v == '#' && !close && !params) {   /* #smem = #ttg.shared_memory: no parameters */
                close = v + 1;
                while (close < eol && (isalnum((unsigned char)*close) || *close == '_' || *close == '.'))
                    close++;
            }
            if (n == q + 1 || !close) {
                lds_diag_set(m->diag, (lds_loc){ m->src, line, (unsigned)(q - p) + 1 },
                             "a TTGIR alias '#NAME = #dialect.KIND<...>' or '#locN = loc(...)', closed on its line");
                return -1;
            }
            char *name = lds_arena_strndup(m->arena, q, (size_t)(n - q));
            char *val = lds_arena_strndup(m->arena, v, (size_t)(close - v));
            if (*v == 'l')
                add(&m->locs, &m->nlocs, name, val, line);
            else
                add(&m->aliases, &m->naliases, name, val, line);
        } else if ((size_t)(eol - q) > 6 && !memcmp(q, "module", 6) && (q[6] == ' ' || q[6] == '{')) {
            module_attrs(m, q, eol);
        }
        p = eol < end ? eol + 1 : end;
    }
    return 0;
}

const char *tg_fmt(const tg_module *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *s = lds_arena_vprintf(m->arena, fmt, ap);
    va_end(ap);
    return s;
}

void tg_module_free(tg_module *m)
{
    lds_free(m->aliases);
    lds_free(m->locs);
    m->aliases = m->locs = NULL;
}

const char *tg_attr(const tg_module *m, const char *enc)
{
    if (!enc || enc[0] != '#')
        return NULL;
    if (strchr(enc, '.'))
        return enc;   /* an attribute written out: #ttg.dot_op<{...}> */
    for (unsigned i = 0; i < m->naliases; i++)
        if (!strcmp(m->aliases[i].name, enc))
            return m->aliases[i].text;
    return NULL;
}

const char *tg_attr_kind(const char *attr, char *buf, size_t n)
{
    const char *dot = strchr(attr, '.');
    const char *k = dot ? dot + 1 : attr;
    size_t len = strcspn(k, "<> ,");
    snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), k);
    return buf;
}

unsigned tg_attr_ints(const char *attr, const char *key, int64_t *v, unsigned max)
{
    size_t klen = strlen(key);
    for (const char *k = strstr(attr, key); k; k = strstr(k + 1, key)) {
        if ((k > attr && (isalnum((unsigned char)k[-1]) || k[-1] == '_')) || isalnum((unsigned char)k[klen]))
            continue;
        const char *q = k + klen;
        while (*q == ' ')
            q++;
        if (*q != '=')
            continue;
        for (q++; *q == ' '; q++) {}
        bool list = *q == '[';
        unsigned n = 0;
        if (list)
            q++;
        while (n < max) {
            while (*q == ' ' || *q == ',')
                q++;
            if (!isdigit((unsigned char)*q) && *q != '-')
                break;
            v[n++] = strtoll(q, (char **)&q, 10);
            if (!list)
                break;
        }
        return n;
    }
    return 0;
}

/* ---------------------------------------------------------- places */

/* The place of a location's inner text at p: "file":L:C, #locN, "name"(inner),
 * callsite(inner at ...), fused[inner, ...]; NULL for unknown or what is
 * none of these. */
static const char *place(const tg_module *m, const char *p, const char *end, int depth)
{
    if (depth > 16)
        return NULL;
    p = blanks(p, end);
    if (p < end && *p == '"') {
        const char *q = p + 1;
        while (q < end && *q != '"' && *q != '\n')
            q += *q == '\\' ? 2 : 1;
        if (q >= end || *q != '"')
            return NULL;
        const char *after = q + 1;
        if (after < end && *after == ':') {   /* "file":L:C */
            const char *r = after + 1;
            while (r < end && (isdigit((unsigned char)*r) || *r == ':'))
                r++;
            lds_buf b = { 0 };
            lds_buf_printf(&b, "%.*s%.*s", (int)(q - p - 1), p + 1, (int)(r - after), after);
            const char *s = lds_arena_strndup(m->arena, lds_buf_str(&b), b.len);
            lds_buf_free(&b);
            return s;
        }
        return after < end && *after == '(' ? place(m, after + 1, end, depth + 1) : NULL;   /* "name"(inner) */
    }
    if (p < end && *p == '#') {
        const char *q = p + 1;
        while (q < end && (isalnum((unsigned char)*q) || *q == '_'))
            q++;
        for (unsigned i = 0; i < m->nlocs; i++)
            if (strlen(m->locs[i].name) == (size_t)(q - p) && !memcmp(m->locs[i].name, p, (size_t)(q - p)))
                return place(m, m->locs[i].text + 4, m->locs[i].text + strlen(m->locs[i].text), depth + 1);
        return NULL;
    }
    if ((size_t)(end - p) > 9 && !memcmp(p, "callsite(", 9))
        return place(m, p + 9, end, depth + 1);
    if ((size_t)(end - p) > 5 && !memcmp(p, "fused", 5)) {
        const char *b = memchr(p, '[', (size_t)(end - p));
        return b ? place(m, b + 1, end, depth + 1) : NULL;
    }
    return NULL;
}

const char *tg_loc_text(const tg_module *m, const char *p, const char *end)
{
    return (size_t)(end - p) > 4 && !memcmp(p, "loc(", 4) ? place(m, p + 4, end, 0) : NULL;
}

/* ---------------------------------------------------------- types */

static unsigned elem_bits(const char *e)
{
    if (!strncmp(e, "!tt.ptr<", 8))
        return elem_bits(e + 8);
    static const struct { const char *name; unsigned bits; } known[] = {
        { "f16", 16 }, { "bf16", 16 }, { "i16", 16 }, { "f32", 32 }, { "i32", 32 }, { "tf32", 32 },
        { "f64", 64 }, { "i64", 64 }, { "i8", 8 }, { "i1", 8 }, { "f8", 8 }, { "ui8", 8 },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        size_t n = strlen(known[i].name);
        if (!strncmp(e, known[i].name, n) && (!isdigit((unsigned char)e[n]) || !strcmp(known[i].name, "f8")))
            return known[i].bits;
    }
    return 0;
}

bool tg_type_read(const tg_module *m, const char *p, const char *end, tg_type *t, const char **next)
{
    memset(t, 0, sizeof *t);
    p = blanks(p, end);
    if ((size_t)(end - p) > 7 && !memcmp(p, "tensor<", 7))
        p += 6;
    else if ((size_t)(end - p) > 13 && !memcmp(p, "!ttg.memdesc<", 13))
        p += 12;
    if (p >= end || *p != '<')
        return false;
    const char *close = closing(p, end);
    if (!close)
        return false;
    const char *q = p + 1;
    while (q < close && isdigit((unsigned char)*q)) {
        if (t->rank == TG_MAX_RANK)
            return false;
        t->shape[t->rank++] = strtoll(q, (char **)&q, 10);
        if (*q != 'x')
            return false;
        q++;
    }
    const char *e = q;
    int depth = 0;
    while (q < close - 1 && !(depth == 0 && *q == ',')) {
        depth += *q == '<' ? 1 : *q == '>' ? -1 : 0;
        q++;
    }
    t->elem = lds_arena_strndup(m->arena, e, (size_t)(q - e));
    t->bits = elem_bits(t->elem);
    if (*q == ',') {
        const char *s = blanks(q + 1, close);
        const char *r = s;
        depth = 0;
        while (r < close - 1 && !(depth == 0 && *r == ',')) {
            depth += (*r == '<' || *r == '{' || *r == '[') ? 1 : (*r == '>' || *r == '}' || *r == ']') ? -1 : 0;
            r++;
        }
        t->enc = lds_arena_strndup(m->arena, s, (size_t)(r - s));
    }
    *next = close;
    return true;
}
