/* front/csrc/lower.c - a kernel's shared-memory accesses as lds statements
 * (front/csrc/csrc.h).
 *
 * The kernel is walked once, symbolically.  Every integer value is an lds
 * expression over the names that vary (tid.x, lane, group, loop
 * variables) and the names given at launch (-D: template and kernel
 * parameters, uniforms); constants are folded.  A value that comes from
 * memory, floating point or a call lds-calc does not see into is data,
 * with the reason and place it became so: an access whose index or
 * condition needs it is kept as a 'skipped' record saying why, never
 * guessed.
 *
 * Control flow becomes the language's own: a per-lane condition is
 * added to each access inside it (an early return to every access after
 * it), a uniform one becomes an 'if' block, a loop whose variable steps
 * by a constant a 'for ... in' dimension (the lanes whose own bound is
 * passed run no trip), any other uniform loop a 'for ... while' loop.
 * Variables assigned in both arms of a per-lane if meet as C's ?:. */
#include "front/csrc/lower_impl.h"

/* ----------------------------------------------------------- kernels */

const char *cl_lds_type_of(const char *base, unsigned scalar, bool fl)
{
    if (fl)
        return scalar == 8 ? "f64" : scalar == 4 ? "f32" : scalar == 2 ? (strstr(base, "bf") ? "bf16" : "f16") : "b8";
    bool u = strstr(base, "unsigned") || base[0] == 'u' || strstr(base, "uint");
    return scalar == 8 ? (u ? "u64" : "i64") : scalar == 4 ? (u ? "u32" : "i32") : scalar == 2 ? (u ? "u16" : "i16")
                                                                                              : (u ? "u8" : "i8");
}

/* What an array's name stands for: the array (a shared scalar's name,
 * its one element). */
static val *array_named(lower *L, sarray *a)
{
    val *v = cl_new_val(L, V_SHARED);
    v->arr = a;
    v->stype = a->stype;
    if (!a->decl->ndims) {
        cl_index_added(L, v, cl_v_const(L, 0));
        v->shared_scalar = true;
    }
    return v;
}

/* A shared array's declaration: its lds array statement. */
int cl_declare_array(lower *L, const csrc_stmt *s, const csrc_declarator *d)
{
    unsigned scalar, lanes;
    bool fl;
    sarray *same = cl_find_array(L, d->name);
    for (const sarray *o = L->arrays; o; o = o->next)   /* this declaration's, hidden by a later one */
        if (o->decl == d)
            return 0;
    if (same && same->is_extern && (s->quals & CQ_EXTERN))
        return 0;   /* two extern ones are one: the dynamic shared memory */
    unsigned struct_bytes = 0;
    const csrc_type *type = cl_resolved_type(L, &d->type);   /* T: what it stands for */
    const csrc_struct *of_structs = type->pointers ? NULL : cl_struct_laid_out(L, type->base, &struct_bytes);
    if (of_structs) {   /* bytes, the struct's size the last dimension (front/csrc/lower_struct.c) */
        scalar = 1;
        lanes = struct_bytes;
        fl = false;
    } else if (!csrc_type_shape(type->base, &scalar, &lanes, &fl) || type->pointers) {
        struct unlaid *u = lds_arena_alloc(L->arena, sizeof *u);
        u->name = d->name;
        u->why = cl_fmt(L, "'%s' is shared memory of type '%s', which lds-calc does not lay out%s", d->name, type->base,
                        cl_unknown_type_hint(L, type->base));
        u->next = L->unlaid;
        L->unlaid = u;
        if (L->o->warn) {
            lds_diag w = { 0 };
            lds_diag_set(&w, d->loc, "%s: its accesses are not counted", u->why);
            w.warning = 1;
            cl_warn(L, &w);
        }
        return 0;
    }
    sarray *a = lds_arena_alloc(L->arena, sizeof *a);
    a->cname = d->name;
    a->name = cl_lds_name(L, d->name);   /* __shared__ float lane[64]: not lds's lane */
    a->lds_type = of_structs ? "u8" : cl_lds_type_of(type->base, scalar, fl);
    a->ctype = type->base;
    a->scalar = scalar;
    a->lanes = lanes;
    a->loc = d->loc;
    a->decl = d;
    a->is_extern = (s->quals & CQ_EXTERN) != 0;
    a->stype = of_structs;
    a->ndims = d->ndims ? d->ndims : 1;
    lds_buf dims = { 0 };
    for (unsigned k = 0; k < d->ndims; k++) {
        if (!d->dims[k]) {   /* extern __shared__ T s[]: its size at launch */
            const char *n = cl_fmt(L, "%s_size", d->name);
            int64_t elem = (int64_t)scalar * lanes;
            if (k == 0 && !cl_find_define(L, n) && L->launch && L->launch->have_bytes && L->launch->bytes >= elem) {
                n = cl_fmt(L, "%lld", (long long)(L->launch->bytes / elem));   /* the launch's bytes */
            } else if (k != 0 || !cl_find_define(L, n)) {
                lds_diag_set(L->diag, d->loc, "'%s' takes its size at launch (%s): give it, in elements, with -D %s=N",
                             d->name,
                             L->o->lang == LDS_LANG_OPENCL ? "a __local pointer parameter, sized by clSetKernelArg"
                                                           : "extern __shared__",
                             n);
                lds_buf_free(&dims);
                return CL_EXTERN_SIZE;
            }
            a->dims[k] = n;
        } else {
            val *v = cl_expr(L, d->dims[k]);
            if (!v)
                return -1;
            if (!cl_is_int(v) || cl_need(L, v, "an array dimension") < 0 || v->cls == C_LANE) {
                if (!cl_failed(L))
                    lds_diag_set(L->diag, d->dims[k]->loc, "the dimension of '%s' is %s", d->name,
                                 cl_is_int(v) ? "not the same for every thread" : v->why ? v->why : "data");
                lds_buf_free(&dims);
                return -1;
            }
            a->dims[k] = v->text;
        }
        lds_buf_printf(&dims, "[%s]", a->dims[k]);
    }
    if (!d->ndims) {   /* a shared scalar */
        a->dims[0] = "1";
        lds_buf_printf(&dims, "[1]");
    }
    if (lanes > 1) {
        a->dims[a->ndims] = cl_fmt(L, "%u", lanes);
        lds_buf_printf(&dims, "[%u]", lanes);
    }
    if (same) {   /* two blocks' (or a helper's) arrays of one name: C's scopes tell them apart */
        same->same_name = a->same_name = true;
        lds_buf_printf(&L->out, "# the file's '%s' of %u:%u, renamed: the %s at %u:%u is named so too\n", a->cname,
                       d->loc.line, d->loc.col, same->is_extern ? "extern array" : "array", same->loc.line,
                       same->loc.col);
    } else if (strcmp(a->name, a->cname)) {
        lds_buf_printf(&L->out, "# the file's '%s', renamed: lds gives its name a meaning\n", a->cname);
    }
    cl_line(L, d->loc, "array %s %s%s", a->lds_type, a->name, lds_buf_str(&dims));
    lds_buf_free(&dims);
    cl_add_array(L, a);
    if (!d->ndims)   /* its name alone is its one element */
        cl_bind(L, d->name, array_named(L, a), false);
    return 0;
}

/* The arrays s declares whose name another array of the kernel has:
 * their names bound here, in the scope of the declaration, as C's
 * scopes tell them apart (the others are found by name anywhere). */
void cl_bind_same_named_arrays(lower *L, const csrc_stmt *s)
{
    for (unsigned i = 0; i < s->ndecls; i++)
        for (sarray *a = L->arrays; a; a = a->next)
            if (a->decl == &s->decls[i] && a->same_name)
                cl_bind(L, a->cname, array_named(L, a), false);
}

/* Whether evaluating e reads no memory, calls nothing and assigns
 * nothing, so that evaluating it early or twice emits nothing: literals,
 * variables, thread ids (threadIdx.x), arithmetic, comparisons, casts,
 * conditions, addresses and sizeof(type).  A name bound to shared memory
 * (a shared scalar) is a read. */
bool cl_reads_nothing(lower *L, const csrc_expr *e)
{
    if (!e)
        return true;
    switch (e->kind) {
    case CE_ID: {
        const binding *b = cl_lookup(L, e->name);
        return !b || b->v->kind != V_SHARED;
    }
    case CE_INT:
    case CE_FLOAT: return true;
    case CE_SIZEOF: return !e->a;
    case CE_MEMBER:   /* threadIdx.x: a member of a name that is no shared memory */
        return !strcmp(e->op, ".") && e->a->kind == CE_ID && cl_reads_nothing(L, e->a);
    case CE_UNARY: return strcmp(e->op, "*") && strcmp(e->op, "++") && strcmp(e->op, "--")
                          && cl_reads_nothing(L, e->a);
    case CE_BINARY:
    case CE_COND:
    case CE_CAST: return cl_reads_nothing(L, e->a) && cl_reads_nothing(L, e->b) && cl_reads_nothing(L, e->c);
    default: return false;
    }
}

/* The arrays are declared before the kernel's statements run, so a
 * dimension would not see a constant the kernel defines above it
 * (constexpr int PAD = 4; __shared__ float t[32][32 + PAD];).  While the
 * arrays are declared, each local a declaration meets is bound as it
 * will be there: an integer constant whose initializer reads nothing
 * (cl_reads_nothing) as its value,
 * anything else as data, so that no dimension reads a variable (or a
 * global that a local hides) as a constant.  The caller drops these
 * bindings afterwards; the statements bind the locals again in order. */
static int bind_local_for_dims(lower *L, const csrc_stmt *s)
{
    for (unsigned i = 0; i < s->ndecls; i++) {
        const csrc_declarator *d = &s->decls[i];
        val *v = NULL;
        if ((s->quals & CQ_CONST) && d->init && !d->ndims && !d->type.pointers && !cl_is_float_type(L, &d->type)
            && cl_reads_nothing(L, d->init) && !(v = cl_expr(L, d->init)))
            return -1;
        /* a value given at launch (a template parameter: const int W = N / 4)
         * stays itself, so that a dimension that needs it asks for -D N */
        if (!v || !cl_is_int(v) || (v->cls != C_CONST && !v->missing))
            v = cl_v_data(L, cl_fmt(L, "the variable '%s', not a constant", d->name), d->loc);
        cl_bind(L, d->name, v, false);
        L->env[L->nenv - 1].for_dims = true;
    }
    return 0;
}

/* Drop the locals bound for dimensions from `mark` on, keeping the
 * arrays' own bindings (a shared scalar's name) in order. */
static void drop_locals_for_dims(lower *L, unsigned mark)
{
    unsigned n = mark;
    for (unsigned i = mark; i < L->nenv; i++)
        if (!L->env[i].for_dims)
            L->env[n++] = L->env[i];
    L->nenv = n;
}

/* The shared arrays a statement declares, and those of statements in it
 * (the locals met on the way bound for their dimensions). */
static int declare_arrays_in(lower *L, const csrc_stmt *s)
{
    for (; s && !cl_failed(L); s = s->next) {
        if (s->kind == CS_DECL && (s->quals & CQ_SHARED))
            for (unsigned i = 0; i < s->ndecls; i++) {
                int rc = cl_declare_array(L, s, &s->decls[i]);
                if (rc < 0)
                    return rc;
            }
        if (s->kind == CS_DECL && !(s->quals & CQ_SHARED) && bind_local_for_dims(L, s) < 0)
            return -1;
        if (s->kind == CS_COMPOUND) {
            unsigned mark = L->nenv;   /* a block's locals end with it */
            int rc = declare_arrays_in(L, s->body);
            drop_locals_for_dims(L, mark);
            if (rc < 0)
                return rc;
        }
        if ((s->kind == CS_IF || s->kind == CS_FOR || s->kind == CS_WHILE || s->kind == CS_DO) && s->body) {
            csrc_stmt one = *s->body;
            one.next = NULL;
            unsigned mark = L->nenv;
            int rc = declare_arrays_in(L, &one);
            drop_locals_for_dims(L, mark);
            if (rc < 0)
                return rc;
        }
    }
    return cl_failed(L) ? -1 : 0;
}

int cl_declare_arrays_in(lower *L, const csrc_stmt *s) { return cl_declare_arrays_from(L, s, L->nenv); }

/* The same, dropping the bindings for dimensions made from mark on (a
 * callee's template parameters, bound by the caller). */
int cl_declare_arrays_from(lower *L, const csrc_stmt *s, unsigned mark)
{
    int rc = declare_arrays_in(L, s);
    drop_locals_for_dims(L, mark);
    return rc;
}

/* Template parameter i of f where no argument gives it: a -D value, else
 * the launch's, else its default (a number, or an expression of the
 * file's constants and the parameters before it that is a constant),
 * else a name that asks for -D where it decides something.  NULL: an
 * error, in L->diag. */
val *cl_template_param(lower *L, const csrc_func *f, unsigned i)
{
    const csrc_define *d = cl_find_type_define(L, f->tparams[i]);
    if (d) {   /* -D F=matmul_tri_regs: a function of the file (a word, read as a type's name) */
        csrc_expr named = { .kind = CE_ID, .loc = f->loc, .name = d->type, .height = 1 };
        val *fv = cl_function_value(L, &named);
        if (fv)
            return fv;
    }
    d = cl_find_define(L, f->tparams[i]);
    if (d)
        return cl_define_val(L, d);
    if (f == L->kernel && L->launch && L->launch->targ[i].known)   /* -D overrides the launch */
        return cl_v_const(L, L->launch->targ[i].k);
    if (f == L->kernel && L->launch && L->launch->targ[i].func) {   /* trimul<tri_naive><<<...>>> */
        val *fv = cl_v_data(L, cl_fmt(L, "the function '%s' as a value", L->launch->targ[i].func->name), f->loc);
        fv->func = L->launch->targ[i].func;
        return fv;
    }
    if (f->tdefaults[i].set)   /* -D and the launch override a default */
        return cl_v_const(L, f->tdefaults[i].value);
    if (f->tdefaults[i].expr) {   /* = C, = 2 * M: its value where it is a constant */
        val *dv = cl_expr(L, f->tdefaults[i].expr);
        if (!dv || dv->cls == C_CONST)
            return dv;
    }
    val *v = cl_v_name(L, C_UNIFORM, f->tparams[i]);
    v->missing = f->tparams[i];
    v->missing_loc = f->loc;
    return v;
}

/* OpenCL C's __local float *tmp: shared memory the host sizes with
 * clSetKernelArg(kernel, i, bytes, NULL). */
static bool is_local_pointer(const csrc_param *p)
{
    return (p->quals & CQ_SHARED) && (p->type.pointers || p->is_array);
}

/* Each __local pointer parameter of the kernel is an array of its own,
 * its size given with -D NAME_size=N (elements) as an extern array's
 * is.  They are laid out after the kernel's own arrays, in the order of
 * the parameters: an assumption (lds-calc(1) says so), which only wide
 * accesses could tell from another placement. */
static int declare_local_params(lower *L, const csrc_func *f)
{
    for (unsigned i = 0; i < f->nparams; i++) {
        const csrc_param *p = &f->params[i];
        if (!p->name || !is_local_pointer(p))
            continue;
        csrc_stmt *s = lds_arena_alloc(L->arena, sizeof *s);
        csrc_declarator *d = lds_arena_alloc(L->arena, sizeof *d);
        s->kind = CS_DECL;
        s->loc = p->loc;
        s->quals = CQ_SHARED;
        s->decls = d;
        s->ndecls = 1;
        d->name = p->name;
        d->loc = p->loc;
        d->type = p->type;
        d->type.pointers -= p->type.pointers ? 1 : 0;
        d->dims = lds_arena_alloc(L->arena, sizeof *d->dims);   /* one dimension, [] */
        d->ndims = 1;
        if (cl_declare_array(L, s, d) < 0)
            return -1;
    }
    return 0;
}

/* The kernel's parameters: pointers are global memory; the HLSL system
 * values are the thread's ids; any other must be given with -D. */
void cl_bind_params(lower *L, const csrc_func *f)
{
    if (cl_bind_template_args(L, f, NULL, NULL, false) < 0)
        return;
    for (unsigned i = 0; i < f->nparams; i++) {
        const csrc_param *p = &f->params[i];
        if (!p->name || is_local_pointer(p))   /* the array declare_local_params makes */
            continue;
        val *v;
        const char *sem = p->semantic;
        if (sem && !strcmp(sem, "SV_GroupIndex")) {
            v = cl_v_name(L, C_LANE, "tid");
        } else if (sem && (!strcmp(sem, "SV_GroupThreadID") || !strcmp(sem, "SV_DispatchThreadID") || !strcmp(sem, "SV_GroupID"))) {
            unsigned bytes, lanes;
            bool fl;
            if (csrc_type_shape(p->type.base, &bytes, &lanes, &fl) && lanes == 1)
                v = cl_builtin_member(L, sem, "x");
            else {
                v = cl_new_val(L, V_OBJ);
                v->objname = sem;
            }
        } else if (cl_record_type(L, &p->type)) {   /* Matrix A: its members as the launch gives them */
            v = cl_record_param(L, p->name, cl_record_type(L, &p->type));
        } else if (p->type.pointers || p->is_array || p->type.targs) {   /* an allocation of its own */
            v = cl_global_typed(L, p->name, &p->type);
        } else if ((v = cl_vector_param(L, p->name, &p->type, p->loc))) {   /* int2 offset: -D offset.x=... */
        } else if (cl_find_define(L, p->name)) {
            v = cl_define_val(L, cl_find_define(L, p->name));
        } else if (L->launch && L->launch->arg[i].known) {
            v = cl_v_const(L, L->launch->arg[i].k);
        } else if (cl_is_float_type(L, &p->type)) {
            v = cl_v_data(L, cl_fmt(L, "the kernel parameter '%s'", p->name), p->loc);
        } else {
            v = cl_new_val(L, V_INT);
            v->cls = C_UNIFORM;
            v->text = p->name;
            v->atom = true;
            v->mono = true;
            v->missing = p->name;
            v->missing_loc = p->loc;
        }
        cl_bind(L, p->name, v, cl_is_float_type(L, &p->type));
    }
}

/* Whether an expression names threadIdx.y/.z or blockDim.y/.z. */
static bool expr_uses_y_or_z(const csrc_expr *e)
{
    if (!e)
        return false;
    if (e->kind == CE_MEMBER && e->a && e->a->kind == CE_ID && (!strcmp(e->name, "y") || !strcmp(e->name, "z"))
        && (!strcmp(e->a->name, "threadIdx") || !strcmp(e->a->name, "blockDim")))
        return true;
    if (expr_uses_y_or_z(e->a) || expr_uses_y_or_z(e->b) || expr_uses_y_or_z(e->c))
        return true;
    for (unsigned i = 0; i < e->nargs; i++)
        if (expr_uses_y_or_z(e->args[i]))
            return true;
    return false;
}

static void y_or_z_in(const csrc_stmt *s, void *ctx)
{
    bool *found = ctx;
    *found |= expr_uses_y_or_z(s->e) || expr_uses_y_or_z(s->step);
    for (unsigned i = 0; i < s->ndecls; i++)
        *found |= expr_uses_y_or_z(s->decls[i].init);
}

static bool uses_y_or_z(const csrc_stmt *s)
{
    bool found = false;
    cl_walk_stmts(s, y_or_z_in, &found);
    return found;
}

/* threads X, Y, Z: --threads, else the kernel's own. */
int cl_threads_line(lower *L, const csrc_func *f)
{
    if (L->o->threads) {
        long long d[3] = { 1, 1, 1 };
        if (sscanf(L->o->threads, "%lld, %lld, %lld", &d[0], &d[1], &d[2]) >= 1)
            for (int k = 0; k < 3; k++)
                L->tdim[k] = d[k];
        cl_line(L, (lds_loc){ 0 }, "threads %s", L->o->threads);
        return 0;
    }
    if (L->launch && L->launch->have_block) {   /* what runs, whatever __launch_bounds__ allows */
        memcpy(L->tdim, L->launch->block, sizeof L->tdim);
        cl_line(L, (lds_loc){ 0 }, "threads %lld, %lld, %lld", (long long)L->tdim[0], (long long)L->tdim[1],
                (long long)L->tdim[2]);
        return 0;
    }
    csrc_expr *const *n = f->numthreads[0] ? f->numthreads : L->unit->local_size;
    if (f->bounds_only && uses_y_or_z(f->body)) {
        lds_diag_set(L->diag, f->numthreads[0]->loc,
                     "__launch_bounds__ gives '%s' a thread count, not a shape, and it uses threadIdx.y or .z: give "
                     "the shape with --threads X,Y[,Z]",
                     f->name);
        return -1;
    }
    if (!n[0] && !n[1] && !n[2]) {   /* a guess: said, where the kernel is */
        lds_buf_printf(&L->out, "# no workgroup size in the file: one wave (give it with --threads X,Y,Z)\n");
        lds_diag w = { 0 };
        lds_diag_set(&w, f->loc, "no --threads, launch or attribute gives the workgroup size of '%s': one wave of "
                                 "each profile is assumed, and every total counts that wave alone (give it with "
                                 "--threads X,Y,Z)", f->name);
        w.warning = 1;
        cl_warn(L, &w);
        return 0;
    }
    lds_buf t = { 0 };
    for (int k = 0; k < 3; k++) {
        val *v = n[k] ? cl_expr(L, n[k]) : cl_v_const(L, 1);
        if (v && cl_is_int(v) && v->cls == C_CONST && v->k > 0)
            L->tdim[k] = v->k;
        if (v && cl_is_int(v) && v->cls == C_CONST && v->k < 1) {   /* [numthreads(0, 1, 1)] */
            lds_diag_set(L->diag, n[k] ? n[k]->loc : f->loc, "the workgroup size is %lld threads along %c: at least 1",
                         (long long)v->k, "xyz"[k]);
            lds_buf_free(&t);
            return -1;
        }
        if (!v || !cl_is_int(v) || v->cls == C_LANE || cl_need(L, v, "the workgroup size") < 0) {
            if (!cl_failed(L))
                lds_diag_set(L->diag, n[k] ? n[k]->loc : f->loc, "the workgroup size is %s",
                             v && v->why ? v->why : "not a number lds-calc can work out");
            lds_buf_free(&t);
            return -1;
        }
        lds_buf_printf(&t, "%s%s", k ? ", " : "", v->text);
    }
    cl_line(L, (lds_loc){ 0 }, "threads %s", lds_buf_str(&t));
    lds_buf_free(&t);
    return 0;
}

int cl_lower_kernel(lower *L, const csrc_func *f, csrc_lowered *out)
{
    L->kernel = f;
    L->nenv = 0;
    L->nqualified = 0;
    L->nglobal = 0;
    L->arrays = NULL;
    L->array_by_name = (lds_strset){ 0 };
    memset(&L->taken, 0, sizeof L->taken);
    for (unsigned i = 0; i < L->o->ndefines; i++)
        cl_take_name(L, L->o->defines[i].name);
    lds_buf_printf(&L->out, "# %s, kernel %s, lowered by lds-calc (--show-lowered): '#line L:C' places the next "
                            "line in the file\n",
                   lds_lang_name(L->o->lang), f->name);
    if (cl_file_scope(L) < 0)
        return -1;
    cl_find_launch(L, f);
    cl_bind_params(L, f);
    cl_line(L, f->loc, "kernel %s", f->name);
    cl_launch_comment(L, f);
    if (cl_threads_line(L, f) < 0)
        return -1;
    /* the file's shared arrays that the kernel's code uses: the compilers
     * allocate one only in the kernels that name it */
    cl_names used = { 0 };
    cl_code_names(L, f->body->body, &used);
    for (const csrc_stmt *s = L->unit->globals; s; s = s->next)
        if (s->kind == CS_DECL && (s->quals & CQ_SHARED))
            for (unsigned i = 0; i < s->ndecls; i++)
                if (cl_names_has(&used, s->decls[i].name) && cl_declare_array(L, s, &s->decls[i]) < 0)
                    return -1;
    if (cl_declare_arrays_in(L, f->body->body) < 0 || cl_declare_callee_arrays(L, f->body->body) < 0
        || declare_local_params(L, f) < 0)
        return -1;
    for (const csrc_stmt *s = L->unit->globals; s; s = s->next)   /* the file's, where a block's has its name */
        if (s->kind == CS_DECL && (s->quals & CQ_SHARED))
            cl_bind_same_named_arrays(L, s);
    /* a parameter given by -D would be a let named like it: taken */
    if (cl_stmt(L, f->body->body) < 0)
        return -1;
    out->kernel = lds_xstrdup(f->name);
    out->line = f->loc.line;
    out->col = f->loc.col;
    out->text = lds_buf_take(&L->out);
    out->accesses = L->accesses;
    out->cute = cl_warn_cute(L, f);
    return 0;
}
