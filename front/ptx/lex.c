/* front/ptx/lex.c - PTX text to tokens, for the parser (parse.c, body.c):
 * words (opcodes with their dotted parts and '::' qualifiers, directives,
 * registers, %tid.x, labels), integers in C's bases with PTX's U suffix,
 * floating-point literals (0f3F800000, 1.5), strings and punctuation;
 * comments (// to the end of the line, and between slash-star and
 * star-slash) are blanks. */
#include "front/ptx/ptx_impl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>

/* ------------------------------------------------------------- tokens */

static bool word_start(int c) { return isalpha(c) || c == '_' || c == '$' || c == '%' || c == '.'; }
static bool word_char(int c) { return isalnum(c) || c == '_' || c == '$' || c == '.'; }

static void skip_blank(ptx_parser *P)
{
    for (;;) {
        while (P->p < P->end && (*P->p == ' ' || *P->p == '\t' || *P->p == '\r' || *P->p == '\n')) {
            if (*P->p == '\n') {
                P->line++;
                P->line_start = P->p + 1;
            }
            P->p++;
        }
        if (P->p + 1 < P->end && P->p[0] == '/' && P->p[1] == '/') {
            static const char begin[] = "// begin inline asm", end[] = "// end inline asm";
            if ((size_t)(P->end - P->p) >= sizeof begin - 1 && !memcmp(P->p, begin, sizeof begin - 1))
                P->asm_begins++;
            else if ((size_t)(P->end - P->p) >= sizeof end - 1 && !memcmp(P->p, end, sizeof end - 1))
                P->asm_ends++;
            while (P->p < P->end && *P->p != '\n')
                P->p++;
        } else if (P->p + 1 < P->end && P->p[0] == '/' && P->p[1] == '*') {
            P->p += 2;
            while (P->p + 1 < P->end && !(P->p[0] == '*' && P->p[1] == '/')) {
                if (*P->p == '\n') {
                    P->line++;
                    P->line_start = P->p + 1;
                }
                P->p++;
            }
            P->p = P->p + 1 < P->end ? P->p + 2 : P->end;
        } else {
            return;
        }
    }
}

/* An integer literal: decimal, 0x hex, 0b binary, 0 octal, a U suffix. */
static bool int_literal(const char *s, unsigned len, pw *out)
{
    unsigned base = 10, i = 0;
    if (len > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, i = 2;
    else if (len > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, i = 2;
    else if (len > 1 && s[0] == '0')
        base = 8, i = 1;
    if (len && (s[len - 1] == 'U' || s[len - 1] == 'u'))
        len--;
    if (i >= len)
        return false;
    pw v = 0;
    for (; i < len; i++) {
        int c = tolower((unsigned char)s[i]);
        int d = isdigit(c) ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : 99;
        if (d >= (int)base || v > ((pw)1 << 70))
            return false;
        v = v * base + d;
    }
    *out = v;
    return true;
}

void pl_next(ptx_parser *P)
{
    skip_blank(P);
    ptx_tok *t = &P->t;
    t->p = P->p;
    t->line = P->line;
    t->col = (unsigned)(P->p - P->line_start) + 1;
    t->num = 0;
    if (P->p >= P->end) {
        t->kind = T_EOF;
        t->len = 0;
        return;
    }
    int c = (unsigned char)*P->p;
    if (word_start(c) && !(c == '.' && P->p + 1 < P->end && isdigit((unsigned char)P->p[1]))) {
        const char *q = P->p + 1;
        while (q < P->end && (word_char((unsigned char)*q) || (q + 1 < P->end && q[0] == ':' && q[1] == ':'))) {
            if (*q == ':')
                q++;
            q++;
        }
        t->kind = T_WORD;
        t->len = (unsigned)(q - P->p);
        P->p = q;
        return;
    }
    if (isdigit(c) || c == '.') {
        const char *q = P->p;
        while (q < P->end && (isalnum((unsigned char)*q) || *q == '.' || ((*q == '+' || *q == '-') && (q[-1] == 'e' || q[-1] == 'E') && !(q - P->p > 1 && (P->p[1] == 'x' || P->p[1] == 'X')))))
            q++;
        t->len = (unsigned)(q - P->p);
        P->p = q;
        t->kind = int_literal(t->p, t->len, &t->num) ? T_NUM : T_FLOAT;
        return;
    }
    if (c == '"') {
        const char *q = P->p + 1;
        while (q < P->end && *q != '"' && *q != '\n')
            q += *q == '\\' && q + 1 < P->end ? 2 : 1;
        if (q < P->end && *q == '"')
            q++;
        t->kind = T_STR;
        t->len = (unsigned)(q - P->p);
        P->p = q;
        return;
    }
    t->kind = T_PUNCT;
    t->len = 1;
    P->p++;
}

bool pl_is(const ptx_parser *P, const char *s)
{
    size_t n = strlen(s);
    return P->t.kind != T_EOF && P->t.len == n && !memcmp(P->t.p, s, n);
}

bool pl_accept(ptx_parser *P, const char *s)
{
    if (!pl_is(P, s))
        return false;
    pl_next(P);
    return true;
}

const char *pl_str(ptx_parser *P) { return lds_arena_strndup(P->a, P->t.p, P->t.len); }

int pl_fail(ptx_parser *P, const char *fmt, ...)
{
    if (!P->failed) {
        char msg[400];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        lds_diag_set(P->diag, (lds_loc){ P->src, P->t.line, P->t.col }, "%s", msg);
        P->failed = true;
    }
    return -1;
}

/* "found X" for a message. */
const char *pl_found(ptx_parser *P)
{
    if (P->t.kind == T_EOF)
        return "the end of the file";
    unsigned n = P->t.len > 40 ? 40 : P->t.len;
    return lds_arena_strndup(P->a, P->t.p, n);
}

int pl_expect(ptx_parser *P, const char *s)
{
    if (pl_accept(P, s))
        return 0;
    return pl_fail(P, "expected '%s', found '%s'", s, pl_found(P));
}

/* Past the next ';' (or to the end of a line-based directive's line). */
void pl_skip_statement(ptx_parser *P)
{
    int depth = 0;
    while (P->t.kind != T_EOF) {
        if (pl_is(P, "{"))
            depth++;
        if (pl_is(P, "}")) {
            if (depth == 0)
                return;
            depth--;
        }
        if (depth == 0 && pl_is(P, ";")) {
            pl_next(P);
            return;
        }
        pl_next(P);
    }
}

void pl_skip_line(ptx_parser *P)
{
    unsigned line = P->t.line;
    while (P->t.kind != T_EOF && P->t.line == line)
        pl_next(P);
}

/* A balanced { ... }, the current token its '{'. */
void pl_skip_braces(ptx_parser *P)
{
    int depth = 0;
    do {
        if (pl_is(P, "{"))
            depth++;
        else if (pl_is(P, "}"))
            depth--;
        pl_next(P);
    } while (depth > 0 && P->t.kind != T_EOF);
}

