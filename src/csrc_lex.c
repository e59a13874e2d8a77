/* src/csrc_lex.c - a kernel file's tokens, preprocessed (src/csrc_lex.h).
 *
 * The text is read as compilers read it first (translation phases 1 to
 * 3): a backslash at a line's end joins the next line wherever it is (in
 * a name, a number, a string, a comment), digraphs are the punctuators
 * they spell, a raw string runs to its own delimiter, a NUL byte or a
 * byte-order mark after the first is a blank (one warning each), and a
 * literal its line leaves open is an error only where its token is read.
 * Tokens keep the place of their first character in the file.
 *
 * The file is lexed whole, then its directives are followed in order,
 * after the macros the compiler predefines (src/csrc_predef.c):
 * a #define's body is kept as tokens; a use of the macro is replaced by
 * its body (arguments substituted, expanded first unless # or ## takes
 * them) and rescanned with the macro itself disabled, as C does.  The
 * lines of a conditional group not taken are dropped.  #include,
 * #pragma, #line and the like are skipped: a kernel file is read alone,
 * and what an included header would have defined is reported where it
 * is needed (an unknown name in an index, say). */
#include "src/csrc_lex.h"
#include "src/csrc_pp.h"

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
    free(t->v);
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

/* ------------------------------------------------------------ driver */

/* The text "NAME[(params)] body", lexed from a source of its own (its
 * name the macro's place in messages), as a #define line; *made: the
 * macro, or NULL. */
static int define_text(pp *p, const char *where, const char *text, macro **made)
{
    lds_source *src = lds_arena_alloc(p->arena, sizeof *src);
    src->name = (char *)where;
    src->text = (char *)text;
    src->len = strlen(text);
    raw_lexer lx = { .src = src, .p = src->text, .end = src->text + src->len, .line_start = src->text,
                     .line = 1, .bol = true, .diag = p->diag, .arena = p->arena };
    list line = { 0 };
    csrc_tok t;
    int rc;
    while ((rc = pp_raw_next(&lx, &t)) == 0 && t.kind != CT_EOF)
        pp_push(&line, &t);
    csrc_tok *keep = lds_arena_alloc(p->arena, sizeof *keep * (line.n ? line.n : 1));
    if (line.n)
        memcpy(keep, line.v, sizeof *keep * line.n);
    size_t n = line.n;
    pp_list_free(&line);
    if (rc < 0 || pp_define_macro(p, keep, n, n ? keep[0].loc : (lds_loc){ src, 1, 1 }) < 0)
        return -1;
    if (made)
        *made = p->macros;
    return 0;
}

/* o->header_macros, defined before the file's first line (the file may
 * define them again).  Their tokens name the header as their place. */
static int define_header_macros(pp *p)
{
    for (const char *const *m = p->o->header_macros; m && *m; m++)
        if (define_text(p, "<the language's headers>", *m, NULL) < 0)
            return -1;
    return 0;
}

/* Whether -D or -U names a macro the compiler predefines: then -D's
 * value stands for it, or nothing does. */
static bool given_on_command_line(const pp *p, const char *name)
{
    for (unsigned i = 0; i < p->o->nundefs; i++)
        if (!strcmp(p->o->undefs[i], name))
            return true;
    for (unsigned i = 0; i < p->o->ndefines; i++)
        if (!strcmp(p->o->defines[i].name, name))
            return true;
    return false;
}

/* A macro the compiler predefines, unless -D or -U names it. */
static int predefine(pp *p, const csrc_predefined *d)
{
    if (given_on_command_line(p, d->name))
        return 0;
    lds_buf b = { 0 };
    lds_buf_printf(&b, "%s %s", d->name, d->body);
    macro *m = NULL;
    int rc = define_text(p, "<the compiler's predefined macros>", lds_arena_strndup(p->arena, lds_buf_str(&b), b.len), &m);
    lds_buf_free(&b);
    if (m)
        m->predef = d;
    return rc;
}

/* name defined anew as body (NULL: undefined), unless -D or -U names it. */
static int redefine(pp *p, const char *name, const char *body)
{
    if (given_on_command_line(p, name))
        return 0;
    csrc_tok t = { .kind = CT_ID, .text = name, .len = (unsigned)strlen(name) };
    pp_undefine(p, &t);
    if (!body)
        return 0;
    csrc_predefined *d = lds_arena_alloc(p->arena, sizeof *d);
    d->name = name;
    d->body = body;
    return predefine(p, d);
}

/* #version N [core|compatibility|es] (GLSL): glslang's __VERSION__, and
 * GL_core_profile (desktop, from 150 on), GL_compatibility_profile or
 * GL_ES. */
static int glsl_version(pp *p, const csrc_tok *rest, size_t n, lds_loc at)
{
    int64_t v;
    if (n < 1 || !csrc_int_value(&rest[0], &v) || v < 100 || v > 999) {
        lds_diag_set(p->diag, at, "#version needs a version number (450, say)");
        return -1;
    }
    bool es = n > 1 && csrc_is(&rest[1], "es"), compat = n > 1 && csrc_is(&rest[1], "compatibility");
    if (redefine(p, "__VERSION__", lds_arena_strndup(p->arena, rest[0].text, rest[0].len)) < 0
        || redefine(p, "GL_core_profile", !es && v >= 150 ? "1" : NULL) < 0
        || redefine(p, "GL_compatibility_profile", compat ? "1" : NULL) < 0)
        return -1;
    return redefine(p, "GL_ES", es ? "1" : NULL);
}

/* What the lexer read as blanks, one warning for each kind: NUL bytes
 * (compilers ignore them, with a warning), byte-order marks after the
 * file's first (two files joined, say). */
static void warn_odd_blanks(const csrc_pp_options *o, const raw_lexer *lx)
{
    const struct { unsigned n; lds_loc at; const char *what; } odd[] = {
        { lx->nuls, lx->nul_at, "a NUL byte, read as a blank (as compilers do)" },
        { lx->boms, lx->bom_at, "a byte-order mark (U+FEFF) inside the file, read as a blank" },
    };
    for (size_t i = 0; o->warn && i < sizeof odd / sizeof odd[0]; i++) {
        if (!odd[i].n)
            continue;
        lds_diag w = { 0 };
        if (odd[i].n > 1)
            lds_diag_set(&w, odd[i].at, "%s; %u in the file", odd[i].what, odd[i].n);
        else
            lds_diag_set(&w, odd[i].at, "%s", odd[i].what);
        w.warning = 1;
        o->warn(o->warn_ctx, &w);
    }
}

/* A string or character literal left open at its line's end, among the
 * tokens kept: an error there (in a group #if leaves out, or a directive
 * lds-calc skips, compilers only warn). */
static int unclosed_literal(const csrc_toks *out, lds_diag *diag)
{
    for (size_t i = 0; i < out->n; i++)
        if (out->v[i].unclosed) {
            lds_diag_set(diag, out->v[i].loc, "a %s never closed on its line",
                         out->v[i].kind == CT_STR ? "string" : "character literal");
            return -1;
        }
    return 0;
}

int csrc_preprocess(const lds_source *src, const csrc_pp_options *o, lds_arena *arena, csrc_toks *out, lds_diag *diag)
{
    raw_lexer lx = { .src = src, .p = src->text, .end = src->text + src->len, .line_start = src->text,
                     .line = lds_source_first_line(src), .bol = true, .diag = diag, .arena = arena };
    if (src->len >= 3 && memcmp(src->text, "\xef\xbb\xbf", 3) == 0)
        lx.p = lx.line_start = src->text + 3;
    list raw = { 0 };
    for (;;) {   /* the whole file's tokens */
        csrc_tok t;
        if (pp_raw_next(&lx, &t) < 0) {
            pp_list_free(&raw);
            return -1;
        }
        pp_push(&raw, &t);
        if (t.kind == CT_EOF)
            break;
        if (raw.n > MAX_TOKENS) {
            lds_diag_set(diag, t.loc, "more than %u tokens", MAX_TOKENS);
            pp_list_free(&raw);
            return -1;
        }
    }
    warn_odd_blanks(o, &lx);
    pp p = { o, arena, diag, NULL, out, 0 };
    int rc = define_header_macros(&p);
    for (unsigned i = 0; rc == 0 && i < o->npredefined; i++)
        rc = predefine(&p, &o->predefined[i]);
    if (rc < 0) {
        pp_list_free(&raw);
        return -1;
    }
    /* the raw tokens must outlive the macros that point into them */
    csrc_tok *keep = lds_arena_alloc(arena, sizeof *keep * raw.n);
    memcpy(keep, raw.v, sizeof *keep * raw.n);
    size_t n = raw.n;
    pp_list_free(&raw);
    cond_group groups[MAX_IF_DEPTH];
    unsigned ngroups = 0;
    size_t text_start = 0;   /* the run of ordinary tokens not yet expanded */
    size_t i = 0;
    bool active = true;
    while (rc == 0) {
        const csrc_tok *t = &keep[i];
        bool directive = t->kind != CT_EOF && csrc_is(t, "#") && t->bol;
        if (t->kind != CT_EOF && !directive) {
            i++;
            if (!active)
                text_start = i;
            continue;
        }
        if (active && i > text_start)   /* the text before the directive */
            rc = pp_expand(&p, &keep[text_start], i - text_start, NULL, out);
        if (rc < 0 || t->kind == CT_EOF)
            break;
        size_t end = i + 1;   /* the directive's line */
        while (keep[end].kind != CT_EOF && !keep[end].bol)
            end++;
        const csrc_tok *word = end > i + 1 ? &keep[i + 1] : NULL;
        const csrc_tok *rest = &keep[i + 2];
        size_t nrest = end > i + 2 ? end - i - 2 : 0;
        lds_loc at = t->loc;
        if (word && (csrc_is(word, "if") || csrc_is(word, "ifdef") || csrc_is(word, "ifndef"))) {
            if (ngroups >= MAX_IF_DEPTH) {
                lds_diag_set(diag, at, "#if nested more than %d deep", MAX_IF_DEPTH);
                rc = -1;
                break;
            }
            bool holds = false;
            if (active && csrc_is(word, "if"))
                rc = pp_if_value(&p, rest, nrest, at, &holds);
            else if (active && (nrest < 1 || rest[0].kind != CT_ID)) {
                lds_diag_set(diag, at, "#%.*s needs a name", (int)word->len, word->text);
                rc = -1;
            } else if (active) {
                macro *m = pp_find_macro(&p, rest[0].text, rest[0].len);
                rc = m ? pp_referenced(&p, m, false, rest[0].loc) : 0;
                bool d = m || pp_find_define(&p, rest[0].text, rest[0].len);
                holds = csrc_is(word, "ifdef") ? d : !d;
            }
            groups[ngroups++] = (cond_group){ active && holds, active && holds, active, false, at };
            active = active && holds;
        } else if (word && (csrc_is(word, "elif") || csrc_is(word, "else"))) {
            if (!ngroups || groups[ngroups - 1].seen_else) {
                lds_diag_set(diag, at, ngroups ? "#%.*s after #else" : "#%.*s without #if", (int)word->len, word->text);
                rc = -1;
                break;
            }
            cond_group *g = &groups[ngroups - 1];
            bool holds = !g->taken && g->outer;
            if (holds && csrc_is(word, "elif"))
                rc = pp_if_value(&p, rest, nrest, at, &holds);
            g->seen_else = csrc_is(word, "else");
            g->active = holds;
            g->taken |= holds;
            active = holds;
        } else if (word && csrc_is(word, "endif")) {
            if (!ngroups) {
                lds_diag_set(diag, at, "#endif without #if");
                rc = -1;
                break;
            }
            active = groups[--ngroups].outer;
        } else if (active && word && csrc_is(word, "define")) {
            rc = pp_define_macro(&p, rest, nrest, at);
        } else if (active && word && csrc_is(word, "undef") && nrest >= 1) {
            pp_undefine(&p, &rest[0]);
        } else if (active && word && csrc_is(word, "version") && o->glsl_version) {
            rc = glsl_version(&p, rest, nrest, at);
        } else if (active && word && csrc_is(word, "error")) {
            lds_diag_set(diag, at, "#error in the file: %.*s", nrest ? (int)(rest[nrest - 1].text + rest[nrest - 1].len - rest[0].text) : 0,
                         nrest ? rest[0].text : "");
            rc = -1;
        }   /* #include, #pragma, #line, #warning and the rest: skipped */
        i = end;
        text_start = end;
    }
    if (rc == 0 && ngroups) {
        lds_diag_set(diag, groups[ngroups - 1].at, "#if without #endif");
        rc = -1;
    }
    if (rc == 0)
        rc = unclosed_literal(out, diag);
    if (rc == 0) {
        csrc_tok eof = keep[n - 1];
        pp_push(out, &eof);
    }
    return rc;
}
