/* front/csrc/lower_struct.c - members of shared and global elements
 * (front/csrc/lower_impl.h): a vector's components (s[i].y, s[i].xy, in[i].w)
 * and the members of structs (s[i].x, p[i].pos.y, q->mass).
 *
 * A struct is laid out as the C++ ABI of CUDA and HIP lays it out: each
 * member at the next multiple of its alignment (a scalar's size; a 2- or
 * 4-lane vector's size, a 3-lane one its scalar's; a pointer 8), the
 * struct as aligned as its most aligned member or its __align__(N), its
 * size a multiple of that.  The array becomes bytes (u8, the struct's
 * size its last dimension), and s[i].y an access as wide as the member
 * at its offset.  A whole struct copied at once is not followed: which
 * instructions the compiler picks for it is not known.  A member array, a
 * bit-field, a union or a base class leave the struct not laid out (HLSL
 * and GLSL lay out shared structs their own ways: not laid out either).
 * An HLSL StructuredBuffer's element struct is laid out as DXC packs it
 * (cl_struct_structured). */
#include "front/csrc/lower_impl.h"

#define MAX_NESTING 8

static const csrc_struct *find_struct(const lower *L, const char *name)
{
    for (const csrc_struct *st = L->unit->structs; st && name; st = st->next)
        if (!strcmp(st->name, name))
            return st;
    return NULL;
}

static bool struct_shape(lower *L, const csrc_struct *st, int64_t *size, int64_t *align, unsigned depth);

/* A member's size and alignment; *inner: its struct type, *scalar: its
 * vector's scalar bytes (0: not a vector). */
static bool member_shape(lower *L, const csrc_field *f, int64_t *size, int64_t *align, const csrc_struct **inner,
                         unsigned *scalar, unsigned depth)
{
    unsigned bytes, lanes;
    bool fl;
    *inner = NULL;
    *scalar = 0;
    if (f->ndims)
        return false;   /* a member array: not followed */
    if (f->type.pointers) {
        *size = *align = 8;
        return true;
    }
    if (csrc_type_shape(f->type.base, &bytes, &lanes, &fl)) {
        if (L->o->lang == LDS_LANG_HLSL) {   /* a structured buffer's: packed, 4-byte scalars only */
            *size = (int64_t)bytes * lanes;
            *align = bytes;
            *scalar = lanes > 1 ? bytes : 0;
            return bytes == 4;
        }
        if (lanes == 3 && L->o->lang != LDS_LANG_CUDA)
            return false;   /* HIP's 3-lane vectors: their alignment is not CUDA's */
        *size = (int64_t)bytes * lanes;
        *align = lanes == 3 ? bytes : *size;
        *scalar = lanes > 1 ? bytes : 0;
        return true;
    }
    *inner = find_struct(L, f->type.base);
    return *inner && struct_shape(L, *inner, size, align, depth + 1);
}

static bool struct_shape(lower *L, const csrc_struct *st, int64_t *size, int64_t *align, unsigned depth)
{
    if (st->opaque || !st->nfields || depth > MAX_NESTING)
        return false;
    int64_t at = 0, most = st->align > 0 && !(st->align & (st->align - 1)) ? st->align : 1;
    for (unsigned i = 0; i < st->nfields; i++) {
        int64_t s, a;
        const csrc_struct *inner;
        unsigned scalar;
        if (!member_shape(L, &st->fields[i], &s, &a, &inner, &scalar, depth))
            return false;
        at = (at + a - 1) / a * a + s;
        most = a > most ? a : most;
    }
    *size = (at + most - 1) / most * most;
    *align = most;
    return true;
}

/* The struct named type, where lds-calc lays it out (its size in *size),
 * else NULL. */
const csrc_struct *cl_struct_laid_out(lower *L, const char *type, unsigned *size)
{
    const csrc_struct *st = find_struct(L, cl_type_name(L, type));
    int64_t s, a;
    if (!st || (L->o->lang != LDS_LANG_CUDA && L->o->lang != LDS_LANG_HIP) || !struct_shape(L, st, &s, &a, 0)
        || s > 4096)
        return NULL;
    *size = (unsigned)s;
    return st;
}

/* An HLSL StructuredBuffer's element struct, where lds-calc lays it out:
 * DXC packs its members one after the other, each at a multiple of its
 * scalar's size (struct { float3 p; float4 c; } is 28 bytes); only
 * members of 4-byte scalars (float, int, uint, their vectors, structs of
 * them) are laid out here.  NULL (and the element's size unknown, said
 * where it is accessed) for any other. */
const csrc_struct *cl_struct_structured(lower *L, const char *type, unsigned *size)
{
    const csrc_struct *st = find_struct(L, cl_type_name(L, type));
    int64_t s, a;
    if (!st || L->o->lang != LDS_LANG_HLSL || !struct_shape(L, st, &s, &a, 0) || s > 4096)
        return NULL;
    *size = (unsigned)s;
    return st;
}

const struct csrc_func *cl_functor_call(lower *L, const char *name)
{
    const csrc_struct *st = name ? find_struct(L, cl_type_name(L, name)) : NULL;
    return st ? st->call_op : NULL;
}

bool cl_struct_declared(const lower *L, const char *name) { return find_struct(L, name) != NULL; }

bool cl_struct_of_words(lower *L, const csrc_struct *st, unsigned *size)
{
    int64_t s, a;
    if (!struct_shape(L, st, &s, &a, 0) || a != 4)
        return false;
    *size = (unsigned)s;
    return true;
}

const csrc_struct *cl_struct_of(const val *s) { return s->kind == V_SHARED ? s->stype : NULL; }

/* Member `name` of st: its offset and size, its struct type and its
 * vector's scalar bytes; false where st has no such member. */
static bool member_place(lower *L, const csrc_struct *st, const char *name, int64_t *at, int64_t *size,
                         const csrc_struct **inner, unsigned *scalar)
{
    *at = 0;
    for (unsigned i = 0; i < st->nfields; i++) {   /* the members before it place it */
        int64_t al;
        if (!member_shape(L, &st->fields[i], size, &al, inner, scalar, 0))
            return false;
        *at = (*at + al - 1) / al * al;
        if (!strcmp(st->fields[i].name, name))
            return true;
        *at += *size;
    }
    return false;
}

/* A vector's components m (x, yz, rgba): the first and how many; false
 * for anything else (a swizzle out of order is several accesses). */
static bool components(const char *m, unsigned *first, unsigned *n)
{
    const char *comps = "xyzw", *rgba = "rgba";
    const char *p0 = strchr(comps, m[0]) ? comps : strchr(rgba, m[0]) ? rgba : NULL;
    if (!m[0] || !p0 || strlen(m) > 4)
        return false;
    *first = (unsigned)(strchr(p0, m[0]) - p0);
    *n = (unsigned)strlen(m);
    for (unsigned k = 1; k < *n; k++)
        if (!strchr(p0, m[k]) || (unsigned)(strchr(p0, m[k]) - p0) != *first + k)
            return false;
    return *first + *n <= 4;
}

/* g[i].name, g->name where g points to global elements of a struct
 * lds-calc lays out, or g[i].y of vector elements: an access as wide as
 * the member at its offset.  False where it is neither. */
static bool global_member(lower *L, const csrc_expr *e, const val *g, lvalue *lv)
{
    int64_t at, size;
    const csrc_struct *inner = NULL;
    unsigned scalar = 0, first, n;
    if (g->gstype) {
        if (!member_place(L, g->gstype, e->name, &at, &size, &inner, &scalar))
            return false;
    } else if (g->gscalar && components(e->name, &first, &n)) {
        at = (int64_t)first * g->gscalar;
        size = (int64_t)n * g->gscalar;
    } else {
        return false;
    }
    val *q = cl_global_moved(L, g, NULL, (unsigned)size);
    q->goff = g->goff ? cl_int_op(L, "+", g->goff, cl_v_const(L, at)) : cl_v_const(L, at);
    q->gstype = inner;
    q->gscalar = scalar;
    lv->kind = LV_GLOBAL;
    lv->s = q;
    lv->bytes = (unsigned)size;
    lv->loc = e->loc;
    return true;
}

/* s.name (s->name through a pointer) where s is a struct in shared
 * memory: the member, an access as wide as it at its offset. */
static int struct_member(lower *L, const csrc_expr *e, const val *s, lvalue *lv)
{
    int64_t at, size;
    const csrc_struct *inner;
    unsigned scalar;
    if (!member_place(L, cl_struct_of(s), e->name, &at, &size, &inner, &scalar))
        return 0;   /* no such member: not followed */
    val *c = cl_new_val(L, V_SHARED);
    *c = *s;
    c->comp = s->comp + (unsigned)at;
    if (c->flat)
        c->flat = cl_int_op(L, "+", c->flat, cl_v_const(L, at));
    c->pointee = (unsigned)size;
    c->stype = inner;
    c->vscalar = scalar;
    lv->kind = LV_SHARED;
    lv->s = c;
    lv->bytes = c->pointee;
    lv->loc = e->loc;
    return 0;
}

/* e (a member expression) as an lvalue: a member of a struct in shared
 * memory, a vector's components, or a global element's member (which
 * bytes of it, not followed); anything else is not shared memory. */
int cl_member_lvalue(lower *L, const csrc_expr *e, lvalue *lv)
{
    lvalue base;
    if (!strcmp(e->op, "->")) {   /* p->x: p evaluated here, once */
        val *p = cl_expr(L, e->a);
        if (!p)
            return -1;
        if (cl_struct_of(p))
            return struct_member(L, e, p, lv);
        if (p->kind != V_GLOBAL)
            return 0;
        base = (lvalue){ .kind = LV_GLOBAL, .s = p, .bytes = p->gelem };
    } else if (cl_lvalue_of(L, e->a, &base) < 0) {
        return -1;
    }
    if (base.kind == LV_UNKNOWN) {   /* p[i].x, p pointing who knows where: the same */
        *lv = base;
        return 0;
    }
    if (base.kind == LV_GLOBAL && global_member(L, e, base.s, lv))
        return 0;
    if (base.kind == LV_GLOBAL) {   /* in[i].x, in->x of an element not laid out: which bytes, not followed */
        val *p = cl_global_moved(L, base.s, NULL, 0);
        p->gdata = cl_v_data(L, cl_fmt(L, "member '%s' of a global element", e->name), e->loc);
        lv->kind = LV_GLOBAL;
        lv->s = p;
        lv->bytes = base.bytes;
        return 0;
    }
    if (base.kind == LV_SHARED && cl_struct_of(base.s))
        return struct_member(L, e, base.s, lv);
    if (base.kind != LV_SHARED || (!base.s->vscalar && base.s->arr->lanes < 2))
        return 0;
    /* s[i].y, s[i].xy of a vector element (or of a struct's vector member) */
    unsigned size = base.s->vscalar ? base.s->vscalar : base.s->arr->scalar, first, n;
    if (!components(e->name, &first, &n))
        return 0;
    val *c = cl_new_val(L, V_SHARED);
    *c = *base.s;
    unsigned moved = first * size / base.s->arr->scalar;   /* in the array's scalars */
    c->comp = base.s->comp + moved;
    c->pointee = size * n;
    c->vscalar = 0;
    if (c->flat)
        c->flat = cl_int_op(L, "+", c->flat, cl_v_const(L, moved));
    lv->kind = LV_SHARED;
    lv->s = c;
    lv->bytes = c->pointee;
    return 0;
}

/* The value of e, a member expression: a thread id's component
 * (threadIdx.x), a shared or global element's member (read), else data. */
/* v.yx, DTid.xy, (a + b).x: a swizzle of a vector, or NULL where e is
 * something else (s[i].xy of a shared vector is an access). */
static val *vector_member(lower *L, const csrc_expr *e)
{
    if (strcmp(e->op, ".") || !cl_is_swizzle(e->name))
        return NULL;
    const csrc_expr *x = e->a;
    val *v = NULL;
    if (x->kind == CE_ID) {   /* one letter of no vector variable (threadIdx.x): a member, below */
        binding *b = cl_lookup(L, x->name);
        if (b && b->v->kind == V_DATA && !b->v->pointer_name)   /* float2 g = ...; g.x: data, saying why */
            return b->v;
        if (strlen(e->name) > 1 || (b && cl_is_vector(b->v)))
            v = b ? b->v : cl_free_name(L, x->name, x->loc);
    } else if (x->kind == CE_BINARY || x->kind == CE_CALL || x->kind == CE_CAST
               || (x->kind == CE_MEMBER && cl_is_swizzle(x->name) && strlen(x->name) > 1)) {
        if (!(v = cl_expr(L, x)))
            return NULL;
        if (!cl_is_vector_like(L, v))   /* data says why itself */
            return v->kind == V_DATA ? v : cl_v_data(L, cl_fmt(L, "member '%s' of what is no vector", e->name), e->loc);
    }
    return v && cl_is_vector_like(L, v) ? cl_vector_swizzle(L, v, e->name, e->loc) : NULL;
}

val *cl_member_rvalue(lower *L, const csrc_expr *e)
{
    val *m = vector_member(L, e);
    if (m || cl_failed(L))
        return m;
    m = cl_record_member(L, e);   /* A.stride of a struct held by value */
    if (m)
        return m;
    if (e->a->kind == CE_ID) {   /* threadIdx.x, or a parameter such as an SV_ vector */
        binding *b = cl_lookup(L, e->a->name);
        val *v = !b ? cl_builtin_member(L, e->a->name, e->name)
               : b->v->kind == V_OBJ && b->v->objname ? cl_builtin_member(L, b->v->objname, e->name) : NULL;
        if (v)
            return v;
        /* ubo.n of a GLSL uniform block, g_param.y of an HLSL cbuffer's
         * vector: a value set at launch that -D ubo.n=... gives (a name
         * nothing in the file declares is no memory lds-calc knows) */
        if (!b && !cl_find_array(L, e->a->name))
            return cl_free_name(L, cl_fmt(L, "%s.%s", e->a->name, e->name), e->loc);
    }
    lvalue lv;   /* s[i].y: one component of a shared vector */
    if (cl_lvalue_of(L, e, &lv) < 0)
        return NULL;
    if (lv.kind == LV_SHARED)
        return cl_shared_rvalue(L, lv.s, e->loc);
    if (lv.kind == LV_UNKNOWN) {   /* reported skipped, never lost */
        cl_emit_unknown_target(L, 0, lv.s, e->loc);
        return cl_v_data(L, lv.s->why ? lv.s->why : "a value loaded through a pointer lds-calc does not follow", e->loc);
    }
    if (lv.kind == LV_GLOBAL) {   /* in[i].x: a global read (skipped, said, where not laid out) */
        if (cl_emit_global(L, 0, lv.s, lv.bytes, e->loc) < 0)
            return NULL;
        return cl_v_data(L, cl_fmt(L, "a value loaded from '%s'", lv.s->gname ? lv.s->gname : "global memory"),
                         e->loc);
    }
    if (strcmp(e->op, "->") && e->a->kind != CE_ID && e->a->kind != CE_INDEX && !cl_expr(L, e->a))
        return NULL;   /* f().x: the call runs (f()->x ran as the lvalue was worked out) */
    return cl_v_data(L, cl_fmt(L, "member '%s', which lds-calc does not follow", e->name), e->loc);
}
