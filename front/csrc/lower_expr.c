/* front/csrc/lower_expr.c - a kernel's expressions lowered (front/csrc/lower_impl.h):
 * shared arrays and pointers into them, each access written as an lds
 * access statement where it happens (a skipped record where its index is
 * data), assignments, the guards of && || and ?:. */
#include "front/csrc/lower_impl.h"

/* ------------------------------------------------------ shared arrays */

static const char *array_cname(const void *a) { return ((const sarray *)a)->cname; }

sarray *cl_find_array(lower *L, const char *name)
{
    return (sarray *)lds_strset_find(&L->array_by_name, name);
}

void cl_add_array(lower *L, sarray *a)
{
    a->next = L->arrays;
    L->arrays = a;
    if (!L->array_by_name.cap) {
        L->array_by_name.key_of = array_cname;
        L->array_by_name.arena = L->arena;
    }
    lds_strset_put(&L->array_by_name, a);   /* a second of the name hides the first */
    LDS_ASSERT(cl_find_array(L, a->cname) == a);
}

/* ------------------------------------------------------- expressions */

unsigned cl_type_bytes(lower *L, const csrc_type *t, bool *is_float)
{
    unsigned scalar, lanes;
    bool fl = false;
    if (t && cl_type_shape(L, t->base, &scalar, &lanes, &fl)) {
        if (is_float)
            *is_float = fl;
        return scalar * lanes;
    }
    if (is_float)
        *is_float = false;
    return 0;
}

/* The value of a shared element named whole or through a pointer: a read
 * (unless it is only an address: &s[i], a row s[i] of a 2-D array). */
val *cl_shared_rvalue(lower *L, const val *s, lds_loc loc)
{
    if (s->flat == NULL && s->nidx < s->arr->ndims && !s->pointee)
        return (val *)s;   /* a row: decays to a pointer */
    if (cl_emit_access(L, 0, s, cl_access_bytes(s), loc) < 0)
        return NULL;
    return cl_v_data(L, cl_fmt(L, "a value loaded from shared memory ('%s')", s->arr->cname), loc);
}

void cl_index_added(lower *L, val *v, const val *i)
{
    const val **idx = lds_arena_alloc(L->arena, sizeof *idx * (v->nidx + 1));
    if (v->nidx)
        memcpy(idx, v->idx, sizeof *idx * v->nidx);
    idx[v->nidx++] = i;
    v->idx = idx;
}

/* s[i]: one more subscript, or an offset through a pointer. */
val *cl_subscript(lower *L, const val *s, const val *i, lds_loc loc)
{
    val *r = cl_new_val(L, V_SHARED);
    *r = *s;
    if (!s->flat && s->nidx < s->arr->ndims && !s->pointee) {
        cl_index_added(L, r, i);
        return r;
    }
    /* through a pointer: offset by i pointees */
    unsigned per = s->pointee ? s->pointee / s->arr->scalar : s->arr->lanes;
    if (!per)
        per = 1;
    const val *f = cl_flat_of(L, s);
    r->flat = i->kind == V_INT ? cl_int_op(L, "+", f, cl_int_op(L, "*", i, cl_v_const(L, per))) : i;
    r->nidx = 0;
    (void)loc;
    return r;
}

val *cl_reference_to(lower *L, const lvalue *lv)
{
    if (lv->kind != LV_SHARED && lv->kind != LV_GLOBAL && lv->kind != LV_UNKNOWN)
        return NULL;
    val *r = cl_new_val(L, lv->s->kind);
    *r = *lv->s;
    if (lv->kind == LV_SHARED)
        r->shared_scalar = true;
    else
        r->elem_ref = true;
    if (lv->kind == LV_GLOBAL)
        r->gelem = lv->bytes;   /* the element, or the member, it names */
    return r;
}

int cl_lvalue_of(lower *L, const csrc_expr *e, lvalue *lv)
{
    memset(lv, 0, sizeof *lv);
    lv->loc = e->loc;
    lv->kind = LV_OTHER;
    if (e->kind == CE_ID) {
        binding *b = cl_lookup(L, e->name);
        if (b && b->v->kind == V_SHARED && b->v->shared_scalar) {
            lv->kind = LV_SHARED;
            lv->s = b->v;
            lv->bytes = cl_access_bytes(b->v);
        } else if (b && b->v->elem_ref) {   /* a reference to a global element, or through a pointer not followed */
            lv->kind = b->v->kind == V_GLOBAL ? LV_GLOBAL : LV_UNKNOWN;
            lv->s = b->v;
            lv->bytes = b->v->kind == V_GLOBAL ? b->v->gelem : 0;
        } else if (b) {
            lv->kind = LV_VAR;
            lv->var = b;
        }
        return 0;
    }
    val *s = NULL;
    if (e->kind == CE_INDEX) {
        val *base = cl_index_base(L, e->a);
        val *i = base ? cl_expr(L, e->b) : NULL;
        if (!i)
            return cl_failed(L) ? -1 : 0;
        if (base->kind == V_GLOBAL) {
            lv->kind = LV_GLOBAL;
            lv->s = cl_global_moved(L, base, i, 0);
            lv->bytes = base->gelem;
            return 0;
        }
        if (base->kind == V_DATA && base->pointer_name) {   /* p[i], p pointing who knows where */
            lv->kind = LV_UNKNOWN;
            lv->s = base;
            return 0;
        }
        if (base->kind != V_SHARED)
            return 0;   /* registers */
        s = cl_subscript(L, base, i, e->loc);
    } else if (e->kind == CE_UNARY && !strcmp(e->op, "*")) {
        val *p = cl_expr(L, e->a);
        if (!p)
            return -1;
        if (p->kind == V_GLOBAL) {
            lv->kind = LV_GLOBAL;
            lv->s = p;
            lv->bytes = p->gelem;
            return 0;
        }
        if (p->kind == V_DATA && p->pointer_name) {
            lv->kind = LV_UNKNOWN;
            lv->s = p;
            return 0;
        }
        if (p->kind != V_SHARED)
            return 0;
        s = cl_subscript(L, p, cl_v_const(L, 0), e->loc);
    } else if (e->kind == CE_MEMBER) {   /* s[i].y, s[i].x of a struct, p->x (front/csrc/lower_struct.c) */
        return cl_member_lvalue(L, e, lv);
    } else {
        return 0;
    }
    lv->kind = LV_SHARED;
    lv->s = s;
    lv->bytes = cl_access_bytes(s);
    return 0;
}

/* Assign v to a variable. */
void cl_set_var(lower *L, binding *b, val *v)
{
    if (b->is_float && (v->kind == V_INT || cl_is_vector(v)))
        v = cl_v_data(L, "a floating-point value", (lds_loc){ 0 });
    b->v = cl_converted(L, v, b->int_bits, b->int_unsigned);   /* unsigned char c: c += 16 wraps */
}

/* a op= b, x++, x = b: the accesses it makes and its value. */
val *cl_assign(lower *L, const csrc_expr *target, const char *op, const csrc_expr *rhs, val *rv, lds_loc loc)
{
    val *r = rv;
    if (!r && rhs && !(r = cl_expr(L, rhs)))
        return NULL;
    if (cl_record_assign(L, target, op, r, loc))   /* Asub.stride = A.stride */
        return r;
    lvalue lv;
    if (cl_lvalue_of(L, target, &lv) < 0)
        return NULL;
    bool compound = strcmp(op, "=") != 0;
    if (lv.kind == LV_SHARED) {
        if (compound && cl_emit_access(L, 0, lv.s, lv.bytes, target->loc) < 0)
            return NULL;
        if (cl_emit_access(L, 1, lv.s, lv.bytes, target->loc) < 0)
            return NULL;
        return cl_v_data(L, "a value stored in shared memory", loc);
    }
    if (lv.kind == LV_UNKNOWN) {
        if (compound)
            cl_emit_unknown_target(L, 0, lv.s, target->loc);
        cl_emit_unknown_target(L, 1, lv.s, target->loc);
        return cl_v_data(L, "a value stored through a pointer lds-calc does not follow", loc);
    }
    if (lv.kind == LV_GLOBAL) {
        if (compound && cl_emit_global(L, 0, lv.s, lv.bytes, target->loc) < 0)
            return NULL;
        if (cl_emit_global(L, 1, lv.s, lv.bytes, target->loc) < 0)
            return NULL;
        return cl_v_data(L, "a value stored in global memory", loc);
    }
    if (lv.kind != LV_VAR) {
        cl_vector_forget(L, target, loc);
        return r;
    }
    val *nv = r;
    if (compound) {
        const char *bop = cl_compound_op(L, op);
        val *old = lv.var->v;
        bool plus = !strcmp(bop, "+"), minus = !strcmp(bop, "-");
        if (old->kind == V_SHARED && old->shared_addr && (plus || minus)) {   /* addr += bytes */
            nv = rhs ? cl_address_plus(L, old, rhs, r, minus, loc)
                     : cl_pointer_plus(L, old, minus && cl_is_int(r) ? cl_int_unary(L, "-", r) : r, loc);
        } else if (old->kind == V_SHARED && r->kind == V_INT && (plus || minus)) {
            nv = cl_subscript(L, old, plus ? r : cl_int_unary(L, "-", r), loc);
            if (old->flat || old->pointee)
                nv->pointee = old->pointee;
        } else if (old->kind == V_GLOBAL && (plus || minus)) {   /* in += k: moved k elements */
            nv = cl_pointer_plus(L, old, minus && cl_is_int(r) ? cl_int_unary(L, "-", r) : r, loc);
        } else if (cl_is_pointer(old)) {   /* other arithmetic on a pointer: not followed */
            nv = cl_unknown_like(L, old, cl_fmt(L, "the pointer '%s' after '%s'", target->name ? target->name : "?", op), loc);
        } else if (cl_is_vector_like(L, old) || cl_is_vector_like(L, r)) {   /* XY += 1 */
            nv = cl_vector_binary(L, bop, old, r, loc);
        } else if (cl_is_int(old) && cl_is_int(r)) {
            nv = cl_int_op(L, bop, old, r);
        } else {
            nv = cl_data_of(L, old, r, loc);
        }
    }
    cl_set_var(L, lv.var, nv);
    return nv;
}

/* e's accesses made only where cond holds (the right of && ||, a side
 * of ?:). */
val *cl_guarded(lower *L, const csrc_expr *e, const val *cond, bool when)
{
    const char *g = L->guard, *skip = L->skip;
    const val *gm = L->gmiss;
    lds_loc skip_loc = L->skip_loc;
    if (cond->kind == V_INT && cond->cls == C_CONST) {
        if (!!cond->k != when)
            L->skip = "never runs";   /* C evaluates it nowhere */
    } else if (cond->kind == V_INT) {
        L->guard = cl_and_guard(L, g, when ? cl_paren(L, cond) : cl_fmt(L, "!%s", cl_paren(L, cond)));
        if (!L->gmiss && cond->missing)
            L->gmiss = cond;
    } else if (!L->skip) {
        L->skip = cond->why ? cl_fmt(L, "whether it runs depends on %s", cond->why) : "it runs under a condition on data";
        L->skip_loc = cond->why_loc;
    }
    val *v = NULL;
    if (cond->kind == V_INT && cond->cls == C_CONST && !!cond->k != when)
        v = cl_v_const(L, 0);   /* not evaluated at all */
    else
        v = cl_expr(L, e);
    L->guard = g;
    L->gmiss = gm;
    L->skip = skip;
    L->skip_loc = skip_loc;
    return v;
}

bool cl_is_member_call(const csrc_expr *e, const char *name)
{
    return e->kind == CE_CALL && e->a && e->a->kind == CE_MEMBER && !strcmp(e->a->name, name);
}

static val *expr_node(lower *L, const csrc_expr *e);

/* e lowered, one level deeper (CL_MAX_NEST). */
val *cl_expr(lower *L, const csrc_expr *e)
{
    if (cl_failed(L))
        return NULL;
    if (L->nest >= CL_MAX_NEST) {   /* not reached: a call leaves room for any body (CL_CALL_ROOM) */
        lds_diag_set(L->diag, e->loc, "statements, operators and calls nested more than %d levels deep in all",
                     CL_MAX_NEST);
        return NULL;
    }
    L->nest++;
    val *v = expr_node(L, e);
    L->nest--;
    return v;
}

/* A name: a variable's value (a reference's element read), a shared array, a thread id, a -D value. */
static val *expr_name(lower *L, const csrc_expr *e)
{
    binding *b = cl_lookup(L, e->name);
    if (b && b->v->kind == V_SHARED && b->v->shared_scalar)
        return cl_shared_rvalue(L, b->v, e->loc);
    if (b && b->v->elem_ref && b->v->kind == V_GLOBAL) {   /* float &g = out[i]; ... g: a load */
        if (cl_emit_global(L, 0, b->v, b->v->gelem, e->loc) < 0)
            return NULL;
        return cl_v_data(L, cl_fmt(L, "a value loaded from '%s'", b->v->gname ? b->v->gname : "global memory"), e->loc);
    }
    if (b && b->v->elem_ref) {
        cl_emit_unknown_target(L, 0, b->v, e->loc);
        return cl_v_data(L, "a value loaded through a pointer lds-calc does not follow", e->loc);
    }
    if (b)
        return b->v;
    sarray *a = cl_find_array(L, e->name);
    if (a) {
        val *v = cl_new_val(L, V_SHARED);
        v->arr = a;
        v->stype = a->stype;   /* its elements are structs: s[i].x names a member */
        return v;
    }
    val *f = cl_function_value(L, e);   /* apply(s, addf) */
    return f ? f : cl_free_name(L, e->name, e->loc);
}

/* a[i]: an element of shared or global memory read, a vector's component, or data. */
static val *expr_index(lower *L, const csrc_expr *e)
{
    val *base = cl_index_base(L, e->a);
    val *i = base ? cl_expr(L, e->b) : NULL;
    if (!i)
        return NULL;
    if (base->kind == V_GLOBAL && cl_emit_global(L, 0, cl_global_moved(L, base, i, 0), base->gelem, e->loc) < 0)
        return NULL;
    if (base->kind == V_GLOBAL && !base->gelem)
        return cl_v_data(L, cl_fmt(L, "a value loaded from '%s' (a buffer declared outside this file)", base->gname),
                         e->loc);
    if (base->kind == V_SHARED)
        return cl_shared_rvalue(L, cl_subscript(L, base, i, e->loc), e->loc);
    if (cl_is_vector_like(L, base))   /* p[1]: a component */
        return cl_vector_element(L, base, i, e->loc);
    if (base->kind == V_GLOBAL)
        return cl_v_data(L, "a value loaded from global memory", e->loc);
    if (base->kind == V_DATA && base->pointer_name)
        cl_emit_unknown_target(L, 0, base, e->loc);
    return cl_v_data(L, base->kind == V_DATA && base->why ? base->why : "an element of an array outside shared memory", e->loc);
}
/* Whether v can move a pointer: an integer, or data (a value loaded from
 * memory: s_Hist + (data & 0xFF) is a pointer whose offset is data, and
 * an access through it a skipped record, never lost). */
static bool is_offset(const val *v)
{
    return cl_is_int(v) || (v->kind == V_DATA && !v->pointer_name && !v->no_memory);
}

/* *(t + k) or *(t - k) where t names a shared array whose elements are
 * arrays (float t[32][32]): C's row t[k], which the caller subscripts.
 * NULL, having read nothing, where e is not such an expression. */
static val *row_of_pointer(lower *L, const csrc_expr *e)
{
    if (e->kind != CE_BINARY || (strcmp(e->op, "+") && strcmp(e->op, "-")) || e->a->kind != CE_ID)
        return NULL;
    const binding *b = cl_lookup(L, e->a->name);   /* looked at, not read: a shared scalar's read is a record */
    if (b ? !cl_is_row_pointer(b->v) : !cl_find_array(L, e->a->name))
        return NULL;
    val *t = b ? b->v : cl_expr(L, e->a);   /* an array's name reads nothing */
    if (!t || !cl_is_row_pointer(t))
        return NULL;
    val *k = cl_expr(L, e->b);
    if (!k)
        return NULL;
    if (!is_offset(k))
        return cl_row_pointer_moved(L, t, e->loc);
    return cl_subscript(L, t, strcmp(e->op, "-") ? k : cl_int_unary(L, "-", k), e->loc);
}

/* op a: ++ and -- assign, & takes an address, * reads through a pointer. */
static val *expr_unary(lower *L, const csrc_expr *e)
{
    if (!strcmp(e->op, "++") || !strcmp(e->op, "--")) {
        csrc_expr one = { .kind = CE_INT, .loc = e->loc, .value = 1 };
        return cl_assign(L, e->a, !strcmp(e->op, "++") ? "+=" : "-=", &one, NULL, e->loc);
    }
    if (!strcmp(e->op, "&")) {
        lvalue lv;
        if (cl_lvalue_of(L, e->a, &lv) < 0)
            return NULL;
        if (lv.kind == LV_SHARED) {
            val *p = cl_new_val(L, V_SHARED);
            *p = *lv.s;
            p->shared_scalar = false;   /* &cnt points at cnt: it is not cnt */
            p->flat = cl_flat_of(L, lv.s);
            p->nidx = 0;
            p->pointee = lv.bytes;
            return p;
        }
        if (lv.kind == LV_GLOBAL)   /* &in[i]: the pointer moved */
            return (val *)lv.s;
        val *v = cl_expr(L, e->a);
        if (v && (v->kind == V_GLOBAL || v->func))   /* &addf: the function */
            return v;
        return v ? cl_v_no_memory(L, "an address outside shared memory", e->loc) : NULL;
    }
    if (!strcmp(e->op, "*")) {
        val *row = row_of_pointer(L, e->a);   /* *(t + k) of float t[32][32]: the row t[k] */
        if (row || cl_failed(L))
            return row;
        val *p = cl_expr(L, e->a);
        if (!p)
            return NULL;
        if (p->kind == V_SHARED)
            return cl_shared_rvalue(L, cl_subscript(L, p, cl_v_const(L, 0), e->loc), e->loc);
        if (p->kind == V_GLOBAL && cl_emit_global(L, 0, p, p->gelem, e->loc) < 0)
            return NULL;
        if (p->kind == V_DATA && p->pointer_name)
            cl_emit_unknown_target(L, 0, p, e->loc);
        return cl_v_data(L, "a value loaded through a pointer", e->loc);
    }
    val *a = cl_expr(L, e->a);
    if (!a)
        return NULL;
    if (cl_is_vector_like(L, a))   /* -XY, ~mask */
        return cl_vector_unary(L, e->op, a, e->loc);
    return cl_is_int(a) ? cl_int_unary(L, e->op, a) : cl_data_of(L, a, NULL, e->loc);
}

/* a op b: && and || guard their right side; pointer and address arithmetic; integers. */
static val *expr_binary(lower *L, const csrc_expr *e)
{
    val *a = cl_expr(L, e->a);
    if (!a)
        return NULL;
    if (!strcmp(e->op, "&&") || !strcmp(e->op, "||")) {
        val *b = cl_guarded(L, e->b, a, !strcmp(e->op, "&&"));
        if (!b)
            return NULL;
        if (cl_is_int(a) && a->cls == C_CONST)
            return !strcmp(e->op, "&&") ? (a->k ? (cl_is_int(b) ? cl_int_op(L, "!=", b, cl_v_const(L, 0)) : b) : cl_v_const(L, 0))
                                        : (a->k ? cl_v_const(L, 1) : (cl_is_int(b) ? cl_int_op(L, "!=", b, cl_v_const(L, 0)) : b));
        return cl_is_int(a) && cl_is_int(b) ? cl_int_op(L, e->op, a, b) : cl_data_of(L, a, b, e->loc);
    }
    val *b = cl_expr(L, e->b);
    if (!b)
        return NULL;
    if (cl_is_vector_like(L, a) || cl_is_vector_like(L, b))   /* DTid.yx - GTid.yx: component-wise */
        return cl_vector_binary(L, e->op, a, b, e->loc);
    if ((a->kind == V_SHARED && a->shared_addr) || (b->kind == V_SHARED && b->shared_addr))   /* addr + bytes */
        return cl_address_binary(L, e, a, b);
    if ((cl_is_row_pointer(a) && is_offset(b)) || (cl_is_row_pointer(b) && is_offset(a) && !strcmp(e->op, "+")))
        return cl_row_pointer_moved(L, cl_is_row_pointer(a) ? a : b, e->loc);   /* t + k of float t[32][32] */
    if (a->kind == V_SHARED && is_offset(b) && (!strcmp(e->op, "+") || !strcmp(e->op, "-"))) {
        val *off = !strcmp(e->op, "+") ? b : cl_int_unary(L, "-", b);
        val *p = cl_subscript(L, a, off, e->loc);
        p->pointee = a->pointee ? a->pointee : (a->nidx < a->arr->ndims && !a->flat ? 0 : p->pointee);
        if (!a->flat && !a->pointee && a->nidx < a->arr->ndims) {   /* row + k: a pointer to its element k */
            val *row = cl_new_val(L, V_SHARED);
            *row = *a;
            cl_index_added(L, row, cl_v_const(L, 0));
            p = cl_new_val(L, V_SHARED);
            *p = *row;
            p->flat = cl_int_op(L, "+", cl_flat_of(L, row), cl_int_op(L, "*", off, cl_v_const(L, a->arr->lanes)));
            p->nidx = 0;
            p->pointee = a->arr->scalar * a->arr->lanes;
        }
        return p;
    }
    if (b->kind == V_SHARED && is_offset(a) && !strcmp(e->op, "+")) {
        val *p = cl_subscript(L, b, a, e->loc);
        return p;
    }
    if ((a->kind == V_GLOBAL) != (b->kind == V_GLOBAL) && (!strcmp(e->op, "+") || (!strcmp(e->op, "-") && a->kind == V_GLOBAL))) {
        val *p = a->kind == V_GLOBAL ? a : b, *k = a->kind == V_GLOBAL ? b : a;   /* in + k: moved k elements */
        return cl_pointer_plus(L, p, !strcmp(e->op, "-") && cl_is_int(k) ? cl_int_unary(L, "-", k) : k, e->loc);
    }
    if (a->kind == V_GLOBAL || b->kind == V_GLOBAL)
        return a->kind == V_GLOBAL ? a : b;   /* other arithmetic on a pointer: not followed */
    return cl_is_int(a) && cl_is_int(b) ? cl_int_op(L, e->op, a, b) : cl_data_of(L, a, b, e->loc);
}

/* c ? a : b: each side made by the lanes that choose it. */
static val *expr_cond(lower *L, const csrc_expr *e)
{
    val *c = cl_expr(L, e->a);
    if (!c)
        return NULL;
    val *a = cl_guarded(L, e->b, c, true);
    val *b = a ? cl_guarded(L, e->c, c, false) : NULL;
    if (!b)
        return NULL;
    if (cl_is_int(c) && c->cls == C_CONST)
        return c->k ? a : b;
    val *p = cl_pointer_choice(L, c, a, b, e->loc);
    if (p)
        return p;
    if (cl_is_int(c) && (cl_is_vector_like(L, a) || cl_is_vector_like(L, b)))   /* c ? a.xy : b.yx */
        return cl_vector_cond(L, c, a, b, e->loc);
    return cl_is_int(c) && cl_is_int(a) && cl_is_int(b) ? cl_int_cond(L, c, a, b) : cl_data_of(L, c->kind == V_DATA ? c : a, b, e->loc);
}

/* (T)a: a pointer's pointee changes; a floating-point value is data. */
static val *expr_cast(lower *L, const csrc_expr *e)
{
    bool to_float = false;
    cl_type_bytes(L, e->type, &to_float);
    val *a = e->type->pointers || to_float ? NULL : cl_float_call_as_int(L, e->a);   /* (int)log2f(BS) */
    if (a || cl_failed(L))
        return a;
    a = cl_vector_literal(L, e->type, e->a, e->loc);   /* (int2)(x, 3) */
    if (a || cl_failed(L) || !(a = cl_expr(L, e->a)))
        return a;
    const csrc_type *t = e->type;
    bool fl = false;
    unsigned bytes = cl_type_bytes(L, t, &fl);
    if (t->pointers) {   /* (float4 *)&s[i]: the pointee changes */
        if (a->kind == V_GLOBAL) {   /* (const float4 *)in: its elements are the cast's */
            val *q = cl_global_moved(L, a, NULL, 0);
            if (t->pointers == 1)
                cl_global_retype(L, q, t);
            return q;
        }
        if (a->kind != V_SHARED)
            return cl_v_data(L, "a pointer lds-calc does not follow", e->loc);
        val *p = cl_new_val(L, V_SHARED);
        *p = *a;
        p->flat = cl_flat_of(L, a);
        p->nidx = 0;
        p->pointee = t->pointers == 1 && bytes ? bytes : a->arr->scalar;
        p->ptype = t->pointers == 1 ? cl_type_name(L, t->base) : NULL;
        if (!bytes)   /* T standing for a header's type: named, with the -D that gives it */
            return cl_v_data(L, cl_fmt(L, "a pointer to '%s'%s, whose size lds-calc does not know%s", t->base,
                                       p->ptype && p->ptype != t->base ? cl_fmt(L, " ('%s')", p->ptype) : "",
                                       cl_unknown_type_hint(L, p->ptype ? p->ptype : t->base)),
                             e->loc);
        return p;
    }
    if (fl || !cl_is_int(a))
        return cl_is_int(a) ? cl_v_data(L, "a floating-point value", e->loc) : a;
    unsigned bits;
    bool is_unsigned;
    cl_integer_kind(L, t, &bits, &is_unsigned);
    return cl_converted(L, a, bits, is_unsigned);   /* (unsigned char)(tid * 16) wraps at 256, as the declaration's */
}

static val *expr_node(lower *L, const csrc_expr *e)
{
    switch (e->kind) {
    case CE_INT:
        return cl_v_const(L, e->value);
    case CE_FLOAT:
        return cl_v_data(L, "a floating-point value", e->loc);
    case CE_STR:
        return cl_v_data(L, "a string", e->loc);
    case CE_OPAQUE:
        if (L->o->warn) {   /* what it does to shared memory is not seen: say so */
            lds_diag w = { 0 };
            lds_diag_set(&w, e->loc, "%s: not followed; the shared-memory accesses in it are not counted",
                         e->name ? e->name : "an expression");
            w.warning = 1;
            cl_warn(L, &w);
        }
        return cl_v_data(L, cl_fmt(L, "%s, which lds-calc does not follow", e->name ? e->name : "an expression"), e->loc);
    case CE_ID:
        return expr_name(L, e);
    case CE_MEMBER:
        return cl_member_rvalue(L, e);
    case CE_INDEX:
        return expr_index(L, e);
    case CE_UNARY:
        return expr_unary(L, e);
    case CE_POSTFIX: {
        binding *b = e->a->kind == CE_ID ? cl_lookup(L, e->a->name) : NULL;
        val *old = b ? b->v : NULL;
        csrc_expr one = { .kind = CE_INT, .loc = e->loc, .value = 1 };
        val *nv = cl_assign(L, e->a, !strcmp(e->op, "++") ? "+=" : "-=", &one, NULL, e->loc);
        return old ? old : nv;
    }
    case CE_BINARY:
        return expr_binary(L, e);
    case CE_ASSIGN:
        return cl_assign(L, e->a, e->op, e->b, NULL, e->loc);
    case CE_COND:
        return expr_cond(L, e);
    case CE_COMMA: {
        val *a = cl_expr(L, e->a);
        return a ? cl_expr(L, e->b) : NULL;
    }
    case CE_CAST:
        return expr_cast(L, e);
    case CE_SIZEOF:
        return cl_sizeof(L, e);
    case CE_INIT:
        for (unsigned i = 0; i < e->nargs; i++)
            if (!cl_expr(L, e->args[i]))
                return NULL;
        return cl_v_data(L, "an initialiser list", e->loc);
    case CE_CALL:
        return cl_call(L, e);
    }
    return cl_v_data(L, "an expression lds-calc does not follow", e->loc);
}
