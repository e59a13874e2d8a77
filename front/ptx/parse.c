/* front/ptx/parse.c - PTX text to a module (front/ptx/ptx_impl.h).
 *
 * The text is read as the PTX ISA writes it: directives (.version,
 * .target, .file, .section, variable declarations, .entry and .func with
 * their parameters and performance directives), and in a function body
 * register declarations, .loc lines, labels and instructions
 * ([@[!]pred] opcode operands;).  What lds-calc does not use (.pragma,
 * .maxnreg, initialisers, debug sections other than .debug_str) is read
 * past.  Each instruction keeps its line and column and the .loc in
 * force; a .loc's inlined_at names an earlier place, so an instruction's
 * place is a chain from the inlined helper out to the kernel. */
#include "front/ptx/ptx_impl.h"

#include <stdio.h>
#include <stdlib.h>

/* ---------------------------------------------------------- the module */

int pl_number(ptx_parser *P, pw *out)
{
    bool neg = pl_accept(P, "-");
    if (P->t.kind != T_NUM)
        return pl_fail(P, "expected a number, found '%s'", pl_found(P));
    *out = neg ? -P->t.num : P->t.num;
    pl_next(P);
    return 0;
}

/* .file N "name" [, timestamp, size] */
static int file_directive(ptx_parser *P)
{
    pw id;
    if (pl_number(P, &id) < 0)
        return -1;
    if (P->t.kind != T_STR)
        return pl_fail(P, "expected the file's name in quotes, found '%s'", pl_found(P));
    ptx_module *m = P->m;
    m->files = lds_xreallocarray(m->files, m->nfiles + 1, sizeof *m->files);
    m->files[m->nfiles].id = (unsigned)id;
    m->files[m->nfiles++].name = lds_arena_strndup(P->a, P->t.p + 1, P->t.len >= 2 ? P->t.len - 2 : 0);
    pl_skip_line(P);
    return 0;
}

/* .section .debug_str { LABEL: .b8 1,2,...,0 ... }: the strings a .loc's
 * function_name names; other sections are read past. */
static int section(ptx_parser *P)
{
    bool strs = pl_is(P, ".debug_str");
    while (P->t.kind != T_EOF && !pl_is(P, "{"))
        pl_next(P);
    if (!strs) {
        pl_skip_braces(P);
        return 0;
    }
    pl_next(P);
    lds_buf text = { 0 };
    const char *label = NULL;
    ptx_module *m = P->m;
    for (;;) {
        bool end = P->t.kind == T_EOF || pl_is(P, "}");
        if (end || (P->t.kind == T_WORD && P->t.p[0] != '.' && P->p < P->end && *P->p == ':')) {
            if (label) {
                m->strings = lds_xreallocarray(m->strings, m->nstrings + 1, sizeof *m->strings);
                m->strings[m->nstrings].label = label;
                m->strings[m->nstrings++].text = lds_arena_strndup(P->a, lds_buf_str(&text), text.len);
            }
            lds_buf_clear(&text);
            if (end)
                break;
            label = pl_str(P);
            pl_next(P);
            pl_next(P);
            continue;
        }
        if (P->t.kind == T_NUM && P->t.num > 0 && P->t.num < 256)
            lds_buf_putc(&text, (char)P->t.num);
        pl_next(P);
    }
    lds_buf_free(&text);
    return pl_expect(P, "}");
}

unsigned pl_type_bytes(const char *t, unsigned n)
{
    if (n < 3 || t[0] != '.')
        return 0;
    if (!strncmp(t, ".pred", n))
        return 1;
    unsigned bits = (unsigned)atoi(t + 2);
    if (strchr(".bsuf", t[1]) == NULL || !bits)
        return 0;
    if (n >= 2 && t[n - 2] == 'x' && t[n - 1] == '2')   /* .f16x2 .bf16x2: within the token, not the text after it */
        bits *= 2;
    return (bits + 7) / 8;
}

/* [.extern|...] .shared|.global|.const|.local [.align N] [.vN] .TYPE name[N]... [= ...];
 * the current token is the state space. */
int pl_variable(ptx_parser *P, bool is_extern, ptx_var **vars, unsigned *nvars, size_t *cap)
{
    ptx_space sp = pl_is(P, ".shared") || (P->t.len > 9 && !memcmp(P->t.p, ".shared::", 9)) ? SP_SHARED
                   : pl_is(P, ".global")                                                     ? SP_GLOBAL
                   : pl_is(P, ".const")                                                      ? SP_CONST
                   : pl_is(P, ".local")                                                      ? SP_LOCAL
                                                                                          : SP_OTHER;
    pl_next(P);
    unsigned align = 0, elem = 1, lanes = 1;
    for (;;) {
        if (pl_accept(P, ".align")) {
            pw a;
            if (pl_number(P, &a) < 0)
                return -1;
            align = (unsigned)a;
        } else if (pl_is(P, ".v2") || pl_is(P, ".v4") || pl_is(P, ".v8")) {
            lanes = (unsigned)(P->t.p[2] - '0');
            pl_next(P);
        } else if (P->t.kind == T_WORD && P->t.p[0] == '.') {
            unsigned b = pl_type_bytes(P->t.p, P->t.len);
            if (b)
                elem = b;
            pl_next(P);
        } else {
            break;
        }
    }
    for (;;) {
        if (P->t.kind != T_WORD)
            return pl_fail(P, "expected a variable's name, found '%s'", pl_found(P));
        ptx_var v = { .name = pl_str(P), .space = sp, .align = align ? align : elem * lanes, .is_extern = is_extern,
                      .line = P->t.line, .col = P->t.col };
        pl_next(P);
        int64_t bytes = (int64_t)elem * lanes;
        bool unsized = false;
        while (pl_accept(P, "[")) {
            if (pl_accept(P, "]")) {
                unsized = true;
                continue;
            }
            pw d;
            if (pl_number(P, &d) < 0 || pl_expect(P, "]") < 0)
                return -1;
            if (d < 0 || d > ((pw)1 << 40) || bytes > ((int64_t)1 << 50) / (d ? (int64_t)d : 1))
                return pl_fail(P, "the size of '%s' is out of range", v.name);
            bytes *= (int64_t)d;
        }
        v.bytes = unsized ? -1 : bytes;
        *vars = lds_xgrow(*vars, *nvars, cap, sizeof **vars, 8);
        (*vars)[(*nvars)++] = v;
        if (pl_accept(P, "=")) {
            pl_skip_statement(P);
            return 0;
        }
        if (!pl_accept(P, ","))
            break;
    }
    return pl_expect(P, ";");
}

/* .param .TYPE name, .param .align N .b8 name[N], .param .u64 .ptr .global .align 16 name */
static int params(ptx_parser *P, ptx_func *f)
{
    size_t cap = 0;
    if (pl_expect(P, "(") < 0)
        return -1;
    while (!pl_accept(P, ")")) {
        if (P->t.kind == T_EOF)
            return pl_fail(P, "expected ')' after the parameters, found '%s'", pl_found(P));
        if (pl_expect(P, ".param") < 0 && pl_expect(P, ".reg") < 0)
            return -1;
        ptx_param p = { 0 };
        unsigned elem = 0;
        while (P->t.kind == T_WORD && P->t.p[0] == '.') {
            if (pl_accept(P, ".align")) {
                pw a;
                if (pl_number(P, &a) < 0)
                    return -1;
                continue;
            }
            if (pl_is(P, ".ptr"))
                p.is_pointer = true;
            unsigned b = pl_type_bytes(P->t.p, P->t.len);
            if (b && !elem) {
                elem = b;
                p.is_signed = P->t.p[1] == 's';
                p.is_float = P->t.p[1] == 'f';
            }
            pl_next(P);
        }
        if (P->t.kind != T_WORD)
            return pl_fail(P, "expected a parameter's name, found '%s'", pl_found(P));
        p.name = pl_str(P);
        p.line = P->t.line;
        p.col = P->t.col;
        pl_next(P);
        p.bytes = elem ? elem : 4;
        while (pl_accept(P, "[")) {
            pw d;
            if (pl_number(P, &d) < 0 || pl_expect(P, "]") < 0)
                return -1;
            p.is_array = true;
            p.bytes = (unsigned)(p.bytes * (d > 0 && d < (1 << 20) ? d : 1));
        }
        f->params = lds_xgrow(f->params, f->nparams, &cap, sizeof *f->params, 4);
        f->params[f->nparams++] = p;
        pl_accept(P, ",");
    }
    return 0;
}

/* .reqntid X[, Y[, Z]]: each at least 1 (-1: out of range, which the
 * lowering reports), the axes not given 1. */
static int ntid_directive(ptx_parser *P, long out[3])
{
    for (int k = 0; k < 3; k++)
        out[k] = 1;
    for (int k = 0; k < 3; k++) {
        pw v;
        if (pl_number(P, &v) < 0)
            return -1;
        out[k] = v > 0 && v < ((pw)1 << 31) ? (long)v : -1;
        if (!pl_accept(P, ","))
            break;
    }
    return 0;
}

static void skip_parens(ptx_parser *P)
{
    for (int d = 0; P->t.kind != T_EOF;) {
        if (pl_is(P, "("))
            d++;
        bool close = pl_is(P, ")");
        pl_next(P);
        if (close && --d == 0)
            return;
    }
}

/* .entry NAME (params) [.maxntid ...] { body }, or .func ... */
static int function(ptx_parser *P, bool entry)
{
    ptx_func *f = lds_arena_alloc(P->a, sizeof *f);
    f->entry = entry;
    *P->tail = f;   /* in the module at once: ptx_module_free frees what it holds */
    P->tail = &f->next;
    if (!entry && pl_is(P, "("))   /* .func (.param .b32 retval) name (...) */
        skip_parens(P);
    if (P->t.kind != T_WORD)
        return pl_fail(P, "expected the function's name, found '%s'", pl_found(P));
    f->name = pl_str(P);
    f->line = P->t.line;
    f->col = P->t.col;
    pl_next(P);
    if (pl_is(P, "(") && params(P, f) < 0)
        return -1;
    while (P->t.kind == T_WORD && P->t.p[0] == '.') {
        long *dst = pl_accept(P, ".reqntid") ? f->reqntid : pl_accept(P, ".maxntid") ? f->maxntid : NULL;
        if (dst) {
            if (ntid_directive(P, dst) < 0)
                return -1;
        } else {
            pl_next(P);
            while (P->t.kind == T_NUM || pl_is(P, ","))
                pl_next(P);
        }
    }
    if (pl_accept(P, ";"))   /* a declaration */
        return 0;
    P->f = f;
    f->defined = true;
    P->ndecls = 0;
    P->nscopes = 0;
    lds_free(P->regmap);
    lds_free(P->regnext);
    P->regmap = P->regnext = NULL;
    P->regmap_cap = 0;
    P->capins = P->capregs = 0;
    int rc = pl_body(P);
    P->f = NULL;
    return rc;
}

/* ------------------------------------------------------------ module */

static int directive(ptx_parser *P)
{
    bool is_extern = false;
    while (pl_is(P, ".visible") || pl_is(P, ".extern") || pl_is(P, ".weak") || pl_is(P, ".common")) {
        is_extern |= pl_is(P, ".extern");
        pl_next(P);
    }
    if (pl_accept(P, ".entry"))
        return function(P, true);
    if (pl_accept(P, ".func"))
        return function(P, false);
    if (pl_is(P, ".shared") || pl_is(P, ".global") || pl_is(P, ".const") || pl_is(P, ".local")
        || (P->t.len > 9 && !memcmp(P->t.p, ".shared::", 9))) {
        size_t cap = P->m->nvars;
        return pl_variable(P, is_extern, &P->m->vars, &P->m->nvars, &cap);
    }
    if (pl_accept(P, ".file"))
        return file_directive(P);
    if (pl_accept(P, ".section"))
        return section(P);
    if (pl_is(P, ".version") || pl_is(P, ".target") || pl_is(P, ".address_size")) {
        pl_skip_line(P);
        return 0;
    }
    if (P->t.kind == T_WORD && P->t.p[0] == '.') {   /* .pragma, .alias, .loc outside a function, ... */
        pl_skip_statement(P);
        return 0;
    }
    return pl_fail(P, "expected a PTX directive (.entry, .func, .shared, ...), found '%s'", pl_found(P));
}

int ptx_parse(const lds_source *src, lds_arena *a, ptx_module *m, lds_diag *diag)
{
    memset(m, 0, sizeof *m);
    m->src = src;
    ptx_parser P = { .src = src, .a = a, .diag = diag, .m = m, .p = src->text, .end = src->text + src->len,
                 .line = lds_source_first_line(src), .line_start = src->text, .tail = &m->funcs };
    pl_next(&P);
    int rc = 0;
    while (rc == 0 && P.t.kind != T_EOF)
        rc = directive(&P);
    lds_free(P.decls);
    lds_free(P.regmap);
    lds_free(P.regnext);
    return rc;
}

void ptx_module_free(ptx_module *m)
{
    for (ptx_func *f = m->funcs; f; f = f->next) {
        lds_free(f->params);
        lds_free(f->ins);
        lds_free(f->vars);
        lds_free(f->regs);
    }
    lds_free(m->files);
    lds_free(m->places);
    lds_free(m->vars);
    lds_free(m->strings);
    memset(m, 0, sizeof *m);
}

const char *ptx_string_of(const ptx_module *m, const char *label)
{
    for (unsigned i = 0; label && i < m->nstrings; i++)
        if (!strcmp(m->strings[i].label, label))
            return m->strings[i].text;
    return NULL;
}

const char *ptx_file_name(const ptx_module *m, unsigned id)
{
    for (unsigned i = m->nfiles; i-- > 0;)
        if (m->files[i].id == id)
            return m->files[i].name;
    return NULL;
}

bool ptx_has_part(const ptx_ins *in, const char *p)
{
    for (unsigned i = 1; i < in->nparts; i++)
        if (!strcmp(in->parts[i], p))
            return true;
    return false;
}
