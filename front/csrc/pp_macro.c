/* front/csrc/pp_macro.c - the preprocessor's macros and #if (front/csrc/pp.h):
 * a macro's use replaced by its body, arguments substituted (expanded
 * first, unless # or ## takes them) and rescanned with the macro itself
 * disabled, as C does; #if's constant expressions. */
#include "front/csrc/pp.h"

/* ------------------------------------------------------------ macros */

macro *pp_find_macro(const pp *p, const char *name, unsigned len)
{
    for (macro *m = p->macros; m; m = m->next)
        if (m->name_len == len && memcmp(m->name, name, len) == 0)
            return m;
    return NULL;
}

/* A -D value (a -D type is no macro: it is a template parameter's). */
const csrc_define *pp_find_define(const pp *p, const char *name, unsigned len)
{
    for (unsigned i = 0; i < p->o->ndefines; i++)
        if (!p->o->defines[i].type && strlen(p->o->defines[i].name) == len && memcmp(p->o->defines[i].name, name, len) == 0) {
            p->o->defines[i].used = true;
            return &p->o->defines[i];
        }
    return NULL;
}

void pp_list_free(list *l) { csrc_toks_free(l); }

int pp_too_many(pp *p, const list *l, lds_loc loc)
{
    if (l->n + p->out->n > MAX_TOKENS) {
        lds_diag_set(p->diag, loc, "the file's macros expand to more than %u tokens", MAX_TOKENS);
        return 1;
    }
    return 0;
}

/* The file reads macro m at `at` (its value, or whether it is defined):
 * a predefined one's note given once, or its error where the profiles of
 * a sweep differ in what is read; a device-only one marked read.  -1 on
 * the error. */
int pp_referenced(pp *p, macro *m, bool value, lds_loc at)
{
    const csrc_predefined *d = m->predef;
    if (!d)
        return 0;
    if (d->partial || (value && d->undecided)) {
        lds_diag_set(p->diag, at, "'%s' depends on the profile, and the profiles -a gives %s: lds-calc reads the "
                                  "file once (run once per profile, or give -D %s=VALUE or -U %s)",
                     d->name, d->partial ? "define it in some and not in others" : "give it different values",
                     d->name, d->name);
        return -1;
    }
    if (d->device_only && p->o->read_device_only)
        *p->o->read_device_only = true;
    if (d->note && !m->noted && p->o->warn) {
        lds_diag w = { 0 };
        lds_diag_set(&w, at, "%s", d->note);
        w.warning = 1;
        p->o->warn(p->o->warn_ctx, &w);
    }
    m->noted = true;
    return 0;
}

bool pp_hidden(const hide *h, const macro *m)
{
    for (; h; h = h->up)
        if (h->m == m)
            return true;
    return false;
}

/* Collect a function macro's arguments from in[*i] ('(') to its ')':
 * args[k] = [start, end) into in; -1 if never closed. */
int pp_collect_args(pp *p, const macro *m, const csrc_tok *in, size_t n, size_t *i, size_t *starts,
                        size_t *ends, unsigned *nargs, lds_loc use)
{
    size_t k = *i + 1;
    int depth = 0;
    unsigned a = 0;
    starts[0] = k;
    for (; k < n; k++) {
        if (csrc_is(&in[k], "(") || csrc_is(&in[k], "[") || csrc_is(&in[k], "{")) {
            depth++;
        } else if ((csrc_is(&in[k], ")") || csrc_is(&in[k], "]") || csrc_is(&in[k], "}")) && depth > 0) {
            depth--;
        } else if (csrc_is(&in[k], ")")) {
            ends[a++] = k;
            break;
        } else if (csrc_is(&in[k], ",") && depth == 0 && !(m->variadic && a + 1 >= m->nparams)) {
            if (a + 1 >= MAX_PARAMS) {
                lds_diag_set(p->diag, use, "more than %d arguments to macro '%.*s'", MAX_PARAMS, (int)m->name_len,
                             m->name);
                return -1;
            }
            ends[a++] = k;
            starts[a] = k + 1;
        }
    }
    if (k >= n) {
        lds_diag_set(p->diag, use, "the arguments of macro '%.*s' are never closed with ')'", (int)m->name_len,
                     m->name);
        return -1;
    }
    if (a == 1 && ends[0] == starts[0] && m->nparams == 0)
        a = 0;   /* F() of a macro without parameters */
    if (a != m->nparams && !(m->variadic && a + 1 == m->nparams)) {
        lds_diag_set(p->diag, use, "macro '%.*s' takes %u argument%s, not %u", (int)m->name_len, m->name,
                     m->nparams, m->nparams == 1 ? "" : "s", a);
        return -1;
    }
    if (m->variadic && a + 1 == m->nparams)
        starts[a] = ends[a] = k, a++;   /* no variadic arguments */
    *nargs = a;
    *i = k;
    return 0;
}

int pp_param_index(const macro *m, const csrc_tok *t)
{
    if (t->kind != CT_ID)
        return -1;
    for (unsigned i = 0; i < m->nparams; i++)
        if (m->params[i].len == t->len && memcmp(m->params[i].text, t->text, t->len) == 0)
            return (int)i;
    return -1;
}

/* A token whose spelling is made here (# and ##), placed at use. */
csrc_tok pp_made(pp *p, csrc_tok_kind kind, const char *text, size_t len, lds_loc use)
{
    csrc_tok t = { .kind = kind, .text = lds_arena_strndup(p->arena, text, len), .len = (unsigned)len, .loc = use };
    return t;
}

/* '#' ARG: the argument's spelling as a string. */
csrc_tok pp_stringize(pp *p, const csrc_tok *a, size_t n, lds_loc use)
{
    lds_buf b = { 0 };
    lds_buf_putc(&b, '"');
    for (size_t i = 0; i < n; i++) {
        if (i && a[i].blank_before)
            lds_buf_putc(&b, ' ');
        for (unsigned k = 0; k < a[i].len; k++) {
            if ((a[i].kind == CT_STR || a[i].kind == CT_CHR) && (a[i].text[k] == '"' || a[i].text[k] == '\\'))
                lds_buf_putc(&b, '\\');
            lds_buf_putc(&b, a[i].text[k]);
        }
    }
    lds_buf_putc(&b, '"');
    csrc_tok t = pp_made(p, CT_STR, lds_buf_str(&b), b.len, use);
    lds_buf_free(&b);
    return t;
}

/* The body of macro m with its arguments in, placed at use. */
int pp_substitute(pp *p, const macro *m, const csrc_tok *in, const size_t *starts, const size_t *ends,
                      const hide *h, lds_loc use, list *out)
{
    for (unsigned i = 0; i < m->nbody; i++) {
        const csrc_tok *t = &m->body[i];
        bool pasted_before = i > 0 && csrc_is(&m->body[i - 1], "##");
        bool pasted_after = i + 1 < m->nbody && csrc_is(&m->body[i + 1], "##");
        if (csrc_is(t, "#") && m->func && i + 1 < m->nbody && pp_param_index(m, &m->body[i + 1]) >= 0) {
            int k = pp_param_index(m, &m->body[++i]);
            csrc_tok s = pp_stringize(p, &in[starts[k]], ends[k] - starts[k], use);
            pp_push(out, &s);
            continue;
        }
        if (csrc_is(t, "##")) {   /* paste the last token with the next one */
            if (!out->n || i + 1 >= m->nbody)
                continue;
            const csrc_tok *right = &m->body[++i];
            int k = pp_param_index(m, right);
            const csrc_tok *r = right;
            size_t rn = 1;
            if (k >= 0) {
                r = &in[starts[k]];
                rn = ends[k] - starts[k];
            }
            if (rn == 0)
                continue;
            csrc_tok *left = &out->v[out->n - 1];
            lds_buf b = { 0 };
            lds_buf_printf(&b, "%.*s%.*s", (int)left->len, left->text, (int)r[0].len, r[0].text);
            *left = pp_made(p, left->kind == CT_PUNCT ? r[0].kind : left->kind, lds_buf_str(&b), b.len, use);
            lds_buf_free(&b);
            for (size_t q = 1; q < rn; q++) {
                csrc_tok c = r[q];
                c.loc = use;
                pp_push(out, &c);
            }
            continue;
        }
        int k = m->func ? pp_param_index(m, t) : -1;
        if (k < 0) {
            csrc_tok c = *t;
            c.loc = use;
            c.bol = false;
            pp_push(out, &c);
        } else if (pasted_before || pasted_after) {   /* an operand of ##: not expanded */
            for (size_t q = starts[k]; q < ends[k]; q++) {
                csrc_tok c = in[q];
                c.loc = use;
                pp_push(out, &c);
            }
        } else {
            list arg = { 0 };
            int rc = pp_expand(p, &in[starts[k]], ends[k] - starts[k], h, &arg);
            for (size_t q = 0; rc == 0 && q < arg.n; q++) {
                arg.v[q].loc = use;
                pp_push(out, &arg.v[q]);
            }
            pp_list_free(&arg);
            if (rc < 0)
                return -1;
        }
        if (pp_too_many(p, out, use))
            return -1;
    }
    return 0;
}

/* Expand in[0..n) into out, with the macros of h disabled. */
int pp_expand(pp *p, const csrc_tok *in, size_t n, const hide *h, list *out)
{
    if (++p->depth > MAX_EXPANSION_DEPTH) {
        lds_diag_set(p->diag, n ? in[0].loc : (lds_loc){ 0 }, "macros nested more than %d deep",
                     MAX_EXPANSION_DEPTH);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const csrc_tok *t = &in[i];
        macro *m = t->kind == CT_ID ? pp_find_macro(p, t->text, t->len) : NULL;
        if (!m || pp_hidden(h, m) || (m->func && !(i + 1 < n && csrc_is(&in[i + 1], "(")))) {
            pp_push(out, t);
            rc = pp_too_many(p, out, t->loc) ? -1 : 0;
            continue;
        }
        if (pp_referenced(p, m, true, t->loc) < 0) {
            rc = -1;
            break;
        }
        size_t starts[MAX_PARAMS], ends[MAX_PARAMS];
        unsigned nargs = 0;
        lds_loc use = t->loc;
        if (m->func) {
            i++;
            if (pp_collect_args(p, m, in, n, &i, starts, ends, &nargs, use) < 0) {
                rc = -1;
                break;
            }
        }
        list body = { 0 };
        hide inner = { m, h };
        rc = pp_substitute(p, m, in, starts, ends, h, use, &body);
        if (rc == 0)
            rc = pp_expand(p, body.v, body.n, &inner, out);
        pp_list_free(&body);
    }
    p->depth--;
    return rc;
}

/* ------------------------------------------------------- directives */

/* #define NAME[(params)] body: line[0] is NAME. */
int pp_define_macro(pp *p, const csrc_tok *line, size_t n, lds_loc at)
{
    if (n == 0 || line[0].kind != CT_ID) {
        lds_diag_set(p->diag, at, "#define needs a name");
        return -1;
    }
    macro *m = lds_arena_alloc(p->arena, sizeof *m);
    m->name = line[0].text;
    m->name_len = line[0].len;
    size_t i = 1;
    if (n > 1 && csrc_is(&line[1], "(") && !line[1].blank_before) {
        m->func = true;
        csrc_tok *params = lds_arena_alloc(p->arena, sizeof *params * MAX_PARAMS);
        for (i = 2; i < n && !csrc_is(&line[i], ")"); i++) {
            if (csrc_is(&line[i], ","))
                continue;
            if (m->nparams >= MAX_PARAMS) {
                lds_diag_set(p->diag, line[i].loc, "more than %d macro parameters", MAX_PARAMS);
                return -1;
            }
            if (csrc_is(&line[i], "...")) {
                m->variadic = true;
                params[m->nparams++] = pp_made(p, CT_ID, "__VA_ARGS__", 11, line[i].loc);
            } else if (line[i].kind == CT_ID) {
                params[m->nparams++] = line[i];
                if (i + 1 < n && csrc_is(&line[i + 1], "...")) {   /* NAME... (GNU) */
                    m->variadic = true;
                    i++;
                }
            } else {
                lds_diag_set(p->diag, line[i].loc, "a macro parameter name");
                return -1;
            }
        }
        if (i >= n) {
            lds_diag_set(p->diag, at, "the parameters of macro '%.*s' are never closed with ')'", (int)m->name_len,
                         m->name);
            return -1;
        }
        i++;
        m->params = params;
    }
    m->body = &line[i];
    m->nbody = (unsigned)(n - i);
    const csrc_define *d = pp_find_define(p, m->name, m->name_len);
    if (d && p->o->warn) {   /* the file's definition wins, as in C after -D */
        lds_diag w = { 0 };
        lds_diag_set(&w, line[0].loc, "#define %.*s replaces -D %s from here on", (int)m->name_len, m->name, d->name);
        w.warning = 1;
        p->o->warn(p->o->warn_ctx, &w);
    }
    m->next = p->macros;   /* the newest definition is found first */
    p->macros = m;
    return 0;
}

void pp_undefine(pp *p, const csrc_tok *name)
{
    for (macro **m = &p->macros; *m;)
        if ((*m)->name_len == name->len && memcmp((*m)->name, name->text, name->len) == 0)
            *m = (*m)->next;
        else
            m = &(*m)->next;
}

const csrc_tok *pp_if_peek(if_expr *x) { return x->i < x->n ? &x->t[x->i] : NULL; }

int pp_if_fail(if_expr *x, const char *what)
{
    const csrc_tok *t = pp_if_peek(x);
    if (t)
        lds_diag_set(x->p->diag, t->loc, "in #if: %s, not '%.*s'", what, (int)t->len, t->text);
    else
        lds_diag_set(x->p->diag, x->at, "in #if: %s at the end of the line", what);
    return -1;
}

int pp_if_primary(if_expr *x, int64_t *v)
{
    const csrc_tok *t = pp_if_peek(x);
    if (!t)
        return pp_if_fail(x, "a value");
    x->i++;
    if (csrc_is(t, "(")) {
        if (pp_if_cond(x, v) < 0)
            return -1;
        if (!pp_if_peek(x) || !csrc_is(pp_if_peek(x), ")"))
            return pp_if_fail(x, "')'");
        x->i++;
        return 0;
    }
    if (csrc_is(t, "!") || csrc_is(t, "~") || csrc_is(t, "-") || csrc_is(t, "+")) {
        if (pp_if_primary(x, v) < 0)
            return -1;
        *v = csrc_is(t, "!") ? !*v : csrc_is(t, "~") ? ~*v : csrc_is(t, "-") ? (int64_t)(0 - (uint64_t)*v) : *v;
        return 0;
    }
    if (t->kind == CT_ID) {   /* a name left after expansion: a -D value, true/false, else 0 */
        const csrc_define *d = pp_find_define(x->p, t->text, t->len);
        if (d && d->wide) {
            lds_diag_set(x->p->diag, t->loc, "#if reads '%s', whose -D value %s does not fit in 64 bits (#if "
                                             "computes in 64 bits, as C's preprocessor does)",
                         d->name, d->wide);
            return -1;
        }
        if (d && !d->has_value) {
            lds_diag_set(x->p->diag, t->loc, "#if reads '%s', which -D gives several values (a sweep): it is "
                                             "decided once, when the file is read",
                         d->name);
            return -1;
        }
        *v = d ? d->value : csrc_is(t, "true");
        return 0;
    }
    if (csrc_int_value(t, v))
        return 0;
    x->i--;
    return pp_if_fail(x, "an integer");
}

/* Binary operators by precedence, lowest first. */
static const char *const if_levels[][5] = {
    { "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" }, { "<", ">", "<=", ">=" }, { "<<", ">>" },
    { "+", "-" }, { "*", "/", "%" },
};

int pp_if_binary(if_expr *x, int level, int64_t *v)
{
    if (level == (int)(sizeof if_levels / sizeof if_levels[0]))
        return pp_if_primary(x, v);
    if (pp_if_binary(x, level + 1, v) < 0)
        return -1;
    for (;;) {
        const csrc_tok *t = pp_if_peek(x);
        int op = -1;
        for (int k = 0; t && k < 5 && if_levels[level][k]; k++)
            if (csrc_is(t, if_levels[level][k]))
                op = k;
        if (op < 0)
            return 0;
        x->i++;
        int64_t r;
        if (pp_if_binary(x, level + 1, &r) < 0)
            return -1;
        const char *o = if_levels[level][op];
        uint64_t a = (uint64_t)*v, b = (uint64_t)r;
        if ((!strcmp(o, "/") || !strcmp(o, "%")) && (r == 0 || (*v == INT64_MIN && r == -1))) {
            lds_diag_set(x->p->diag, t->loc, "in #if: division by zero or overflow");
            return -1;
        }
        *v = !strcmp(o, "||") ? (*v || r) : !strcmp(o, "&&") ? (*v && r) : !strcmp(o, "|") ? (int64_t)(a | b)
           : !strcmp(o, "^") ? (int64_t)(a ^ b) : !strcmp(o, "&") ? (int64_t)(a & b) : !strcmp(o, "==") ? *v == r
           : !strcmp(o, "!=") ? *v != r : !strcmp(o, "<") ? *v < r : !strcmp(o, ">") ? *v > r
           : !strcmp(o, "<=") ? *v <= r : !strcmp(o, ">=") ? *v >= r
           : !strcmp(o, "<<") ? (r < 0 || r > 63 ? 0 : (int64_t)(a << r)) : !strcmp(o, ">>") ? (r < 0 || r > 63 ? 0 : *v >> r)
           : !strcmp(o, "+") ? (int64_t)(a + b) : !strcmp(o, "-") ? (int64_t)(a - b) : !strcmp(o, "*") ? (int64_t)(a * b)
           : !strcmp(o, "/") ? *v / r : *v % r;
    }
}

int pp_if_cond(if_expr *x, int64_t *v)
{
    if (pp_if_binary(x, 0, v) < 0)
        return -1;
    if (!pp_if_peek(x) || !csrc_is(pp_if_peek(x), "?"))
        return 0;
    x->i++;
    int64_t a, b;
    if (pp_if_cond(x, &a) < 0)
        return -1;
    if (!pp_if_peek(x) || !csrc_is(pp_if_peek(x), ":"))
        return pp_if_fail(x, "':'");
    x->i++;
    if (pp_if_cond(x, &b) < 0)
        return -1;
    *v = *v ? a : b;
    return 0;
}

/* The value of an #if or #elif line (line[0..n), after the word). */
int pp_if_value(pp *p, const csrc_tok *line, size_t n, lds_loc at, bool *holds)
{
    list pre = { 0 }, exp = { 0 };
    for (size_t i = 0; i < n; i++) {   /* defined NAME, defined(NAME): before expansion */
        if (!csrc_is(&line[i], "defined")) {
            pp_push(&pre, &line[i]);
            continue;
        }
        bool paren = i + 1 < n && csrc_is(&line[i + 1], "(");
        size_t k = i + 1 + paren;
        if (k >= n || line[k].kind != CT_ID || (paren && (k + 1 >= n || !csrc_is(&line[k + 1], ")")))) {
            lds_diag_set(p->diag, line[i].loc, "'defined' needs a name");
            pp_list_free(&pre);
            return -1;
        }
        macro *m = pp_find_macro(p, line[k].text, line[k].len);
        if (m && pp_referenced(p, m, false, line[k].loc) < 0) {
            pp_list_free(&pre);
            return -1;
        }
        bool d = m || pp_find_define(p, line[k].text, line[k].len);
        csrc_tok one = pp_made(p, CT_NUM, d ? "1" : "0", 1, line[i].loc);
        pp_push(&pre, &one);
        i = k + paren;
    }
    int rc = pp_expand(p, pre.v, pre.n, NULL, &exp);
    int64_t v = 0;
    if (rc == 0) {
        if_expr x = { p, exp.v, exp.n, 0, at };
        rc = pp_if_cond(&x, &v);
        if (rc == 0 && x.i < x.n)
            rc = pp_if_fail(&x, "the end of the line");
    }
    pp_list_free(&pre);
    pp_list_free(&exp);
    *holds = v != 0;
    return rc;
}
