/* base/linemark.c - '#line' marks of lowered programs, written and read in
 * one place (base/linemark.h has the grammar). */
#include "base/linemark.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Digits are capped here: a place past it is no place (a lowered line
 * never is). */
#define MARK_NUMBER_MAX 100000000u

typedef struct {
    char *p, *end;                /* end: the last byte, kept for the NUL */
    bool full;
} writer;

static void put(writer *w, char c)
{
    if (w->p < w->end)
        *w->p++ = c;
    else
        w->full = true;
}

static void put_str(writer *w, const char *s)
{
    while (*s)
        put(w, *s++);
}

static void put_place(writer *w, const lds_mark_place *at)
{
    char num[32];
    snprintf(num, sizeof num, "%u:%u", at->line, at->col);
    put_str(w, num);
    if (!at->file)
        return;
    put_str(w, " \"");
    for (const char *f = at->file; *f; f++) {
        if (*f == '"' || *f == '\\')
            put(w, '\\');
        put(w, (unsigned char)*f < 0x20 || *f == 0x7f ? ' ' : *f);
    }
    put(w, '"');
}

/* The mark with as many of its parts as asked; false if it did not fit. */
static bool try_format(char *buf, size_t n, const lds_line_mark *m, bool file, bool note, bool text)
{
    writer w = { buf, buf + n - 1, false };
    lds_mark_place at = m->at;
    if (!file)
        at.file = NULL;
    put_str(&w, "#line ");
    put_place(&w, &at);
    if (note && m->note.line) {
        put_str(&w, " note ");
        put_place(&w, &m->note);
        if (text && m->note_text) {
            put(&w, ' ');
            for (size_t i = 0; i < m->note_len && m->note_text[i]; i++) {
                unsigned char c = (unsigned char)m->note_text[i];
                put(&w, c < 0x20 || c == 0x7f ? ' ' : (char)c);
            }
        }
    }
    *w.p = '\0';
    return !w.full;
}

void lds_line_mark_format(char *buf, size_t n, const lds_line_mark *m)
{
    if (!try_format(buf, n, m, true, true, true) && !try_format(buf, n, m, true, true, false)
        && !try_format(buf, n, m, true, false, false))
        try_format(buf, n, m, false, false, false);
}

static const char *blanks(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* L:C at p: the position after it, or NULL. */
static const char *read_place(const char *p, const char *end, lds_mark_place *at)
{
    unsigned line = 0, col = 0;
    const char *q = p;
    while (q < end && isdigit((unsigned char)*q) && line < MARK_NUMBER_MAX)
        line = line * 10 + (unsigned)(*q++ - '0');
    if (q == p || q >= end || *q++ != ':')
        return NULL;
    const char *c0 = q;
    while (q < end && isdigit((unsigned char)*q) && col < MARK_NUMBER_MAX)
        col = col * 10 + (unsigned)(*q++ - '0');
    if (q == c0 || !line || !col)
        return NULL;
    at->line = line;
    at->col = col;
    at->file = NULL;
    at->file_len = 0;
    p = blanks(q, end);
    if (p < end && *p == '"') {   /* "FILE", escapes kept */
        const char *f = ++p;
        while (p < end && *p != '"' && *p != '\n') {
            if (*p == '\\' && p + 1 < end && p[1] != '\n')
                p++;
            p++;
        }
        if (p >= end || *p != '"')
            return NULL;
        at->file = f;
        at->file_len = (size_t)(p - f);
        p++;
    }
    return p;
}

bool lds_line_mark_read(const char *p, const char *end, lds_line_mark *m)
{
    memset(m, 0, sizeof *m);
    if (end - p < 7 || memcmp(p, "#line ", 6) != 0)
        return false;
    p = read_place(p + 6, end, &m->at);
    if (!p)
        return false;
    p = blanks(p, end);
    if (end - p >= 5 && memcmp(p, "note ", 5) == 0) {
        p = read_place(blanks(p + 5, end), end, &m->note);
        if (!p)
            return false;
        p = blanks(p, end);
        const char *t = p;
        while (p < end && *p != '\n' && *p != '\r')
            p++;
        m->note_text = t;
        m->note_len = (size_t)(p - t);
    }
    return true;
}

size_t lds_line_mark_unescape(const char *name, size_t len, char *buf, size_t n)
{
    size_t out = 0;
    for (size_t i = 0; i < len; i++) {
        if (name[i] == '\\' && i + 1 < len)
            i++;
        if (out + 1 < n)
            buf[out] = name[i];
        out++;
    }
    if (n)
        buf[out < n ? out : n - 1] = '\0';
    return out;
}
