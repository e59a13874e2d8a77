/* src/buf.c - growing strings. */
#include "src/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/mem.h"

static void reserve(lds_buf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + more + 1)
        cap *= 2;
    b->s = lds_xrealloc(b->s, cap);
    b->cap = cap;
}

void lds_buf_vprintf(lds_buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n > 0) {
        reserve(b, (size_t)n);
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void lds_buf_printf(lds_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lds_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void lds_buf_putc(lds_buf *b, char c)
{
    reserve(b, 1);
    b->s[b->len++] = c;
    b->s[b->len] = '\0';
}

const char *lds_buf_str(const lds_buf *b)
{
    return b->s ? b->s : "";
}

char *lds_buf_take(lds_buf *b)
{
    char *s = b->s ? b->s : lds_xstrdup("");
    memset(b, 0, sizeof *b);
    return s;
}

void lds_buf_free(lds_buf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}
