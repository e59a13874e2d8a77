/* base/buf.c - growing strings. */
#include "base/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

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

/* Formatted into the room the buffer has, and a second time only when
 * it did not fit: most texts are short, and formatting twice was a
 * tenth of a sweep point. */
void lds_buf_vprintf(lds_buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    reserve(b, 63);
    size_t room = b->cap - b->len;
    int n = vsnprintf(b->s + b->len, room, fmt, ap);
    if (n > 0 && (size_t)n >= room) {
        reserve(b, (size_t)n);
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
    }
    if (n > 0)
        b->len += (size_t)n;
    b->s[b->len] = '\0';   /* also after an encoding error (n < 0) */
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

void lds_buf_puts(lds_buf *b, const char *s)
{
    size_t n = strlen(s);
    reserve(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

void lds_buf_put_mpz(lds_buf *b, mpz_srcptr v)
{
    reserve(b, mpz_sizeinbase(v, 10) + 1);   /* digits, and a sign */
    mpz_get_str(b->s + b->len, 10, v);
    b->len += strlen(b->s + b->len);
}

void lds_buf_clear(lds_buf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
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
    lds_free(b->s);
    memset(b, 0, sizeof *b);
}

char *lds_mpz_str(mpz_srcptr v)
{
    char *digits = lds_xmalloc(mpz_sizeinbase(v, 10) + 2);   /* a sign and the NUL */
    return mpz_get_str(digits, 10, v);
}
