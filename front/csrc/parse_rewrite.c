/* front/csrc/parse_rewrite.c - statements the parser rewrites into ones the
 * lowering follows, each an exact equivalent: a switch whose case groups
 * end in a break is the if-else chain it stands for, and a loop whose
 * block starts with `if (c) break;` is the loop with `&& !(c)` in its
 * condition. */
#include "front/csrc/parse_impl.h"

/* ------------------------------------------------------------ switch */

/* Whether e reads no memory and changes nothing, as written: a switch's
 * value, compared once for each case. */
static bool plain_expr(const csrc_expr *e)
{
    if (!e)
        return true;
    switch (e->kind) {
    case CE_ID:
    case CE_INT:
    case CE_SIZEOF:
        return true;
    case CE_MEMBER:
        return !strcmp(e->op, ".") && plain_expr(e->a);
    case CE_UNARY:
        return strcmp(e->op, "*") && strcmp(e->op, "++") && strcmp(e->op, "--") && plain_expr(e->a);
    case CE_BINARY:
    case CE_COND:
    case CE_CAST:
        return plain_expr(e->a) && plain_expr(e->b) && plain_expr(e->c);
    default:
        return false;
    }
}

/* a op b, NULL (the statement failed) where it would be taller than the
 * parser takes (cp_grown): a switch of 2,000 labels in one group, 2,000
 * leading breaks. */
static csrc_expr *binary(cparser *p, const char *op, csrc_expr *a, csrc_expr *b, lds_loc loc)
{
    csrc_expr *x = cp_new_expr(p, CE_BINARY, loc);
    x->op = op;
    x->a = a;
    x->b = b;
    return cp_grown(p, x);
}

/* ------------------------------------------------- a leading break */

/* `if (c) break;` (or `{ break; }`, no else) as the first statement of
 * a for or while loop's block, c reading no memory, is the loop with
 * condition `cond && !(c)`: c was tested just after cond, on the same
 * values, and a trip it stops does nothing.  Plain locals declared above
 * it (int j = i * 32 + tid;) stay, and c reads their values in their
 * place: they are worked out again, to the same values, when the trip
 * runs.  Rewritten so, repeatedly; the loop is returned (NULL stays
 * NULL). */
static bool breaks_only(const csrc_stmt *t)
{
    return t && (t->kind == CS_BREAK || (t->kind == CS_COMPOUND && t->body && t->body->kind == CS_BREAK && !t->body->next));
}

/* The locals declared at a loop block's top before its `if (c) break;`
 * (int j = i * 32 + tid;), each with what it stands for: its
 * initialiser, converted to its type. */
#define MAX_LEADING_LOCALS 8
typedef struct {
    const char *name[MAX_LEADING_LOCALS];
    csrc_expr *value[MAX_LEADING_LOCALS];
    unsigned n;
} leading_locals;

/* e with each local named in it replaced by its value; e itself where
 * none is (e is plain: only a, b and c hold operands).  NULL: too tall. */
static csrc_expr *substituted(cparser *p, csrc_expr *e, const leading_locals *ll)
{
    if (!e)
        return NULL;
    if (e->kind == CE_ID)
        for (unsigned i = ll->n; i-- > 0;)
            if (!strcmp(e->name, ll->name[i]))
                return ll->value[i];
    csrc_expr *a = e->a ? substituted(p, e->a, ll) : NULL, *b = e->b ? substituted(p, e->b, ll) : NULL,
              *c = e->c ? substituted(p, e->c, ll) : NULL;
    if ((e->a && !a) || (e->b && !b) || (e->c && !c))
        return NULL;
    if (a == e->a && b == e->b && c == e->c)
        return e;
    csrc_expr *copy = cp_new_expr(p, e->kind, e->loc);
    *copy = *e;
    copy->a = a;
    copy->b = b;
    copy->c = c;
    return cp_grown(p, copy);
}

/* Whether t declares plain locals (scalars, each initialised by an
 * expression that reads no memory and changes nothing): added to ll. */
static bool plain_locals(cparser *p, const csrc_stmt *t, leading_locals *ll)
{
    if (t->kind != CS_DECL || (t->quals & (CQ_SHARED | CQ_STATIC | CQ_EXTERN | CQ_UNIFORM | CQ_IN))
        || ll->n + t->ndecls > MAX_LEADING_LOCALS)
        return false;
    for (unsigned i = 0; i < t->ndecls; i++) {
        const csrc_declarator *d = &t->decls[i];
        if (d->ndims || d->type.reference || !d->init || d->init->kind == CE_INIT || !plain_expr(d->init))
            return false;
    }
    for (unsigned i = 0; i < t->ndecls; i++) {
        const csrc_declarator *d = &t->decls[i];
        csrc_expr *v = substituted(p, d->init, ll), *cast = cp_new_expr(p, CE_CAST, d->loc);
        cast->type = &d->type;   /* int j = e: e as an int */
        cast->a = v;
        if (!v || !(cast = cp_grown(p, cast)))
            return false;
        ll->name[ll->n] = d->name;
        ll->value[ll->n++] = cast;
    }
    return true;
}

csrc_stmt *cp_leading_breaks(cparser *p, csrc_stmt *loop)
{
    leading_locals ll = { .n = 0 };
    bool failed_before = p->failed;
    csrc_stmt **at = loop && loop->body && loop->body->kind == CS_COMPOUND ? &loop->body->body : NULL;
    while (at && *at) {
        csrc_stmt *t = *at;
        if (plain_locals(p, t, &ll)) {   /* int j = i * 32 + tid; if (j >= n) break; */
            at = &t->next;
            continue;
        }
        if (p->failed != failed_before || t->kind != CS_IF || t->other || !breaks_only(t->body) || !plain_expr(t->e))
            break;
        csrc_expr *stop = cp_new_expr(p, CE_UNARY, t->loc);
        stop->op = "!";
        stop->a = substituted(p, t->e, &ll);   /* tested where the locals hold their values */
        csrc_expr *cond = !stop->a ? NULL : loop->e ? binary(p, "&&", loop->e, cp_grown(p, stop), t->loc) : cp_grown(p, stop);
        if (!cond)
            return NULL;   /* the loop is not followed: the message says why */
        loop->e = cond;
        *at = t->next;   /* the locals stay, declared as before */
    }
    return p->failed != failed_before ? NULL : loop;
}

static bool at_label(cparser *p)
{
    return cp_at(p, "case") || (cp_at(p, "default") && csrc_is(cp_peek_at(p, 1), ":"));
}

/* One case group: its labels (`case c:` ... or `default:`) and its
 * statements up to the next label.  *cond is v == c1 || v == c2 ...;
 * NULL on a parse error. */
static csrc_stmt *case_group(cparser *p, csrc_expr *v, csrc_expr **cond, bool *is_default)
{
    *cond = NULL;
    *is_default = false;
    while (at_label(p)) {
        lds_loc at = cp_peek(p)->loc;
        if (cp_accept(p, "default")) {
            cp_advance(p);   /* ':' */
            *is_default = true;
            continue;
        }
        cp_advance(p);   /* case */
        csrc_expr *c = cp_parse_expr(p);
        if (!c || !cp_expect(p, ":"))
            return NULL;
        csrc_expr *eq = binary(p, "==", v, c, at);
        if (!eq || !(*cond = *cond ? binary(p, "||", *cond, eq, at) : eq))
            return NULL;
    }
    csrc_stmt *group = cp_new_stmt(p, CS_COMPOUND, cp_peek(p)->loc), **tail = &group->body;
    while (!cp_at(p, "}") && !at_label(p) && !cp_at_eof(p)) {
        csrc_stmt *st = cp_statement(p);
        if (!st)
            return NULL;
        *tail = st;
        tail = &st->next;
    }
    return group;
}

/* Whether s (alone) has a break that leaves it: not one of a loop inside. */
static bool breaks_out(const csrc_stmt *s)
{
    if (!s)
        return false;
    if (s->kind == CS_BREAK)
        return true;
    if (s->kind == CS_COMPOUND)
        for (const csrc_stmt *t = s->body; t; t = t->next)
            if (breaks_out(t))
                return true;
    for (; s && s->kind == CS_IF; s = s->other)   /* an else-if chain, arm by arm */
        if (breaks_out(s->body) || (s->other && s->other->kind != CS_IF && breaks_out(s->other)))
            return true;
    return false;
}

/* In a block: 1 where its last statement is a break (removed) and no
 * other break leaves it, 0 where none does, -1 where one does elsewhere
 * (a block ending a group is looked into: case 0: { ...; break; }). */
static int trailing_break(csrc_stmt *block)
{
    csrc_stmt **at = &block->body;
    while (*at && (*at)->next) {
        if (breaks_out(*at))
            return -1;
        at = &(*at)->next;
    }
    if (!*at)
        return 0;
    if ((*at)->kind == CS_BREAK) {
        *at = NULL;   /* the break ends the switch: the if arm's end */
        return 1;
    }
    if ((*at)->kind == CS_COMPOUND)
        return trailing_break(*at);
    return breaks_out(*at) ? -1 : 0;
}

/* Whether a group's statements end it (a break, removed, a return or a
 * continue; the last group may just end); false where control falls into
 * the next group or a break leaves from the middle. */
static bool group_ends(csrc_stmt *group, bool last_group)
{
    int b = trailing_break(group);
    if (b)
        return b > 0;
    const csrc_stmt *last = group;
    while (last && last->kind == CS_COMPOUND)
        last = csrc_last_stmt(last->body);
    return last_group || (last && (last->kind == CS_RETURN || last->kind == CS_CONTINUE));
}

/* switch (v) { case ...: ...; break; ... default: ... } as the chain of
 * if ... else if ... else it is, where each group ends in a break (or a
 * return or continue) and v reads nothing; NULL with *followed false
 * where it is not of that form (the caller rewinds). */
csrc_stmt *cp_switch_statement(cparser *p, lds_loc loc, bool *followed)
{
    csrc_stmt *dflt = NULL, *first = NULL, **link = &first;   /* the chain's ifs, in order, as they come */
    *followed = false;
    cp_advance(p);   /* switch */
    csrc_expr *v = cp_paren_cond(p);
    if (!v || !cp_expect(p, "{"))
        return NULL;
    *followed = plain_expr(v) && (at_label(p) || cp_at(p, "}"));
    while (*followed && !cp_at(p, "}") && !cp_at_eof(p)) {
        csrc_expr *cond;
        bool is_default;
        csrc_stmt *group = case_group(p, v, &cond, &is_default);
        if (!group) {
            *followed = !p->failed;
            return NULL;
        }
        *followed = group_ends(group, cp_at(p, "}")) && !(is_default && dflt);
        if (is_default) {
            dflt = group;
        } else if (*followed) {   /* an else-if chain however many groups: flat (front/csrc/lower_chain.c) */
            csrc_stmt *s = cp_new_stmt(p, CS_IF, loc);
            s->e = cond;
            s->body = group;
            *link = s;
            link = &s->other;
        }
    }
    if (!*followed || !cp_expect(p, "}"))
        return NULL;
    *link = dflt;   /* the default, wherever it was written, is the chain's else */
    return first ? first : cp_new_stmt(p, CS_EMPTY, loc);
}
