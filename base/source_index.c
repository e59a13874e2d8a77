/* base/source_index.c - a program text's lines and a kernel file's
 * statements, indexed once (base/source_index.h), and a statement's text
 * as records show it.
 *
 * A kernel file's statements are found by one pass of a small C scanner:
 * comments, string and character literals (raw strings too) and
 * preprocessor lines are skipped; at parenthesis depth 0, outside an
 * initializer's braces, a ';', a '{' or a '}' ends a statement, and the
 * next character that is not blank starts one.  A '{' opens an
 * initializer (and ends nothing) inside parentheses or after '=', ',', '('
 * or '['.  So `for (i = 0; i < n; i++) s[i] = 0;` is one statement, and
 * `if (c) { s[i] = 0; }` two: `if (c)` and `s[i] = 0`. */
#include "base/source_index.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "base/mem.h"
#include "base/usertext.h"

typedef struct {
    size_t start, end;            /* [start, end) in the text */
} span;

struct lds_source_index {
    size_t *line;                 /* where each line starts: line[k] is line first_line + k */
    unsigned nlines;
    span *stmt;                   /* a kernel file's statements, in order */
    size_t nstmt, capstmt;
};

/* ------------------------------------------------------------- lexing */

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || (unsigned char)c >= 0x80;
}

/* Where the raw string literal whose '"' is at text[q] ends (one past its
 * closing '"'), or 0 when none starts there: R"delim( ... )delim", with
 * the prefixes R, LR, uR, UR, u8R. */
static size_t raw_string_end(const char *text, size_t begin, size_t q, size_t end)
{
    size_t p = q;
    while (p > begin && q - p < 4 && ident_char(text[p - 1]))
        p--;
    if (p > begin && ident_char(text[p - 1]))
        return 0;   /* a longer name: no prefix */
    size_t plen = q - p;
    const char *pre = text + p;
    bool raw = (plen == 1 && pre[0] == 'R') || (plen == 2 && strchr("LuU", pre[0]) && pre[1] == 'R')
               || (plen == 3 && !memcmp(pre, "u8R", 3));
    if (!raw)
        return 0;
    size_t d = q + 1;
    while (d < end && d - q - 1 <= 16 && text[d] != '(' && text[d] != ')' && text[d] != '\\' && !isspace((unsigned char)text[d]))
        d++;
    if (d >= end || text[d] != '(')
        return 0;
    size_t dlen = d - q - 1;
    for (size_t k = d + 1; k + 1 + dlen < end; k++)
        if (text[k] == ')' && !memcmp(text + k + 1, text + q + 1, dlen) && text[k + 1 + dlen] == '"')
            return k + dlen + 2;
    return end;   /* never closed: it runs to the end, as a compiler reads it */
}

/* Where the literal opened by the quote at text[q] ends: one past its
 * closing quote, or its line's end where it is never closed. */
static size_t literal_end(const char *text, size_t begin, size_t q, size_t end)
{
    if (text[q] == '"') {
        size_t r = raw_string_end(text, begin, q, end);
        if (r)
            return r;
    }
    size_t k = q + 1;
    while (k < end && text[k] != text[q] && text[k] != '\n')
        k += text[k] == '\\' && k + 1 < end ? 2 : 1;
    return k < end && text[k] == text[q] ? k + 1 : k;
}

/* Whether the newline at text[k] (k > 0) ends its line: no backslash
 * before it (C splices the two lines). */
static bool line_ends(const char *text, size_t k)
{
    return text[k - 1] != '\\' && !(k > 1 && text[k - 1] == '\r' && text[k - 2] == '\\');
}

/* Where the comment at text[q] ends ("//" to its line's end, in C a
 * backslash before the newline continuing it; a block comment one past
 * its close), or q when none starts there. */
static size_t comment_end(const char *text, size_t q, size_t end, bool c_family)
{
    if (q + 1 >= end || text[q] != '/')
        return q;
    if (text[q + 1] == '/') {
        size_t k = q + 2;
        while (k < end && !(text[k] == '\n' && (!c_family || line_ends(text, k))))
            k++;
        return k;
    }
    if (text[q + 1] == '*') {
        const char *close = NULL;
        for (size_t k = q + 2; k + 1 < end && !close; k++)
            if (text[k] == '*' && text[k + 1] == '/')
                close = text + k;
        return close ? (size_t)(close - text) + 2 : end;
    }
    return q;
}

/* A quote that separates digits (C++14's 1'000'000), not a character
 * literal: num says the token it is in began with a digit. */
static bool digit_separator(const char *text, size_t q, size_t begin, bool num)
{
    return num && q > begin && isalnum((unsigned char)text[q - 1]);
}

/* ---------------------------------------------------------- the index */

static void add_statement(struct lds_source_index *x, size_t start, size_t end)
{
    if (end <= start)
        return;
    x->stmt = lds_xgrow(x->stmt, x->nstmt, &x->capstmt, sizeof *x->stmt, 64);
    x->stmt[x->nstmt++] = (span){ start, end };
}

/* Where the preprocessor line at text[q] ends (its newline, backslash-
 * newlines followed). */
static size_t directive_end(const char *text, size_t q, size_t end)
{
    while (q < end) {
        size_t c = comment_end(text, q, end, true);
        if (c != q) {
            q = c;
            continue;
        }
        if (text[q] == '\n' && (q == 0 || line_ends(text, q)))
            return q;
        q++;
    }
    return end;
}

/* The keyword a statement at text[q] starts with: 1 for one whose
 * parenthesised head is a statement of its own (for, if, while, switch),
 * its length for one that is (else, do), 0 for none. */
static size_t statement_keyword(const char *text, size_t q, size_t end, bool *head)
{
    static const struct { const char *word; bool head; } words[] = {
        { "for", true }, { "if", true }, { "while", true }, { "switch", true }, { "else", false }, { "do", false },
    };
    *head = false;
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        size_t n = strlen(words[k].word);
        if (end - q < n || memcmp(text + q, words[k].word, n) || (q + n < end && ident_char(text[q + n])))
            continue;
        *head = words[k].head;
        return words[k].head ? 1 : n;
    }
    return 0;
}

/* One pass over a kernel file: its statements (the file comment above);
 * the head of a for, if, while or switch, and an else or a do, are
 * statements of their own, so that an access's statement is the
 * innermost that holds it. */
static void scan_statements(struct lds_source_index *x, const char *text, size_t begin, size_t end)
{
    size_t open = SIZE_MAX;       /* where the statement now read began */
    unsigned depth = 0, init = 0; /* parentheses and brackets; initializer braces */
    char last = ';';              /* the last character that is not blank */
    bool line_start = true, num = false, head = false;
    for (size_t q = begin; q < end;) {
        char c = text[q];
        size_t skip = comment_end(text, q, end, true);
        if (skip != q) {
            q = skip;
            continue;
        }
        if (c == '\n' || isspace((unsigned char)c)) {
            line_start |= c == '\n';
            num = false;
            q++;
            continue;
        }
        if (c == '#' && line_start) {   /* a directive ends the statement it interrupts */
            if (open != SIZE_MAX)
                add_statement(x, open, q);
            open = SIZE_MAX;
            depth = init = 0;
            head = false;
            last = ';';
            q = directive_end(text, q, end);
            continue;
        }
        line_start = false;
        bool keyword_head;
        if (open != SIZE_MAX && !depth && !init && !ident_char(text[q - 1]) && (ident_char(last) || last == ')')
            && statement_keyword(text, q, end, &keyword_head)) {
            /* UNROLL for (...), CUTLASS_PRAGMA_UNROLL, MACRO(4) for: no C
             * statement goes on into a for or an if, so the words before are
             * one of their own (a macro that expands to nothing or a pragma) */
            add_statement(x, open, q);
            open = SIZE_MAX;
            last = ';';
        }
        if (open == SIZE_MAX) {
            size_t alone = statement_keyword(text, q, end, &head);
            if (alone > 1) {   /* else, do */
                add_statement(x, q, q + alone);
                q += alone;
                last = ';';
                continue;
            }
            open = q;
        }
        if (c == '"' || (c == '\'' && !digit_separator(text, q, begin, num))) {
            q = literal_end(text, begin, q, end);
            last = c;
            num = false;
            continue;
        }
        num = ident_char(c) || c == '.' || c == '\'' ? num || (isdigit((unsigned char)c) && !ident_char(last)) : false;
        bool ends = false;
        if (c == '(' || c == '[')
            depth++;
        else if ((c == ')' || c == ']') && depth && !--depth && head && c == ')') {   /* the end of a head */
            add_statement(x, open, q + 1);
            open = SIZE_MAX;
            head = false;
            last = ';';
            q++;
            continue;
        }
        else if (c == '{' && (depth || init || (last && strchr("=,([", last))))
            init++;
        else if (c == '}' && init)
            init--;
        else
            ends = (c == ';' && !depth && !init) || c == '{' || c == '}';
        if (ends) {
            add_statement(x, open, q);
            open = SIZE_MAX;
            depth = init = 0;
            head = false;
        }
        last = c;
        q++;
    }
    if (open != SIZE_MAX)
        add_statement(x, open, end);
}

void lds_source_index(lds_source *src, bool c_family)
{
    lds_source_index_free(src);
    struct lds_source_index *x = lds_xcalloc(1, sizeof *x);
    size_t begin = src->len >= 3 && memcmp(src->text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;   /* as lds_source_line */
    size_t n = 1;
    for (const char *p = src->text + begin; (p = memchr(p, '\n', (size_t)(src->text + src->len - p))); p++)
        n++;
    x->line = lds_xreallocarray(NULL, n, sizeof *x->line);
    x->line[0] = begin;
    x->nlines = 1;
    for (const char *p = src->text + begin; (p = memchr(p, '\n', (size_t)(src->text + src->len - p))); p++)
        x->line[x->nlines++] = (size_t)(p + 1 - src->text);
    if (c_family)
        scan_statements(x, src->text, begin, src->len);
    src->index = x;
}

void lds_source_index_free(lds_source *src)
{
    struct lds_source_index *x = (struct lds_source_index *)src->index;
    if (!x)
        return;
    lds_free(x->line);
    lds_free(x->stmt);
    lds_free(x);
    src->index = NULL;
}

const char *lds_source_index_line(const lds_source *src, unsigned line, size_t *len)
{
    const struct lds_source_index *x = src->index;
    unsigned first = lds_source_first_line(src);
    if (line < first || line - first >= x->nlines)
        return NULL;
    size_t k = line - first;
    size_t start = x->line[k], stop = k + 1 < x->nlines ? x->line[k + 1] - 1 : src->len;
    *len = stop - start;
    return src->text + start;
}

/* ------------------------------------------------- a statement's text */

/* Bytes of a statement read for its text: beyond, the text is cut (a
 * statement holding a megabyte of comment costs no more per record). */
#define SOURCE_SCAN_MAX ((size_t)64 << 10)

/* The text being made: at most LDS_MAX_SOURCE_TEXT bytes, then "...". */
typedef struct {
    lds_buf b;
    bool full;                    /* a character did not fit */
    bool more;                    /* and something other than ';' followed */
    bool gap;                     /* in a run of blanks to be one space */
} folded;

/* Append the character (or escaped byte) at p, of the n bytes left. */
static size_t fold_char(folded *f, const char *p, size_t n)
{
    size_t len = lds_text_char_len((const unsigned char *)p, n);
    size_t out = len ? len : 4;
    size_t take = len ? len : 1;
    if (f->full || f->b.len + (f->gap && f->b.len ? 1 : 0) + out > LDS_MAX_SOURCE_TEXT) {
        f->full = true;
        f->more |= *p != ';';
        return take;
    }
    if (f->gap && f->b.len && f->b.s[f->b.len - 1] != ' ')
        lds_buf_putc(&f->b, ' ');
    f->gap = false;
    lds_text_append(&f->b, p, take);
    return take;
}

const char *lds_statement_text(lds_arena *a, const char *start, const char *end, bool c_family)
{
    folded f = { .gap = false };
    bool scan_cut = (size_t)(end - start) > SOURCE_SCAN_MAX;
    if (scan_cut)
        end = start + SOURCE_SCAN_MAX;
    size_t n = (size_t)(end - start);
    bool num = false;
    char last = ' ';
    for (size_t q = 0; q < n && !f.more;) {
        char c = start[q];
        size_t skip = comment_end(start, q, n, c_family);
        if (skip == q && !c_family && c == '#')
            for (skip = q; skip < n && start[skip] != '\n'; skip++) {}
        if (skip != q) {
            q = skip;
            f.gap = true;
            continue;
        }
        if (c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v') {
            f.gap = true;
            num = false;
            q++;
            continue;
        }
        if (c == ' ' && f.gap) {
            q++;
            continue;
        }
        if (c_family && (c == '"' || (c == '\'' && !digit_separator(start, q, 0, num)))) {
            size_t close = literal_end(start, 0, q, n);
            while (q < close && !f.more)   /* its blanks and slashes are its own */
                q += fold_char(&f, start + q, close - q);
            num = false;
            last = c;
            continue;
        }
        num = ident_char(c) || c == '.' || c == '\'' ? num || (isdigit((unsigned char)c) && !ident_char(last)) : false;
        last = c;
        q += fold_char(&f, start + q, n - q);
    }
    f.more |= scan_cut;
    while (f.b.len && (f.b.s[f.b.len - 1] == ' ' || (!f.more && f.b.s[f.b.len - 1] == ';')))
        f.b.s[--f.b.len] = '\0';
    if (f.more)
        lds_buf_puts(&f.b, "...");
    const char *text = lds_arena_strndup(a, lds_buf_str(&f.b), f.b.len);
    lds_buf_free(&f.b);
    return text;
}

/* The statement of x that holds byte off, or NULL. */
static const span *statement_at(const struct lds_source_index *x, size_t off)
{
    size_t lo = 0, hi = x->nstmt;   /* the first statement starting after off */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (x->stmt[mid].start <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo && off < x->stmt[lo - 1].end ? &x->stmt[lo - 1] : NULL;
}

const char *lds_kernel_statement_text(lds_arena *a, const lds_source *src, unsigned line, unsigned col)
{
    size_t len;
    const char *text = lds_source_line(src, line, &len);
    if (!text)
        return "";
    size_t off = (size_t)(text - src->text) + (col ? col - 1 : 0);
    const span *s = src->index && col && col - 1 < len ? statement_at(src->index, off) : NULL;
    if (s)
        return lds_statement_text(a, src->text + s->start, src->text + s->end, true);
    if (col && col - 1 < len)   /* from the place to its line's end */
        return lds_statement_text(a, src->text + off, text + len, true);
    return lds_statement_text(a, text, text + len, true);
}

const char *lds_kernel_subscripted_name(lds_arena *a, const lds_source *src, unsigned line, unsigned col)
{
    size_t len;
    const char *text = lds_source_line(src, line, &len);
    if (!text || !col || col - 1 >= len)
        return NULL;
    const char *start = text + col - 1, *end = start, *stop = text + len;
    if (!isalpha((unsigned char)*start) && *start != '_')
        return NULL;
    while (end < stop && (isalnum((unsigned char)*end) || *end == '_'))
        end++;
    const char *after = end;
    while (after < stop && (*after == ' ' || *after == '\t'))
        after++;
    return after < stop && *after == '[' ? lds_arena_strndup(a, start, (size_t)(end - start)) : NULL;
}
