/* front/csrc/parse_stmt.c - the kernel parser's statements (front/csrc/parse_impl.h):
 * declarations, blocks, if, for, while, do, return, break, continue; a
 * statement it cannot parse kept opaque with why, up to its end. */
#include "front/csrc/parse_impl.h"

/* -------------------------------------------------------- statements */

csrc_stmt *cp_new_stmt(cparser *p, csrc_stmt_kind k, lds_loc loc)
{
    csrc_stmt *s = lds_arena_alloc(p->arena, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

/* Array dimensions [N][M][] at p->i appended to dims (n of them so far). */
static bool array_dims(cparser *p, csrc_expr **dims, unsigned *n)
{
    while (cp_at(p, "[")) {
        cp_advance(p);
        if (*n >= LDS_MAX_DIMS) {
            cp_fail_at(p, cp_peek(p)->loc, "an array of more than %d dimensions", LDS_MAX_DIMS);
            return false;
        }
        if (cp_accept(p, "]")) {
            dims[(*n)++] = NULL;
            continue;
        }
        if (!(dims[(*n)++] = cp_parse_expr(p)) || !cp_expect(p, "]"))
            return false;
    }
    return true;
}

/* One declarator after the type: [* &] NAME [dims] [: SEMANTIC] [= init]. */
bool cp_declarator(cparser *p, const csrc_type *type, csrc_declarator *d)
{
    memset(d, 0, sizeof *d);
    d->type = *type;
    for (;;) {
        if (cp_accept(p, "*"))
            d->type.pointers++;
        else if (cp_accept(p, "&") || cp_accept(p, "&&"))
            d->type.reference = true;
        else if (cp_accept(p, "const") || cp_accept(p, "__restrict__") || cp_accept(p, "restrict") || cp_accept(p, "__restrict"))
            continue;
        else
            break;
    }
    if (cp_peek(p)->kind != CT_ID) {
        cp_fail(p, "a name");
        return false;
    }
    d->name = cp_tok_str(p, cp_peek(p));
    d->loc = cp_peek(p)->loc;
    cp_advance(p);
    csrc_expr *dims[LDS_MAX_DIMS];
    if (!array_dims(p, dims, &d->ndims))
        return false;
    if (d->ndims) {
        d->dims = lds_arena_alloc(p->arena, sizeof *dims * d->ndims);
        memcpy(d->dims, dims, sizeof *dims * d->ndims);
    }
    if (cp_accept(p, ":")) {   /* HLSL: a semantic, or register(...) */
        if (cp_peek(p)->kind == CT_ID) {
            d->semantic = cp_tok_str(p, cp_peek(p));
            cp_advance(p);
        }
        if (cp_at(p, "("))
            cp_skip_group(p);
    }
    while (csrc_is(cp_peek(p), "__attribute__") || csrc_is(cp_peek(p), "__align__")) {
        cp_advance(p);
        cp_skip_attribute_args(p, NULL);
    }
    if (cp_accept(p, "=")) {
        if (!(d->init = cp_parse_assign(p)))
            return false;
    } else if (cp_at(p, "{")) {   /* T x{...} */
        if (!(d->init = cp_primary(p)))
            return false;
        unsigned bytes, lanes;
        bool fl;
        if (d->init->kind == CE_INIT && d->init->nargs == 1 && !d->ndims && type->base
            && (type->pointers || (csrc_type_shape(type->base, &bytes, &lanes, &fl) && lanes == 1)))
            d->init = d->init->args[0];   /* size_t const n{BX * BY}: a scalar's value */
    } else if (cp_at(p, "(") && type->base && strcmp(type->base, "auto")) {   /* T x(args): a constructor */
        csrc_expr *c = cp_new_expr(p, CE_CALL, cp_peek(p)->loc);
        c->name = type->base;
        cp_advance(p);
        if (!(d->init = cp_call_args(p, c, ")")))
            return false;
    }
    return true;
}

csrc_stmt *cp_declaration(cparser *p, const csrc_type *type, unsigned quals, lds_loc loc)
{
    csrc_stmt *s = cp_new_stmt(p, CS_DECL, loc);
    s->quals = quals;
    csrc_declarator *ds = NULL;   /* as many as are written, in the arena */
    unsigned n = 0, cap = 0;
    /* GLSL's float[65] g[64], h;: the type's dimensions, after each
     * declarator's own (g is 64 arrays of 65) */
    csrc_expr *type_dims[LDS_MAX_DIMS];
    unsigned ntype_dims = 0;
    if (!array_dims(p, type_dims, &ntype_dims))
        return NULL;
    do {
        if (n == cap) {
            csrc_declarator *more = lds_arena_alloc(p->arena, sizeof *more * (cap = cap ? 2 * cap : 4));
            if (n)
                memcpy(more, ds, sizeof *ds * n);
            ds = more;
        }
        if (!cp_declarator(p, type, &ds[n++]))
            return NULL;
        csrc_declarator *d = &ds[n - 1];
        if (ntype_dims && d->ndims + ntype_dims > LDS_MAX_DIMS) {
            cp_fail(p, "fewer dimensions");
            return NULL;
        }
        if (ntype_dims) {
            csrc_expr **all = lds_arena_alloc(p->arena, sizeof *all * (d->ndims + ntype_dims));
            if (d->ndims)
                memcpy(all, d->dims, sizeof *all * d->ndims);
            memcpy(all + d->ndims, type_dims, sizeof *all * ntype_dims);
            d->dims = all;
            d->ndims += ntype_dims;
        }
    } while (cp_accept(p, ","));
    s->decls = ds;
    s->ndecls = n;
    return s;
}

/* Whether the statement at p->i starts with a type: a declaration. */
bool cp_declaration_ahead(cparser *p)
{
    const csrc_tok *t = cp_peek(p), *u = cp_peek_at(p, 1);
    if (cp_is_storage(p, t) || cp_is_type_word(p, t))
        return !(cp_is_type_word(p, t) && (csrc_is(u, "(") || csrc_is(u, "{")) && !csrc_is(t, "unsigned"));   /* float4(...) is a value */
    if (t->kind != CT_ID)
        return false;
    if (u->kind == CT_ID)
        return true;   /* T x */
    size_t save = p->i;
    bool failed = p->failed;
    csrc_type type;
    unsigned quals = 0;
    bool ok = cp_parse_type(p, &type, &quals, NULL) && (cp_peek(p)->kind == CT_ID || ((type.pointers || type.reference) && cp_peek(p)->kind == CT_ID));
    p->i = save;
    p->failed = failed;
    return ok && (type.targs || strchr(type.base, ':') || type.pointers || type.reference);
}

/* A string literal's text, its escapes read (\n \t \" \\; others kept). */
static void append_string(lds_buf *b, const csrc_tok *t)
{
    for (unsigned i = 1; i + 1 < t->len; i++) {
        char c = t->text[i];
        if (c == '\\' && i + 2 < t->len) {
            char n = t->text[++i];
            c = n == 'n' ? '\n' : n == 't' ? '\t' : n;
        }
        lds_buf_printf(b, "%c", c);
    }
}

/* GNU inline assembly: asm [volatile] ("template" : outputs : inputs
 * [: clobbers [: labels]]);  NULL (nothing consumed) where it is not of
 * that form: the caller makes it opaque. */
static csrc_stmt *asm_statement(cparser *p, lds_loc loc)
{
    size_t start = p->i;
    bool failed = p->failed;
    cp_advance(p);
    while (cp_accept(p, "volatile") || cp_accept(p, "__volatile__") || cp_accept(p, "__volatile")
           || cp_accept(p, "inline") || cp_accept(p, "goto"))
        ;
    lds_buf text = { 0 };
    bool ok = cp_accept(p, "(") && cp_peek(p)->kind == CT_STR;
    while (ok && cp_peek(p)->kind == CT_STR) {
        append_string(&text, cp_peek(p));
        cp_advance(p);
    }
    csrc_expr *ops[32];
    unsigned n = 0, outputs = 0;
    /* ": outputs : inputs", either list empty; C++ lexes "::" as one token */
    int section = 0;   /* 0 outputs, 1 inputs, 2 done */
    if (ok && cp_accept(p, "::"))
        section = 1;
    else if (!ok || !cp_accept(p, ":"))
        section = 2;
    while (ok && section < 2) {
        ok = !cp_at(p, "[");   /* named operands ([x] "r"(v)): not followed */
        while (ok && cp_peek(p)->kind == CT_STR) {
            cp_advance(p);   /* the constraint */
            csrc_expr *e = cp_accept(p, "(") ? cp_parse_expr(p) : NULL;
            ok = e && cp_accept(p, ")") && n < 32;
            if (ok)
                ops[n++] = e;
            if (!cp_accept(p, ","))
                break;
            ok = ok && !cp_at(p, "[");
        }
        if (section == 0)
            outputs = n;
        section = section == 0 && cp_accept(p, ":") ? 1 : 2;   /* "::" here: no inputs */
    }
    while (ok && !cp_at(p, ")") && !cp_at_eof(p) && !cp_at(p, ";"))   /* clobbers, labels */
        cp_advance(p);
    ok = ok && cp_accept(p, ")") && cp_accept(p, ";") && !p->failed;
    if (!ok) {
        lds_buf_free(&text);
        p->i = start;
        p->failed = failed;
        return NULL;
    }
    csrc_stmt *s = cp_new_stmt(p, CS_ASM, loc);
    s->what = lds_arena_strndup(p->arena, lds_buf_str(&text), text.len);
    lds_buf_free(&text);
    s->operands = lds_arena_alloc(p->arena, sizeof *s->operands * (n ? n : 1));
    memcpy(s->operands, ops, sizeof *ops * n);
    s->noperands = n;
    s->noutputs = outputs;
    return s;
}

/* Skip to the end of the statement a parse error is in: its ';' at depth
 * 0, or past a block. */
void cp_skip_statement(cparser *p)
{
    while (!cp_at_eof(p)) {
        if (cp_at(p, "{")) {
            cp_skip_group(p);
            if (cp_at(p, ";"))
                cp_advance(p);
            return;
        }
        if (cp_at(p, "}"))
            return;
        if (cp_at(p, "(") || cp_at(p, "[")) {
            cp_skip_group(p);
            continue;
        }
        if (cp_accept(p, ";"))
            return;
        cp_advance(p);
    }
}

csrc_stmt *cp_opaque(cparser *p, lds_loc loc, const char *what)
{
    csrc_stmt *s = cp_new_stmt(p, CS_OPAQUE, loc);
    s->what = what;
    return s;
}

csrc_stmt *cp_compound(cparser *p)
{
    csrc_stmt *s = cp_new_stmt(p, CS_COMPOUND, cp_peek(p)->loc);
    cp_advance(p);   /* '{' */
    csrc_stmt **tail = &s->body;
    while (!cp_at(p, "}") && !cp_at_eof(p)) {
        csrc_stmt *c = cp_statement(p);
        if (!c)
            return NULL;
        *tail = c;
        tail = &c->next;
    }
    if (!cp_at(p, "}")) {
        lds_diag_set(p->diag, s->loc, "a '{' block that is never closed");
        return NULL;
    }
    cp_advance(p);
    return s;
}

/* The statement of a control word: ( cond ) body. */
csrc_expr *cp_paren_cond(cparser *p)
{
    if (!cp_expect(p, "("))
        return NULL;
    csrc_expr *e = cp_parse_expr(p);
    return e && cp_expect(p, ")") ? e : NULL;
}

csrc_stmt *cp_for_statement(cparser *p, lds_loc loc)
{
    csrc_stmt *s = cp_new_stmt(p, CS_FOR, loc);
    if (!cp_expect(p, "("))
        return NULL;
    if (!cp_accept(p, ";")) {
        csrc_type type;
        unsigned quals = 0;
        lds_loc iloc = cp_peek(p)->loc;
        if (cp_declaration_ahead(p) && cp_parse_type(p, &type, &quals, NULL)) {
            if (!(s->other = cp_declaration(p, &type, quals, iloc)))
                return NULL;
        } else {
            s->other = cp_new_stmt(p, CS_EXPR, iloc);
            if (!(s->other->e = cp_parse_expr(p)))
                return NULL;
        }
        if (cp_at(p, ":")) {   /* for (auto x : range) */
            cp_fail(p, "a C for loop");
            return NULL;
        }
        if (!cp_expect(p, ";"))
            return NULL;
    }
    if (!cp_at(p, ";") && !(s->e = cp_parse_expr(p)))
        return NULL;
    if (!cp_expect(p, ";"))
        return NULL;
    if (!cp_at(p, ")") && !(s->step = cp_parse_expr(p)))
        return NULL;
    if (!cp_expect(p, ")"))
        return NULL;
    return (s->body = cp_statement(p)) ? s : NULL;
}

/* if := 'if' ['constexpr'] '(' cond ')' statement [ 'else' statement ]:
 * an else-if chain is read in a loop, each 'else if' an if in the
 * previous one's else (s->other), at the nesting level of the first, so
 * that its length costs no depth (1,000 arms nest no deeper than 1). */
static csrc_stmt *if_chain(cparser *p, lds_loc loc)
{
    csrc_stmt *first = NULL, **link = &first;
    for (;;) {
        cp_accept(p, "constexpr");
        csrc_stmt *s = cp_new_stmt(p, CS_IF, loc);
        if (!(s->e = cp_paren_cond(p)) || !(s->body = cp_statement(p)))
            return NULL;
        *link = s;
        if (!cp_accept(p, "else"))
            return first;
        if (!cp_at(p, "if"))
            return (s->other = cp_statement(p)) ? first : NULL;
        loc = cp_peek(p)->loc;
        cp_advance(p);
        link = &s->other;
    }
}

csrc_stmt *cp_statement_inner(cparser *p)
{
    const csrc_tok *t = cp_peek(p);
    lds_loc loc = t->loc;
    if (cp_at(p, "{"))
        return cp_compound(p);
    if (cp_accept(p, ";"))
        return cp_new_stmt(p, CS_EMPTY, loc);
    if (cp_at(p, "[") && p->lang == LDS_LANG_HLSL) {   /* [unroll], [loop], [branch] */
        cp_skip_group(p);
        return cp_statement(p);
    }
    if (cp_at(p, "[") && csrc_is(cp_peek_at(p, 1), "[")) {
        cp_skip_group(p);
        return cp_statement(p);
    }
    if (cp_accept(p, "if"))
        return if_chain(p, loc);
    if (cp_accept(p, "for"))
        return cp_leading_breaks(p, cp_for_statement(p, loc));
    if (cp_accept(p, "while")) {
        csrc_stmt *s = cp_new_stmt(p, CS_WHILE, loc);
        return (s->e = cp_paren_cond(p)) && (s->body = cp_statement(p)) ? cp_leading_breaks(p, s) : NULL;
    }
    if (cp_accept(p, "do")) {
        csrc_stmt *s = cp_new_stmt(p, CS_DO, loc);
        if (!(s->body = cp_statement(p)) || !cp_expect(p, "while") || !(s->e = cp_paren_cond(p)) || !cp_expect(p, ";"))
            return NULL;
        return s;
    }
    if (cp_accept(p, "return")) {
        csrc_stmt *s = cp_new_stmt(p, CS_RETURN, loc);
        if (!cp_at(p, ";") && !(s->e = cp_parse_expr(p)))
            return NULL;
        return cp_expect(p, ";") ? s : NULL;
    }
    if (cp_accept(p, "break"))
        return cp_expect(p, ";") ? cp_new_stmt(p, CS_BREAK, loc) : NULL;
    if (cp_accept(p, "continue"))
        return cp_expect(p, ";") ? cp_new_stmt(p, CS_CONTINUE, loc) : NULL;
    if (csrc_is(t, "asm") || csrc_is(t, "__asm__") || csrc_is(t, "__asm")) {
        csrc_stmt *a = asm_statement(p, loc);
        if (a)
            return a;
    }
    if (csrc_is(t, "switch")) {
        size_t start = p->i;
        bool followed;
        csrc_stmt *s = cp_switch_statement(p, loc, &followed);
        if (s || p->failed)
            return s;
        p->i = start;   /* not of the form followed: opaque, below */
    }
    if (csrc_is(t, "switch") || csrc_is(t, "goto") || csrc_is(t, "asm") || csrc_is(t, "__asm__")
        || csrc_is(t, "__asm") || csrc_is(t, "try") || csrc_is(t, "throw")) {
        const char *what = csrc_is(t, "switch") ? "a switch statement" : csrc_is(t, "goto") ? "a goto"
                         : csrc_is(t, "try") || csrc_is(t, "throw") ? "an exception" : "inline assembly";
        cp_advance(p);
        cp_skip_statement(p);
        return cp_opaque(p, loc, what);
    }
    if (csrc_is(t, "enum")) {   /* a local enumeration: its constants (front/csrc/parse_scope.c) */
        csrc_stmt *e = cp_enum(p, NULL);
        if (e) {
            cp_skip_statement(p);
            return e;
        }
    }
    if ((csrc_is(t, "using") || csrc_is(t, "namespace")) && cp_using(p))
        return cp_new_stmt(p, CS_EMPTY, loc);   /* as if at the function's namespace's scope */
    if (csrc_is(t, "static_assert") || csrc_is(t, "using") || csrc_is(t, "typedef") || csrc_is(t, "namespace")) {
        bool type_name = csrc_is(t, "typedef") || (csrc_is(t, "using") && cp_peek_at(p, 1)->kind == CT_ID
                                                    && csrc_is(cp_peek_at(p, 2), "="));
        size_t from = p->i;
        cp_skip_statement(p);
        if (type_name) {   /* the name it declares is a type from here on */
            size_t k = csrc_is(t, "using") ? from + 1 : p->i - 2;
            if (k < p->n && p->t[k].kind == CT_ID)
                cp_declare_type(p, cp_tok_str(p, &p->t[k]));
        }
        return cp_new_stmt(p, CS_EMPTY, loc);
    }
    if (t->kind == CT_ID && csrc_is(cp_peek_at(p, 1), ":") && !csrc_is(cp_peek_at(p, 2), ":")) {   /* a label */
        cp_advance(p);
        cp_advance(p);
        return cp_opaque(p, loc, "a label");
    }
    if (cp_declaration_ahead(p)) {
        csrc_type type;
        unsigned quals = 0;
        if (cp_parse_type(p, &type, &quals, NULL)) {
            if (cp_accept(p, ";"))
                return cp_new_stmt(p, CS_EMPTY, loc);   /* struct S; */
            csrc_stmt *s = cp_declaration(p, &type, quals, loc);
            return s && cp_expect(p, ";") ? s : NULL;
        }
    }
    csrc_stmt *s = cp_new_stmt(p, CS_EXPR, loc);
    return (s->e = cp_parse_expr(p)) && cp_expect(p, ";") ? s : NULL;
}

/* A statement, or an opaque one where it cannot be parsed. */
csrc_stmt *cp_statement(cparser *p)
{
    size_t start = p->i;
    lds_loc loc = cp_peek(p)->loc;
    csrc_stmt *s = NULL;
    if (cp_enter(p)) {
        s = cp_statement_inner(p);
        cp_leave(p);
    }
    if (s || !p->failed || cp_at_eof(p))
        return s;
    /* an error: the statement is opaque; the message says why */
    p->failed = false;
    p->i = start;
    cp_skip_statement(p);
    if (p->i == start)
        cp_advance(p);
    csrc_stmt *o = cp_opaque(p, loc, lds_arena_strndup(p->arena, p->diag->msg, strlen(p->diag->msg)));
    memset(p->diag, 0, sizeof *p->diag);
    return o;
}
