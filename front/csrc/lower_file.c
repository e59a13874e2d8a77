/* front/csrc/lower_file.c - a kernel file read (front/csrc/csrc.h): preprocessed,
 * parsed, and each kernel lowered (front/csrc/lower.c), on a thread of its
 * own whose stack the reader's limits are sized for. */
#include "front/csrc/lower_impl.h"
#include "base/stack.h"

/* The file read and lowered, on the reader's own thread (below). */
typedef struct {
    const lds_source *src;
    const csrc_lower_options *o;
    csrc_lowered **out;
    unsigned *n;
    lds_diag *diag;
    int rc;
} lower_job;

static int lower_file(const lds_source *src, const csrc_lower_options *o, csrc_lowered **out, unsigned *n,
                      lds_diag *diag);

static void lower_job_run(void *arg)
{
    lower_job *j = arg;
    j->rc = lower_file(j->src, j->o, j->out, j->n, j->diag);
}

/* Reading a file recurses as deep as it nests, within the limits of
 * lds-calc(1) (expressions and statements LDS_MAX_DEPTH levels, trees
 * LDS_MAX_HEIGHT, CL_MAX_NEST levels in all with the inlined calls): on a
 * thread with this stack, whatever the caller's thread has. */
#define CL_STACK_BYTES ((size_t)64 << 20)

int csrc_lower_file(const lds_source *src, const csrc_lower_options *o, csrc_lowered **out, unsigned *n,
                    lds_diag *diag)
{
    lower_job j = { src, o, out, n, diag, -1 };
    lds_run_on_stack(CL_STACK_BYTES, lower_job_run, &j);
    return j.rc;
}

static int lower_file(const lds_source *src, const csrc_lower_options *o, csrc_lowered **out, unsigned *n,
                      lds_diag *diag)
{
    *out = NULL;
    *n = 0;
    lds_arena *arena = lds_arena_new();
    csrc_toks toks = { 0 }, host_toks = { 0 };
    csrc_unit unit;
    bool device_only = false;
    int rc = cl_read_file(src, o, false, arena, &toks, &unit, &device_only, diag);
    const csrc_unit *host = &unit;
    if (rc == 0 && device_only)
        host = cl_host_pass(src, o, arena, &host_toks, &unit);
    unsigned nk = 0;
    for (const csrc_func *f = rc == 0 ? unit.funcs : NULL; f; f = f->next) {
        bool glsl_main = o->lang == LDS_LANG_GLSL && !strcmp(f->name, "main");
        if (glsl_main && !f->kernel)
            ((csrc_func *)f)->kernel = true;
        if (f->kernel && (!o->kernel || !strcmp(o->kernel, f->name)))
            nk++;
    }
    if (rc == 0 && nk == 0) {
        lds_buf names = { 0 };
        for (const csrc_func *f = unit.funcs; f; f = f->next)
            if (f->kernel)
                lds_buf_printf(&names, "%s%s", names.len ? ", " : "", f->name);
        lds_loc at = { src, 1, 1 };
        if (o->kernel)
            lds_diag_set(diag, at, "no kernel named '%s' in the file (its kernels: %s)", o->kernel,
                         names.len ? lds_buf_str(&names) : "none");
        else
            lds_diag_set(diag, at, "no kernel in the file (in %s, a kernel is %s)", lds_lang_name(o->lang),
                         o->lang == LDS_LANG_HLSL ? "a function with [numthreads(x, y, z)]"
                         : o->lang == LDS_LANG_GLSL ? "main() with layout(local_size_x = ...) in;"
                         : o->lang == LDS_LANG_OPENCL ? "a __kernel function"
                                                      : "a __global__ function");
        lds_buf_free(&names);
        rc = -1;
    }
    csrc_lowered *res = rc == 0 ? lds_xcalloc(nk, sizeof *res) : NULL;
    cl_launches *launches = rc == 0 ? cl_index_launches(host) : NULL;
    cl_names warned = { 0 };   /* once a place and message, for the whole file */
    cl_missing_values missing = { 0 };
    unsigned done = 0;
    for (const csrc_func *f = rc == 0 ? unit.funcs : NULL; f && rc == 0; f = f->next) {
        if (!f->kernel || (o->kernel && strcmp(o->kernel, f->name)))
            continue;
        lower L = { .arena = arena, .diag = diag, .o = o, .unit = &unit, .host_unit = host, .file = src,
                    .launches = launches, .warned = &warned, .missing = &missing };
        rc = cl_lower_kernel(&L, f, &res[done]);
        lds_buf_free(&L.out);
        cl_free_env(&L);
        if (rc == 0)
            done++;
    }
    if (rc == 0)
        cl_warn_missing(o, &missing);
    lds_free(missing.v);
    cl_launches_free(launches);
    csrc_toks_free(&toks);
    csrc_toks_free(&host_toks);
    lds_arena_free(arena);
    if (rc < 0) {
        csrc_lowered_free(res, done);
        return -1;
    }
    *out = res;
    *n = done;
    return 0;
}
