/* front/csrc/lower_vector.c - small integer vectors held in variables
 * (front/csrc/lower_impl.h), as HLSL, GLSL and CUDA index code writes them:
 * uint2 XY = DTid.yx - GTid.yx + GTid.xy; ... Data[XY.y * H + XY.x].
 *
 * A vector is a record (V_RECORD, no struct type) whose members are its
 * components x y z w, each an integer followed as any other.  Swizzles
 * (DTid.yx) make new vectors, arithmetic is component-wise (a scalar
 * operand applies to every component, as in the languages), and a thread
 * id object (SV_DispatchThreadID, gl_LocalInvocationID) is the vector of
 * its members.  A floating-point vector is data, as a float is. */
#include "front/csrc/lower_impl.h"

#define MAX_LANES 4

static const char *const names[MAX_LANES] = { "x", "y", "z", "w" };

/* The index of component c: xyzw, or GLSL's rgba. */
static int component_index(char c)
{
    const char *xyzw = "xyzw", *rgba = "rgba";
    const char *p = strchr(xyzw, c);
    if (c && p)
        return (int)(p - xyzw);
    p = strchr(rgba, c);
    return c && p ? (int)(p - rgba) : -1;
}

static val *new_vector(lower *L)
{
    val *v = cl_new_val(L, V_RECORD);
    v->members = lds_arena_alloc(L->arena, sizeof *v->members * MAX_LANES);
    return v;
}

static void append(val *v, val *c)
{
    if (v->nmembers < MAX_LANES) {
        v->members[v->nmembers].name = names[v->nmembers];
        v->members[v->nmembers++].v = c;
    }
}

/* Component i of v set to c (the components before it, if unset, stay
 * unset: uint2 p; p.y = 1). */
static void append_at(val *v, unsigned i, val *c)
{
    for (unsigned k = 0; k < v->nmembers; k++)
        if (!strcmp(v->members[k].name, names[i])) {
            v->members[k].v = c;
            return;
        }
    if (v->nmembers < MAX_LANES) {
        v->members[v->nmembers].name = names[i];
        v->members[v->nmembers++].v = c;
    }
}

bool cl_is_vector(const val *v) { return v && v->kind == V_RECORD && !v->rtype; }

/* Component i of a vector or of a thread-id object, or NULL. */
static val *component(lower *L, const val *v, unsigned i)
{
    if (v->kind == V_OBJ && v->objname)
        return i < 3 ? cl_builtin_member(L, v->objname, names[i]) : NULL;
    if (!cl_is_vector(v))
        return NULL;
    for (unsigned k = v->nmembers; k-- > 0;)   /* the newest assignment first */
        if (!strcmp(v->members[k].name, names[i]))
            return v->members[k].v;
    return NULL;
}

/* How many components v has: up to its last one assigned, 3 for a
 * thread-id object, 0 for anything else. */
static unsigned lanes_of(lower *L, const val *v)
{
    if (v->kind == V_OBJ && v->objname)
        return cl_builtin_member(L, v->objname, "x") ? 3 : 0;
    unsigned n = 0;
    for (unsigned k = 0; cl_is_vector(v) && k < v->nmembers; k++) {
        int i = component_index(v->members[k].name[0]);
        n = i >= 0 && (unsigned)i + 1 > n ? (unsigned)i + 1 : n;
    }
    return n;
}

bool cl_is_vector_like(lower *L, const val *v) { return v && lanes_of(L, v) > 0; }

/* The components swizzle m names, in order, into idx: x y z w (or GLSL's
 * r g b a, never mixed), OpenCL C's s0..s3 (sN written as digits after
 * one s) and lo hi even odd, which depend on lanes, the vector's size.
 * Their count, or 0 if m is no swizzle of at most MAX_LANES components. */
static unsigned decode(const char *m, unsigned lanes, unsigned *idx)
{
    size_t n = strlen(m);
    unsigned half = (lanes == 3 ? 4 : lanes) / 2, k = 0;
    if (!strcmp(m, "lo") || !strcmp(m, "hi") || !strcmp(m, "even") || !strcmp(m, "odd")) {
        for (unsigned i = 0; i < half; i++)
            idx[k++] = !strcmp(m, "lo") ? i : !strcmp(m, "hi") ? half + i : 2 * i + (m[0] == 'o');
        return k;
    }
    if ((m[0] == 's' || m[0] == 'S') && n >= 2 && n <= MAX_LANES + 1) {
        for (size_t i = 1; i < n; i++) {
            if (m[i] < '0' || m[i] >= '0' + MAX_LANES)
                return 0;
            idx[k++] = (unsigned)(m[i] - '0');
        }
        return k;
    }
    if (n < 1 || n > MAX_LANES)
        return 0;
    for (size_t i = 0; i < n; i++) {
        int c = component_index(m[i]);
        if (c < 0 || (strchr("xyzw", m[i]) != NULL) != (strchr("xyzw", m[0]) != NULL))
            return 0;   /* xy or rg, never xg */
        idx[k++] = (unsigned)c;
    }
    return k;
}

bool cl_is_swizzle(const char *m)
{
    unsigned idx[MAX_LANES];
    return decode(m, MAX_LANES, idx) > 0;
}

val *cl_vector_swizzle(lower *L, const val *v, const char *m, lds_loc loc)
{
    unsigned idx[MAX_LANES], n = decode(m, lanes_of(L, v), idx);
    if (!n)
        return cl_v_data(L, cl_fmt(L, "'.%s' of a vector of %u components", m, lanes_of(L, v)), loc);
    val *r = new_vector(L);
    for (unsigned i = 0; i < n; i++) {
        val *c = component(L, v, idx[i]);
        if (!c)
            return cl_v_data(L, cl_fmt(L, "component %u of a vector, not assigned, in '.%s'", idx[i], m), loc);
        if (n == 1)   /* one component (int2's .lo too): a scalar */
            return c;
        append(r, c);
    }
    return r;
}

val *cl_vector_binary(lower *L, const char *op, const val *a, const val *b, lds_loc loc)
{
    unsigned na = lanes_of(L, a), nb = lanes_of(L, b);
    if (na && nb && na != nb)
        return cl_v_data(L, cl_fmt(L, "'%s' of vectors of %u and %u components", op, na, nb), loc);
    unsigned n = na ? na : nb;
    val *r = new_vector(L);
    for (unsigned i = 0; i < n; i++) {
        val *x = na ? component(L, a, i) : (val *)a, *y = nb ? component(L, b, i) : (val *)b;
        if (!x || !y)
            return cl_v_data(L, cl_fmt(L, "a component of a vector not assigned, in '%s'", op), loc);
        append(r, cl_is_int(x) && cl_is_int(y) ? cl_int_op(L, op, x, y) : cl_data_of(L, x, y, loc));
    }
    return r;
}

val *cl_vector_cond(lower *L, const val *c, const val *a, const val *b, lds_loc loc)
{
    unsigned na = lanes_of(L, a), nb = lanes_of(L, b);
    if (na && nb && na != nb)
        return cl_v_data(L, cl_fmt(L, "'?:' of vectors of %u and %u components", na, nb), loc);
    val *r = new_vector(L);
    for (unsigned i = 0; i < (na ? na : nb); i++) {
        val *x = na ? component(L, a, i) : (val *)a, *y = nb ? component(L, b, i) : (val *)b;
        if (!x || !y)
            return cl_v_data(L, "a component of a vector not assigned, in '?:'", loc);
        append(r, cl_is_int(x) && cl_is_int(y) ? cl_int_cond(L, c, x, y) : cl_data_of(L, x, y, loc));
    }
    return r;
}

val *cl_vector_unary(lower *L, const char *op, const val *a, lds_loc loc)
{
    val *r = new_vector(L);
    for (unsigned i = 0; i < lanes_of(L, a); i++) {
        val *x = component(L, a, i);
        if (!x)
            return cl_v_data(L, cl_fmt(L, "a component of a vector not assigned, in '%s'", op), loc);
        append(r, cl_is_int(x) ? cl_int_unary(L, op, x) : cl_data_of(L, x, NULL, loc));
    }
    return r;
}

val *cl_vector_assign(lower *L, const val *vec, const char *m, const char *op, val *v, lds_loc loc)
{
    unsigned idx[MAX_LANES], n = decode(m, lanes_of(L, vec), idx);
    unsigned nv = lanes_of(L, v);
    if (!n || (nv && nv != n))
        return cl_v_data(L, cl_fmt(L, "a vector assigned through '.%s'", m), loc);
    val *r = new_vector(L);
    for (unsigned i = 0; i < MAX_LANES; i++) {   /* the components as they were */
        val *c = component(L, vec, i);
        if (c)
            append_at(r, i, c);
    }
    for (unsigned k = 0; k < n; k++) {
        val *x = nv ? component(L, v, k) : v;
        if (strcmp(op, "=")) {   /* p.x += k: the component's value, then the operation */
            val *old = component(L, r, idx[k]);
            x = old && x && cl_is_int(old) && cl_is_int(x) ? cl_int_op(L, cl_compound_op(L, op), old, x)
                                                           : cl_v_data(L, cl_fmt(L, "'.%s %s'", m, op), loc);
        }
        if (!x)
            return cl_v_data(L, cl_fmt(L, "a component of a vector not assigned, in '.%s'", m), loc);
        append_at(r, idx[k], x);
    }
    return r;
}

/* The constant index k of a vector's element, when idx is one within
 * the vector's components. */
static bool element_index(lower *L, const val *vec, const val *idx, unsigned *k)
{
    if (!idx || !cl_is_int(idx) || idx->cls != C_CONST || idx->k < 0 || idx->k >= (int64_t)lanes_of(L, vec))
        return false;
    *k = (unsigned)idx->k;
    return true;
}

val *cl_vector_element(lower *L, const val *vec, const val *idx, lds_loc loc)
{
    unsigned k;
    if (!element_index(L, vec, idx, &k))
        return cl_v_data(L, cl_is_int(idx) && idx->cls == C_CONST
                                ? cl_fmt(L, "element %lld of a vector of %u components", (long long)idx->k, lanes_of(L, vec))
                                : "an element of a vector at an index that is not a constant",
                         loc);
    val *c = component(L, vec, k);
    return c ? c : cl_v_data(L, cl_fmt(L, "component %u of a vector, not assigned", k), loc);
}

bool cl_vector_element_assign(lower *L, const csrc_expr *target, const char *op, val *x, lds_loc loc)
{
    binding *b = target->kind == CE_INDEX && target->a->kind == CE_ID ? cl_lookup(L, target->a->name) : NULL;
    if (!b || !cl_is_vector(b->v) || !cl_reads_nothing(L, target->b))
        return false;   /* an index that reads memory makes its accesses on the general path */
    val *idx = cl_expr(L, target->b);
    unsigned k;
    if (!idx)
        return false;
    b->v = element_index(L, b->v, idx, &k)
               ? cl_vector_assign(L, b->v, names[k], op, x, loc)
               : cl_v_data(L, cl_fmt(L, "the vector '%s' after an element was assigned", target->a->name), loc);
    return true;
}

void cl_vector_forget(lower *L, const csrc_expr *target, lds_loc loc)
{
    while (target->kind == CE_INDEX)
        target = target->a;
    binding *b = target->kind == CE_ID ? cl_lookup(L, target->name) : NULL;
    if (b && cl_is_vector(b->v))   /* v[i] = x: which component changed is not followed */
        b->v = cl_v_data(L, cl_fmt(L, "the vector '%s' after an element was assigned", target->name), loc);
}

val *cl_vector_declared(lower *L, const csrc_type *t, val *v, lds_loc loc)
{
    unsigned bytes, lanes;
    bool fl;
    if (!cl_type_shape(L, t->base, &bytes, &lanes, &fl) || t->pointers || (!cl_is_vector_like(L, v) && lanes < 2))
        return v;
    if (v->kind == V_DATA)   /* a value loaded from memory says so itself */
        return v;
    if (v->kind == V_INT && v->missing && lanes > 1)   /* a name given at launch: never spread it */
        return cl_v_data(L, cl_fmt(L, "'%s', which may be a vector", v->missing), loc);
    if (fl)
        return cl_v_data(L, cl_fmt(L, "a floating-point vector ('%s')", t->base), loc);
    if (lanes == 1)   /* uint x = XY: its first component */
        return cl_vector_swizzle(L, v, "x", loc);
    val *r = new_vector(L);
    for (unsigned i = 0; i < lanes && lanes <= MAX_LANES; i++) {
        val *c = cl_is_vector_like(L, v) ? (i < lanes_of(L, v) ? component(L, v, i) : NULL) : v;   /* uint2 p = 0 */
        if (!c)
            return cl_v_data(L, cl_fmt(L, "a '%s' made of %u components", t->base, lanes_of(L, v)), loc);
        append(r, c);
    }
    return r;
}

val *cl_vector_empty(lower *L, const csrc_type *t)
{
    unsigned bytes, lanes;
    bool fl;
    if (!cl_type_shape(L, t->base, &bytes, &lanes, &fl) || t->pointers || fl || lanes < 2)
        return NULL;
    return new_vector(L);
}

/* The vector of type type (lanes components) made of the values of
 * args (a vector argument gives all its components; one scalar is every
 * component). */
static val *from_components(lower *L, const char *type, unsigned lanes, bool fl, const csrc_expr *const *args,
                            unsigned nargs, lds_loc loc)
{
    val *r = new_vector(L);
    unsigned given = 0;
    for (unsigned i = 0; i < nargs; i++) {   /* uint3(XY, 0) */
        val *a = cl_expr(L, args[i]);
        if (!a)
            return NULL;
        unsigned n = lanes_of(L, a);
        for (unsigned k = 0; k < (n ? n : 1); k++, given++)
            append(r, n ? component(L, a, k) : a);
    }
    if (fl)
        return cl_v_data(L, cl_fmt(L, "a floating-point vector ('%s')", type), loc);
    if (given == 1)   /* uint2(5): every component */
        for (unsigned i = 1; i < lanes; i++)
            append(r, r->members[0].v);
    else if (given != lanes)
        return cl_v_data(L, cl_fmt(L, "a '%s' given %u components", type, given), loc);
    return r;
}

val *cl_vector_construct(lower *L, const csrc_expr *e, bool *handled)
{
    const char *name = e->name;
    *handled = false;
    if (!name)
        return NULL;
    const char *type = !strncmp(name, "make_", 5) ? name + 5 : name;   /* CUDA's make_int2(a, b) */
    unsigned bytes, lanes;
    bool fl;
    if (!cl_type_shape(L, type, &bytes, &lanes, &fl) || lanes < 2 || lanes > MAX_LANES || !e->nargs)
        return NULL;
    *handled = true;
    return from_components(L, type, lanes, fl, (const csrc_expr *const *)e->args, e->nargs, e->loc);
}

val *cl_vector_literal(lower *L, const csrc_type *t, const csrc_expr *e, lds_loc loc)
{
    unsigned bytes, lanes;
    bool fl;
    if (t->pointers || !cl_type_shape(L, t->base, &bytes, &lanes, &fl) || lanes < 2 || lanes > MAX_LANES)
        return NULL;
    const csrc_expr *parts[2 * MAX_LANES];
    unsigned n = 0;
    const csrc_expr *rest = e;
    if (e->kind == CE_INIT) {
        for (unsigned i = 0; i < e->nargs && n < 2 * MAX_LANES; i++)
            parts[n++] = e->args[i];
    } else {   /* (a, b), c: the comma operator nests to the left */
        while (rest->kind == CE_COMMA && n < 2 * MAX_LANES) {
            parts[n++] = rest->b;
            rest = rest->a;
        }
        parts[n++] = rest;
        for (unsigned i = 0; i < n / 2; i++) {
            const csrc_expr *x = parts[i];
            parts[i] = parts[n - 1 - i];
            parts[n - 1 - i] = x;
        }
    }
    return from_components(L, t->base, lanes, fl, parts, n, loc);
}

val *cl_vector_param(lower *L, const char *name, const csrc_type *t, lds_loc loc)
{
    unsigned bytes, lanes;
    bool fl;
    if (t->pointers || !cl_type_shape(L, t->base, &bytes, &lanes, &fl) || lanes < 2 || lanes > MAX_LANES)
        return NULL;
    if (fl)
        return cl_v_data(L, cl_fmt(L, "the floating-point vector '%s'", name), loc);
    val *r = new_vector(L);
    for (unsigned i = 0; i < lanes; i++) {   /* -D offset.y=4, as a struct parameter's members */
        const char *c = cl_fmt(L, "%s.%s", name, names[i]);
        const csrc_define *d = cl_find_define(L, c);
        val *v = d ? cl_define_val(L, d) : cl_v_name(L, C_UNIFORM, c);
        if (!d) {
            v->mono = true;
            v->missing = c;
            v->missing_loc = loc;
        }
        append(r, v);
    }
    return r;
}

/* GLSL's relational functions of vectors (lessThan(a, b): a vector of
 * a < b, component by component; not(v)) and any(v), all(v) of a
 * vector, GLSL's and HLSL's: the || or && of its components, a constant
 * where they are.  *handled false for any other call. */
val *cl_vector_logic(lower *L, const csrc_expr *e, bool *handled)
{
    static const char *const rel[][2] = { { "lessThan", "<" },         { "lessThanEqual", "<=" },
                                          { "greaterThan", ">" },      { "greaterThanEqual", ">=" },
                                          { "equal", "==" },           { "notEqual", "!=" } };
    const char *name = e->name, *op = NULL;
    for (unsigned i = 0; name && i < sizeof rel / sizeof rel[0]; i++)
        if (!strcmp(name, rel[i][0]))
            op = rel[i][1];
    bool any = name && !strcmp(name, "any"), all = name && !strcmp(name, "all"), not = name && !strcmp(name, "not");
    *handled = (op && e->nargs == 2) || ((any || all || not) && e->nargs == 1);
    if (!*handled)
        return NULL;
    val *a = cl_expr(L, e->args[0]), *b = a && op ? cl_expr(L, e->args[1]) : NULL;
    if (!a || (op && !b))
        return NULL;
    if (!lanes_of(L, a) || (op && !lanes_of(L, b)))   /* a scalar's any() is the scalar; else not followed */
        return (any || all) && cl_is_int(a) ? cl_int_op(L, "!=", a, cl_v_const(L, 0))
                                            : cl_v_data(L, cl_fmt(L, "the result of '%s'", name), e->loc);
    if (op)
        return cl_vector_binary(L, op, a, b, e->loc);
    if (not)
        return cl_vector_unary(L, "!", a, e->loc);
    val *r = NULL;
    for (unsigned i = 0; i < lanes_of(L, a); i++) {
        val *c = component(L, a, i);
        if (!c || !cl_is_int(c))
            return cl_v_data(L, cl_fmt(L, "the result of '%s' of a vector lds-calc does not follow", name), e->loc);
        c = cl_int_op(L, "!=", c, cl_v_const(L, 0));
        r = r ? cl_int_op(L, any ? "||" : "&&", r, c) : c;
    }
    return r;
}
