/* front/csrc/lex.c - a kernel file's tokens (front/csrc/lex.h, front/csrc/pp.h).
 *
 * The text is read as compilers read it first (translation phases 1 to
 * 3): a backslash at a line's end joins the next line wherever it is (in
 * a name, a number, a string, a comment), digraphs are the punctuators
 * they spell, a raw string runs to its own delimiter, a NUL byte or a
 * byte-order mark after the first is a blank (counted, for one warning
 * each), and a literal its line leaves open is marked, an error only
 * where its token is read (front/csrc/pp.c).  Tokens keep the place of
 * their first character in the file. */
#include "front/csrc/lex.h"
#include "front/csrc/pp.h"

bool csrc_is(const csrc_tok *t, const char *s)
{
    return (t->kind == CT_ID || t->kind == CT_PUNCT) && strlen(s) == t->len && memcmp(t->text, s, t->len) == 0;
}

void pp_push(csrc_toks *t, const csrc_tok *k)
{
    t->v = lds_xgrow(t->v, t->n, &t->cap, sizeof *t->v, 256);
    t->v[t->n++] = *k;
}

void csrc_toks_free(csrc_toks *t)
{
    lds_free(t->v);
    t->v = NULL;
    t->n = t->cap = 0;
}

/* ------------------------------------------------------------ lexing */

/* The bytes of the line splice at q (a backslash, blanks, a line end),
 * or 0.  Compilers join a splice with blanks before its line end too,
 * with a warning. */
static size_t splice_len(const raw_lexer *lx, const char *q)
{
    if (q >= lx->end || *q != '\\')
        return 0;
    const char *r = q + 1;
    while (r < lx->end && (*r == ' ' || *r == '\t'))
        r++;
    if (r + 1 < lx->end && r[0] == '\r' && r[1] == '\n')
        r++;
    return r < lx->end && *r == '\n' ? (size_t)(r + 1 - q) : 0;
}

/* The character at lx->p, past the splices there (-1 at the end): the
 * next line continues this one, in a name, a number, a string or a
 * comment alike (translation phase 2). */
static int cur(raw_lexer *lx)
{
    size_t n;
    while ((n = splice_len(lx, lx->p)) > 0) {
        lx->p += n;
        lx->line++;
        lx->line_start = lx->p;
        lx->spliced = true;
    }
    return lx->p < lx->end ? (unsigned char)*lx->p : -1;
}

/* The k-th character after the one at lx->p, splices skipped (-1 past
 * the end); lx is not moved.  cur(lx) must have been read. */
static int peek(const raw_lexer *lx, unsigned k)
{
    const char *q = lx->p;
    for (;;) {
        size_t n;
        while ((n = splice_len(lx, q)) > 0)
            q += n;
        if (q >= lx->end)
            return -1;
        if (k-- == 0)
            return (unsigned char)*q;
        q++;
    }
}

static bool is_bom(const raw_lexer *lx, const char *q)
{
    return lx->end - q >= 3 && memcmp(q, "\xef\xbb\xbf", 3) == 0;
}

static lds_loc here(const raw_lexer *lx)
{
    lds_loc loc = { lx->src, lx->line, (unsigned)(lx->p - lx->line_start) + 1 };
    return loc;
}

static void newline(raw_lexer *lx)
{
    lx->p++;
    lx->line++;
    lx->line_start = lx->p;
    lx->bol = true;
}

/* A NUL byte or a byte-order mark inside the file: a blank, counted. */
static void odd_blank(raw_lexer *lx)
{
    if (*lx->p == '\0') {
        if (lx->nuls++ == 0)
            lx->nul_at = here(lx);
        lx->p++;
    } else {
        if (lx->boms++ == 0)
            lx->bom_at = here(lx);
        lx->p += 3;
    }
}

/* A comment from its '/': '//' to the line's end (a splice continues
 * it), '/' '*' to its close; -1 on one never closed. */
static int comment(raw_lexer *lx)
{
    lds_loc open = here(lx);
    bool line = peek(lx, 1) == '/';
    lx->p++;
    cur(lx);
    lx->p++;
    int c;
    while ((c = cur(lx)) >= 0) {
        if (line && c == '\n')
            return 0;
        if (!line && c == '*' && peek(lx, 1) == '/') {
            lx->p++;
            cur(lx);
            lx->p++;
            return 0;
        }
        if (c == '\n') {
            bool bol = lx->bol;
            newline(lx);
            lx->bol = bol;   /* a comment does not start a line */
        } else {
            lx->p++;
        }
    }
    if (line)
        return 0;
    lds_diag_set(lx->diag, open, "a '/*' comment that is never closed");
    return -1;
}

/* Blanks, comments and line splices; -1 on a comment never closed. */
static int space(raw_lexer *lx)
{
    int c;
    while ((c = cur(lx)) >= 0) {
        if (c == '\n') {
            newline(lx);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->p++;
        } else if (c == '\0' || is_bom(lx, lx->p)) {
            odd_blank(lx);
        } else if (c == '/' && (peek(lx, 1) == '/' || peek(lx, 1) == '*')) {
            if (comment(lx) < 0)
                return -1;
        } else {
            return 0;
        }
        lx->blank = true;
    }
    return 0;
}

/* C's punctuators, longest first. */
static const char *const puncts[] = {
    "<<=", ">>=", "...", "->*", "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", ".*", NULL,
};

/* C's digraphs, as the punctuators they spell, longest first. */
static const char *const digraphs[][2] = {
    { "%:%:", "##" }, { "<:", "[" }, { ":>", "]" }, { "<%", "{" }, { "%>", "}" }, { "%:", "#" },
};

void csrc_alternative_tokens(csrc_toks *t)
{
    static const char *const spelt[][2] = {
        { "and", "&&" }, { "or", "||" }, { "not", "!" }, { "bitand", "&" }, { "bitor", "|" }, { "xor", "^" },
        { "compl", "~" }, { "and_eq", "&=" }, { "or_eq", "|=" }, { "xor_eq", "^=" }, { "not_eq", "!=" },
    };
    for (size_t i = 0; i < t->n; i++)
        for (size_t k = 0; t->v[i].kind == CT_ID && k < sizeof spelt / sizeof spelt[0]; k++)
            if (csrc_is(&t->v[i], spelt[k][0])) {
                t->v[i].kind = CT_PUNCT;
                t->v[i].text = spelt[k][1];
                t->v[i].len = (unsigned)strlen(spelt[k][1]);
            }
}

/* Whether the next characters (splices skipped) spell s. */
static bool ahead(const raw_lexer *lx, const char *s)
{
    for (unsigned k = 0; s[k]; k++)
        if (peek(lx, k) != (unsigned char)s[k])
            return false;
    return true;
}

/* A punctuator, lx moved past it; a digraph's is the one it spells
 * (*digraph), NULL otherwise.  -1 on a character no token starts with. */
static int punctuator(raw_lexer *lx, csrc_tok *t, int c, const char **digraph)
{
    const char *spelling = NULL;
    size_t n = 0;
    for (size_t i = 0; !spelling && i < sizeof digraphs / sizeof digraphs[0]; i++)
        if (ahead(lx, digraphs[i][0])) {
            spelling = *digraph = digraphs[i][1];
            n = strlen(digraphs[i][0]);
        }
    /* C++: '<::' is '<' '::' unless ':' or '>' follows (vector<::T>) */
    if (spelling && !strcmp(spelling, "[") && peek(lx, 2) == ':' && peek(lx, 3) != ':' && peek(lx, 3) != '>')
        spelling = *digraph = NULL;
    for (int i = 0; !spelling && puncts[i]; i++)
        if (ahead(lx, puncts[i])) {
            spelling = puncts[i];
            n = strlen(puncts[i]);
        }
    if (!spelling) {
        if (!strchr("{}[]()<>;:,.?!~+-*/%&|^=#@$\\`", c)) {
            if (isprint(c))
                lds_diag_set(lx->diag, t->loc, "unexpected character '%c'", c);
            else
                lds_diag_set(lx->diag, t->loc, "unexpected byte 0x%02x", (unsigned)c);
            return -1;
        }
        n = 1;
    }
    for (size_t k = 0; k < n; k++, lx->p++)
        cur(lx);
    return 0;
}

/* A raw string literal's delimiter and body from its '"' on
 * (R"delim( ... )delim"): read as written, splices and all, as C++ does;
 * false if it is never closed. */
static bool raw_string(raw_lexer *lx)
{
    const char *d = ++lx->p;
    while (lx->p < lx->end && lx->p - d <= 16 && !strchr("( )\\\t\n\"", *lx->p))
        lx->p++;
    if (lx->p >= lx->end || *lx->p != '(')
        return false;
    size_t nd = (size_t)(lx->p - d);
    for (lx->p++; lx->p < lx->end; lx->p++) {
        if (*lx->p == ')' && (size_t)(lx->end - lx->p) > nd + 1 && memcmp(lx->p + 1, d, nd) == 0
            && lx->p[nd + 1] == '"') {
            lx->p += nd + 2;
            return true;
        }
        if (*lx->p == '\n') {
            lx->line++;
            lx->line_start = lx->p + 1;
        }
    }
    return false;
}

/* A string or character literal from its quote to the closing one on
 * its line; a line that ends first leaves it unclosed (an error only
 * where the token is read: csrc_preprocess). */
static void quoted(raw_lexer *lx, csrc_tok *t, bool raw)
{
    char q = *lx->p;
    t->kind = q == '"' ? CT_STR : CT_CHR;
    if (raw && q == '"') {
        t->unclosed = !raw_string(lx);
        return;
    }
    lx->p++;
    int c;
    while ((c = cur(lx)) >= 0 && c != q && c != '\n') {
        lx->p++;
        if (c == '\\' && cur(lx) >= 0 && cur(lx) != '\n')
            lx->p++;
    }
    t->unclosed = c != q;
    if (!t->unclosed)
        lx->p++;
}

/* An encoding or raw prefix of a literal: u8 u U L, then R for raw. */
static bool literal_prefix(const char *s, size_t n, bool *raw)
{
    static const char *const prefixes[] = { "L", "u", "U", "u8", "R", "LR", "uR", "UR", "u8R" };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strlen(prefixes[i]) == n && memcmp(prefixes[i], s, n) == 0) {
            *raw = s[n - 1] == 'R';
            return true;
        }
    return false;
}

static bool name_char(const raw_lexer *lx, int c)
{
    return c >= 0 && (isalnum(c) || c == '_' || (c >= 0x80 && !is_bom(lx, lx->p)));
}

/* A pp-number: digits, letters, '.', '\'' separators, e+ e- p+ p-. */
static void pp_number(raw_lexer *lx)
{
    bool hex = cur(lx) == '0' && (peek(lx, 1) == 'x' || peek(lx, 1) == 'X');
    int prev = 0, c;
    while ((c = cur(lx)) >= 0) {
        bool sign = (c == '+' || c == '-') && prev && strchr(hex ? "pP" : "eEpP", prev);
        if (!sign && !isalnum(c) && c != '.' && c != '_' && !(c == '\'' && peek(lx, 1) >= 0 && isalnum(peek(lx, 1))))
            break;
        prev = c;
        lx->p++;
    }
}

/* A token's spelling with the splices in it removed. */
static void unsplice(raw_lexer *lx, csrc_tok *t)
{
    char *s = lds_arena_alloc(lx->arena, (size_t)(lx->p - t->text) + 1);
    size_t n = 0;
    for (const char *q = t->text; q < lx->p;) {
        size_t k = splice_len(lx, q);
        if (k)
            q += k;
        else
            s[n++] = *q++;
    }
    s[n] = '\0';
    t->text = s;
    t->len = (unsigned)n;
}

int pp_raw_next(raw_lexer *lx, csrc_tok *t)
{
    lx->blank = false;
    if (space(lx) < 0)
        return -1;
    memset(t, 0, sizeof *t);
    t->loc = here(lx);
    t->bol = lx->bol;
    t->blank_before = lx->blank;
    t->text = lx->p;
    lx->spliced = false;
    int c = cur(lx);
    if (c < 0) {
        t->kind = CT_EOF;
        return 0;
    }
    lx->bol = false;
    const char *digraph = NULL;
    if (isalpha(c) || c == '_' || c >= 0x80) {
        char prefix[4];
        size_t n = 0;
        for (; name_char(lx, c = cur(lx)); lx->p++)
            if (n++ < sizeof prefix)
                prefix[n - 1] = (char)c;
        t->kind = CT_ID;
        bool raw;
        if ((c == '"' || c == '\'') && n <= sizeof prefix && literal_prefix(prefix, n, &raw))
            quoted(lx, t, raw);   /* L"..", u8"..", R"(..)" */
    } else if (isdigit(c) || (c == '.' && peek(lx, 1) >= 0 && isdigit(peek(lx, 1)))) {
        pp_number(lx);
        t->kind = CT_NUM;
    } else if (c == '"' || c == '\'') {
        quoted(lx, t, false);
    } else {
        t->kind = CT_PUNCT;
        if (punctuator(lx, t, c, &digraph) < 0)
            return -1;
    }
    t->len = (unsigned)(lx->p - t->text);
    if (digraph) {
        t->text = digraph;
        t->len = (unsigned)strlen(digraph);
    } else if (lx->spliced) {
        unsplice(lx, t);
    }
    return 0;
}

bool csrc_int_value(const csrc_tok *t, int64_t *out)
{
    if (t->kind == CT_CHR && t->len >= 3 && t->text[0] == '\'') {
        *out = (unsigned char)t->text[1];
        return t->text[1] != '\\' || t->len == 4;
    }
    if (t->kind != CT_NUM)
        return false;
    const char *s = t->text, *e = t->text + t->len;
    int base = 10;
    if (e - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, s += 2;
    else if (e - s > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, s += 2;
    else if (e - s > 1 && s[0] == '0')
        base = 8, s++;
    uint64_t v = 0;
    bool any = false;
    for (; s < e; s++) {
        if (*s == '\'')
            continue;
        int d = isdigit((unsigned char)*s) ? *s - '0' : isxdigit((unsigned char)*s) && base == 16 ? tolower(*s) - 'a' + 10 : -1;
        if (d < 0 || d >= base)
            break;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return false;
        v = v * (uint64_t)base + (uint64_t)d;
        any = true;
    }
    if (!any && base != 8)
        return false;
    for (; s < e; s++)   /* suffixes only: u, l, ll (a '.', 'e' or 'f' makes it floating) */
        if (!strchr("uUlL", *s))
            return false;
    if (v > INT64_MAX)
        return false;
    *out = (int64_t)v;
    return true;
}
