/* front/csrc/lower_types.c - template parameters (front/csrc/lower_impl.h): what
 * each of a kernel's or an inlined function's template parameters is
 * bound to, and the types written with a type parameter (T *p, __shared__
 * T s[256], (T *)smem, sizeof(T)) read as the type it stands for.
 *
 * A type parameter is a binding of its own in the environment, so that
 * it is scoped as the values are: a function inlined sees its own T, not
 * its caller's.  Where nothing gives it, it stays unknown and every type
 * written with it is one lds-calc does not lay out, which the messages
 * say with the -D that would give it.
 *
 * sizeof is worked out for a type and for a shared array, a row or an
 * element of one (sizeof(tile) / sizeof(tile[0])); a variable's type is
 * not kept, so sizeof of one is data.
 *
 * A variable of a narrow integer type (bool, char, short and their
 * unsigned kin, 8 and 16 bits; not HLSL's min16 types, whose width the
 * driver picks) keeps the value C's conversion gives it: unsigned char
 * c = tid * 16 wraps at 256.  An unsigned 32-bit
 * variable's constant values wrap too (unsigned u = -1 is 4294967295);
 * its per-lane values are followed as integers (a lane's index that goes
 * below zero is out of range where the hardware would wrap it). */
#include "front/csrc/lower_impl.h"

static void bind_type(lower *L, const char *name, const char *ctype)
{
    cl_bind(L, name, cl_v_void(L), false);
    L->env[L->nenv - 1].is_type = true;
    L->env[L->nenv - 1].ctype = ctype;
}

const csrc_define *cl_find_type_define(const lower *L, const char *name)
{
    for (unsigned i = 0; i < L->o->ndefines; i++)
        if (L->o->defines[i].type && !strcmp(L->o->defines[i].name, name)) {
            L->o->defines[i].used = true;
            return &L->o->defines[i];
        }
    return NULL;
}

/* Whether name is one of C's own type words (int, unsigned int, float ...),
 * which no template parameter or header can stand for. */
static bool c_type_word(const char *name)
{
    static const char *const words[] = { "int", "float", "double", "char", "short", "long", "bool", "void",
                                         "unsigned", "signed", NULL };
    for (int i = 0; words[i]; i++) {
        size_t n = strlen(words[i]);
        if (!strncmp(name, words[i], n) && (name[n] == '\0' || name[n] == ' '))
            return true;
    }
    return false;
}

const char *cl_type_name(lower *L, const char *base)
{
    if (base && c_type_word(base))   /* (no binding to look for: a kernel with 20,000 locals) */
        return base;
    const binding *b = base ? cl_lookup(L, base) : NULL;
    if (b)
        return b->is_type && b->ctype ? b->ctype : base;
    /* a name no binding has: a type a header declares (typedef float
     * floatX;), which -D floatX=float gives */
    const csrc_define *d = base ? cl_find_type_define(L, base) : NULL;
    return d ? d->type : base;
}

const csrc_type *cl_resolved_type(lower *L, const csrc_type *t)
{
    const char *name = t && t->base ? cl_type_name(L, t->base) : NULL;
    if (!name || name == t->base)
        return t;
    csrc_type *r = lds_arena_alloc(L->arena, sizeof *r);
    *r = *t;
    r->base = name;
    r->targs = NULL;
    return r;
}

bool cl_type_shape(lower *L, const char *base, unsigned *bytes, unsigned *lanes, bool *is_float)
{
    return base && csrc_type_shape(cl_type_name(L, base), bytes, lanes, is_float);
}

/* How many lanes a header's type says it has in its name: a part of it
 * that ends in a letter and 2, 3 or 4 (vec4<T>::Type, Vec3), else 0. */
static unsigned lanes_in_name(const char *name)
{
    unsigned lanes = 0;
    for (const char *p = name; *p; p++) {
        bool part_end = p[1] == '\0' || p[1] == ':' || p[1] == '<';
        if (part_end && *p >= '2' && *p <= '4' && p > name
            && ((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z')))
            lanes = (unsigned)(*p - '0');
    }
    return lanes;
}

/* The floating-point type a type parameter of the kernel (or of the
 * calls inlined here) is bound to, the innermost first: the scalar a
 * header's vector type is likely made of (vec4<T>::Type with T = double:
 * double4); "float" where none is. */
static const char *bound_scalar(const lower *L)
{
    for (unsigned i = L->nenv; i-- > 0;)
        if (L->env[i].is_type && L->env[i].ctype
            && (!strcmp(L->env[i].ctype, "float") || !strcmp(L->env[i].ctype, "double")))
            return L->env[i].ctype;
    return "float";
}

/* The hint for a type a header declares: a -D that gives it, never one
 * of the wrong width (its size is the width of every access through it,
 * so -D vec4::Type=float would make float4 reads 32-bit): a vector where
 * its name counts lanes, else the type it stands for, with float as an
 * example only. */
static const char *header_type_hint(lower *L, const char *base)
{
    unsigned lanes = lanes_in_name(base);
    if (lanes)
        return cl_fmt(L, " (if '%s' is a type a header declares, -D %s=%s%u gives it where it is %u %ss: its size "
                         "is the width of the accesses through it)",
                      base, base, bound_scalar(L), lanes, lanes, bound_scalar(L));
    return cl_fmt(L, " (if '%s' is a type a header declares, -D %s=TYPE gives it: the type it stands for, float or "
                     "another, whose size is the width of the accesses through it)",
                  base, base);
}

const char *cl_unknown_type_hint(lower *L, const char *base)
{
    const binding *b = base ? cl_lookup(L, base) : NULL;
    unsigned bytes, lanes;
    bool fl;
    bool c_family = L->o->lang == LDS_LANG_CUDA || L->o->lang == LDS_LANG_HIP || L->o->lang == LDS_LANG_OPENCL;
    if (!b && base && c_family && cl_type_name(L, base) == base && !csrc_type_shape(base, &bytes, &lanes, &fl)
        && !cl_struct_declared(L, base))
        return header_type_hint(L, base);
    if (!b || !b->is_type || b->ctype)
        return "";
    return cl_fmt(L, " ('%s' is a template parameter nothing gives: -D %s=float, or a launch in the file, "
                     "kernel<float><<<...>>>, gives it)",
                  base, base);
}

/* The C type of what a pointer argument points to, for a parameter T *p
 * whose T the call does not give: a global pointer's element type as
 * declared (in the caller's scope), a shared array's element type when
 * the pointer points to whole elements. */
static const char *pointee_type(lower *L, const val *a)
{
    if (a && a->kind == V_GLOBAL && a->gtype && a->gelem) {
        const binding *b = cl_lookup(L, a->gtype);
        return b && b->is_type ? b->ctype : a->gtype;
    }
    if (!a || a->kind != V_SHARED || a->stype)
        return NULL;
    const char *t = a->ptype ? a->ptype : a->arr->ctype;   /* (float *)smem: float */
    unsigned bytes, lanes;
    bool fl;
    unsigned moved = a->pointee ? a->pointee : a->arr->scalar * a->arr->lanes;
    /* a name that does not match what the pointer moves (a member's
     * address, a row) is not the pointee's */
    return t && csrc_type_shape(t, &bytes, &lanes, &fl) && bytes * lanes == moved ? t : NULL;
}

/* Type parameter i of f: the call's argument (a name in the caller's
 * scope), what a pointer argument deduces, -D, the launch, the default. */
static const char *type_param(lower *L, const csrc_func *f, unsigned i, const csrc_expr *call, val *const *args)
{
    if (call && i < call->ntargs && call->targ_texts && call->targ_texts[i]) {
        const binding *b = cl_lookup(L, call->targ_texts[i]);
        if (b)   /* the caller's T: what it stands for, if known */
            return b->is_type ? b->ctype : call->targ_texts[i];
        return cl_type_name(L, call->targ_texts[i]);   /* a header's type: what -D gives */
    }
    for (unsigned k = 0; call && args && k < call->nargs && k < f->nparams; k++)
        if (f->params[k].type.pointers == 1 && f->params[k].type.base && !strcmp(f->params[k].type.base, f->tparams[i])) {
            const char *t = pointee_type(L, args[k]);
            if (t)
                return t;
        }
    const csrc_define *d = cl_find_type_define(L, f->tparams[i]);
    if (d)
        return d->type;
    if (f == L->kernel && L->launch && L->launch->targ[i].type)
        return L->launch->targ[i].type;
    return f->tdefaults[i].type;
}

int cl_bind_template_args(lower *L, const csrc_func *f, const csrc_expr *call, val *const *args, bool for_dims)
{
    val *values[LDS_MAX_PARAMS];
    const char *types[LDS_MAX_PARAMS];
    /* the arguments written worked out in the caller's scope before any
     * is bound: the caller's N and the callee's N are different names */
    for (unsigned i = 0; i < f->ntparams && i < LDS_MAX_PARAMS; i++) {
        values[i] = NULL;
        if (f->tdefaults[i].is_type) {
            types[i] = type_param(L, f, i, call, args);
            continue;
        }
        const csrc_expr *x = call && i < call->ntargs ? call->targ_exprs[i] : NULL;
        if (x && !(values[i] = cl_expr(L, x)))
            return -1;
    }
    /* the others (-D, the launch, a default) in order, each bound before
     * the next: a default may name an earlier parameter (N = 2 * M) */
    for (unsigned i = 0; i < f->ntparams && i < LDS_MAX_PARAMS; i++) {
        if (f->tdefaults[i].is_type)
            bind_type(L, f->tparams[i], types[i]);
        else if (values[i] || (values[i] = cl_template_param(L, f, i)))
            cl_bind(L, f->tparams[i], values[i], false);
        else
            return -1;
        L->env[L->nenv - 1].for_dims = for_dims;
    }
    return 0;
}

/* sizeof(s), sizeof(s[0]), sizeof(*s) of the shared array s: the bytes
 * of the dimensions the indices leave, 0 if a dimension is not a number
 * (sized at launch) or e is no such expression. */
static unsigned sizeof_shared(lower *L, const csrc_expr *e)
{
    unsigned indices = 0;
    while (e && (e->kind == CE_INDEX || (e->kind == CE_UNARY && !strcmp(e->op, "*")))) {
        indices++;
        e = e->a;
    }
    if (!e || e->kind != CE_ID)
        return 0;
    const binding *b = cl_lookup(L, e->name);
    if (b && b->v->kind == V_SHARED && b->v->shared_scalar && !indices)   /* __shared__ int n; int &x = s[i] */
        return b->v->arr->scalar * b->v->arr->lanes;
    const sarray *a = !b ? cl_find_array(L, e->name)
                      : b->v->kind == V_SHARED && b->v->arr && b->v->arr->same_name && !b->v->nidx && !b->v->flat
                                && !b->v->shared_scalar && !strcmp(b->v->arr->cname, e->name)
                          ? b->v->arr   /* an array bound where it is declared (another has its name) */
                          : NULL;
    if (!a || indices > a->ndims)
        return 0;
    uint64_t bytes = (uint64_t)a->scalar * a->lanes;
    for (unsigned k = indices; k < a->ndims; k++) {
        char *end;
        long long d = strtoll(a->dims[k], &end, 10);
        if (*end || d <= 0 || bytes * (uint64_t)d > UINT32_MAX)
            return 0;
        bytes *= (uint64_t)d;
    }
    return (unsigned)bytes;
}

val *cl_sizeof(lower *L, const csrc_expr *e)
{
    unsigned bytes = e->type ? cl_type_bytes(L, e->type, NULL) : sizeof_shared(L, e->a);
    return bytes ? cl_v_const(L, bytes) : cl_v_data(L, "a sizeof lds-calc cannot work out", e->loc);
}

/* ------------------------------------------------ integer conversion */

void cl_integer_kind(lower *L, const csrc_type *t, unsigned *bits, bool *is_unsigned)
{
    unsigned bytes, lanes;
    bool fl;
    const char *name = t && t->base ? cl_type_name(L, t->base) : NULL;
    *bits = 0;
    *is_unsigned = false;
    if (!name || t->pointers || !cl_type_shape(L, name, &bytes, &lanes, &fl) || fl || lanes != 1 || bytes > 4)
        return;
    if (!strncmp(name, "min16", 5))
        return;   /* HLSL's minimum precision: at least 16 bits, maybe 32; no wrap assumed */
    *bits = !strcmp(name, "bool") ? 1 : bytes * 8;
    *is_unsigned = strstr(name, "unsigned") || name[0] == 'u' || strstr(name, "uint");
    if (*bits == 32 && !*is_unsigned)
        *bits = 0;   /* int: an overflow is undefined, not a wrap */
}

val *cl_converted(lower *L, val *v, unsigned bits, bool is_unsigned)
{
    if (!bits || !cl_is_int(v))
        return v;
    if (bits == 1)   /* bool: 0 or 1 */
        return v->cls == C_CONST ? cl_v_const(L, v->k != 0) : cl_int_op(L, "!=", v, cl_v_const(L, 0));
    int64_t mask = (int64_t)((UINT64_C(1) << bits) - 1), half = (int64_t)1 << (bits - 1);
    if (v->cls == C_CONST)
        return cl_v_const(L, is_unsigned ? (int64_t)((uint64_t)v->k & (uint64_t)mask)
                                         : (int64_t)(((uint64_t)v->k + (uint64_t)half) & (uint64_t)mask) - half);
    if (bits == 32)
        return v;
    if (is_unsigned)
        return cl_int_op(L, "&", v, cl_v_const(L, mask));
    return cl_int_op(L, "-", cl_int_op(L, "&", cl_int_op(L, "+", v, cl_v_const(L, half)), cl_v_const(L, mask)),
                     cl_v_const(L, half));
}

