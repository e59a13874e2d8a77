/* src/csrc_pointer.c - pointers into shared and global memory in a
 * kernel's lowering (src/csrc_lower_impl.h): moved by elements, chosen
 * by ?:, and what a change lds-calc does not follow leaves of one - a
 * pointer whose offset is data, so that the accesses through it are
 * reported as skipped, never lost. */
#include "src/csrc_lower_impl.h"

bool cl_is_pointer(const val *v) { return v->kind == V_GLOBAL || (v->kind == V_SHARED && (v->flat || v->pointee)); }

val *cl_pointer_plus(lower *L, const val *p, const val *k, lds_loc loc)
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
    return cl_is_pointer(old) ? cl_pointer_plus(L, old, d, loc) : d;
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

static const char *memory_name(const val *p)
{
    return p->kind == V_SHARED ? p->arr->name : p->gname ? p->gname : "a global pointer";
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
            && a->comp == b->comp) {
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
