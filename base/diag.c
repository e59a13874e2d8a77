/* base/diag.c - diagnostics in the GNU format, with source line and caret. */
#include "base/diag.h"

#include <string.h>

#include "base/source_index.h"
#include "base/usertext.h"

void lds_diag_set(lds_diag *d, lds_loc loc, const char *fmt, ...)
{
    va_list ap;
    if (d->set)
        return;   /* the first error wins */
    d->set = 1;
    d->loc = loc;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    lds_text_clean_in_place(d->msg, sizeof d->msg);   /* it may quote user text */
}

void lds_diag_append(lds_diag *d, const char *fmt, ...)
{
    va_list ap;
    size_t n = strlen(d->msg);
    if (!d->set || n + 1 >= sizeof d->msg)
        return;
    va_start(ap, fmt);
    vsnprintf(d->msg + n, sizeof d->msg - n, fmt, ap);
    va_end(ap);
    lds_text_clean_in_place(d->msg, sizeof d->msg);
}

void lds_diag_note(lds_diag *d, lds_loc loc, const char *fmt, ...)
{
    va_list ap;
    if (!d->set || d->note[0])
        return;   /* the innermost note wins */
    d->note_loc = loc;
    va_start(ap, fmt);
    vsnprintf(d->note, sizeof d->note, fmt, ap);
    va_end(ap);
    lds_text_clean_in_place(d->note, sizeof d->note);
}

const lds_source *lds_source_named(const lds_source *lowered, const char *name)
{
    if (!lowered->origin)
        return NULL;
    if (!strcmp(lowered->origin->name, name))
        return lowered->origin;
    for (unsigned i = 0; i < lowered->nfiles; i++)
        if (!strcmp(lowered->files[i]->name, name))
            return lowered->files[i];
    return NULL;
}

unsigned lds_source_first_line(const lds_source *src)
{
    return src->first_line ? src->first_line : 1;
}

const char *lds_source_line(const lds_source *src, unsigned line, size_t *len)
{
    if (src->index)
        return lds_source_index_line(src, line, len);
    const char *p = src->text, *end = src->text + src->len;
    if (line < lds_source_first_line(src))
        return NULL;
    line -= lds_source_first_line(src) - 1;
    if (src->len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;   /* a byte-order mark is not part of line 1 (the lexer skips it) */
    for (unsigned l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *len = (size_t)((nl ? nl : end) - p);
    return p;
}

/* Longest source line echoed under a diagnostic; longer ones are cut around
 * the column so a 1 MiB line does not flood the terminal. */
#define ECHO_MAX 160

/* The character of an echoed line at text[i] (n bytes left), or (pad)
 * the blanks that stand under it on the caret line: by the rule of user
 * text, a byte it escapes is \xNN, four columns; a character, one (a tab
 * stays a tab).  Returns the bytes it took. */
static size_t echo_char(FILE *out, const char *text, size_t n, int pad)
{
    size_t len = lds_text_char_len((const unsigned char *)text, n);
    if (!pad)
        lds_text_write(out, text, len ? len : 1);
    else
        fputs(!len ? "    " : text[0] == '\t' ? "\t" : " ", out);
    return len ? len : 1;
}

void lds_fput_text(FILE *out, const char *s)
{
    lds_text_write(out, s, strlen(s));
}

void lds_fprint_text(FILE *out, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    lds_fput_text(out, buf);
    fputc('\n', out);
}

/* One message: "PROG: FILE:LINE:COL: WHAT: MSG", the line and a caret. */
static void print_at(FILE *out, const char *prog, lds_loc loc, const char *what, const char *red, const char *msg,
                     int color)
{
    const char *bold = color ? "\033[1m" : "", *green = color ? "\033[1;32m" : "", *off = color ? "\033[0m" : "";
    if (prog && loc.src) {
        fprintf(out, "%s%s: ", bold, prog);
        lds_fput_text(out, loc.src->name);   /* a file's name is user text */
        fprintf(out, ":%u:%u:%s %s%s:%s ", loc.line, loc.col, off, red, what, off);
    } else if (prog) {
        fprintf(out, "%s%s:%s %s%s:%s ", bold, prog, off, red, what, off);
    } else if (loc.src && strcmp(loc.src->name, "<stdin>") != 0) {   /* the REPL's :load */
        lds_fput_text(out, loc.src->name);
        fprintf(out, ":%u:%u: %s%s:%s ", loc.line, loc.col, red, what, off);
    } else if (loc.src) {   /* what was typed: its line of the session */
        fprintf(out, "%u:%u: %s%s:%s ", loc.line, loc.col, red, what, off);
    } else {
        fprintf(out, "%s%s:%s ", red, what, off);
    }
    lds_fput_text(out, msg);   /* it may quote what the user typed */
    fputc('\n', out);
    if (!loc.src || loc.line == 0)
        return;
    size_t len;
    const char *text = lds_source_line(loc.src, loc.line, &len);
    if (!text)
        return;
    size_t col = loc.col ? loc.col - 1 : 0, start = 0, whole = len;
    if (len > ECHO_MAX) {   /* a window of ECHO_MAX bytes around the column */
        start = col > ECHO_MAX / 2 ? col - ECHO_MAX / 2 : 0;
        if (len - start > ECHO_MAX)
            len = start + ECHO_MAX;
    }
    /* by the rule of user text (base/usertext.h): a control byte or one
     * not in valid UTF-8 shown as \xNN, never sent to the terminal; the
     * caret line pads by the same widths, a character a column */
    while (start > 0 && start < len && ((unsigned char)text[start] & 0xc0) == 0x80)
        start--;   /* the window starts and ends at a character */
    while (len < whole && len - start < ECHO_MAX + 3 && ((unsigned char)text[len] & 0xc0) == 0x80)
        len++;
    fputc(' ', out);
    for (size_t i = start; i < len;)
        i += echo_char(out, text + i, len - i, 0);
    fputs("\n ", out);
    for (size_t i = start; i < col && i < len;)
        i += echo_char(out, text + i, len - i, 1);
    fprintf(out, "%s^%s\n", green, off);
}

void lds_diag_print(FILE *out, const char *prog, const lds_diag *d, int color)
{
    const char *red = !color ? "" : d->warning ? "\033[1;35m" : "\033[1;31m";
    print_at(out, prog, d->loc, d->warning ? "warning" : "error", red, d->msg, color);
    if (d->note[0])
        print_at(out, prog, d->note_loc, "note", color ? "\033[1;36m" : "", d->note, color);
}
