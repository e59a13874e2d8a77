/* front/csrc/pp_include.c - #include followed (front/csrc/pp.h): the header a
 * line names found as the compilers find it, read once however often it
 * is included, and its tokens put in place of the line.
 *
 * #include "name" is looked for beside the file whose line it is, then in
 * each -I folder in order; #include <name> in the -I folders alone.  A
 * header of the toolkits or of C and C++ that is not there
 * (cuda_runtime.h, cooperative_groups.h, hip/hip_runtime.h, cub/...,
 * <cstdint>) is what lds-calc knows of it: thread indices, cooperative
 * groups, warp sizes, the usual intrinsics.  Any other header found
 * nowhere is a warning: the names it would have defined are reported
 * where they are needed.  An #include whose name a macro gives is not
 * followed, with a warning.  -include FILE reads FILE before the file's
 * first line, as the compilers do. */
#include "front/csrc/pp.h"

#include <sys/stat.h>

#include "base/input.h"
#include "base/limits.h"

/* #include lines a file may follow in all: more is a header that
 * includes itself without a guard. */
#define MAX_INCLUDES 4096

/* Whether path names a regular file. */
static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* dir/name, or name where it is absolute or dir is empty (malloc'd). */
static char *joined(const char *dir, size_t dirlen, const char *name)
{
    size_t n = strlen(name);
    if (name[0] == '/' || (dirlen == 0 && strcmp(name, "-")))
        return lds_xstrdup(name);
    if (dirlen == 0)
        return lds_xstrdup("./-");   /* a file named '-', not standard input */
    char *path = lds_xmalloc(dirlen + n + 2);
    memcpy(path, dir, dirlen);
    path[dirlen] = '/';
    memcpy(path + dirlen + 1, name, n + 1);
    return path;
}

/* The path of the header `name` (malloc'd), or NULL where none is:
 * quoted, beside the including file first. */
static char *find_header(const csrc_includes *inc, const lds_source *from, const char *name, bool quoted)
{
    if (name[0] == '/')
        return is_file(name) ? lds_xstrdup(name) : NULL;
    if (quoted) {
        const char *slash = from && from->name[0] != '<' ? strrchr(from->name, '/') : NULL;
        char *path = joined(from->name, slash ? (size_t)(slash - from->name) : 0, name);
        if (is_file(path))
            return path;
        lds_free(path);
    }
    for (unsigned i = 0; i < inc->ndirs; i++) {
        char *path = joined(inc->dirs[i], strlen(inc->dirs[i]), name);
        if (is_file(path))
            return path;
        lds_free(path);
    }
    return NULL;
}

/* The header at path, read before or now (NULL: it cannot be read, with
 * why set); *index its place in inc. */
static lds_source *header_at(csrc_includes *inc, char *path, const lds_source *from, size_t *index, char *why,
                             size_t size)
{
    for (size_t i = 0; i < inc->n; i++)
        if (!strcmp(inc->v[i]->name, path)) {
            lds_free(path);
            *index = i;
            return inc->v[i];
        }
    lds_source *h = lds_xcalloc(1, sizeof *h);
    int rc = lds_input_read(path, h, why, size);
    lds_free(path);
    if (rc < 0) {
        lds_free(h);
        return NULL;
    }
    h->lang = from ? from->lang : NULL;
    h->included_by = from;
    if (inc->n == inc->cap) {
        size_t cap = inc->cap;
        inc->v = lds_xgrow(inc->v, inc->n, &cap, sizeof *inc->v, 8);
        inc->once = lds_xreallocarray(inc->once, cap, sizeof *inc->once);
        inc->cap = cap;
    }
    inc->once[inc->n] = false;
    *index = inc->n;
    inc->v[inc->n++] = h;
    return h;
}

/* Whether a header is one of the toolkits' (CUDA, HIP and their
 * libraries) or of C and C++'s standard library: not having it is no
 * loss, lds-calc knows what kernels use of it. */
static bool known_header(const char *name)
{
    static const char *const folders[] = { "cuda/", "cub/", "thrust/", "cooperative_groups/", "hip/", "hipcub/",
                                           "rocprim/", "rocwmma/", "crt/", "sys/", "bits/", NULL };
    static const char *const names[] = {
        /* CUDA */
        "cuda.h", "cuda_runtime.h", "cuda_runtime_api.h", "device_launch_parameters.h", "device_functions.h",
        "cooperative_groups.h", "cuda_fp16.h", "cuda_bf16.h", "cuda_fp8.h", "cuda_pipeline.h", "cuda_awbarrier.h",
        "mma.h", "math_constants.h", "vector_types.h", "vector_functions.h", "sm_20_atomic_functions.h",
        "sm_30_intrinsics.h", "sm_32_intrinsics.h", "sm_60_atomic_functions.h", "sm_61_intrinsics.h",
        "curand_kernel.h", "cuComplex.h", "cublas_v2.h", "cuda_texture_types.h", "texture_fetch_functions.h",
        /* HIP */
        "hip_runtime.h", "hip_fp16.h", "hip_bf16.h", "hip_cooperative_groups.h",
        /* C */
        "assert.h", "float.h", "limits.h", "math.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h",
        "string.h", "time.h", "inttypes.h", "errno.h", "unistd.h",
        /* C++ */
        "algorithm", "array", "cassert", "cfloat", "chrono", "climits", "cmath", "cstddef", "cstdint", "cstdio",
        "cstdlib", "cstring", "ctime", "functional", "iomanip", "iostream", "limits", "map", "memory", "numeric",
        "random", "sstream", "string", "tuple", "type_traits", "utility", "vector", "fstream", "stdexcept",
        "initializer_list", "cinttypes", "unordered_map", "set", NULL };
    for (const char *const *f = folders; *f; f++)
        if (!strncmp(name, *f, strlen(*f)))
            return true;
    for (const char *const *k = names; *k; k++)
        if (!strcmp(name, *k))
            return true;
    return false;
}

static void warn(pp *p, lds_loc at, const char *what, const char *name)
{
    if (!p->o->warn)
        return;
    lds_diag w = { 0 };
    lds_diag_set(&w, at, "%s%s%s", name ? "'" : "", name ? name : "", what);
    w.warning = 1;
    p->o->warn(p->o->warn_ctx, &w);
}

/* The name an #include line gives, "x.h" or <x/y.h> (malloc'd), with
 * *quoted; NULL where a macro gives it or it is malformed. */
static char *include_name(const csrc_tok *rest, size_t nrest, bool *quoted)
{
    if (nrest >= 1 && rest[0].kind == CT_STR && rest[0].len >= 2 && rest[0].text[0] == '"') {
        *quoted = true;
        return lds_xstrndup(rest[0].text + 1, rest[0].len - 2);
    }
    if (nrest >= 2 && csrc_is(&rest[0], "<")) {   /* its text to the '>', as written */
        const char *from = rest[0].text + 1, *close = NULL;
        for (size_t k = 1; k < nrest && !close; k++)
            if (csrc_is(&rest[k], ">"))
                close = rest[k].text;
        if (close && close > from) {
            *quoted = false;
            return lds_xstrndup(from, (size_t)(close - from));
        }
    }
    return NULL;
}

/* The header's tokens, its EOF left out, put between (*keep)[0, end) and
 * the rest. */
static int splice(pp *p, const lds_source *h, csrc_tok **keep, size_t *n, size_t end)
{
    csrc_toks raw = { 0 };
    if (pp_lex_file(h, p->o, p->arena, p->diag, &raw) < 0) {
        pp_list_free(&raw);
        return -1;
    }
    size_t m = raw.n - 1;   /* without its EOF */
    if (*n + m > MAX_TOKENS) {
        lds_diag_set(p->diag, raw.v[0].loc, "more than %u tokens with the headers included", MAX_TOKENS);
        pp_list_free(&raw);
        return -1;
    }
    csrc_tok *all = lds_arena_alloc(p->arena, sizeof *all * (*n + m));
    memcpy(all, *keep, sizeof *all * end);
    memcpy(all + end, raw.v, sizeof *all * m);
    memcpy(all + end + m, *keep + end, sizeof *all * (*n - end));
    pp_list_free(&raw);
    *keep = all;
    *n += m;
    return 0;
}

int pp_include(pp *p, lds_loc at, const csrc_tok *rest, size_t nrest, csrc_tok **keep, size_t *n, size_t end)
{
    csrc_includes *inc = p->o->includes;
    bool quoted = false;
    char *name = include_name(rest, nrest, &quoted);
    if (!name) {
        warn(p, at, "an #include whose name a macro gives is not followed", NULL);
        return 0;
    }
    char *path = find_header(inc, at.src, name, quoted);
    if (!path) {
        if (!known_header(name))
            warn(p, at, quoted ? "' is not beside the file nor in a -I folder: not read (what it defines is "
                                 "reported where it is needed)"
                               : "' is not in a -I folder: not read (what it defines is reported where it is "
                                 "needed)", name);
        lds_free(name);
        return 0;
    }
    char why[512];
    size_t index;
    lds_source *h = header_at(inc, path, at.src, &index, why, sizeof why);
    if (!h) {
        lds_diag_set(p->diag, at, "#include \"%s\": %s", name, why);
        lds_free(name);
        return -1;
    }
    lds_free(name);
    if (inc->once[index])
        return 0;
    if (++inc->followed > MAX_INCLUDES) {
        lds_diag_set(p->diag, at, "more than %d #include lines followed (a header that includes itself, with no "
                                  "guard?)", MAX_INCLUDES);
        return -1;
    }
    return splice(p, h, keep, n, end);
}

int pp_include_files(pp *p, const lds_source *src, csrc_tok **keep, size_t *n)
{
    csrc_includes *inc = p->o->includes;
    for (unsigned i = inc->nfiles; i-- > 0;) {   /* each put first: the last first */
        const char *name = inc->files[i];
        char *path = is_file(name) ? lds_xstrdup(name) : find_header(inc, NULL, name, false);
        char why[512];
        size_t index;
        lds_source *h = path ? header_at(inc, path, src, &index, why, sizeof why) : NULL;
        if (!h) {
            lds_diag_set(p->diag, (lds_loc){ 0 }, "-include %s: %s", name,
                         path ? why : "no such file, nor in a -I folder");
            return -1;
        }
        if (splice(p, h, keep, n, 0) < 0)
            return -1;
    }
    return 0;
}

void pp_pragma_once(pp *p, const lds_source *src)
{
    csrc_includes *inc = p->o->includes;
    for (size_t i = 0; i < inc->n; i++)
        if (inc->v[i] == src)
            inc->once[i] = true;
}
