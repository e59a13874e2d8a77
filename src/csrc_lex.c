/* src/csrc_lex.c - a kernel file's tokens, preprocessed (src/csrc_lex.h).
 *
 * The file is lexed whole, then its directives are followed in order:
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
    lds_free(t->v);
    t->v = NULL;
    t->n = t->cap = 0;
}

/* ------------------------------------------------------------ lexing */

lds_loc pp_raw_here(const raw_lexer *lx)
{
    lds_loc loc = { lx->src, lx->line, (unsigned)(lx->p - lx->line_start) + 1 };
    return loc;
}

void pp_raw_newline(raw_lexer *lx)
{
    lx->p++;
    lx->line++;
    lx->line_start = lx->p;
    lx->bol = true;
}

/* Blanks, comments and line splices; -1 on a comment never closed. */
int pp_raw_space(raw_lexer *lx)
{
    while (lx->p < lx->end) {
        char c = *lx->p;
        if (c == '\n') {
            pp_raw_newline(lx);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->p++;
        } else if (c == '\\' && lx->p + 1 < lx->end && (lx->p[1] == '\n' || lx->p[1] == '\r')) {
            lx->p++;   /* a line splice: the next line continues this one */
            if (*lx->p == '\r' && lx->p + 1 < lx->end && lx->p[1] == '\n')
                lx->p++;
            lx->p++;
            lx->line++;
            lx->line_start = lx->p;
        } else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
            while (lx->p < lx->end && *lx->p != '\n')
                lx->p++;
        } else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
            lds_loc open = pp_raw_here(lx);
            lx->p += 2;
            while (lx->p < lx->end && !(*lx->p == '*' && lx->p + 1 < lx->end && lx->p[1] == '/')) {
                if (*lx->p == '\n') {
                    bool bol = lx->bol;
                    pp_raw_newline(lx);
                    lx->bol = bol;   /* a comment does not start a line */
                } else {
                    lx->p++;
                }
            }
            if (lx->p >= lx->end) {
                lds_diag_set(lx->diag, open, "a '/*' comment that is never closed");
                return -1;
            }
            lx->p += 2;
        } else {
            break;
        }
    }
    return 0;
}

/* C's punctuators, longest first. */
static const char *const puncts[] = {
    "<<=", ">>=", "...", "->*", "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", ".*", NULL,
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

int pp_raw_next(raw_lexer *lx, csrc_tok *t)
{
    if (pp_raw_space(lx) < 0)
        return -1;
    memset(t, 0, sizeof *t);
    t->loc = pp_raw_here(lx);
    t->bol = lx->bol;
    t->text = lx->p;
    if (lx->p >= lx->end) {
        t->kind = CT_EOF;
        return 0;
    }
    lx->bol = false;
    unsigned char c = (unsigned char)*lx->p;
    if (isalpha(c) || c == '_' || c >= 0x80) {
        while (lx->p < lx->end && (isalnum((unsigned char)*lx->p) || *lx->p == '_' || (unsigned char)*lx->p >= 0x80))
            lx->p++;
        t->kind = CT_ID;
        /* a string prefix: L"..", u8"..", R"(..)" */
        if (lx->p < lx->end && (*lx->p == '"' || *lx->p == '\'')
            && (lx->p - t->text <= 2 && strchr("LuUR8", t->text[0])))
            goto quoted;
    } else if (isdigit(c) || (c == '.' && lx->p + 1 < lx->end && isdigit((unsigned char)lx->p[1]))) {
        /* a pp-number: digits, letters, '.', '\'' separators, e+ e- p+ p- */
        while (lx->p < lx->end) {
            char d = *lx->p;
            if ((d == '+' || d == '-') && strchr("eEpP", lx->p[-1]) && !(lx->p - t->text >= 2 && (t->text[1] == 'x' || t->text[1] == 'X') && strchr("eE", lx->p[-1])))
                lx->p++;
            else if (isalnum((unsigned char)d) || d == '.' || d == '_' || (d == '\'' && lx->p + 1 < lx->end && isalnum((unsigned char)lx->p[1])))
                lx->p++;
            else
                break;
        }
        t->kind = CT_NUM;
    } else if (c == '"' || c == '\'') {
quoted:;
        char q = *lx->p++;
        while (lx->p < lx->end && *lx->p != q && *lx->p != '\n') {
            if (*lx->p == '\\' && lx->p + 1 < lx->end)
                lx->p++;
            lx->p++;
        }
        if (lx->p >= lx->end || *lx->p != q) {
            lds_diag_set(lx->diag, t->loc, "a %s never closed on its line", q == '"' ? "string" : "character literal");
            return -1;
        }
        lx->p++;
        t->kind = q == '"' ? CT_STR : CT_CHR;
    } else {
        t->kind = CT_PUNCT;
        size_t left = (size_t)(lx->end - lx->p);
        for (int i = 0; puncts[i]; i++) {
            size_t n = strlen(puncts[i]);
            if (n <= left && memcmp(lx->p, puncts[i], n) == 0) {
                lx->p += n;
                t->len = (unsigned)n;
                return 0;
            }
        }
        if (!strchr("{}[]()<>;:,.?!~+-*/%&|^=#@$\\`", c)) {
            if (isprint(c))
                lds_diag_set(lx->diag, t->loc, "unexpected character '%c'", c);
            else
                lds_diag_set(lx->diag, t->loc, "unexpected byte 0x%02x", (unsigned)c);
            return -1;
        }
        lx->p++;
    }
    t->len = (unsigned)(lx->p - t->text);
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

/* o->header_macros, defined before the file's first line (the file may
 * define them again).  Their tokens name the header as their place. */
static int define_header_macros(pp *p)
{
    for (const char *const *m = p->o->header_macros; m && *m; m++) {
        lds_source *src = lds_arena_alloc(p->arena, sizeof *src);
        src->name = "<the language's headers>";
        src->text = (char *)*m;
        src->len = strlen(*m);
        raw_lexer lx = { src, src->text, src->text + src->len, src->text, 1, true, p->diag };
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
        if (rc < 0 || pp_define_macro(p, keep, n, keep[0].loc) < 0)
            return -1;
    }
    return 0;
}

int csrc_preprocess(const lds_source *src, const csrc_pp_options *o, lds_arena *arena, csrc_toks *out, lds_diag *diag)
{
    raw_lexer lx = { src, src->text, src->text + src->len, src->text, lds_source_first_line(src), true, diag };
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
    pp p = { o, arena, diag, NULL, out, 0 };
    if (define_header_macros(&p) < 0) {
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
    int rc = 0;
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
                bool d = pp_find_macro(&p, rest[0].text, rest[0].len) || pp_find_define(&p, rest[0].text, rest[0].len);
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
    if (rc == 0) {
        csrc_tok eof = keep[n - 1];
        pp_push(out, &eof);
    }
    return rc;
}
