/* front/csrc/lower_pointer.c - pointers into shared and global memory in a
 * kernel's lowering (front/csrc/lower_impl.h): moved by elements, chosen
 * by ?:, and what a change lds-calc does not follow leaves of one - a
 * pointer whose offset is data, so that the accesses through it are
 * reported as skipped, never lost. */
#include "front/csrc/lower_impl.h"

static val *plus_elements(lower *L, const val *p, const val *k, lds_loc loc);

bool cl_is_pointer(const val *v) { return v->kind == V_GLOBAL || (v->kind == V_SHARED && (v->flat || v->pointee)); }

/* k bytes as a number of elements of the array a shared address points
 * into: NULL unless a constant number of whole elements. */
static val *bytes_as_elements(lower *L, const val *p, const val *k)
{
    int64_t size = p->arr->scalar;
    return cl_is_int(k) && k->cls == C_CONST && k->k % size == 0 ? cl_v_const(L, k->k / size) : NULL;
}

static val *address_unknown(lower *L, const val *p, lds_loc loc)
{
    return plus_elements(L, p,
                         cl_v_data(L, cl_fmt(L, "arithmetic on the shared-memory address of '%s' that is not a constant "
                                                "number of its elements",
                                             p->arr->cname),
                                   loc),
                         loc);
}

val *cl_pointer_plus(lower *L, const val *p, const val *k, lds_loc loc)
{
    if (p->kind == V_SHARED && p->shared_addr && cl_is_int(k)) {   /* k is bytes */
        const val *el = bytes_as_elements(L, p, k);
        return el ? plus_elements(L, p, el, loc) : address_unknown(L, p, loc);
    }
    return plus_elements(L, p, k, loc);
}

/* Whether the byte count e shows itself a whole number of elements of
 * `size` bytes: a constant, X * C or X << C with C a multiple, sums and
 * differences of those.  Read from the expression alone: its value,
 * computed once, is then divided exactly. */
static bool whole_elements(const csrc_expr *e, int64_t size)
{
    if (e->kind == CE_INT)
        return e->value % size == 0;
    if (e->kind != CE_BINARY)
        return false;
    if (!strcmp(e->op, "+") || !strcmp(e->op, "-"))
        return whole_elements(e->a, size) && whole_elements(e->b, size);
    const csrc_expr *c = e->b->kind == CE_INT ? e->b : e->a->kind == CE_INT && !strcmp(e->op, "*") ? e->a : NULL;
    int64_t scale = !c ? 0 : !strcmp(e->op, "*") ? c->value : !strcmp(e->op, "<<") && c->value >= 0 && c->value < 32
                                                                  ? (int64_t)1 << c->value : 0;
    return scale && scale % size == 0;
}

val *cl_address_plus(lower *L, const val *p, const csrc_expr *bytes, const val *k, bool minus, lds_loc loc)
{
    int64_t size = p->arr->scalar;
    if (minus && cl_is_int(k))
        k = cl_int_unary(L, "-", k);
    if (cl_is_int(k) && whole_elements(bytes, size))   /* exact: the expression is a multiple */
        return plus_elements(L, p, cl_int_op(L, "/", k, cl_v_const(L, size)), loc);
    return cl_pointer_plus(L, p, k, loc);   /* a constant may still be whole */
}

val *cl_address_binary(lower *L, const csrc_expr *e, val *a, val *b)
{
    val *p = a->kind == V_SHARED && a->shared_addr ? a : b;
    if (!strcmp(e->op, "+") || (!strcmp(e->op, "-") && p == a))
        return cl_address_plus(L, p, p == a ? e->b : e->a, p == a ? b : a, !strcmp(e->op, "-"), e->loc);
    return cl_unknown_like(L, p, cl_fmt(L, "'%s' applied to the shared-memory address of '%s'", e->op, p->arr->cname),
                           e->loc);
}

val *cl_pointer_advanced(lower *L, const val *p, val *step, val *times, lds_loc loc)
{
    if (p->kind == V_SHARED && p->shared_addr) {
        step = bytes_as_elements(L, p, step);
        if (!step)
            return address_unknown(L, p, loc);
    }
    return plus_elements(L, p, cl_int_op(L, "*", step, times), loc);
}

static val *plus_elements(lower *L, const val *p, const val *k, lds_loc loc)
{
    if (p->kind == V_GLOBAL) {
        if (!cl_is_int(k)) {
            val *q = cl_global_moved(L, p, NULL, 0);
            q->gdata = k;
            return q;
        }
        return cl_global_moved(L, p, k, 0);
    }
    val *q = cl_subscript(L, p, k, loc);
    q->pointee = p->pointee;
    return q;
}

val *cl_unknown_like(lower *L, const val *old, const char *why, lds_loc loc)
{
    val *d = cl_v_data(L, why, loc);
    return cl_is_pointer(old) ? plus_elements(L, old, d, loc) : d;
}

/* A shared array or row as the pointer to its first element. */
static val *decayed(lower *L, val *s)
{
    if (s->kind != V_SHARED || cl_is_pointer(s))
        return s;
    val *p = cl_new_val(L, V_SHARED);
    *p = *s;
    p->flat = cl_flat_of(L, s);
    p->nidx = 0;
    p->pointee = s->arr->scalar * s->arr->lanes;
    return p;
}

val *cl_row_pointer_moved(lower *L, val *a, lds_loc loc)
{
    LDS_ASSERT(cl_is_row_pointer(a));
    return cl_unknown_like(L, decayed(L, a),
                           cl_fmt(L, "'%s' moved as a pointer to its rows (t + k is &t[k]), which lds-calc does not "
                                     "follow: write %s[k][...]",
                                  a->arr->cname, a->arr->cname),
                           loc);
}

bool cl_is_row_pointer(const val *a)
{
    return a->kind == V_SHARED && !a->flat && !a->pointee && a->arr->ndims >= a->nidx + 2;
}

static const char *memory_name(const val *p)
{
    return p->kind == V_SHARED ? p->arr->cname : p->gname ? p->gname : "a global pointer";
}

val *cl_pointer_choice(lower *L, const val *c, val *a, val *b, lds_loc loc)
{
    a = decayed(L, a);
    b = decayed(L, b);
    bool pa = cl_is_pointer(a), pb = cl_is_pointer(b);
    if (!pa && !pb)
        return NULL;
    if (pa && pb && cl_is_int(c)) {
        if (a->kind == V_SHARED && b->kind == V_SHARED && a->arr == b->arr && a->pointee == b->pointee
            && a->comp == b->comp && a->shared_addr == b->shared_addr) {
            val *q = cl_new_val(L, V_SHARED);
            *q = *a;
            q->flat = cl_int_cond(L, (val *)c, cl_flat_of(L, a), cl_flat_of(L, b));
            return q;
        }
        if (a->kind == V_GLOBAL && b->kind == V_GLOBAL && a->gregion == b->gregion && a->gelem == b->gelem && !a->gdata
            && !b->gdata) {
            val *q = cl_global_moved(L, a, NULL, 0);
            q->goff = cl_int_cond(L, (val *)c, a->goff ? (val *)a->goff : cl_v_const(L, 0),
                                  b->goff ? (val *)b->goff : cl_v_const(L, 0));
            return q;
        }
    }
    const char *how = !cl_is_int(c) ? (c->why ? c->why : "data")
                      : c->missing ? cl_fmt(L, "'%s' (give its value with -D %s=VALUE)", c->missing, c->missing)
                      : c->cls == C_LANE ? "a condition that differs from lane to lane"
                                         : "a condition lds-calc does not follow";
    const char *why = pa && pb ? cl_fmt(L, "a choice between '%s' and '%s' by %s", memory_name(a), memory_name(b), how)
                               : cl_fmt(L, "a pointer or a value, chosen by %s", how);
    return cl_unknown_like(L, pa ? a : b, why, loc);
}

/* Why the shared array `name` is not laid out, or NULL. */
const char *cl_unlaid_why(const lower *L, const char *name)
{
    for (const struct unlaid *u = L->unlaid; u && name; u = u->next)
        if (!strcmp(u->name, name))
            return u->why;
    return NULL;
}

/* The array `name` not laid out as a value: its accesses are reported
 * skipped, with why (as through a pointer to who knows where), or NULL. */
val *cl_unlaid_array(lower *L, const char *name, lds_loc loc)
{
    const char *why = cl_unlaid_why(L, name);
    if (!why)
        return NULL;
    val *v = cl_v_data(L, why, loc);
    v->pointer_name = name;
    return v;
}

/* An access through the pointer variable p whose target lds-calc does
 * not know (T *s = SharedMemory<T>(), the result of a call it does not
 * follow): it may be shared memory, so it is reported as skipped, with
 * why, never dropped. */
int cl_emit_unknown_target(lower *L, int kind, const val *p, lds_loc loc)
{
    L->accesses++;
    if (p->why && p->why == cl_unlaid_why(L, p->pointer_name))   /* a shared array not laid out */
        cl_line(L, loc, "%s %s: %s", cl_skip_head(L, kind, false, 0), p->pointer_name, p->why);
    else
        cl_line(L, loc, "%s %s: it goes through the pointer '%s', which points where lds-calc does not follow (%s)",
                cl_skip_head(L, kind, false, 0), p->pointer_name, p->pointer_name, p->why ? p->why : "data");
    return 0;
}
