/* front/csrc/lower_opencl.c - OpenCL C's built-in functions (front/csrc/lower_impl.h):
 * the work-item functions as the thread ids they are (get_local_id(0)
 * is threadIdx.x), its barriers and fences, which do nothing to the
 * accesses, OpenCL 1.0's atom_* atomics, and the integer functions
 * index arithmetic uses (mad24, mul24, convert_int).
 *
 * Work-groups are numbered along x only, as for the other languages:
 * get_group_id(1) is 0 and get_global_id(1) is get_local_id(1). */
#include "front/csrc/lower_impl.h"

/* f(d): the member d (0 1 2: x y z) of the builtin object obj. */
static val *work_item_member(lower *L, const csrc_expr *e, const char *obj)
{
    if (e->nargs != 1)
        return cl_v_data(L, cl_fmt(L, "the result of '%s' with %u arguments", e->name, e->nargs), e->loc);
    val *d = cl_expr(L, e->args[0]);
    if (!d)
        return NULL;
    if (!cl_is_int(d) || d->cls != C_CONST || d->k < 0 || d->k > 2)
        return cl_v_data(L, cl_fmt(L, "%s(d) of a dimension d that is not 0, 1 or 2", e->name), e->loc);
    static const char *const axis[] = { "x", "y", "z" };
    if (!obj) {   /* get_global_size(d): the groups times the group's size */
        val *groups = cl_builtin_member(L, "gridDim", axis[d->k]);
        val *size = cl_builtin_member(L, "blockDim", axis[d->k]);
        return groups && size ? cl_int_op(L, "*", groups, size) : NULL;
    }
    return cl_builtin_member(L, obj, axis[d->k]);
}

/* mul24(a, b) and mad24(a, b, c): exact while the operands fit in 24
 * bits, as a workgroup's indices do (CUDA's __mul24 is read the same);
 * convert_int(x), convert_uint_sat(x): an integer stays itself. */
static val *integer_function(lower *L, const csrc_expr *e, bool *handled)
{
    const char *name = e->name;
    bool mad = !strcmp(name, "mad24"), mul = !strcmp(name, "mul24");
    char type[16] = "";
    if (!strncmp(name, "convert_", 8))
        sscanf(name + 8, "%15[a-z]", type);
    unsigned bytes, lanes;
    bool fl;
    bool convert = type[0] && csrc_type_shape(type, &bytes, &lanes, &fl) && lanes == 1 && !fl;
    *handled = (mad && e->nargs == 3) || (mul && e->nargs == 2) || (convert && e->nargs == 1);
    if (!*handled)
        return NULL;
    val *v[3];
    for (unsigned i = 0; i < e->nargs; i++)
        if (!(v[i] = cl_expr(L, e->args[i])))
            return NULL;
    if (convert)
        return cl_is_int(v[0]) ? v[0] : cl_v_data(L, cl_fmt(L, "the result of '%s'", name), e->loc);
    val *product = cl_int_op(L, "*", v[0], v[1]);
    return mad && product ? cl_int_op(L, "+", product, v[2]) : product;
}

val *cl_opencl_call(lower *L, const csrc_expr *e, bool *handled)
{
    static const struct { const char *name, *obj; } per_axis[] = {
        { "get_local_id", "threadIdx" },  { "get_group_id", "blockIdx" },
        { "get_local_size", "blockDim" }, { "get_enqueued_local_size", "blockDim" },
        { "get_num_groups", "gridDim" },  { "get_global_id", "gl_GlobalInvocationID" },
        { "get_global_size", NULL },
    };
    static const struct { const char *name, *lds; vclass cls; } per_thread[] = {
        { "get_local_linear_id", "tid", C_LANE },         { "get_sub_group_local_id", "lane", C_LANE },
        { "get_sub_group_id", "wave", C_LANE },           { "get_sub_group_size", "wave_size", C_UNIFORM },
        { "get_max_sub_group_size", "wave_size", C_UNIFORM },
    };
    static const char *const fences[] = { "work_group_barrier", "mem_fence", "read_mem_fence", "write_mem_fence",
                                          "sub_group_barrier", "atomic_work_item_fence", NULL };
    const char *name = e->name;
    *handled = name != NULL;
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof per_axis / sizeof per_axis[0]; i++)
        if (!strcmp(name, per_axis[i].name))
            return work_item_member(L, e, per_axis[i].obj);
    for (size_t i = 0; i < sizeof per_thread / sizeof per_thread[0]; i++)
        if (!strcmp(name, per_thread[i].name) && e->nargs == 0)
            return cl_v_name(L, per_thread[i].cls, per_thread[i].lds);
    if (cl_name_in(name, fences)) {
        for (unsigned i = 0; i < e->nargs; i++)
            if (!cl_expr(L, e->args[i]))
                return NULL;
        return cl_v_void(L);
    }
    if (!strncmp(name, "atom_", 5))   /* atom_add(&s[i], v): OpenCL 1.0's atomics */
        return cl_atomic_call(L, e, true);
    return integer_function(L, e, handled);
}
