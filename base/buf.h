/* base/buf.h - a growing string, written with format-checked printf. */
#ifndef LDS_BUF_H
#define LDS_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>   /* before gmp.h, which declares its FILE functions only after it */
#include <gmp.h>

#include "base/mem.h"

typedef struct lds_buf {
    char *s;                  /* NUL-terminated; NULL until written */
    size_t len, cap;
} lds_buf;

void lds_buf_printf(lds_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lds_buf_vprintf(lds_buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void lds_buf_putc(lds_buf *b, char c);
/* Append s as it is (no formatting: the cheap way in hot paths). */
void lds_buf_puts(lds_buf *b, const char *s);
/* An integer in decimal. */
void lds_buf_put_mpz(lds_buf *b, mpz_srcptr v);
/* Empty again, keeping the memory. */
void lds_buf_clear(lds_buf *b);
/* The text so far ("" if none). */
const char *lds_buf_str(const lds_buf *b);
/* Hand the text over (lds_free it; "" if none) and empty the buffer. */
char *lds_buf_take(lds_buf *b);
void lds_buf_free(lds_buf *b);

/* An integer in decimal, lds_free'd by the caller (never GMP's
 * allocation: a host program may have its own GMP allocator). */
char *lds_mpz_str(mpz_srcptr v);

#endif
