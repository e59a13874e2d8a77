/* base/usertext.c - the one rule for text a user wrote (base/usertext.h). */
#include "base/usertext.h"

#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

/* The length of the valid UTF-8 sequence at s (n bytes left): 1 to 4, or
 * 0 where s[0] does not start one (a stray continuation byte, an overlong
 * form, a surrogate, a code point past U+10FFFF, a sequence cut short). */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    /* the second byte's range where the first allows less than 80-bf */
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) || (c == 0xf0 && s[1] < 0x90)
        || (c == 0xf4 && s[1] > 0x8f))
        return 0;
    return len;
}

size_t lds_text_char_len(const unsigned char *s, size_t n)
{
    if (n == 0)
        return 0;
    if (s[0] < 0x20)
        return s[0] == '\t';
    if (s[0] == 0x7f)
        return 0;
    size_t len = utf8_sequence(s, n);
    if (len == 2 && s[0] == 0xc2 && s[1] < 0xa0)
        return 0;   /* a C1 control, U+0080-U+009F (0x9b is a terminal's CSI) */
    return len;
}

bool lds_text_is_clean(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = lds_text_char_len(p + i, n - i);
        if (!len)
            return false;
        i += len;
    }
    return true;
}

/* The next piece of s[0..n) by the rule: the bytes to write as they are
 * (*len of them, from s) or, where it returns an escape, that; *take: the
 * bytes of s it stands for. */
static const char *next_piece(const char *s, size_t n, char esc[5], size_t *len, size_t *take)
{
    size_t ok = lds_text_char_len((const unsigned char *)s, n);
    if (ok) {
        *len = *take = ok;
        return s;
    }
    snprintf(esc, 5, "\\x%02x", (unsigned char)s[0]);
    *len = 4;
    *take = 1;
    return esc;
}

void lds_text_append(lds_buf *b, const char *s, size_t n)
{
    char esc[5];
    for (size_t len, take; n; s += take, n -= take) {
        const char *piece = next_piece(s, n, esc, &len, &take);
        for (size_t i = 0; i < len; i++)
            lds_buf_putc(b, piece[i]);
    }
}

char *lds_text_clean_dup(const char *s)
{
    size_t n = strlen(s);
    if (lds_text_is_clean(s, n))
        return lds_xstrdup(s);
    lds_buf b = { 0 };
    lds_text_append(&b, s, n);
    return lds_buf_take(&b);
}

void lds_text_clean_in_place(char *buf, size_t size)
{
    size_t n = strlen(buf);
    if (size == 0 || lds_text_is_clean(buf, n))
        return;
    lds_buf b = { 0 };
    lds_text_append(&b, buf, n);
    const unsigned char *p = (const unsigned char *)lds_buf_str(&b);
    size_t keep = 0;   /* whole characters (or whole \xNN) that fit */
    while (keep < b.len) {
        size_t left = b.len - keep;
        size_t len = p[keep] == '\\' && left >= 4 && p[keep + 1] == 'x' ? 4 : lds_text_char_len(p + keep, left);
        if (len == 0)
            len = 1;   /* (cannot happen: the text is clean) */
        if (keep + len > size - 1)
            break;
        keep += len;
    }
    memcpy(buf, p, keep);
    buf[keep] = '\0';
    lds_buf_free(&b);
}

void lds_text_write(FILE *out, const char *s, size_t n)
{
    char esc[5];
    for (size_t len, take; n; s += take, n -= take) {
        const char *piece = next_piece(s, n, esc, &len, &take);
        fwrite(piece, 1, len, out);
    }
}
