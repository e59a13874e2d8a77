/* front/csrc/lower_record.c - struct values in variables (front/csrc/lower_impl.h):
 * a kernel parameter, a local or a function's result of a struct type
 * held by value - the CUDA Programming Guide's Matrix { width, height,
 * stride, elements } - whose members are followed like variables:
 * A.stride an integer, A.elements a global pointer.
 *
 * A record is a value: assigning a member makes a new record and binds
 * the variable to it, so that a copy passed to a function or kept in
 * another variable does not change.  A kernel parameter's members are
 * what the launch gives: an integer one the -D value of its dotted name
 * (-D A.width=1024), asked for where it decides something; a pointer one
 * a global allocation of its own; a floating-point one data. */
#include "front/csrc/lower_impl.h"

#define MAX_MEMBERS 32

static val *new_record(lower *L, const csrc_struct *st, const char *name)
{
    val *r = cl_new_val(L, V_RECORD);
    r->rtype = st;
    r->rname = name;
    r->members = lds_arena_alloc(L->arena, sizeof *r->members * MAX_MEMBERS);
    return r;
}

static val *param_member(lower *L, const char *param, const csrc_field *f)
{
    const char *name = cl_fmt(L, "%s.%s", param, f->name);
    if (f->type.pointers)
        return cl_global_typed(L, name, &f->type);
    if (cl_is_float_type(L, &f->type) || f->ndims)
        return cl_v_data(L, cl_fmt(L, "the kernel parameter's member '%s'", name), f->loc);
    const csrc_define *d = cl_find_define(L, name);
    if (d)
        return cl_define_val(L, d);
    val *v = cl_v_name(L, C_UNIFORM, name);
    v->mono = true;
    v->missing = name;
    v->missing_loc = f->loc;
    return v;
}

val *cl_record_param(lower *L, const char *name, const csrc_struct *st)
{
    val *r = new_record(L, st, name);
    for (unsigned i = 0; i < st->nfields && r->nmembers < MAX_MEMBERS; i++) {
        r->members[r->nmembers].name = st->fields[i].name;
        r->members[r->nmembers++].v = param_member(L, name, &st->fields[i]);
    }
    return r;
}

val *cl_record_local(lower *L, const csrc_struct *st) { return new_record(L, st, NULL); }

const csrc_struct *cl_record_type(lower *L, const csrc_type *t)
{
    if (t->pointers || t->reference || L->o->lang == LDS_LANG_HLSL || L->o->lang == LDS_LANG_GLSL)
        return NULL;
    const char *base = cl_type_name(L, t->base);
    for (const csrc_struct *st = L->unit->structs; st && base; st = st->next)
        if (!strcmp(st->name, base) && st->nfields)
            return st;
    return NULL;
}

/* The binding of e (a name) when it holds a record, else NULL. */
static binding *record_var(lower *L, const csrc_expr *e)
{
    binding *b = e && e->kind == CE_ID ? cl_lookup(L, e->name) : NULL;
    return b && b->v->kind == V_RECORD ? b : NULL;
}

val *cl_record_member(lower *L, const csrc_expr *e)
{
    binding *b = strcmp(e->op, ".") ? NULL : record_var(L, e->a);
    if (!b)
        return NULL;
    const val *r = b->v;
    for (unsigned i = r->nmembers; i-- > 0;)   /* the newest assignment first */
        if (!strcmp(r->members[i].name, e->name))
            return r->members[i].v;
    return cl_v_data(L, cl_fmt(L, "member '%s' of '%s', not assigned", e->name, e->a->name), e->loc);
}

bool cl_record_assign(lower *L, const csrc_expr *target, const char *op, val *v, lds_loc loc)
{
    if (cl_vector_element_assign(L, target, op, v, loc))   /* p[0] += 1 */
        return true;
    binding *b = target->kind == CE_MEMBER && !strcmp(target->op, ".") ? record_var(L, target->a) : NULL;
    if (!b)
        return false;
    if (cl_is_vector(b->v)) {   /* p.y = ..., p.xy += ..., p.g = ...: by component (front/csrc/lower_vector.c) */
        b->v = cl_vector_assign(L, b->v, target->name, op, v, loc);
        return true;
    }
    if (strcmp(op, "=")) {   /* A.x += k: the member's value, then the operation */
        val *old = cl_record_member(L, target);
        v = cl_is_int(old) && cl_is_int(v) ? cl_int_op(L, cl_compound_op(L, op), old, v) : cl_data_of(L, old, v, loc);
    }
    const val *r = b->v;
    val *n = new_record(L, r->rtype, r->rname);
    for (unsigned i = 0; i < r->nmembers; i++)
        if (strcmp(r->members[i].name, target->name))
            n->members[n->nmembers++] = r->members[i];
    if (n->nmembers < MAX_MEMBERS) {
        n->members[n->nmembers].name = target->name;
        n->members[n->nmembers++].v = v;
    }
    b->v = n;
    return true;
}
