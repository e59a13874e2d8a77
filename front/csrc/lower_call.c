/* front/csrc/lower_call.c - thread ids as each language spells them, and calls
 * (front/csrc/lower_impl.h): barriers do nothing, atomics access their
 * target, min/max/abs stay integers, a function of the file is inlined,
 * any other is data (and a shared array passed to it is reported). */
#include "front/csrc/lower_impl.h"

/* ---------------------------------------------------------- builtins */

/* threadIdx.x and its spellings in the four languages, as lds names. */
val *cl_builtin_member(lower *L, const char *obj, const char *m)
{
    static const struct { const char *obj, *x, *y, *z; vclass cls; } objs[] = {
        { "threadIdx", "tid.x", "tid.y", "tid.z", C_LANE },
        { "hipThreadIdx", "tid.x", "tid.y", "tid.z", C_LANE },
        { "gl_LocalInvocationID", "tid.x", "tid.y", "tid.z", C_LANE },
        { "blockIdx", "group", "0", "0", C_LANE },
        { "gl_WorkGroupID", "group", "0", "0", C_LANE },
        { "blockDim", "blockDim.x", "blockDim.y", "blockDim.z", C_UNIFORM },
        { "gl_WorkGroupSize", "blockDim.x", "blockDim.y", "blockDim.z", C_UNIFORM },
        { "gridDim", "gridDim.x", "1", "1", C_UNIFORM },
        { "gl_NumWorkGroups", "gridDim.x", "1", "1", C_UNIFORM },
        { "gl_GlobalInvocationID", "SV_DispatchThreadID.x", "tid.y", "tid.z", C_LANE },
        { "SV_GroupThreadID", "tid.x", "tid.y", "tid.z", C_LANE },
        { "SV_DispatchThreadID", "SV_DispatchThreadID.x", "tid.y", "tid.z", C_LANE },
        { "SV_GroupID", "group", "0", "0", C_LANE },
    };
    for (size_t i = 0; i < sizeof objs / sizeof objs[0]; i++) {
        if (strcmp(objs[i].obj, obj))
            continue;
        const char *t = !strcmp(m, "x") ? objs[i].x : !strcmp(m, "y") ? objs[i].y : !strcmp(m, "z") ? objs[i].z : NULL;
        if (!t)
            return NULL;
        if (t[0] >= '0' && t[0] <= '9')
            return cl_v_const(L, t[0] - '0');
        val *v = cl_v_name(L, objs[i].cls, t);
        int axis = !strcmp(m, "x") ? 0 : !strcmp(m, "y") ? 1 : 2;
        if (!strncmp(t, "blockDim.", 9) && L->tdim[axis]) {   /* the shape is known: a constant */
            v->cls = C_CONST;
            v->k = L->tdim[axis];
        }
        return v;
    }
    return NULL;
}

/* A name with no binding: a thread id spelt as one name, a -D value, or
 * nothing lds-calc knows. */
val *cl_free_name(lower *L, const char *name, lds_loc loc)
{
    static const struct { const char *name, *lds; vclass cls; } names[] = {
        { "gl_LocalInvocationIndex", "tid", C_LANE }, { "hipThreadIdx_x", "tid.x", C_LANE },
        { "hipThreadIdx_y", "tid.y", C_LANE }, { "hipThreadIdx_z", "tid.z", C_LANE },
        { "hipBlockIdx_x", "group", C_LANE }, { "hipBlockDim_x", "blockDim.x", C_UNIFORM },
        { "hipBlockDim_y", "blockDim.y", C_UNIFORM }, { "hipBlockDim_z", "blockDim.z", C_UNIFORM },
        { "warpSize", "wave_size", C_UNIFORM }, { "gl_SubgroupSize", "wave_size", C_UNIFORM },
        { "WaveGetLaneCount", "wave_size", C_UNIFORM }, { "WaveGetLaneIndex", "lane", C_LANE },
        { "gl_SubgroupInvocationID", "lane", C_LANE }, { "__lane_id", "lane", C_LANE },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(names[i].name, name))
            return cl_v_name(L, names[i].cls, names[i].lds);
    if (!strcmp(name, "true") || !strcmp(name, "false"))
        return cl_v_const(L, !strcmp(name, "true"));
    if (!strcmp(name, "nullptr") || !strcmp(name, "NULL"))
        return cl_v_const(L, 0);
    const csrc_define *d = cl_find_define(L, name);
    if (d)
        return cl_define_val(L, d);
    if (cl_unlaid_why(L, name))   /* float *p = smem + n: of a shared array not laid out */
        return cl_unlaid_array(L, name, loc);
    static const char *const objs[] = { "threadIdx", "blockIdx", "blockDim", "gridDim", "gl_LocalInvocationID",
                                        "gl_WorkGroupID", "gl_WorkGroupSize", "gl_NumWorkGroups",
                                        "gl_GlobalInvocationID", "hipThreadIdx", NULL };
    for (int i = 0; objs[i]; i++)
        if (!strcmp(objs[i], name)) {
            val *v = cl_new_val(L, V_OBJ);
            v->objname = objs[i];
            return v;
        }
    return cl_v_data(L, cl_fmt(L, "'%s', which is not defined in this file (give its value with -D %s=VALUE)", name, name), loc);
}

/* ------------------------------------------------------------- calls */

bool cl_name_in(const char *n, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(n, list[i]))
            return true;
    return false;
}

/* Whether a call's name (idx, d::idx, ::d::idx) names f: its own name
 * after the qualifiers, which end the namespace f is in. */
static bool names_func(const char *name, const csrc_func *f)
{
    const char *last = strrchr(name, ':');
    if (!last)
        return !strcmp(f->name, name);
    if (strcmp(last + 1, f->name) || last == name || last[-1] != ':')
        return false;
    size_t q = (size_t)(last - 1 - name);   /* the qualifiers, :: before them dropped */
    while (q && name[0] == ':')
        name++, q--;
    size_t n = f->ns ? strlen(f->ns) : 0;
    return q <= n && !strncmp(f->ns + n - q, name, q) && (q == n || f->ns[n - q - 1] == ':');
}

/* A function of the file named as a value - addf, &addf, a template
 * argument k<tri_naive> - or NULL: e names no one function.  A call
 * through it (op(a, b), with op bound to it) inlines it. */
val *cl_function_value(lower *L, const csrc_expr *e)
{
    if (e->kind == CE_UNARY && !strcmp(e->op, "&"))
        e = e->a;
    const csrc_func *found = e->kind == CE_CALL && !e->nargs ? cl_functor_call(L, e->name) : NULL;   /* Add() */
    if (found) {
        val *v = cl_v_data(L, cl_fmt(L, "the functor '%s'", e->name), e->loc);
        v->func = found;
        return v;
    }
    if (e->kind != CE_ID || cl_lookup(L, e->name) || cl_find_array(L, e->name))
        return NULL;
    for (const csrc_func *f = L->unit->funcs; f; f = f->next)
        if (names_func(e->name, f) && f->body && !f->kernel && !f->specialized) {
            if (found && found != f)
                return NULL;   /* overloads: which one is the caller's type's */
            found = f;
        }
    if (!found)
        return NULL;
    val *v = cl_v_data(L, cl_fmt(L, "the function '%s' as a value", found->name), e->loc);
    v->func = found;
    return v;
}


const csrc_func *cl_find_func(lower *L, const char *name, unsigned nargs)
{
    for (const csrc_func *f = L->unit->funcs; f; f = f->next)
        if (names_func(name, f) && f->body && f->nparams == nargs && !f->kernel && !f->specialized)
            return f;
    return NULL;
}

/* Whether call e's template argument k is the specialization's argument
 * spec (its expression x, or NULL for a type): the same integer (the
 * call's worked out here where `here`, else only where it is a literal),
 * or the same type. */
static bool same_targ(lower *L, const csrc_expr *e, unsigned k, const csrc_expr *x, const char *spec, bool here)
{
    const csrc_expr *c = e->targ_exprs ? e->targ_exprs[k] : NULL;
    if (x && x->kind == CE_INT && c) {
        if (c->kind == CE_INT)
            return c->value == x->value;
        const val *v = here ? cl_expr(L, c) : NULL;
        return v && cl_is_int(v) && v->cls == C_CONST && v->k == x->value;
    }
    const char *t = e->targ_texts && e->targ_texts[k] ? cl_type_name(L, e->targ_texts[k]) : NULL;
    return t && spec && !strcmp(t, spec);
}

/* The specialization of a function template that call e names, or NULL. */
static const csrc_func *function_specialization(lower *L, const csrc_expr *e, bool here)
{
    for (const csrc_func *f = L->unit->funcs; f; f = f->next) {
        if (!f->nspec || f->nspec != e->ntargs || strcmp(f->name, e->name) || !f->body || f->nparams != e->nargs)
            continue;
        bool same = true;
        for (unsigned k = 0; k < f->nspec && same && !cl_failed(L); k++)
            same = same_targ(L, e, k, f->spec_exprs[k], f->spec_texts[k], here);
        if (same)
            return f;
    }
    return NULL;
}

/* The function a call e inlines: a specialization its template arguments
 * name (S<double>() with T = double here: template <> struct S<double>'s
 * conversion; f<N - 1>(x) with N = 1 here: template <> void f<0>(int)),
 * else the function of its name.  `here`: the call is being lowered, its
 * template arguments are worked out in the scope around it (elsewhere only
 * literals are compared). */
static const csrc_func *callee(lower *L, const csrc_expr *e, bool here)
{
    if (!e->name || e->launch)
        return NULL;
    const binding *through = cl_lookup(L, e->name);
    if (through && through->v->func)   /* a function passed in: tri(out, in), tri a template argument */
        return through->v->func;
    if (e->ntargs && e->targ_texts) {
        const csrc_func *found = function_specialization(L, e, here);
        if (found || cl_failed(L))
            return found;
        lds_buf b = { 0 };
        for (unsigned k = 0; k < e->ntargs; k++)
            lds_buf_printf(&b, "%s%s", k ? ", " : "", e->targ_texts[k] ? cl_type_name(L, e->targ_texts[k]) : "");
        for (const csrc_func *f = L->unit->funcs; f && !found; f = f->next)
            if (f->specialized && !f->nspec && !strcmp(f->name, e->name) && f->body && f->nparams == e->nargs
                && !strcmp(f->specialized, lds_buf_str(&b)))
                found = f;
        lds_buf_free(&b);
        if (found)
            return found;
    }
    return cl_find_func(L, e->name, e->nargs);
}

const csrc_func *cl_find_callee(lower *L, const csrc_expr *e) { return callee(L, e, false); }

/* An atomic: its target (the first argument, an address or an element)
 * is accessed once. */
val *cl_atomic_call(lower *L, const csrc_expr *e, bool by_address)
{
    if (e->nargs == 0)
        return cl_v_data(L, "an atomic's result", e->loc);
    for (unsigned i = 1; i < e->nargs; i++)   /* the operands first */
        if (!cl_expr(L, e->args[i]))
            return NULL;
    const csrc_expr *t = e->args[0];
    lvalue lv = { 0 };
    if (by_address && t->kind == CE_UNARY && !strcmp(t->op, "&")) {
        if (cl_lvalue_of(L, t->a, &lv) < 0)
            return NULL;
    } else if (by_address) {
        val *p = cl_expr(L, t);
        if (!p)
            return NULL;
        if (p->kind == V_SHARED) {
            lv.kind = LV_SHARED;
            lv.s = cl_subscript(L, p, cl_v_const(L, 0), t->loc);
            lv.bytes = cl_access_bytes(lv.s);
        } else if (p->kind == V_GLOBAL) {   /* atomicAdd(out + i, v) */
            lv.kind = LV_GLOBAL;
            lv.s = p;
            lv.bytes = p->gelem;
        }
    } else if (cl_lvalue_of(L, t, &lv) < 0) {
        return NULL;
    }
    if (lv.kind == LV_SHARED || lv.kind == LV_GLOBAL) {
        unsigned bytes = lv.bytes;
        if (e->name && (strstr(e->name, "64") || strstr(e->name, "U64")))
            bytes = 8;
        if (lv.kind == LV_GLOBAL ? cl_emit_global(L, 2, lv.s, bytes, t->loc) < 0
                                 : cl_emit_access(L, 2, lv.s, bytes, t->loc) < 0)
            return NULL;
    }
    return cl_v_data(L, "the value an atomic returns", e->loc);
}

/* ------------------------------------------------ cooperative groups */

static const char *const this_block[] = { "cg::this_thread_block", "cooperative_groups::this_thread_block",
                                          "this_thread_block", NULL };
static const char *const tiled_partition[] = { "cg::tiled_partition", "cooperative_groups::tiled_partition",
                                               "tiled_partition", NULL };

/* this_thread_block(): the block; tiled_partition<N>(g) or
 * tiled_partition(g, N): a tile of N consecutive threads (k: N, 0 where
 * it is not a constant). */
static val *group_object(lower *L, const csrc_expr *e)
{
    val *o = cl_new_val(L, V_OBJ);
    o->objname = "thread_block";
    if (!cl_name_in(e->name, tiled_partition))
        return o;
    const csrc_expr *n = e->ntargs && e->targ_exprs ? e->targ_exprs[0] : e->nargs == 2 ? e->args[1] : NULL;
    val *size = n ? cl_expr(L, n) : NULL;
    if (n && !size)
        return NULL;
    o->objname = "thread_block_tile";
    o->k = size && size->kind == V_INT && size->cls == C_CONST && size->k > 0 ? size->k : 0;
    return o;
}

/* g.f(...) on a group: sync() a barrier; thread_rank() the thread's
 * place in the group (in a tile of N: tid % N), meta_group_rank() its
 * tile (tid / N), size() its threads (a tile's N; the block's where the
 * workgroup's shape is known), a tile's meta_group_size() the block's
 * tiles (its threads / N, rounded up, where its shape is known).  On an object lds-calc did not see made,
 * sync(), thread_rank() and size() are read as the block's; *handled is
 * false for any other call, which is then an ordinary one. */
static val *group_member_call(lower *L, const csrc_expr *e, bool *handled)
{
    const char *m = e->a->name;
    const val *g = e->a->a && e->a->a->kind == CE_ID && cl_lookup(L, e->a->a->name) ? cl_lookup(L, e->a->a->name)->v
                                                                                       : NULL;
    bool group = g && g->kind == V_OBJ && g->objname
                 && (!strcmp(g->objname, "thread_block") || !strcmp(g->objname, "thread_block_tile"));
    int64_t tile = group && !strcmp(g->objname, "thread_block_tile") ? g->k : 0;
    bool unknown_tile = group && !strcmp(g->objname, "thread_block_tile") && !tile;
    *handled = group || !strcmp(m, "sync") || !strcmp(m, "thread_rank") || !strcmp(m, "size");
    if (!*handled)
        return NULL;
    for (unsigned i = 0; i < e->nargs; i++)
        if (!cl_expr(L, e->args[i]))
            return NULL;
    if (!strcmp(m, "sync") || !strcmp(m, "barrier_wait") || !strcmp(m, "arrive_and_wait"))
        return cl_v_void(L);
    if (e->nargs == 0 && unknown_tile
        && (!strcmp(m, "thread_rank") || !strcmp(m, "meta_group_rank") || !strcmp(m, "meta_group_size") || !strcmp(m, "size")))
        return cl_v_data(L, "a rank in a tile whose size is not a constant", e->loc);
    if (!strcmp(m, "thread_rank") && e->nargs == 0)
        return tile ? cl_int_op(L, "%", cl_v_name(L, C_LANE, "tid"), cl_v_const(L, tile)) : cl_v_name(L, C_LANE, "tid");
    if (!strcmp(m, "meta_group_rank") && e->nargs == 0 && tile)
        return cl_int_op(L, "/", cl_v_name(L, C_LANE, "tid"), cl_v_const(L, tile));
    bool tiles = !strcmp(m, "meta_group_size") && tile;   /* the block's tiles: ceil(its threads / N) */
    if ((!strcmp(m, "size") || !strcmp(m, "num_threads") || tiles) && e->nargs == 0) {
        if (tile && !tiles)
            return cl_v_const(L, tile);
        if (g && L->tdim[0] && L->tdim[1] && L->tdim[2]) {
            int64_t threads = L->tdim[0] * L->tdim[1] * L->tdim[2];
            return cl_v_const(L, tiles ? (threads + tile - 1) / tile : threads);
        }
        return cl_v_data(L, "a group's size (give --threads)", e->loc);
    }
    return cl_v_data(L, cl_fmt(L, "the result of '%s'", m), e->loc);
}

/* e without the conversions to floating point around it: float(N),
 * (float)N, static_cast<float>(N). */
static const csrc_expr *under_float_casts(lower *L, const csrc_expr *e)
{
    unsigned tb, tl;
    bool tf;
    for (;;) {
        if (e->kind == CE_CAST && e->type && !e->type->pointers && cl_type_shape(L, e->type->base, &tb, &tl, &tf) && tf
            && tl == 1)
            e = e->a;
        else if (e->kind == CE_CALL && e->name && e->nargs == 1 && cl_type_shape(L, e->name, &tb, &tl, &tf) && tf && tl == 1)
            e = e->args[0];
        else
            return e;
    }
}

/* An integer conversion of log2 or exp2 of an integer constant
 * (uint(log2(float(gl_WorkGroupSize.x))), (int)exp2f(3)): the integer,
 * where the floating-point result is one exactly (log2 of a power of 2,
 * exp2 of 0..62); NULL where e is no such call or the value is not
 * exact (a caller reads e as it would otherwise). */
val *cl_float_call_as_int(lower *L, const csrc_expr *e)
{
    static const char *const log2s[] = { "log2", "log2f", "__log2f", "std::log2", NULL };
    static const char *const exp2s[] = { "exp2", "exp2f", "__exp2f", "std::exp2", NULL };
    e = under_float_casts(L, e);
    if (e->kind != CE_CALL || e->nargs != 1 || !e->name || (!cl_name_in(e->name, log2s) && !cl_name_in(e->name, exp2s)))
        return NULL;
    const csrc_expr *arg = under_float_casts(L, e->args[0]);
    val *x = NULL;
    if (arg->kind == CE_FLOAT && arg->name) {   /* exp2(3.0f): a literal with no fraction */
        char *end;
        double d = strtod(arg->name, &end);
        if ((!*end || ((*end == 'f' || *end == 'F') && !end[1])) && d >= 0 && d <= 1e15 && d == (double)(int64_t)d)
            x = cl_v_const(L, (int64_t)d);
    } else if (cl_reads_nothing(L, arg)) {
        size_t mark = L->out.len;
        x = cl_expr(L, arg);
        cl_drop_since(L, mark);   /* (it reads nothing: nothing was written) */
    }
    if (!x || !cl_is_int(x) || x->cls != C_CONST)
        return NULL;
    if (cl_name_in(e->name, log2s))
        return x->k > 0 && !(x->k & (x->k - 1)) ? cl_v_const(L, __builtin_ctzll((unsigned long long)x->k)) : NULL;
    return x->k >= 0 && x->k <= 62 ? cl_v_const(L, (int64_t)1 << x->k) : NULL;
}

/* __ldg(p), __ldcs(p), ... are *p; __stcs(p, v), ... are *p = v: a load
 * or store of p's pointee with a cache hint, which changes no bank or
 * sector. */
static val *cache_hinted(lower *L, const csrc_expr *e, bool *handled)
{
    static const char *const loads[] = { "__ldg", "__ldcs", "__ldcg", "__ldca", "__ldlu", "__ldcv", NULL };
    static const char *const stores[] = { "__stcs", "__stcg", "__stwt", "__stwb", NULL };
    bool load = cl_name_in(e->name, loads), store = cl_name_in(e->name, stores);
    *handled = (load && e->nargs == 1) || (store && e->nargs == 2);
    if (!*handled)
        return NULL;
    csrc_expr *at = lds_arena_alloc(L->arena, sizeof *at);
    *at = (csrc_expr){ .kind = CE_UNARY, .loc = e->loc, .op = "*", .a = e->args[0], .height = e->args[0]->height + 1 };
    if (load)
        return cl_expr(L, at);
    return cl_assign(L, at, "=", e->args[1], NULL, e->loc);
}

/* op(a, b) where op names f (a function passed as a value): f(a, b). */
static val *call_through(lower *L, const csrc_expr *e, const csrc_func *f)
{
    if (f->nparams != e->nargs)
        return cl_v_data(L, cl_fmt(L, "the result of '%s', called through '%s' with %u arguments for its %u", f->name,
                                   e->name, e->nargs, f->nparams),
                         e->loc);
    csrc_expr *direct = lds_arena_alloc(L->arena, sizeof *direct);
    *direct = *e;
    direct->name = f->name;
    direct->targs = NULL;
    direct->ntargs = 0;
    direct->targ_exprs = NULL;
    direct->targ_texts = NULL;
    val *r;
    return cl_inline_body(L, f, direct, &r) < 0 ? NULL : r;
}

/* ------------------------------------------------------------ CuTe */

/* What to give lds-calc instead of CuTe's C++ (lds(5), the layout
 * statement; lds-calc(1), PTX FILES). */
#define CUTE_INSTEAD                                                                                               \
    "describe the shared layout in lds instead (lds(5), the layout statement reads CuTe's notation: layout sA = "  \
    "Swizzle<3,3,3> o (64,8):(1,64)), or give the compiled kernel (nvcc -ptx -lineinfo, then lds-calc -f "        \
    "kernel.ptx)"

/* CuTe's functions that make tensors: a kernel that calls one works
 * through CuTe, but the warning names the calls that move data. */
static const char *const cute_makers[] = { "make_smem_ptr", "make_gmem_ptr", "make_tensor", "make_fragment_like",
                                           "make_tensor_like", "make_identity_tensor", NULL };

/* The name of CuTe's function call e makes (its tensors, partitions,
 * tiled copies: what lds-calc does not follow), or NULL.  copy and gemm
 * (copy(tiled_copy, tAgA, tAsA)) are CuTe's when qualified or after
 * another of CuTe's calls in the kernel. */
static const char *cute_call(const lower *L, const csrc_expr *e)
{
    static const char *const movers[] = {
        "local_partition", "local_tile", "make_tiled_copy", "make_tiled_mma", "make_tiled_copy_A", "make_tiled_copy_B",
        "make_tiled_copy_C", "partition_S", "partition_D", "partition_A", "partition_B", "partition_C",
        "partition_fragment_A", "partition_fragment_B", "partition_fragment_C", "get_slice", "get_thread_slice",
        "retile_S", "retile_D", "make_cotiled_copy", NULL,
    };
    const char *name = e->name;
    if (!name)
        return NULL;
    bool qualified = !strncmp(name, "cute::", 6);
    if (qualified)
        name += 6;
    bool seen = L->cute.at.line != 0;
    if (cl_name_in(name, movers) || cl_name_in(name, cute_makers)
        || ((qualified || seen) && (!strcmp(name, "copy") || !strcmp(name, "gemm") || !strcmp(name, "copy_if")
                                    || !strcmp(name, "axpby"))))
        return name;
    return NULL;
}

/* Call e, CuTe's function `name`, kept for the kernel's warning: where
 * the first is, and the first few names of calls that move data (a
 * maker's where no other is), each once. */
static void note_cute(lower *L, const csrc_expr *e, const char *name)
{
    bool maker = cl_name_in(name, cute_makers);
    if (!L->cute.at.line || (!maker && !L->cute.n))
        L->cute.at = e->loc;
    if (!L->cute.names && maker)
        L->cute.names = cl_fmt(L, "'%s'", name);   /* until a call that moves data replaces it */
    if (maker || (L->cute.n && strstr(L->cute.names, cl_fmt(L, "'%s'", name))))
        return;
    if (L->cute.n == 4) {
        L->cute.more = true;
        return;
    }
    L->cute.names = L->cute.n ? cl_fmt(L, "%s, '%s'", L->cute.names, name) : cl_fmt(L, "'%s'", name);
    L->cute.n++;
}

bool cl_warn_cute(lower *L, const csrc_func *f)
{
    if (!L->cute.at.line || !L->o->warn)
        return false;
    lds_diag w = { 0 };
    lds_diag_set(&w, L->cute.at,
                 "kernel '%s' works through CuTe (%s%s), whose tensors, partitions and copies lds-calc does not follow: "
                 "the shared-memory accesses they make are not counted; " CUTE_INSTEAD,
                 f->name, L->cute.names, L->cute.more ? ", ..." : "");
    w.warning = 1;
    cl_warn(L, &w);
    return true;
}

/* The declaration of the function call e names, where lds-calc does not
 * inline the call: a prototype of as many parameters (its definition is
 * elsewhere, in a header or another file), else a function of that name
 * with more (default arguments: defined in the file, but not followed
 * for this call), or NULL. */
static const csrc_func *declaration_of(lower *L, const csrc_expr *e)
{
    if (!e->name || e->launch)
        return NULL;
    const csrc_func *more = NULL;
    for (const csrc_func *f = L->unit->prototypes; f; f = f->next)
        if (names_func(e->name, f) && f->nparams >= e->nargs) {
            if (f->nparams == e->nargs)
                return f;
            more = more ? more : f;
        }
    for (const csrc_func *f = L->unit->funcs; f && !more; f = f->next)
        if (names_func(e->name, f) && f->nparams > e->nargs && !f->kernel)
            more = f;
    return more;
}

/* Whether a function of which lds-calc sees no declaration at all takes
 * its arguments by value all the same: OpenCL C has no references, HLSL's
 * and GLSL's out parameters are of functions the shader defines (their
 * other functions are the language's, by value), and in CUDA and HIP the
 * compiler's own functions (__shfl_sync, __float2half, __expf) and the C
 * math library's take values.  Anything else may be a header's helper
 * taking a reference (bitonicSort's Comparator(uint &keyA, ...)). */
static bool by_value_anyway(lower *L, const char *name)
{
    static const char *const math[] = {
        "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp", "exp2", "exp10",
        "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "cbrt", "rcbrt", "pow", "fabs", "fmin", "fmax",
        "fmod", "floor", "ceil", "round", "rint", "lrint", "llrint", "lround", "trunc", "fma", "erf", "erfc",
        "lgamma", "tgamma", "hypot", "copysign", "remainder", "ldexp", "signbit", "isnan", "isinf", "isfinite",
        "fdim", "nearbyint", "logb", "ilogb", "scalbn", "norm3d", "rnorm3d", "sinpi", "cospi", NULL,
    };
    if (L->o->lang != LDS_LANG_CUDA && L->o->lang != LDS_LANG_HIP)
        return true;
    if (!name)
        return false;
    for (const char *q = "std::"; !strncmp(name, q, 5) || !strncmp(name, "::", 2);)
        name += name[0] == ':' ? 2 : 5;
    if (!strncmp(name, "__", 2))
        return true;
    size_t n = strlen(name);
    for (int i = 0; math[i]; i++) {
        size_t m = strlen(math[i]);
        if (!strncmp(name, math[i], m) && (n == m || (n == m + 1 && name[m] == 'f')))
            return true;
    }
    return false;
}

/* Argument i of call e to a function lds-calc does not see into: where
 * the function may take it by reference (a reference parameter of its
 * prototype, or no declaration in sight) and it names an element of
 * memory, the access is the function's, which lds-calc cannot see: a
 * record not modelled, never a guessed read.  1: so recorded; 0: an
 * ordinary argument (the caller evaluates it); -1: failed. */
static int opaque_reference_arg(lower *L, const csrc_expr *e, const csrc_func *proto, unsigned i)
{
    const csrc_param *param = proto ? &proto->params[i] : NULL;
    if (param ? !param->type.reference || param->type.pointers : by_value_anyway(L, e->name))
        return 0;
    const csrc_expr *x = e->args[i];   /* a plain element: indices that read nothing */
    while ((x->kind == CE_INDEX && cl_reads_nothing(L, x->b)) || x->kind == CE_MEMBER)
        x = x->a;
    lvalue lv;
    if (x->kind != CE_ID || cl_lvalue_of(L, e->args[i], &lv) < 0)
        return cl_failed(L) ? -1 : 0;
    if (lv.kind != LV_SHARED && lv.kind != LV_GLOBAL && lv.kind != LV_UNKNOWN)
        return 0;
    bool reads_only = param && param->type.is_const;
    const char *fn = e->name ? e->name : "the function called";
    const char *at = !proto ? NULL
                     : proto->loc.src && proto->loc.src != L->file
                         ? cl_fmt(L, "%s:%s", proto->loc.src->name, cl_where(L, proto->loc))
                         : cl_where(L, proto->loc);
    const char *ref = param && param->name ? cl_fmt(L, " '%s'", param->name) : "";
    const char *why = !proto ? cl_fmt(L, "'%s' is declared nowhere lds-calc read (a header not found?), so its body is not "
                                         "visible: it may read and/or write this element through a reference", fn)
                      : proto->body ? cl_fmt(L, "'%s' (defined at %s) is not followed where its default arguments are "
                                                "taken: it may %s this element through the reference%s",
                                             fn, at, reads_only ? "read" : "read and/or write", ref)
                      : reads_only ? cl_fmt(L, "the body of '%s' is not visible (only declared, at %s): it reads this "
                                               "element through the const reference%s, where and how often lds-calc "
                                               "cannot see", fn, at, ref)
                                   : cl_fmt(L, "the body of '%s' is not visible (only declared, at %s): it may read "
                                               "and/or write this element through the reference%s", fn, at, ref);
    const char *outer = L->skip;
    lds_loc outer_loc = L->skip_loc;
    if (!outer) {   /* a reason already in force (a branch on data) stays the record's */
        L->skip = why;
        L->skip_loc = (lds_loc){ 0 };
    }
    int kind = reads_only ? 0 : 1, rc = lv.kind == LV_SHARED ? cl_emit_access(L, kind, lv.s, lv.bytes, e->args[i]->loc)
                                        : lv.kind == LV_GLOBAL ? cl_emit_global(L, kind, lv.s, lv.bytes, e->args[i]->loc)
                                                               : cl_emit_unknown_target(L, kind, lv.s, e->args[i]->loc);
    L->skip = outer;
    L->skip_loc = outer_loc;
    return rc < 0 ? -1 : 1;
}

/* A call lds-calc does not see into: its arguments run (their accesses
 * count); an element it may take by reference, or a shared array passed
 * in, is accessed where lds-calc cannot see. */
static val *opaque_call(lower *L, const csrc_expr *e)
{
    const char *name = e->name;
    const csrc_func *proto = declaration_of(L, e);
    const char *cute = cute_call(L, e);
    if (cute)
        note_cute(L, e, cute);
    for (unsigned i = 0; i < e->nargs; i++) {
        int by_ref = opaque_reference_arg(L, e, proto, i);
        if (by_ref < 0)
            return NULL;
        if (by_ref)
            continue;
        val *a = cl_expr(L, e->args[i]);
        if (!a)
            return NULL;
        if (a->kind == V_SHARED && L->o->warn) {
            const char *callee = cute ? cl_fmt(L, "CuTe's '%s'", cute) : cl_fmt(L, "'%s'", name ? name : "a function");
            lds_diag w = { 0 };
            lds_diag_set(&w, e->args[i]->loc,
                         "'%s' is passed to %s, which lds-calc does not see into: the accesses it makes there are "
                         "not counted",
                         a->arr->cname, callee);
            w.warning = 1;
            cl_warn(L, &w);
            L->accesses++;
            cl_line(L, e->args[i]->loc, "%s %s: passed to %s, which lds-calc does not see into%s",
                    cl_skip_head(L, 0, false, 0), a->arr->name, callee, cute ? "; " CUTE_INSTEAD : "");
        }
    }
    if (cl_is_member_call(e, "thread_rank"))
        return cl_v_name(L, C_LANE, "tid");
    return cl_v_data(L, cl_fmt(L, "the result of '%s'", name ? name : "a call"), e->loc);
}

val *cl_call(lower *L, const csrc_expr *e)
{
    static const char *const barriers[] = {
        "__syncthreads", "__syncwarp", "__threadfence_block", "__threadfence", "barrier", "memoryBarrierShared",
        "memoryBarrier", "groupMemoryBarrier", "GroupMemoryBarrierWithGroupSync", "GroupMemoryBarrier",
        "AllMemoryBarrierWithGroupSync", "AllMemoryBarrier", "DeviceMemoryBarrierWithGroupSync",
        "__builtin_amdgcn_s_barrier", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
        "cp_async_wait", "__pipeline_wait_prior", "__pipeline_commit", "printf", "assert", "__builtin_assume",
        "__builtin_expect", NULL,
    };
    static const char *const atomics_by_value[] = { "InterlockedAdd", "InterlockedMin", "InterlockedMax",
                                                    "InterlockedAnd", "InterlockedOr", "InterlockedXor",
                                                    "InterlockedExchange", "InterlockedCompareExchange",
                                                    "InterlockedCompareStore", NULL };
    const char *name = e->name;
    const binding *through = name ? cl_lookup(L, name) : NULL;
    if (through && through->v->func)   /* op(a, b), op a function passed in (a pointer, a template argument) */
        return call_through(L, e, through->v->func);
    if (e->a && e->a->kind == CE_MEMBER) {   /* block.sync(), tile.thread_rank() */
        bool handled;
        val *r = group_member_call(L, e, &handled);
        if (handled)
            return r;
    }
    if (name && (cl_name_in(name, this_block) || cl_name_in(name, tiled_partition)))
        return group_object(L, e);
    if (cl_is_shared_address_call(name))
        return cl_shared_address(L, e);
    if (name && cl_name_in(name, barriers)) {
        for (unsigned i = 0; i < e->nargs; i++)
            if (!cl_expr(L, e->args[i]))
                return NULL;
        return cl_v_void(L);
    }
    if (L->o->lang == LDS_LANG_OPENCL) {   /* get_local_id(0), work_group_barrier, atom_add */
        bool handled;
        val *r = cl_opencl_call(L, e, &handled);
        if (handled)
            return r;
    }
    bool glsl = L->o->lang == LDS_LANG_GLSL;
    if (name && (!strncmp(name, "atomic", 6) || !strncmp(name, "__hip_atomic", 12) || !strncmp(name, "::atomic", 8)))
        return cl_atomic_call(L, e, !glsl);
    if (name && cl_name_in(name, atomics_by_value))
        return cl_atomic_call(L, e, false);
    bool vector;   /* uint2(a, b), make_int2(a, b) */
    val *made = cl_vector_construct(L, e, &vector);
    if (vector || cl_failed(L))
        return made;
    if (L->o->lang == LDS_LANG_GLSL || L->o->lang == LDS_LANG_HLSL) {   /* any(lessThan(a, b)) */
        made = cl_vector_logic(L, e, &vector);
        if (vector || cl_failed(L))
            return made;
    }
    /* int(x), uint(x), float(x): GLSL and HLSL constructors are casts */
    unsigned tb, tl;
    bool tf;
    if (name && e->nargs == 1 && cl_type_shape(L, name, &tb, &tl, &tf) && tl == 1) {
        val *a = tf ? NULL : cl_float_call_as_int(L, e->args[0]);   /* uint(log2(float(N))) */
        if (a || cl_failed(L))
            return a;
        a = cl_expr(L, e->args[0]);
        if (!a)
            return NULL;
        return tf && cl_is_int(a) ? cl_v_data(L, "a floating-point value", e->loc) : a;
    }
    /* integer functions lds has */
    if (name && e->nargs >= 1 && e->nargs <= 2
        && (!strcmp(name, "min") || !strcmp(name, "max") || !strcmp(name, "std::min") || !strcmp(name, "std::max")
            || !strcmp(name, "umin") || !strcmp(name, "umax") || !strcmp(name, "abs") || !strcmp(name, "__mul24")
            || !strcmp(name, "__umul24") || !strcmp(name, "__popc") || !strcmp(name, "__ffs") || !strcmp(name, "cute::min")
            || !strcmp(name, "cute::max"))) {
        val *a = cl_expr(L, e->args[0]);
        val *b = a && e->nargs > 1 ? cl_expr(L, e->args[1]) : NULL;
        if (!a || (e->nargs > 1 && !b))
            return NULL;
        if (!cl_is_int(a) || (b && !cl_is_int(b)))
            return cl_data_of(L, a, b, e->loc);
        if (!strcmp(name, "__mul24") || !strcmp(name, "__umul24"))
            return b ? cl_int_op(L, "*", a, b) : a;
        const char *fn = strstr(name, "min") ? "min" : strstr(name, "max") ? "max" : !strcmp(name, "abs") ? "abs"
                       : !strcmp(name, "__popc") ? "popcount" : NULL;
        if (!strcmp(name, "__ffs") && a->cls == C_CONST)   /* __ffs(block_size): the lowest set bit, from 1 */
            return cl_v_const(L, a->k ? __builtin_ctzll((unsigned long long)(uint32_t)a->k) + 1 : 0);
        if (!fn)
            return cl_v_data(L, cl_fmt(L, "the result of '%s'", name), e->loc);
        if (b && a->cls == C_CONST && b->cls == C_CONST)
            return cl_v_const(L, !strcmp(fn, "min") ? (a->k < b->k ? a->k : b->k) : (a->k > b->k ? a->k : b->k));
        val *v = cl_new_val(L, V_INT);
        v->cls = b ? cl_max_cls(a->cls, b->cls) : a->cls;
        v->text = b ? cl_fmt(L, "%s(%s, %s)", fn, a->text, b->text) : cl_fmt(L, "%s(%s)", fn, a->text);
        v->atom = true;
        cl_inherit_missing(v, a, b);
        return v;
    }
    /* the wave's own: its lane, its size, its first lane */
    if (name && e->nargs == 0 && (!strcmp(name, "WaveGetLaneIndex") || !strcmp(name, "WaveGetLaneCount")
                                  || !strcmp(name, "__lane_id")))
        return cl_free_name(L, name, e->loc);
    if (name && e->nargs == 0 && (!strcmp(name, "WaveIsFirstLane") || !strcmp(name, "subgroupElect"))) {
        if (L->guard)   /* the first lane the condition leaves on: not worked out */
            return cl_v_data(L, cl_fmt(L, "the result of '%s' under a per-lane condition", name), e->loc);
        return cl_v_name(L, C_LANE, "(lane == 0)");   /* every lane of the wave is on */
    }
    if (!e->nargs && cl_functor_call(L, name)) /* Add(): a functor, its operator() called through it */
        return cl_function_value(L, e);
    /* CUDA's cache-hinted loads and stores: *p and *p = v, as wide as p's pointee */
    if (name && !callee(L, e, false)) {
        bool handled;
        val *r = cache_hinted(L, e, &handled);
        if (handled)
            return r;
    }
    /* a function of this file: inlined */
    const csrc_func *f = callee(L, e, true);
    if (f) {
        val *r;
        return cl_inline_body(L, f, e, &r) < 0 ? NULL : r;
    }
    if (cl_failed(L))
        return NULL;
    return opaque_call(L, e);
}

/* ------------------------------------------- the callees' shared arrays */

/* A __device__ function's own __shared__ array is one per block, as the
 * kernel's are: the functions the kernel calls (and those they call)
 * declare theirs at the start too, a template function's with the
 * template arguments its call gives.  A template function called with
 * different ones has an array per instantiation, which lds-calc does not
 * lay out (a warning); an array whose size is not known at the start is
 * left undeclared.  The accesses to one not declared are reported as not
 * modelled. */
/* Every expression node of the statements from body on (and of the
 * statements inside them), each before its subexpressions. */
typedef struct {
    void (*visit)(const csrc_expr *e, void *ctx);
    void *ctx;
} expr_walk;

static void walk_expr(const expr_walk *w, const csrc_expr *e)
{
    if (!e)
        return;
    w->visit(e, w->ctx);
    walk_expr(w, e->a);
    walk_expr(w, e->b);
    walk_expr(w, e->c);
    for (unsigned k = 0; k < e->nargs; k++)
        walk_expr(w, e->args[k]);
}

static void walk_stmt_exprs(const csrc_stmt *s, void *ctx)
{
    const expr_walk *w = ctx;
    walk_expr(w, s->e);
    walk_expr(w, s->step);
    for (unsigned i = 0; i < s->ndecls; i++)
        walk_expr(w, s->decls[i].init);
    for (unsigned i = 0; i < s->noperands; i++)
        walk_expr(w, s->operands[i]);
}

static void walk_exprs(const csrc_stmt *body, void (*visit)(const csrc_expr *e, void *ctx), void *ctx)
{
    expr_walk w = { visit, ctx };
    cl_walk_stmts(body, walk_stmt_exprs, &w);
}

typedef struct {
    lower *L;
    struct { const csrc_func *f; const csrc_expr *call; bool several; } seen[64];
    unsigned nseen;
} callees;

static void callee_of(const csrc_expr *e, void *ctx)
{
    callees *c = ctx;
    const csrc_func *f = e->kind == CE_CALL ? cl_find_callee(c->L, e) : NULL;
    for (unsigned k = 0; e->kind == CE_CALL && k < e->nargs; k++) {   /* reduce(s, add_f): add_f is called too */
        const val *fv = cl_function_value(c->L, e->args[k]);
        unsigned i = 0;
        while (fv && i < c->nseen && c->seen[i].f != fv->func)
            i++;
        if (fv && i == c->nseen && c->nseen < sizeof c->seen / sizeof c->seen[0]) {
            c->seen[c->nseen].f = fv->func;
            c->seen[c->nseen].call = e->args[k];
            c->seen[c->nseen++].several = false;
            walk_exprs(fv->func->body->body, callee_of, c);
        }
    }
    unsigned i = 0;
    while (f && i < c->nseen && c->seen[i].f != f)
        i++;
    if (f && i < c->nseen && strcmp(c->seen[i].call->targs ? c->seen[i].call->targs : "", e->targs ? e->targs : ""))
        c->seen[i].several = true;
    else if (f && i == c->nseen && c->nseen < sizeof c->seen / sizeof c->seen[0]) {
        c->seen[c->nseen].f = f;
        c->seen[c->nseen].call = e;
        c->seen[c->nseen++].several = false;
        walk_exprs(f->body->body, callee_of, c);
    }
}

static void find_shared_decl(const csrc_stmt *s, void *ctx)
{
    *(bool *)ctx |= s->kind == CS_DECL && (s->quals & CQ_SHARED);
}

static void several_instances(lower *L, const csrc_func *f)
{
    bool has = false;
    cl_walk_stmts(f->body->body, find_shared_decl, &has);
    if (L->o->warn && has) {
        lds_diag w = { 0 };
        lds_diag_set(&w, f->loc, "'%s' is called with different template arguments: its shared arrays are one per "
                                 "instantiation, which lds-calc does not lay out; the accesses to them are not counted",
                     f->name);
        w.warning = 1;
        cl_warn(L, &w);
    }
}

int cl_declare_callee_arrays(lower *L, const csrc_stmt *body)
{
    callees c = { .L = L };
    walk_exprs(body, callee_of, &c);
    for (unsigned i = 0; i < c.nseen; i++) {
        const csrc_func *f = c.seen[i].f;
        if (c.seen[i].several) {
            several_instances(L, f);
            continue;
        }
        unsigned mark = L->nenv;   /* the call's template arguments, for the sizes and types */
        if (cl_bind_template_args(L, f, c.seen[i].call, NULL, true) < 0)
            return -1;
        lds_diag before = *L->diag;
        int rc = cl_declare_arrays_from(L, f->body->body, mark);
        if (rc == CL_EXTERN_SIZE)
            return -1;   /* the kernel's error */
        if (rc < 0)
            *L->diag = before;   /* a size not known here */
    }
    return 0;
}

/* ------------------------------------------ what a kernel's code names */

/* Every name the code from body on names, and the functions it calls
 * (and those they call): a file-scope __shared__ array is allocated in
 * the kernels that use it, not in every kernel of the file.  One walk of
 * the kernel and of each function it reaches once (a list of those still
 * to walk, not a recursion as deep as the call chain), so that a file of
 * N arrays costs one walk, not N. */
typedef struct {
    lower *L;
    cl_names *names;
    const csrc_func **funcs;     /* every function reached; those from next on not yet walked */
    size_t nfuncs, capfuncs;
} name_uses;

static void note_use(const csrc_expr *e, void *ctx)
{
    name_uses *u = ctx;
    if (e->kind == CE_ID)
        cl_names_add(u->L, u->names, e->name);
    const csrc_func *f = e->kind == CE_CALL ? cl_find_callee(u->L, e) : NULL;
    if (!f || !f->body)
        return;
    for (size_t i = 0; i < u->nfuncs; i++)
        if (u->funcs[i] == f)
            return;
    u->funcs = lds_xgrow(u->funcs, u->nfuncs, &u->capfuncs, sizeof *u->funcs, 16);
    u->funcs[u->nfuncs++] = f;
}

void cl_code_names(lower *L, const csrc_stmt *body, cl_names *names)
{
    name_uses u = { .L = L, .names = names };
    walk_exprs(body, note_use, &u);
    for (size_t next = 0; next < u.nfuncs; next++)
        walk_exprs(u.funcs[next]->body->body, note_use, &u);
    lds_free(u.funcs);
}
