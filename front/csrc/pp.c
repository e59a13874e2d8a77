/* front/csrc/pp.c - a kernel file preprocessed (front/csrc/lex.h): the
 * driver of front/csrc/lex.c's tokens and front/csrc/pp_macro.c's macros.
 *
 * The file is lexed whole, then its directives are followed in order,
 * after the macros the compiler predefines (front/csrc/predef.c):
 * a #define's body is kept as tokens; a use of the macro is replaced by
 * its body (arguments substituted, expanded first unless # or ## takes
 * them) and rescanned with the macro itself disabled, as C does.  The
 * lines of a conditional group not taken are dropped.  An #include
 * found (beside the file that includes it, or in a -I folder) has its
 * tokens put in the place of its line (front/csrc/pp_include.c); one not
 * found, #pragma, #line and the like are skipped, and what a header not
 * read would have defined is reported where it is needed (an unknown
 * name in an index, say). */
#include "front/csrc/lex.h"
#include "front/csrc/pp.h"

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
    for (unsigned i = 0; i < p->o->nmacros; i++)
        if (strcspn(p->o->macros[i], "( ") == strlen(name) && !memcmp(p->o->macros[i], name, strlen(name)))
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

int pp_lex_file(const lds_source *src, const csrc_pp_options *o, lds_arena *arena, lds_diag *diag, csrc_toks *raw)
{
    raw_lexer lx = { .src = src, .p = src->text, .end = src->text + src->len, .line_start = src->text,
                     .line = lds_source_first_line(src), .bol = true, .diag = diag, .arena = arena };
    if (src->len >= 3 && memcmp(src->text, "\xef\xbb\xbf", 3) == 0)
        lx.p = lx.line_start = src->text + 3;
    for (;;) {
        csrc_tok t;
        if (pp_raw_next(&lx, &t) < 0)
            return -1;
        pp_push(raw, &t);
        if (t.kind == CT_EOF)
            break;
        if (raw->n > MAX_TOKENS) {
            lds_diag_set(diag, t.loc, "more than %u tokens", MAX_TOKENS);
            return -1;
        }
    }
    warn_odd_blanks(o, &lx);
    return 0;
}

int csrc_preprocess(const lds_source *src, const csrc_pp_options *o, lds_arena *arena, csrc_toks *out, lds_diag *diag)
{
    if (o->includes) {   /* a pass of its own (the host pass reads the file again) */
        o->includes->followed = 0;
        for (size_t k = 0; k < o->includes->n; k++)
            o->includes->once[k] = false;
    }
    list raw = { 0 };
    if (pp_lex_file(src, o, arena, diag, &raw) < 0) {   /* the whole file's tokens */
        pp_list_free(&raw);
        return -1;
    }
    pp p = { o, arena, diag, NULL, out, 0 };
    int rc = define_header_macros(&p);
    for (unsigned i = 0; rc == 0 && i < o->npredefined; i++)
        rc = predefine(&p, &o->predefined[i]);
    for (unsigned i = 0; rc == 0 && i < o->nmacros; i++)
        rc = define_text(&p, "<-D>", o->macros[i], NULL);
    if (rc < 0) {
        pp_list_free(&raw);
        return -1;
    }
    /* the raw tokens must outlive the macros that point into them */
    csrc_tok *keep = lds_arena_alloc(arena, sizeof *keep * raw.n);
    memcpy(keep, raw.v, sizeof *keep * raw.n);
    size_t n = raw.n;
    pp_list_free(&raw);
    if (o->includes && pp_include_files(&p, src, &keep, &n) < 0)
        return -1;
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
        } else if (active && word && csrc_is(word, "include") && o->includes) {
            rc = pp_include(&p, at, rest, nrest, &keep, &n, end);
        } else if (active && word && csrc_is(word, "pragma") && nrest == 1 && csrc_is(&rest[0], "once")
                   && o->includes) {
            pp_pragma_once(&p, at.src);
        } else if (active && word && csrc_is(word, "error")) {
            lds_diag_set(diag, at, "#error in the file: %.*s", nrest ? (int)(rest[nrest - 1].text + rest[nrest - 1].len - rest[0].text) : 0,
                         nrest ? rest[0].text : "");
            rc = -1;
        }   /* #pragma, #line, #warning and the rest: skipped */
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
