/* front/csrc/lower_stmt.c - a kernel's statements lowered (front/csrc/lower_impl.h):
 * declarations (a let where one can go), if (a uniform condition an lds
 * if block, a per-lane one a guard, data a skip), return, and inlined
 * function bodies. */
#include "front/csrc/lower_impl.h"

/* ------------------------------------------------------- statements */

bool cl_is_float_type(lower *L, const csrc_type *t)
{
    bool fl = false;
    cl_type_bytes(L, t, &fl);
    return fl && !t->pointers;
}

/* T &r = e: r is what e names, not a copy of its value: an element of
 * memory (reading r reads it, assigning r writes it, r += 1 does both),
 * or a variable (j in int &j = i is i); a reference to a value (const
 * int &n = 4 * k) is that value. */
static int reference_local(lower *L, const csrc_declarator *d)
{
    const csrc_expr *e = d->init;
    if (e->kind == CE_COND) {   /* T &r = c ? a : b: the element at c ? &a : &b */
        csrc_expr amp[2] = { { .kind = CE_UNARY, .loc = e->b->loc, .op = "&", .a = e->b },
                             { .kind = CE_UNARY, .loc = e->c->loc, .op = "&", .a = e->c } };
        csrc_expr choice = *e;
        choice.b = &amp[0];
        choice.c = &amp[1];
        val *p = cl_expr(L, &choice);
        if (!p)
            return -1;
        val *r = p;
        if (p->kind == V_SHARED) {
            r = cl_subscript(L, p, cl_v_const(L, 0), e->loc);
            r->shared_scalar = true;
        } else if (p->kind == V_GLOBAL || (p->kind == V_DATA && p->pointer_name)) {
            r = cl_new_val(L, p->kind);
            *r = *p;
            r->elem_ref = true;
        }
        cl_bind(L, d->name, r, false);
        return 0;
    }
    lvalue lv;
    if (cl_lvalue_of(L, d->init, &lv) < 0)
        return -1;
    if (lv.kind == LV_VAR) {
        unsigned target = (unsigned)(lv.var - L->env);
        cl_bind(L, d->name, lv.var->v, lv.var->is_float);
        L->env[L->nenv - 1].alias = target + 1;
        return 0;
    }
    val *v = cl_reference_to(L, &lv);
    bool evaluated = e->kind == CE_INDEX || e->kind == CE_MEMBER || (e->kind == CE_UNARY && !strcmp(e->op, "*"));
    if (!v && evaluated)   /* its parts were worked out as the element was: not again */
        v = cl_v_no_memory(L, cl_fmt(L, "what '%s' refers to, which is no memory lds-calc counts", d->name), d->loc);
    if (!v && !(v = cl_expr(L, e)))
        return -1;
    cl_bind(L, d->name, v, cl_is_float_type(L, &d->type) && lv.kind == LV_OTHER);
    return 0;
}

/* A declaration's shared arrays were declared up front; its variables
 * take their values here. */
int cl_declaration(lower *L, const csrc_stmt *s)
{
    if (s->quals & CQ_SHARED) {   /* declared at the start of the program */
        cl_bind_same_named_arrays(L, s);
        return 0;
    }
    for (unsigned i = 0; i < s->ndecls; i++) {
        const csrc_declarator *d = &s->decls[i];
        if (d->type.reference && !d->type.pointers && !d->ndims && d->init && d->init->kind != CE_INIT) {
            if (reference_local(L, d) < 0)
                return -1;
            continue;
        }
        bool fl = cl_is_float_type(L, &d->type);
        val *v;
        if (d->ndims) {   /* a register array: data */
            if (d->init && !cl_expr(L, d->init))
                return -1;
            v = cl_v_no_memory(L, cl_fmt(L, "an element of the register array '%s'", d->name), d->loc);
        } else if (d->init) {
            v = d->init->kind == CE_INIT ? cl_vector_literal(L, &d->type, d->init, d->loc) : NULL;   /* int2 c = {x, y} */
            if (!v && (cl_failed(L) || !(v = cl_expr(L, d->init))))
                return -1;
            if (v->kind == V_SHARED && d->type.pointers) {   /* T *p = &s[..], or = s, = s[row]: its pointee */
                val *p = cl_new_val(L, V_SHARED);
                *p = *v;
                unsigned b = cl_type_bytes(L, &d->type, NULL);
                if (b) {   /* an array or a row decays to its first element */
                    p->flat = cl_flat_of(L, v);
                    p->nidx = 0;
                    p->pointee = b;
                    p->ptype = d->type.pointers == 1 ? cl_type_name(L, d->type.base) : NULL;
                }
                v = p;
            }
            v = cl_vector_declared(L, &d->type, v, d->loc);   /* uint2 XY = DTid.yx; uint2 p = 0 */
            if (fl && v->kind == V_INT)
                v = cl_v_data(L, cl_fmt(L, "the floating-point variable '%s'", d->name), d->loc);
            if (v->kind == V_DATA && d->type.pointers && !v->no_memory) {   /* T *p = f(): an access through it is skipped, said */
                val *named = cl_new_val(L, V_DATA);
                *named = *v;
                named->pointer_name = d->name;
                v = named;
            }
        } else if (cl_record_type(L, &d->type)) {   /* Matrix Asub; its members assigned one by one */
            v = cl_record_local(L, cl_record_type(L, &d->type));
        } else if ((v = cl_vector_empty(L, &d->type))) {   /* uint2 p; p.x = ...; p.y = ... */
        } else {
            v = cl_v_data(L, cl_fmt(L, "'%s', declared without a value", d->name), d->loc);
        }
        unsigned bits;
        bool is_unsigned;
        cl_integer_kind(L, &d->type, &bits, &is_unsigned);
        v = cl_converted(L, v, bits, is_unsigned);   /* unsigned char c = tid * 16 wraps at 256 */
        /* a value worth a name of its own: a let, where lets can go */
        if (v->kind == V_INT && v->cls != C_CONST && !v->atom && !L->loops && !L->blocks && !L->calls && !L->guard
            && !L->skip) {
            if (!v->missing) {   /* (one that needs a -D value stays an expression: it may never reach an index) */
                const char *n = cl_lds_name(L, d->name);
                /* base + a constant (v2 = v1 + 1, v1 = tid.x + 1): written so, not through the
                 * let it came from, so that a chain of them does not nest as deep as it is long */
                const val *flat = v->base && v->off && v->off->cls == C_CONST ? cl_int_op(L, "+", v->base, v->off) : v;
                cl_line(L, d->loc, "let %s = %s", n, flat->text);
                val *named = cl_v_name(L, v->cls, n);
                named->mono = v->mono;
                named->least = v->least;
                named->zero = v->zero;
                named->top = v->top;
                named->base = v->base;
                named->off = v->off;
                v = named;
            }
        }
        cl_bind(L, d->name, v, fl);
        L->env[L->nenv - 1].int_bits = (unsigned char)bits;
        L->env[L->nenv - 1].int_unsigned = is_unsigned;
        L->env[L->nenv - 1].decl = &d->type;
    }
    return 0;
}

/* The names a statement assigns (x = ..., x += ..., x++), a struct's or
 * a vector's through a member too (A.x = ..., p.xy += d: the variable
 * holding it changes); with `indexed`, instead, the names it assigns an
 * element of (v[i] = x, A.m[i]++), which change the variable only where
 * it is a vector (an array's or a pointer's name stays what it was). */
static void collect_assigned(const csrc_expr *e, const char **names, unsigned *n, unsigned cap, bool indexed)
{
    if (!e)
        return;
    const csrc_expr *t = e->a;
    bool through_index = false;
    while (t && ((t->kind == CE_MEMBER && !strcmp(t->op, ".")) || t->kind == CE_INDEX)) {
        through_index |= t->kind == CE_INDEX;
        t = t->a;
    }
    if ((e->kind == CE_ASSIGN || e->kind == CE_POSTFIX
         || (e->kind == CE_UNARY && (!strcmp(e->op, "++") || !strcmp(e->op, "--"))))
        && t && t->kind == CE_ID && through_index == indexed) {
        bool seen = false;
        for (unsigned i = 0; i < *n; i++)
            seen |= !strcmp(names[i], t->name);
        if (!seen && *n < cap)
            names[(*n)++] = t->name;
    }
    collect_assigned(e->a, names, n, cap, indexed);
    collect_assigned(e->b, names, n, cap, indexed);
    collect_assigned(e->c, names, n, cap, indexed);
    for (unsigned i = 0; i < e->nargs; i++)
        collect_assigned(e->args[i], names, n, cap, indexed);
}

void cl_assigned_in_expr(const csrc_expr *e, const char **names, unsigned *n, unsigned cap)
{
    collect_assigned(e, names, n, cap, false);
}

/* The if after s in an else-if chain (s->other when it is an if), or NULL. */
const csrc_stmt *cl_else_if(const csrc_stmt *s)
{
    return s->kind == CS_IF && s->other && s->other->kind == CS_IF ? s->other : NULL;
}

static void walk_one(const csrc_stmt *s, void (*visit)(const csrc_stmt *s, void *ctx), void *ctx)
{
    if (!s)
        return;
    csrc_stmt one = *s;   /* a loop's or an if's one statement, not its siblings */
    one.next = NULL;
    cl_walk_stmts(&one, visit, ctx);
}

void cl_walk_stmts(const csrc_stmt *s, void (*visit)(const csrc_stmt *s, void *ctx), void *ctx)
{
    for (; s; s = s->next) {
        if (s->kind == CS_COMPOUND) {
            visit(s, ctx);
            cl_walk_stmts(s->body, visit, ctx);
            continue;
        }
        /* an else-if chain: each if of it in turn, at this level (its
         * length costs no depth) */
        for (const csrc_stmt *t = s; t; t = cl_else_if(t)) {
            visit(t, ctx);
            walk_one(t->body, visit, ctx);
            if (!cl_else_if(t))
                walk_one(t->other, visit, ctx);
        }
    }
}

typedef struct {
    const char **names;
    unsigned *n, cap;
    bool indexed;
} name_list;

static void assigned_in_stmt(const csrc_stmt *s, void *ctx)
{
    name_list *l = ctx;
    collect_assigned(s->e, l->names, l->n, l->cap, l->indexed);
    collect_assigned(s->step, l->names, l->n, l->cap, l->indexed);
    for (unsigned i = 0; i < s->ndecls; i++)
        collect_assigned(s->decls[i].init, l->names, l->n, l->cap, l->indexed);
}

void cl_assigned_names(const csrc_stmt *s, const char **names, unsigned *n, unsigned cap)
{
    name_list l = { names, n, cap, false };
    cl_walk_stmts(s, assigned_in_stmt, &l);
}

static void declared_in_stmt(const csrc_stmt *s, void *ctx)
{
    name_list *l = ctx;
    for (unsigned i = 0; s->kind == CS_DECL && i < s->ndecls && *l->n < l->cap; i++)
        l->names[(*l->n)++] = s->decls[i].name;
}

/* The names a statement declares, anywhere in it. */
void cl_declared_names(const csrc_stmt *s, const char **names, unsigned *n, unsigned cap)
{
    name_list l = { names, n, cap, false };
    cl_walk_stmts(s, declared_in_stmt, &l);
}

/* The variables from outside a statement that it changes: what it
 * assigns, a struct or vector it assigns an element of (p[0] += 1), less
 * the names it declares itself (those are its own) and shared scalars
 * (an assignment to one is a store to shared memory). */
void cl_changed_names(lower *L, const csrc_stmt *s, const char **names, unsigned *n, unsigned cap)
{
    csrc_stmt one = *s;
    one.next = NULL;
    const char *own[64], *indexed[64];
    unsigned nown = 0, nindexed = 0;
    cl_assigned_names(&one, names, n, cap);
    name_list l = { indexed, &nindexed, 64, true };
    cl_walk_stmts(&one, assigned_in_stmt, &l);
    for (unsigned i = 0; i < nindexed && *n < cap; i++) {
        const binding *b = cl_lookup(L, indexed[i]);
        bool seen = false;
        for (unsigned j = 0; j < *n; j++)
            seen |= !strcmp(names[j], indexed[i]);
        if (b && b->v->kind == V_RECORD && !seen)
            names[(*n)++] = indexed[i];
    }
    cl_declared_names(&one, own, &nown, 64);
    unsigned k = 0;
    for (unsigned i = 0; i < *n; i++) {
        const binding *b = cl_lookup(L, names[i]);
        bool mine = b && ((b->v->kind == V_SHARED && b->v->shared_scalar) || b->v->elem_ref);   /* cnt = k stores; cnt stays memory */
        for (unsigned j = 0; j < nown && !mine; j++)
            mine = !strcmp(own[j], names[i]);
        if (!mine)
            names[k++] = names[i];
    }
    *n = k;
}

/* Whether a statement (or one inside it) is a return, break or continue. */
bool cl_has_jump(const csrc_stmt *s, csrc_stmt_kind k)
{
    for (; s; s = s->next) {
        if (s->kind == k)
            return true;
        if (s->kind == CS_COMPOUND && cl_has_jump(s->body, k))
            return true;
        for (const csrc_stmt *t = s; t->kind == CS_IF; t = t->other) {   /* an else-if chain, arm by arm */
            csrc_stmt a = *t->body;
            a.next = NULL;
            if (cl_has_jump(&a, k))
                return true;
            if (!t->other)
                break;
            if (!cl_else_if(t)) {
                csrc_stmt b = *t->other;
                b.next = NULL;
                if (cl_has_jump(&b, k))
                    return true;
                break;
            }
        }
        /* a loop inside has its own break and continue */
        if ((s->kind == CS_FOR || s->kind == CS_WHILE || s->kind == CS_DO) && k == CS_RETURN) {
            csrc_stmt a = *s->body;
            a.next = NULL;
            if (cl_has_jump(&a, k))
                return true;
        }
    }
    return false;
}

int cl_one_stmt(lower *L, const csrc_stmt *s)
{
    csrc_stmt one = *s;
    one.next = NULL;
    return cl_stmt(L, &one);
}

/* Lower a branch's statement with the code's guard g and skip reason. */
int cl_branch(lower *L, const csrc_stmt *s, const char *g, const val *gm, const char *skip, lds_loc skip_loc)
{
    const char *og = L->guard, *os = L->skip;
    const val *ogm = L->gmiss;
    lds_loc osl = L->skip_loc;
    bool dead = L->dead;
    L->guard = g;
    L->gmiss = gm;
    if (skip && !L->skip) {
        L->skip = skip;
        L->skip_loc = skip_loc;
    }
    int rc = s ? cl_one_stmt(L, s) : 0;
    L->guard = og;
    L->gmiss = ogm;
    L->skip = os;
    L->skip_loc = osl;
    L->dead = dead;
    return rc;
}

/* A variable after an if, x where c held and y where it did not: c ? x :
 * y for integers (component by component for vectors), data where
 * either is or c is. */
val *cl_merged(lower *L, const val *c, val *x, val *y, const char *name)
{
    if (x == y)
        return x;
    if (cl_is_int(c) && cl_is_int(x) && cl_is_int(y))
        return cl_int_cond(L, c, x, y);
    if (cl_is_int(c) && cl_is_vector_like(L, x) && cl_is_vector_like(L, y))   /* component by component */
        return cl_vector_cond(L, c, x, y, (lds_loc){ 0 });
    if (x->kind == V_DATA || y->kind == V_DATA)
        return x->kind == V_DATA ? x : y;
    return cl_v_data(L, cl_fmt(L, "'%s', set differently on the two sides of a condition", name), (lds_loc){ 0 });
}

/* After a per-lane if: each variable the arms left different is c ? a : b. */
void cl_merge(lower *L, const val *c, const snapshot *a, const snapshot *b)
{
    for (unsigned i = 0; i < a->n && i < b->n && i < L->nenv; i++)
        L->env[i].v = cl_merged(L, c, a->v[i], b->v[i], L->env[i].name);
}

/* Whether statement s (alone, not its successors) contains a return. */
static bool returns_inside(const csrc_stmt *s)
{
    if (!s)
        return false;
    csrc_stmt one = *s;
    one.next = NULL;
    return cl_has_jump(&one, CS_RETURN);
}

/* After an if or a loop with a return in its arms or body whose lanes
 * lds-calc does not place (in a nested block, an else, a loop), which
 * lanes run the rest is not known: the rest is skipped. */
void cl_after_unplaced_return(lower *L, const csrc_stmt *s)
{
    if (!L->skip && (returns_inside(s->body) || returns_inside(s->other))) {
        L->skip = "it runs after a return lds-calc does not follow (in a nested block, an else or a loop)";
        L->skip_loc = s->loc;
    }
}

static int stmt_list(lower *L, const csrc_stmt *s);

/* A list of statements, one level deeper (CL_MAX_NEST). */
int cl_stmt(lower *L, const csrc_stmt *s)
{
    if (s && L->nest >= CL_MAX_NEST) {   /* not reached: a call leaves room for any body (CL_CALL_ROOM) */
        lds_diag_set(L->diag, s->loc, "statements, operators and calls nested more than %d levels deep in all",
                     CL_MAX_NEST);
        return -1;
    }
    L->nest++;
    int rc = stmt_list(L, s);
    L->nest--;
    return rc;
}

static int stmt_list(lower *L, const csrc_stmt *s)
{
    for (; s && !cl_failed(L); s = s->next) {
        if (L->dead)
            return 0;
        switch (s->kind) {
        case CS_EMPTY:
        case CS_BREAK:
        case CS_CONTINUE:
            break;
        case CS_COMPOUND: {
            unsigned mark = L->nenv;
            if (cl_stmt(L, s->body) < 0)
                return -1;
            L->nenv = mark;
            break;
        }
        case CS_DECL:
            if (cl_declaration(L, s) < 0)
                return -1;
            break;
        case CS_EXPR:
            if (!cl_expr(L, s->e))
                return -1;
            break;
        case CS_IF:
            if (cl_if_stmt(L, s) < 0)
                return -1;
            break;
        case CS_FOR:
            if (cl_for_stmt(L, s) < 0)
                return -1;
            cl_after_unplaced_return(L, s);   /* a loop with a return is skipped, and which lanes left is not known */
            break;
        case CS_WHILE:
        case CS_DO:
            if (cl_while_stmt(L, s) < 0)
                return -1;
            cl_after_unplaced_return(L, s);
            break;
        case CS_RETURN: {
            val *v = s->e ? cl_expr(L, s->e) : cl_v_void(L);
            if (!v)
                return -1;
            bool every_lane = L->guard == L->call_guard;   /* no condition since the function began */
            if (L->calls) {   /* an inlined function's value: the first return a lane reaches */
                if ((v->kind == V_SHARED || v->kind == V_GLOBAL || v->kind == V_RECORD) && !L->ret_data && !L->ret_text
                    && !L->ret_ptr && every_lane) {
                    L->ret_ptr = v;
                } else if (v->kind == V_INT && !L->ret_data && !L->ret_ptr) {
                    L->ret_val = !L->ret_text && every_lane ? v : NULL;
                    if (!L->ret_text || !L->guard)
                        L->ret_text = L->guard && L->ret_text ? cl_fmt(L, "(%s) ? %s : (%s)", L->guard, cl_paren(L, v), L->ret_text)
                                                              : v->text;
                    else
                        L->ret_text = cl_fmt(L, "(%s) ? %s : (%s)", L->guard, cl_paren(L, v), L->ret_text);
                } else if (v->kind != V_VOID) {
                    if (!L->ret_data && v->kind == V_DATA)
                        L->ret_why = v->why;   /* said with the result */
                    L->ret_data = true;
                }
            }
            if (every_lane)
                L->dead = true;   /* every lane here leaves */
            break;
        }
        case CS_ASM:
            if (cl_asm_stmt(L, s) < 0)
                return -1;
            break;
        case CS_OPAQUE: {
            if (L->o->warn) {
                lds_diag w = { 0 };
                lds_diag_set(&w, s->loc, "%s: not followed; the shared-memory accesses in it are not counted", s->what);
                w.warning = 1;
                cl_warn(L, &w);
            }
            break;
        }
        }
    }
    return cl_failed(L) ? -1 : 0;
}
