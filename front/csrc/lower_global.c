/* front/csrc/lower_global.c - global memory in a kernel (front/csrc/lower_impl.h):
 * each pointer parameter and buffer is an allocation of its own at a
 * 2^40-byte boundary (256-byte aligned, as cudaMalloc and hipMalloc give),
 * and an element read or written through it is a `read global` or
 * `write global` at its byte address.  Pointer arithmetic and casts move
 * the pointer or change the element it points to; an index that is data,
 * or that needs a -D value it was not given, makes the access skipped
 * (never an error: the shared-memory analysis does not need it). */
#include "front/csrc/lower_impl.h"

unsigned cl_global_elem_bytes(lower *L, const csrc_type *t)
{
    t = cl_resolved_type(L, t);
    if (!t || !t->base)
        return 0;
    unsigned scalar, lanes;
    bool fl;
    const char *elem = t->targs ? t->targs : t->base;   /* StructuredBuffer<float4>: its element */
    char buf[64];
    if (t->targs) {   /* "<float4>", "<unsigned int>": the name alone, its words one blank apart */
        size_t n = 0;
        for (const char *c = elem; *c && n + 1 < sizeof buf; c++)
            if (*c == ' ' || *c == '<' || *c == '>') {
                if (n && buf[n - 1] != ' ')
                    buf[n++] = ' ';
            } else {
                buf[n++] = *c;
            }
        while (n && buf[n - 1] == ' ')
            n--;
        buf[n] = '\0';
        elem = buf;
    }
    unsigned size;
    if (csrc_type_shape(elem, &scalar, &lanes, &fl))
        return scalar * lanes;
    if (t->targs)   /* StructuredBuffer<Particle> */
        return cl_struct_structured(L, elem, &size) ? size : 0;
    return cl_struct_laid_out(L, elem, &size) ? size : 0;
}

void cl_global_retype(lower *L, val *g, const csrc_type *t)
{
    const csrc_type *r = cl_resolved_type(L, t);
    unsigned bytes, lanes, size, elem = t->pointers > 1 ? 0 : cl_global_elem_bytes(L, t);
    bool fl;
    if (elem)   /* a type of unknown size keeps the size it had */
        g->gelem = elem;
    g->gtype = t->base;
    g->gstype = NULL;
    g->gscalar = 0;
    if (r->targs && !t->pointers && !r->pointers && cl_struct_declared(L, cl_type_name(L, r->targs))) {
        g->gstype = cl_struct_structured(L, r->targs, &size);   /* StructuredBuffer<Particle>: its members */
        g->gtype = cl_type_name(L, r->targs);
    }
    if (t->pointers > 1 || r->targs || !r->base)
        return;
    if (csrc_type_shape(r->base, &bytes, &lanes, &fl))
        g->gscalar = lanes > 1 ? bytes : 0;
    else
        g->gstype = cl_struct_laid_out(L, r->base, &size);
}

val *cl_global_typed(lower *L, const char *name, const csrc_type *t)
{
    val *g = cl_global_of(L, name, 0);
    cl_global_retype(L, g, t);
    return g;
}

val *cl_index_base(lower *L, const csrc_expr *a)
{
    /* a name this file does not declare, subscripted: a buffer declared
     * elsewhere (an HLSL resource in a header), of unknown elements */
    if (a->kind == CE_ID && !cl_lookup(L, a->name) && !cl_find_array(L, a->name) && !cl_find_define(L, a->name)
        && !cl_builtin_member(L, a->name, "x")) {   /* gl_LocalInvocationID[0] is a thread id */
        val *unlaid = cl_unlaid_array(L, a->name, a->loc);
        return unlaid ? unlaid : cl_global_of(L, a->name, 0);
    }
    return cl_expr(L, a);
}

val *cl_global_of(lower *L, const char *name, unsigned elem)
{
    val *v = cl_new_val(L, V_GLOBAL);
    v->gname = name;
    v->gelem = elem;
    v->gregion = ++L->nglobal;
    return v;
}

val *cl_global_moved(lower *L, const val *p, const val *elems, unsigned elem)
{
    val *q = cl_new_val(L, V_GLOBAL);
    *q = *p;
    if (elems && p->gelem) {
        val *bytes = cl_int_op(L, "*", (val *)elems, cl_v_const(L, p->gelem));
        q->goff = p->goff ? cl_int_op(L, "+", (val *)p->goff, bytes) : bytes;
        if (!cl_is_int(elems))
            q->gdata = elems;
    }
    if (elem)
        q->gelem = elem;
    return q;
}

/* Why the access through p cannot be modelled, or NULL. */
static const char *why_not(lower *L, const val *p, lds_loc *at)
{
    if (L->skip) {
        *at = L->skip_loc;
        return L->skip;
    }
    if (!p->gelem && p->gtype && L->o->lang == LDS_LANG_HLSL && cl_struct_declared(L, p->gtype)) {
        *at = (lds_loc){ 0 };
        return cl_fmt(L, "the elements of '%s' are '%s', a struct lds-calc does not lay out (a structured buffer's "
                         "struct is laid out where its members are 4-byte scalars: float, int, uint, their vectors)",
                      p->gname ? p->gname : "the buffer", p->gtype);
    }
    if (!p->gelem) {
        *at = (lds_loc){ 0 };
        return cl_fmt(L, "'%s' is declared outside this file (or is of a type lds-calc does not lay out): its "
                         "element size is unknown%s",
                      p->gname ? p->gname : "the pointer", cl_unknown_type_hint(L, p->gtype));
    }
    const val *d = p->gdata ? p->gdata : p->goff && !cl_is_int(p->goff) ? p->goff : NULL;
    if (d) {
        *at = d->why_loc;
        return d->why ? cl_fmt(L, "its address depends on %s", d->why) : "its address is data";
    }
    const val *m = p->goff && p->goff->missing ? p->goff : L->gmiss;
    if (m && m->missing) {
        *at = (lds_loc){ 0 };
        return cl_fmt(L, "it needs '%s' (give its value with -D %s=VALUE)", m->missing, m->missing);
    }
    return NULL;
}

int cl_emit_global(lower *L, int kind, const val *p, unsigned bytes, lds_loc loc)
{
    L->accesses++;
    lds_loc at = { 0 };
    const char *why = why_not(L, p, &at);
    const char *name = p->gname ? p->gname : "global";
    if (!why && bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 12 && bytes != 16)
        why = cl_fmt(L, "it moves %u bytes at once, no instruction's width", bytes);
    if (why) {
        cl_line(L, loc, "%s %s: %s%s%s", cl_skip_head(L, kind, true, bytes), name, why, at.line ? " at " : "",
                at.line ? cl_where(L, at) : "");
        return 0;
    }
    const char *addr = p->goff ? cl_fmt(L, "(%u << 40) + %s", p->gregion, cl_paren(L, p->goff))
                               : cl_fmt(L, "(%u << 40)", p->gregion);
    if ((why = cl_unreadable(L, cl_fmt(L, "@%s", addr), L->guard)) != NULL) {
        cl_line(L, loc, "%s %s: %s", cl_skip_head(L, kind, true, bytes), name, why);
        return 0;
    }
    const char *width = cl_width_word(L, bytes, p->gtype ? cl_type_name(L, p->gtype) : NULL, NULL);
    if (L->guard)
        cl_line(L, loc, "%s global %s @ %s if %s", cl_kind_word(kind), width, addr, L->guard);
    else
        cl_line(L, loc, "%s global %s @ %s", cl_kind_word(kind), width, addr);
    return 0;
}
