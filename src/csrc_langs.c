/* src/csrc_langs.c - the kernel-file languages (src/csrc_lower.h): their
 * names, their files' extensions, and the macros their headers define
 * that kernels use though lds-calc does not read the headers. */
#include "src/csrc_lower_impl.h"

lds_lang lds_lang_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot)
        return LDS_LANG_NONE;
    static const struct { const char *ext; lds_lang lang; } exts[] = {
        { ".cu", LDS_LANG_CUDA }, { ".cuh", LDS_LANG_CUDA }, { ".hip", LDS_LANG_HIP }, { ".hlsl", LDS_LANG_HLSL },
        { ".hlsli", LDS_LANG_HLSL }, { ".fx", LDS_LANG_HLSL }, { ".comp", LDS_LANG_GLSL }, { ".glsl", LDS_LANG_GLSL },
        { ".cl", LDS_LANG_OPENCL }, { ".ptx", LDS_LANG_PTX },
    };
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        if (!strcmp(dot, exts[i].ext))
            return exts[i].lang;
    return LDS_LANG_NONE;
}

const char *lds_lang_refused(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    static const struct { const char *ext, *lang; } refused[] = {
        { ".wgsl", "WGSL (WebGPU's shading language)" },
        { ".metal", "the Metal Shading Language" },
    };
    for (size_t i = 0; dot && i < sizeof refused / sizeof refused[0]; i++)
        if (!strcmp(dot, refused[i].ext))
            return refused[i].lang;
    return NULL;
}

static const char *const lang_names[] = { "lds", "cuda", "hip", "hlsl", "glsl", "opencl", "ptx" };

bool lds_lang_lookup(const char *name, lds_lang *out)
{
    for (size_t i = 0; i < sizeof lang_names / sizeof lang_names[0]; i++)
        if (!strcmp(name, lang_names[i])) {
            *out = (lds_lang)i;
            return true;
        }
    return false;
}

const char *lds_lang_extension(lds_lang l)
{
    static const char *const ext[] = { "lds", "cu", "hip", "hlsl", "comp", "cl", "ptx" };
    return ext[l];
}

const char *lds_lang_name(lds_lang l)
{
    static const char *const shown[] = { "lds", "CUDA", "HIP", "HLSL", "GLSL", "OpenCL C", "PTX" };
    return shown[l];
}

/* OpenCL C's macros, and a -D type (-D T=float), which is a build
 * option's macro there (clBuildProgram's "-D T=float"): there are no
 * template parameters for it to give. */
static const char *const *opencl_header_macros(const csrc_lower_options *o, const char *const *fixed,
                                               lds_arena *arena)
{
    unsigned n = 0, k = 0;
    while (fixed[n])
        n++;
    const char **all = lds_arena_alloc(arena, sizeof *all * (n + o->ndefines + 1));
    for (unsigned i = 0; i < n; i++)
        all[k++] = fixed[i];
    for (unsigned i = 0; i < o->ndefines; i++)
        if (o->defines[i].type) {
            size_t len = strlen(o->defines[i].name) + strlen(o->defines[i].type) + 2;
            char *m = lds_arena_alloc(arena, len);
            snprintf(m, len, "%s %s", o->defines[i].name, o->defines[i].type);
            all[k++] = m;
            o->defines[i].used = true;
        }
    return all;
}

const char *const *cl_header_macros(const csrc_lower_options *o, lds_arena *arena)
{
    /* hip_runtime.h's dynamic shared memory */
    static const char *const hip_macros[] = { "HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];",
                                              "HIP_DYNAMIC_SHARED_ATTRIBUTE", NULL };
    /* what every OpenCL C compiler's headers define: the fences barrier()
     * takes (its versions are predefined macros: src/csrc_predef.c) */
    static const char *const opencl_macros[] = { "CLK_LOCAL_MEM_FENCE 1", "CLK_GLOBAL_MEM_FENCE 2", NULL };
    return o->lang == LDS_LANG_HIP      ? hip_macros
           : o->lang == LDS_LANG_OPENCL ? opencl_header_macros(o, opencl_macros, arena)
                                        : NULL;
}
