/* src/lexer.c - hand-written lexer for the lds language. */
#include "src/lexer.h"

#include "base/check.h"
#include "base/limits.h"
#include "base/linemark.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

void lds_lex_init(lds_lexer *lx, const lds_source *src, lds_diag *diag)
{
    lx->src = src;
    lx->p = src->text;
    lx->end = src->text + src->len;
    /* a UTF-8 byte-order mark, as some editors write, is not text */
    if (src->len >= 3 && memcmp(src->text, "\xef\xbb\xbf", 3) == 0)
        lx->p += 3;
    lx->line_start = lx->p;
    lx->line = lds_source_first_line(src);
    lx->bracket_depth = 0;
    lx->diag = diag;
    lx->nopen = 0;
    lx->in_directive = false;
    memset(&lx->map, 0, sizeof lx->map);
}

static void opened(lds_lexer *lx, char c, lds_loc loc)
{
    if (lx->nopen < sizeof lx->open / sizeof lx->open[0]) {
        lx->open[lx->nopen].c = c;
        lx->open[lx->nopen].loc = loc;
    }
    lx->nopen++;
}

static void closed(lds_lexer *lx)
{
    if (lx->nopen > 0)
        lx->nopen--;
}

bool lds_lex_open_bracket(const lds_lexer *lx, char *c, lds_loc *loc)
{
    if (lx->nopen == 0 || lx->nopen > sizeof lx->open / sizeof lx->open[0])
        return false;
    *c = lx->open[lx->nopen - 1].c;
    *loc = lx->open[lx->nopen - 1].loc;
    return true;
}

const char *lds_tok_name(lds_tok_kind k)
{
    static const char *const names[] = {
        "end of input", "end of line", "integer", "name", "word",
        "'('", "')'", "'['", "']'", "'{'", "'}'",
        "','", "';'", "'='", "'..'", "'@'", "'?'", "':'",
        "'+'", "'-'", "'*'", "'/'", "'%'", "'<<'", "'>>'",
        "'&'", "'|'", "'^'", "'~'", "'!'", "'&&'", "'||'",
        "'=='", "'!='", "'<'", "'<='", "'>'", "'>='",
        "a compound assignment", "'#define'", "a preprocessor directive", "floating-point number",
        "error",
    };
    return names[k];
}

int lds_tok_is(const lds_token *t, const char *s)
{
    return t->kind == TK_NAME && strlen(s) == t->len && memcmp(t->start, s, t->len) == 0;
}

static lds_loc here(const lds_lexer *lx)
{
    lds_loc loc = { lx->src, lx->line, (unsigned)(lx->p - lx->line_start) + 1 };
    /* A lowered line: the statement it came from.  Its own columns mean
     * nothing in the origin (the index is rewritten), so every token of
     * it points at the statement. */
    if (lx->map.text_line && lx->map.text_line == lx->line)
        loc = lx->map.at;
    return loc;
}

bool lds_lex_mark_note(const lds_lexer *lx, lds_loc *note, const char **text, size_t *len)
{
    if (!lx->map.text_line || lx->map.text_line != lx->line || !lx->map.note.src)
        return false;
    *note = lx->map.note;
    *text = lx->map.note_text;
    *len = lx->map.note_len;
    return true;
}

static void newline(lds_lexer *lx)
{
    lx->in_directive = false;
    lx->p++;
    lx->line++;
    lx->line_start = lx->p;
}

/* A place of a '#line' mark in the lowered program's origin set: the
 * file it names (the origin without a name), or the origin where the name
 * is none of its files (a front end's slip; still its line). */
static lds_loc mark_loc(const lds_lexer *lx, const lds_mark_place *at)
{
    lds_loc loc = { lx->src->origin, at->line, at->col };
    char name[LDS_MAX_PATH];
    if (at->file && lds_line_mark_unescape(at->file, at->file_len, name, sizeof name) < sizeof name) {
        const lds_source *f = lds_source_named(lx->src, name);
        LDS_ASSERT(f != NULL);   /* a front end names only files it kept */
        if (f)
            loc.src = f;
    }
    return loc;
}

/* '#line L:C ...' at p, in a lowered program (base/linemark.h): the next
 * text line is placed where it says. */
static void line_mark(lds_lexer *lx, const char *p)
{
    lds_line_mark m;
    if (!lx->src->origin || !lds_line_mark_read(p, lx->end, &m))
        return;
    lx->map.text_line = lx->line + 1;
    lx->map.at = mark_loc(lx, &m.at);
    lx->map.note = m.note.line ? mark_loc(lx, &m.note) : (lds_loc){ NULL, 0, 0 };
    lx->map.note_text = m.note_text;
    lx->map.note_len = m.note_len;
}

/* The directives C's preprocessor has that lds-calc follows.  '#if' and
 * '#else' must touch their '#' ("# if the rows..." stays a comment, as
 * '#' starts comments in lds); the others may have blanks between. */
static const struct { const char *word; bool blank_ok; } directives[] = {
    { "define", true }, { "undef", true }, { "ifdef", true }, { "ifndef", true }, { "elif", true },
    { "endif", true }, { "if", false }, { "else", false },
};

/* Whether the '#' at p (lx's line) starts a directive: first on its line
 * (after blanks), one of the words above, and a blank, a newline or the
 * end after it ('#define' needs a blank: a name follows).  Its index in
 * directives[], or -1.  Every other '#' starts a comment (so '#include',
 * '#pragma unroll' pasted from a kernel are skipped). */
static int directive_at(const lds_lexer *lx, const char *line_start, const char *p)
{
    for (const char *q = line_start; q < p; q++)
        if (*q != ' ' && *q != '\t')
            return -1;
    const char *q = p + 1;
    while (q < lx->end && (*q == ' ' || *q == '\t'))
        q++;
    for (int i = 0; i < (int)(sizeof directives / sizeof directives[0]); i++) {
        size_t n = strlen(directives[i].word);
        if ((size_t)(lx->end - q) < n || memcmp(q, directives[i].word, n) != 0 || (q != p + 1 && !directives[i].blank_ok))
            continue;
        char after = q + n < lx->end ? q[n] : '\n';
        if (after == ' ' || after == '\t' || (i != 0 && (after == '\n' || after == '\r')))
            return i;
    }
    return -1;
}

/* A TTGIR attribute's dialect at p ('#ttg.', '#triton_gpu.', '#amdg.':
 * '#', a lowercase name, '.', a letter): its length with the '.', or 0. */
static size_t dialect_at(const lds_lexer *lx, const char *p)
{
    const char *q = p + 1;
    if (q >= lx->end || !islower((unsigned char)*q))
        return 0;
    while (q < lx->end && (islower((unsigned char)*q) || isdigit((unsigned char)*q) || *q == '_'))
        q++;
    if (q + 1 >= lx->end || *q != '.' || !isalpha((unsigned char)q[1]))
        return 0;
    return (size_t)(q + 1 - p);
}

/* Triton's TTGIR at p: an attribute '#ttg.NAME' (any dialect's), or
 * first on its line (after blanks) an alias '#NAME = ' of an attribute
 * or of a source location ('#loc3 = loc(...)'), as a dump writes them.
 * The length of the name token it starts (the '#' and the dots
 * included), or 0. */
static size_t ttgir_name(const lds_lexer *lx, const char *p)
{
    size_t n = dialect_at(lx, p);
    if (n) {
        const char *q = p + n;
        while (q < lx->end && (isalnum((unsigned char)*q) || *q == '_' || *q == '.'))
            q++;
        return (size_t)(q - p);
    }
    for (const char *b = lx->line_start; b < p; b++)
        if (*b != ' ' && *b != '\t')
            return 0;
    const char *q = p + 1;   /* #shared = #ttg.swizzled_shared<...> */
    while (q < lx->end && (isalnum((unsigned char)*q) || *q == '_'))
        q++;
    size_t len = (size_t)(q - p);
    while (q < lx->end && (*q == ' ' || *q == '\t'))
        q++;
    if (len < 2 || q >= lx->end || *q != '=')
        return 0;
    for (q++; q < lx->end && (*q == ' ' || *q == '\t'); q++) {}
    bool loc = (size_t)(lx->end - q) > 4 && !memcmp(q, "loc(", 4);
    return *q == '#' && dialect_at(lx, q) ? len : loc ? len : 0;
}

/* A C block comment from lx->p ('/' '*'), line breaks counted; -1 with
 * the diagnostic if it is never closed. */
static int skip_block_comment(lds_lexer *lx)
{
    lds_loc open = here(lx);
    lx->p += 2;
    while (lx->p < lx->end) {
        if (*lx->p == '*' && lx->p + 1 < lx->end && lx->p[1] == '/') {
            lx->p += 2;
            return 0;
        }
        if (*lx->p == '\n')
            newline(lx);
        else
            lx->p++;
    }
    lds_diag_set(lx->diag, open, "a '/*' comment that is never closed");
    return -1;
}

/* Skip blanks and comments; a newline is skipped only inside brackets.
 * Returns -1 after reporting an over-long line. */
static int skip_space(lds_lexer *lx)
{
    while (lx->p < lx->end) {
        char c = *lx->p;
        if ((size_t)(lx->p - lx->line_start) >= LDS_MAX_LINE) {
            lds_diag_set(lx->diag, here(lx), "line longer than %u bytes", LDS_MAX_LINE);
            return -1;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->p++;
        } else if (c == '\n' && lx->bracket_depth > 0) {
            newline(lx);
        } else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
            if (skip_block_comment(lx) < 0)
                return -1;
        } else if (c == '#' && (directive_at(lx, lx->line_start, lx->p) >= 0 || ttgir_name(lx, lx->p))) {
            break;
        } else if (c == '#' && lx->in_directive && lx->p + 1 < lx->end
                   && (lx->p[1] == '#' || isalpha((unsigned char)lx->p[1]) || lx->p[1] == '_')) {
            break;   /* C's '##' or '#x' in a macro: an error, not a comment */
        } else if (c == '#' || (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/')) {
            if (c == '#' && lx->p == lx->line_start)
                line_mark(lx, lx->p);
            while (lx->p < lx->end && *lx->p != '\n')
                if ((size_t)(++lx->p - lx->line_start) >= LDS_MAX_LINE) {
                    lds_diag_set(lx->diag, here(lx), "line longer than %u bytes", LDS_MAX_LINE);
                    return -1;
                }
        } else {
            break;
        }
    }
    return 0;
}

static int is_name_start(int c) { return isalpha(c) || c == '_'; }
static int is_name_char(int c) { return isalnum(c) || c == '_'; }

static lds_token make(lds_lexer *lx, lds_tok_kind k, const char *start, lds_loc loc)
{
    lds_token t = { k, start, (size_t)(lx->p - start), loc };
    return t;
}

static lds_token error_at(lds_lexer *lx, lds_loc loc, const char *msg, int c)
{
    lds_token t = { TK_ERROR, lx->p, 0, loc };
    if (isprint(c))
        lds_diag_set(lx->diag, loc, "%s '%c'", msg, c);
    else
        lds_diag_set(lx->diag, loc, "%s (byte 0x%02x)", msg, (unsigned)(unsigned char)c);
    return t;
}

/* integer: 42 | 0x2a | 0b101 | 0o52, '_' separators, C suffixes u/l ignored */
static lds_token lex_int(lds_lexer *lx, lds_loc loc)
{
    const char *start = lx->p;
    int base = 10;
    if (lx->p[0] == '0' && lx->p + 1 < lx->end && strchr("xXbBoO", lx->p[1]) && lx->p[1]) {
        base = lx->p[1] == 'x' || lx->p[1] == 'X' ? 16 : lx->p[1] == 'b' || lx->p[1] == 'B' ? 2 : 8;
        lx->p += 2;
    }
    int digits = 0;
    if (base == 10) {   /* a floating-point literal: 1.5, 2.0f, 1e-3 (but 0..32 is a range) */
        const char *q = lx->p;
        while (q < lx->end && isdigit((unsigned char)*q))
            q++;
        bool frac = q + 1 < lx->end && *q == '.' && isdigit((unsigned char)q[1]);
        bool expo = q + 1 < lx->end && (*q == 'e' || *q == 'E')
                    && (isdigit((unsigned char)q[1]) || ((q[1] == '-' || q[1] == '+') && q + 2 < lx->end
                                                         && isdigit((unsigned char)q[2])));
        if (frac || expo) {
            if (frac)
                for (q++; q < lx->end && isdigit((unsigned char)*q); q++) {}
            if (q + 1 < lx->end && (*q == 'e' || *q == 'E')) {
                q += (q[1] == '-' || q[1] == '+') ? 2 : 1;
                while (q < lx->end && isdigit((unsigned char)*q))
                    q++;
            }
            if (q < lx->end && strchr("fFhHlL", *q) && *q)
                q++;
            lx->p = q;
            return make(lx, TK_FLOAT, start, loc);
        }
    }
    while (lx->p < lx->end) {
        int c = (unsigned char)*lx->p;
        int v = isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : -1;
        if (c == '_') {
            lx->p++;
            continue;
        }
        if (v < 0 || v >= base)
            break;
        lx->p++;
        digits++;
    }
    if (digits == 0)
        return error_at(lx, loc, "expected digits after the base prefix", lx->p < lx->end ? *lx->p : ' ');
    while (lx->p < lx->end && strchr("uUlL", *lx->p) && *lx->p)
        lx->p++;
    if (lx->p < lx->end && is_name_char((unsigned char)*lx->p))
        return error_at(lx, here(lx), "unexpected character in a number:", *lx->p);
    return make(lx, TK_INT, start, loc);
}

/* name: letters, digits, '_', and '.' between parts (tid.x); after a
 * '.', '::' between parts too (PTX's ld.shared::cta, .mbarrier::complete_tx::bytes) */
static lds_token lex_name(lds_lexer *lx, lds_loc loc)
{
    const char *start = lx->p;
    bool dotted = false;
    while (lx->p < lx->end) {
        if (is_name_char((unsigned char)*lx->p))
            lx->p++;
        else if (*lx->p == '.' && lx->p + 1 < lx->end && is_name_char((unsigned char)lx->p[1]))
            lx->p++, dotted = true;
        else if (dotted && *lx->p == ':' && lx->p + 2 < lx->end && lx->p[1] == ':'
                 && is_name_char((unsigned char)lx->p[2]))
            lx->p += 2;
        else
            break;
    }
    return make(lx, TK_NAME, start, loc);
}

static int next_is(const lds_lexer *lx, char c)
{
    return lx->p + 1 < lx->end && lx->p[1] == c;
}

/* Skip to the next token; false with *t an error token if the line is
 * too long. */
static bool start_token(lds_lexer *lx, lds_token *t)
{
    if (skip_space(lx) == 0)
        return true;
    t->kind = TK_ERROR;
    t->start = lx->p;
    t->len = 0;
    t->loc = here(lx);
    return false;
}

lds_token lds_lex_next(lds_lexer *lx)
{
    lds_token err;
    if (!start_token(lx, &err))
        return err;
    lds_loc loc = here(lx);
    const char *start = lx->p;
    if (lx->p >= lx->end)
        return make(lx, TK_EOF, start, loc);
    int c = (unsigned char)*lx->p;
    if (c == '\n') {
        newline(lx);
        lds_token t = { TK_NEWLINE, start, 1, loc };
        return t;
    }
    if (isdigit(c))
        return lex_int(lx, loc);
    if (is_name_start(c))
        return lex_name(lx, loc);
    lds_tok_kind k;
    size_t n = 1;
    if (c == '#' && ttgir_name(lx, lx->p)) {   /* TTGIR: #ttg.swizzled_shared, #shared = */
        lx->p += ttgir_name(lx, lx->p);
        return make(lx, TK_NAME, start, loc);
    }
    if (c == '#') {   /* skip_space stops only at a directive, or at '##' and '#x' in one */
        int d = directive_at(lx, lx->line_start, lx->p);
        if (d < 0) {
            lds_diag_set(lx->diag, loc, "'%s' in a macro (C's %s) is not modelled: write the name or value out",
                         lx->p[1] == '#' ? "##" : "#", lx->p[1] == '#' ? "token pasting" : "stringizing");
            lds_token t = { TK_ERROR, start, 1, loc };
            return t;
        }
        lx->p++;
        while (*lx->p == ' ' || *lx->p == '\t')
            lx->p++;
        lx->p += strlen(directives[d].word);
        lx->in_directive = true;
        return make(lx, d == 0 ? TK_DEFINE : TK_DIRECTIVE, start, loc);
    }
    /* compound assignments: 'op=' where op is an arithmetic operator */
    static const char *const compound[] = { "<<=", ">>=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=" };
    for (size_t i = 0; i < sizeof compound / sizeof compound[0]; i++) {
        size_t len = strlen(compound[i]);
        if ((size_t)(lx->end - lx->p) >= len && memcmp(lx->p, compound[i], len) == 0) {
            lx->p += len;
            return make(lx, TK_OPASSIGN, start, loc);
        }
    }
    switch (c) {
    case '(': k = TK_LPAREN; lx->bracket_depth++; opened(lx, '(', loc); break;
    case ')': k = TK_RPAREN; if (lx->bracket_depth > 0) lx->bracket_depth--; closed(lx); break;
    case '[': k = TK_LBRACKET; lx->bracket_depth++; opened(lx, '[', loc); break;
    case ']': k = TK_RBRACKET; if (lx->bracket_depth > 0) lx->bracket_depth--; closed(lx); break;
    case '{': k = TK_LBRACE; opened(lx, '{', loc); break;
    case '}': k = TK_RBRACE; closed(lx); break;
    case ',': k = TK_COMMA; break;
    case ';': k = TK_SEMI; break;
    case '@': k = TK_AT; break;
    case '?': k = TK_QUESTION; break;
    case ':': k = TK_COLON; break;
    case '+': k = TK_PLUS; break;
    case '-': k = TK_MINUS; break;
    case '*': k = TK_STAR; break;
    case '/': k = TK_SLASH; break;
    case '%': k = TK_PERCENT; break;
    case '^': k = TK_CARET; break;
    case '~': k = TK_TILDE; break;
    case '.':
        if (!next_is(lx, '.'))
            return error_at(lx, loc, "unexpected character", c);
        if (lx->p + 2 < lx->end && lx->p[2] == '.') {
            lds_diag_set(lx->diag, loc, "expected '..' in a range (half-open, LO..HI), not '...'");
            lds_token t = { TK_ERROR, start, 3, loc };
            return t;
        }
        k = TK_DOTDOT; n = 2; break;
    case '=': if (next_is(lx, '=')) { k = TK_EQ; n = 2; } else k = TK_ASSIGN; break;
    case '!': if (next_is(lx, '=')) { k = TK_NE; n = 2; } else k = TK_BANG; break;
    case '<':
        if (next_is(lx, '<')) { k = TK_SHL; n = 2; }
        else if (next_is(lx, '=')) { k = TK_LE; n = 2; }
        else k = TK_LT;
        break;
    case '>':
        if (next_is(lx, '>')) { k = TK_SHR; n = 2; }
        else if (next_is(lx, '=')) { k = TK_GE; n = 2; }
        else k = TK_GT;
        break;
    case '&': if (next_is(lx, '&')) { k = TK_ANDAND; n = 2; } else k = TK_AMP; break;
    case '|': if (next_is(lx, '|')) { k = TK_OROR; n = 2; } else k = TK_PIPE; break;
    default:
        return error_at(lx, loc, "unexpected character", c);
    }
    lx->p += n;
    return make(lx, k, start, loc);
}

lds_token lds_lex_word(lds_lexer *lx)
{
    lds_token err;
    if (!start_token(lx, &err))
        return err;
    lds_loc loc = here(lx);
    const char *start = lx->p;
    while (lx->p < lx->end && !isspace((unsigned char)*lx->p) && *lx->p != ';' && *lx->p != '#'
           && !(*lx->p == '/' && next_is(lx, '/')))
        lx->p++;
    if (lx->p == start)
        return lds_lex_next(lx);
    return make(lx, TK_WORD, start, loc);
}

const char *lds_directive_word(const lds_token *t, size_t *len)
{
    const char *q = t->start + 1, *end = t->start + t->len;
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    *len = (size_t)(end - q);
    return q;
}

void lds_lex_skip_group(lds_lexer *lx)
{
    unsigned depth = 0;
    while (lx->p < lx->end) {
        const char *q = lx->p;
        while (q < lx->end && (*q == ' ' || *q == '\t'))
            q++;
        int d = q < lx->end && *q == '#' ? directive_at(lx, lx->p, q) : -1;
        const char *w = d >= 0 ? directives[d].word : "";
        if (!strcmp(w, "if") || !strcmp(w, "ifdef") || !strcmp(w, "ifndef")) {
            depth++;
        } else if (!strcmp(w, "endif") && depth > 0) {
            depth--;
        } else if (!strcmp(w, "endif") || ((!strcmp(w, "elif") || !strcmp(w, "else")) && depth == 0)) {
            lx->p = q;   /* the lexer reads the directive next */
            return;
        }
        const char *nl = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
        if (!nl) {
            lx->p = lx->end;
            return;
        }
        lx->p = nl;
        newline(lx);
    }
}
