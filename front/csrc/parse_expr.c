/* front/csrc/parse_expr.c - the kernel parser's expressions (front/csrc/parse_impl.h):
 * C's precedence, casts (C, C++ and constructor spellings), calls with
 * template arguments, members, subscripts, initialiser lists. */
#include "front/csrc/parse_impl.h"

/* ------------------------------------------------------- expressions */

csrc_expr *cp_new_expr(cparser *p, csrc_expr_kind k, lds_loc loc)
{
    csrc_expr *e = lds_arena_alloc(p->arena, sizeof *e);
    e->kind = k;
    e->loc = loc;
    e->height = 1;
    return e;
}

static unsigned taller(unsigned h, const csrc_expr *e) { return e && e->height > h ? e->height : h; }

csrc_expr *cp_grown(cparser *p, csrc_expr *e)
{
    if (!e)
        return NULL;
    unsigned h = taller(taller(taller(0, e->a), e->b), e->c);
    for (unsigned i = 0; i < e->nargs; i++)
        h = taller(h, e->args[i]);
    for (unsigned i = 0; i < e->ntargs && e->targ_exprs; i++)
        h = taller(h, e->targ_exprs[i]);
    for (unsigned i = 0; i < e->nlaunch; i++)
        h = taller(h, e->launch[i]);
    e->height = h + 1;
    if (e->height > LDS_MAX_HEIGHT) {
        cp_fail_at(p, e->loc, "expression more than %d levels deep (a chain of operators counts one level each)",
                   LDS_MAX_HEIGHT);
        return NULL;
    }
    return e;
}

/* Whether the tokens at p->i are '(' TYPE ')' and an operand: a cast. */
bool cp_cast_ahead(cparser *p, csrc_type *type)
{
    size_t save = p->i;
    bool failed = p->failed;
    unsigned quals = 0;
    cp_advance(p);   /* '(' */
    if (!cp_is_type_word(p, cp_peek(p)) && !cp_is_storage(p, cp_peek(p)) && !(cp_peek(p)->kind == CT_ID && csrc_is(cp_peek_at(p, 1), "*")
                                                                    && csrc_is(cp_peek_at(p, 2), ")"))) {
        p->i = save;
        return false;
    }
    bool ok = cp_parse_type(p, type, &quals, NULL) && cp_at(p, ")");
    if (ok) {
        const csrc_tok *after = cp_peek_at(p, 1);
        ok = after->kind == CT_ID || after->kind == CT_NUM || after->kind == CT_CHR || csrc_is(after, "(")
             || csrc_is(after, "*") || csrc_is(after, "&") || csrc_is(after, "-") || csrc_is(after, "+")
             || csrc_is(after, "!") || csrc_is(after, "~") || csrc_is(after, "{");
        if (csrc_is(after, "-") || csrc_is(after, "+") || csrc_is(after, "*") || csrc_is(after, "&"))
            ok = type->pointers > 0 || cp_is_type_word(p, &p->t[save + 1]);   /* (x) - y is a subtraction */
    }
    p->failed = failed;
    if (!ok)
        p->i = save;
    else
        cp_advance(p);   /* ')' */
    return ok;
}

/* Arguments up to close (NULL: to the end p->end sets), into e: as many as
 * are written (an initialiser list of a thousand constants too). */
csrc_expr *cp_call_args(cparser *p, csrc_expr *e, const char *close)
{
    csrc_expr **args = NULL;
    unsigned n = 0, cap = 0;
    if (close ? !cp_at(p, close) : !cp_at_eof(p)) {
        do {
            if (n == cap) {   /* in the arena: what a failed parse leaves is freed with it */
                csrc_expr **more = lds_arena_alloc(p->arena, sizeof *more * (cap = cap ? 2 * cap : 8));
                if (n)
                    memcpy(more, args, sizeof *args * n);
                args = more;
            }
            if (!(args[n++] = cp_parse_assign(p)))
                return NULL;
        } while (cp_accept(p, ","));
    }
    if (close ? !cp_expect(p, close) : !cp_at_eof(p)) {
        if (!close)
            cp_fail(p, "',' or '>>>'");
        return NULL;
    }
    e->args = args ? args : lds_arena_alloc(p->arena, sizeof *e->args);
    e->nargs = n;
    return cp_grown(p, e);
}

/* A kernel launch's configuration: '<<<' (lexed '<<' '<') is next. */
bool cp_launch_ahead(const cparser *p)
{
    return cp_at(p, "<<") && csrc_is(cp_peek_at(p, 1), "<");
}

/* <<<grid, block[, shared bytes[, stream]]>>>(args) after a kernel's name:
 * c (a call to it) gets the configuration in launch[] and the arguments.
 * '>>>' is lexed '>>' '>': the configuration is parsed as if the file
 * ended there, so that '>>' is not read as a shift. */
csrc_expr *cp_launch(cparser *p, csrc_expr *c)
{
    cp_advance(p);
    cp_advance(p);   /* '<<' '<' */
    size_t close = p->i;
    int paren = 0;   /* ( [ and the braces of <<<grid, {32, 2}>>> */
    for (; close + 1 < p->n && !(paren == 0 && csrc_is(&p->t[close], ">>") && csrc_is(&p->t[close + 1], ">")); close++) {
        const csrc_tok *t = &p->t[close];
        if (csrc_is(t, ";") || (paren == 0 && csrc_is(t, "}")))
            break;
        paren += csrc_is(t, "(") || csrc_is(t, "[") || csrc_is(t, "{");
        paren -= csrc_is(t, ")") || csrc_is(t, "]") || csrc_is(t, "}");
    }
    if (close + 1 >= p->n || !csrc_is(&p->t[close], ">>")) {
        cp_fail(p, "'>>>' closing the launch configuration");
        return NULL;
    }
    size_t saved_end = p->end;
    p->end = close;
    csrc_expr *config = cp_new_expr(p, CE_INIT, cp_peek(p)->loc);
    csrc_expr *ok = cp_call_args(p, config, NULL);
    p->end = saved_end;
    if (!ok)
        return NULL;
    p->i = close + 2;
    c->launch = config->args;
    c->nlaunch = config->nargs;
    if (!cp_expect(p, "("))
        return NULL;
    return cp_call_args(p, c, ")");
}

/* hipLaunchKernelGGL(kernel, grid, block, bytes, stream, args...) is the
 * launch kernel<<<grid, block, bytes, stream>>>(args...); the kernel may
 * be written k<32>, (k<32>) or HIP_KERNEL_NAME(k<32>). */
csrc_expr *cp_hip_launch(cparser *p, csrc_expr *call)
{
    if (call->nargs < 5)
        return call;
    const csrc_expr *k = call->args[0];
    if (k->kind == CE_CALL && k->name && !strcmp(k->name, "HIP_KERNEL_NAME") && k->nargs == 1)
        k = k->args[0];
    if (k->kind != CE_ID)
        return call;
    csrc_expr *c = cp_new_expr(p, CE_CALL, call->loc);
    c->a = call->a;
    c->name = k->name;
    c->targs = k->targs;
    c->targ_exprs = k->targ_exprs;
    c->targ_texts = k->targ_texts;
    c->ntargs = k->ntargs;
    c->launch = call->args + 1;
    c->nlaunch = 4;
    c->args = call->args + 5;
    c->nargs = call->nargs - 5;
    return cp_grown(p, c);
}

csrc_expr *cp_primary(cparser *p)
{
    const csrc_tok *t = cp_peek(p);
    lds_loc loc = t->loc;
    if (t->kind == CT_NUM) {
        csrc_expr *e = cp_new_expr(p, CE_INT, loc);
        if (!csrc_int_value(t, &e->value))
            e->kind = CE_FLOAT;
        e->name = cp_tok_str(p, t);
        cp_advance(p);
        return e;
    }
    if (t->kind == CT_CHR) {
        csrc_expr *e = cp_new_expr(p, CE_INT, loc);
        if (!csrc_int_value(t, &e->value))
            e->kind = CE_STR;
        cp_advance(p);
        return e;
    }
    if (t->kind == CT_STR) {
        csrc_expr *e = cp_new_expr(p, CE_STR, loc);
        while (cp_peek(p)->kind == CT_STR)
            cp_advance(p);
        return e;
    }
    if (cp_accept(p, "(")) {
        csrc_expr *e = cp_parse_expr(p);
        return e && cp_expect(p, ")") ? e : NULL;
    }
    if (cp_at(p, "{")) {
        cp_advance(p);
        csrc_expr *e = cp_new_expr(p, CE_INIT, loc);
        e = cp_call_args(p, e, "}");
        return e;
    }
    if (cp_at(p, "[")) {   /* a lambda: not followed */
        csrc_expr *e = cp_new_expr(p, CE_OPAQUE, loc);
        e->name = "a lambda";
        cp_skip_group(p);
        if (cp_at(p, "("))
            cp_skip_group(p);
        if (cp_at(p, "{"))
            cp_skip_group(p);
        return e;
    }
    if (csrc_is(t, "static_cast") || csrc_is(t, "reinterpret_cast") || csrc_is(t, "const_cast")
        || csrc_is(t, "dynamic_cast") || csrc_is(t, "bit_cast") || csrc_is(t, "__builtin_bit_cast")) {
        cp_advance(p);
        csrc_expr *e = cp_new_expr(p, CE_CAST, loc);
        e->name = cp_tok_str(p, t);
        csrc_type *ty = lds_arena_alloc(p->arena, sizeof *ty);
        unsigned quals = 0;
        if (!cp_expect(p, "<") || !cp_parse_type(p, ty, &quals, NULL) || !cp_expect(p, ">") || !cp_expect(p, "("))
            return p->failed ? NULL : (cp_fail(p, "a type"), NULL);
        e->type = ty;
        if (!(e->a = cp_parse_expr(p)) || !cp_expect(p, ")"))
            return NULL;
        return cp_grown(p, e);
    }
    if (csrc_is(t, "sizeof")) {
        cp_advance(p);
        csrc_expr *e = cp_new_expr(p, CE_SIZEOF, loc);
        if (cp_at(p, "(")) {
            csrc_type *ty = lds_arena_alloc(p->arena, sizeof *ty);
            size_t save = p->i;
            unsigned quals = 0;
            cp_advance(p);
            if (cp_parse_type(p, ty, &quals, NULL) && cp_accept(p, ")")) {
                e->type = ty;
                return e;
            }
            p->i = save;
        }
        if (!cp_enter(p))
            return NULL;
        e->a = cp_unary(p);
        cp_leave(p);
        return e->a ? cp_grown(p, e) : NULL;
    }
    if (t->kind == CT_ID || csrc_is(t, "::")) {
        const char *name = cp_qualified_name(p);
        if (!name)
            return NULL;
        csrc_expr *e = cp_new_expr(p, CE_ID, loc);
        e->name = name;
        csrc_expr **targ_exprs;
        const char **targ_texts;
        unsigned ntargs;
        const char *targs = cp_at(p, "<") ? cp_template_args_parsed(p, &targ_exprs, &targ_texts, &ntargs) : NULL;
        if (targs) {   /* f<...>(...) or T<...>{...}: a call */
            csrc_expr *c = cp_new_expr(p, CE_CALL, loc);
            c->a = e;
            c->name = name;
            c->targs = targs;
            c->targ_exprs = targ_exprs;
            c->targ_texts = targ_texts;
            c->ntargs = ntargs;
            if (cp_launch_ahead(p))   /* kernel<32><<<grid, block>>>(...) */
                return cp_launch(p, c);
            if (cp_accept(p, "("))
                return cp_call_args(p, c, ")");
            if (cp_accept(p, "{"))
                return cp_call_args(p, c, "}");
            while (cp_accept(p, "::") && cp_peek(p)->kind == CT_ID)
                cp_advance(p);   /* Int<8>::value and the like */
            e->targs = targs;
            e->targ_exprs = targ_exprs;   /* a kernel named, hipLaunchKernelGGL(k<32>, ...) */
            e->targ_texts = targ_texts;
            e->ntargs = ntargs;
            return cp_grown(p, e);
        }
        if (cp_is_type_word(p, t) && cp_at(p, "{")) {   /* float4{...}: a value */
            cp_advance(p);
            csrc_expr *c = cp_new_expr(p, CE_CALL, loc);
            c->a = e;
            c->name = name;
            return cp_call_args(p, c, "}");
        }
        return e;
    }
    cp_fail(p, "an expression");
    return NULL;
}

csrc_expr *cp_postfix(cparser *p)
{
    csrc_expr *e = cp_primary(p);
    while (e) {
        lds_loc loc = cp_peek(p)->loc;
        if (cp_accept(p, "[")) {
            csrc_expr *x = cp_new_expr(p, CE_INDEX, e->loc);   /* an element is where its array's name is */
            x->a = e;
            if (!(x->b = cp_parse_expr(p)) || !cp_expect(p, "]"))
                return NULL;
            e = x;
        } else if (e->kind == CE_ID && cp_launch_ahead(p)) {   /* kernel<<<grid, block>>>(...) */
            csrc_expr *c = cp_new_expr(p, CE_CALL, e->loc);
            c->a = e;
            c->name = e->name;
            if (!(e = cp_launch(p, c)))
                return NULL;
        } else if (cp_accept(p, "(")) {
            csrc_expr *c = cp_new_expr(p, CE_CALL, e->loc);
            c->a = e;
            c->name = e->kind == CE_ID ? e->name : e->kind == CE_MEMBER ? e->name : NULL;
            if (!(e = cp_call_args(p, c, ")")))
                return NULL;
            if (e->name && !strcmp(e->name, "hipLaunchKernelGGL"))
                e = cp_hip_launch(p, e);
        } else if (cp_at(p, ".") || cp_at(p, "->")) {
            csrc_expr *m = cp_new_expr(p, CE_MEMBER, e->loc);
            m->op = cp_at(p, ".") ? "." : "->";
            cp_advance(p);
            cp_accept(p, "template");
            if (cp_peek(p)->kind != CT_ID) {
                cp_fail(p, "a member name");
                return NULL;
            }
            m->name = cp_tok_str(p, cp_peek(p));
            m->a = e;
            cp_advance(p);
            if (cp_at(p, "<")) {   /* a.template f<...>(...) */
                const char *targs = cp_template_args(p);
                if (targs)
                    m->b = NULL;
            }
            e = m;
        } else if (cp_at(p, "++") || cp_at(p, "--")) {
            csrc_expr *x = cp_new_expr(p, CE_POSTFIX, loc);
            x->op = cp_at(p, "++") ? "++" : "--";
            x->a = e;
            cp_advance(p);
            e = x;
        } else {
            break;
        }
        e = cp_grown(p, e);
    }
    return e;
}

/* unary := OP unary | '(' TYPE ')' unary | postfix; each operator and
 * cast one level of nesting. */
csrc_expr *cp_unary(cparser *p)
{
    const csrc_tok *t = cp_peek(p);
    csrc_expr *e = NULL;
    static const char *const ops[] = { "++", "--", "-", "+", "!", "~", "*", "&", NULL };
    int op = -1;
    for (int i = 0; ops[i]; i++)
        if (csrc_is(t, ops[i]))
            op = i;
    csrc_type type;
    if (op >= 0) {
        cp_advance(p);
        e = cp_new_expr(p, CE_UNARY, t->loc);
        e->op = ops[op];
    } else if (csrc_is(t, "(") && cp_cast_ahead(p, &type)) {
        e = cp_new_expr(p, CE_CAST, t->loc);
        csrc_type *ty = lds_arena_alloc(p->arena, sizeof *ty);
        *ty = type;
        e->type = ty;
    } else {
        return cp_postfix(p);
    }
    if (!cp_enter(p))
        return NULL;
    e->a = cp_unary(p);
    cp_leave(p);
    return e->a ? cp_grown(p, e) : NULL;
}

/* Binary operators by precedence, lowest first. */
static const char *const levels[][5] = {
    { "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" }, { "<", ">", "<=", ">=" }, { "<<", ">>" },
    { "+", "-" }, { "*", "/", "%" },
};

csrc_expr *cp_binary(cparser *p, int level)
{
    if (level == (int)(sizeof levels / sizeof levels[0]))
        return cp_unary(p);
    csrc_expr *e = cp_binary(p, level + 1);
    while (e) {
        const csrc_tok *t = cp_peek(p);
        const char *op = NULL;
        for (int k = 0; k < 5 && levels[level][k]; k++)
            if (csrc_is(t, levels[level][k]))
                op = levels[level][k];
        if (!op)
            break;
        cp_advance(p);
        csrc_expr *b = cp_new_expr(p, CE_BINARY, t->loc);
        b->op = op;
        b->a = e;
        if (!(b->b = cp_binary(p, level + 1)))
            return NULL;
        e = cp_grown(p, b);
    }
    return e;
}

csrc_expr *cp_conditional(cparser *p)
{
    csrc_expr *e = cp_binary(p, 0);
    if (!e || !cp_at(p, "?"))
        return e;
    csrc_expr *c = cp_new_expr(p, CE_COND, cp_peek(p)->loc);
    cp_advance(p);
    c->a = e;
    if (!(c->b = cp_parse_assign(p)) || !cp_expect(p, ":") || !(c->c = cp_parse_assign(p)))
        return NULL;
    return cp_grown(p, c);
}

/* assign := conditional [ OP assign ]; each (a parenthesis, an argument,
 * an index, an operand of ?: or of '=') one level of nesting. */
csrc_expr *cp_parse_assign(cparser *p)
{
    if (!cp_enter(p))
        return NULL;
    csrc_expr *e = cp_conditional(p);
    static const char *const ops[] = { "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", NULL };
    for (int i = 0; e && ops[i]; i++)
        if (cp_at(p, ops[i])) {
            csrc_expr *a = cp_new_expr(p, CE_ASSIGN, cp_peek(p)->loc);
            a->op = ops[i];
            cp_advance(p);
            a->a = e;
            a->b = cp_parse_assign(p);
            e = a->b ? cp_grown(p, a) : NULL;
            break;
        }
    cp_leave(p);
    return e;
}

csrc_expr *cp_parse_expr(cparser *p)
{
    csrc_expr *e = cp_parse_assign(p);
    while (e && cp_at(p, ",")) {
        csrc_expr *c = cp_new_expr(p, CE_COMMA, cp_peek(p)->loc);
        cp_advance(p);
        c->a = e;
        if (!(c->b = cp_parse_assign(p)))
            return NULL;
        e = cp_grown(p, c);
    }
    return e;
}
