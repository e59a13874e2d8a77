/* front/csrc/predef.c - the macros a kernel file's compiler defines before
 * its first line, for the file's language and the profile it runs on
 * (front/csrc/lower_impl.h); lds-calc(1), PREDEFINED MACROS, has the table.
 *
 * lds-calc models the code a GPU runs, so each language is read as its
 * compiler's device pass reads it: nvcc's for CUDA (__CUDA_ARCH__ from an
 * NVIDIA profile), hipcc's for HIP (clang's AMDGPU target macros from an
 * AMD profile; nvcc's on an NVIDIA one), an OpenCL C compiler's, DXC's for
 * HLSL (a compute shader) and glslang's for GLSL (#version sets
 * __VERSION__).  The host pass of a CUDA or HIP file lacks the macros
 * marked device_only; the file's launches are read as that pass sees it
 * (csrc_lower_file).  Where -a names several profiles that define a macro
 * differently, the macro is undecided (or partial, where some define it
 * and some do not): the file, read once, may not read what differs. */
#include "front/csrc/lower_impl.h"

#include "sim/profile.h"

#define MAX_PREDEFINED 96

typedef struct {
    csrc_predefined v[MAX_PREDEFINED];
    unsigned n;
    lds_arena *arena;
} predefs;

static void def(predefs *l, const char *name, const char *body, bool device_only)
{
    if (l->n < MAX_PREDEFINED)   /* the tables below hold fewer */
        l->v[l->n++] = (csrc_predefined){ .name = name, .body = body, .device_only = device_only };
}

static const char *number(predefs *l, long long value)
{
    char text[24];
    snprintf(text, sizeof text, "%lld", value);
    return lds_arena_strndup(l->arena, text, strlen(text));
}

/* The compute capability of an NVIDIA profile (its target sm_80: 80), 0
 * for another. */
static unsigned nvidia_capability(const lds_sim_profile *p)
{
    unsigned cc = 0;
    if (lds_sim_profile_vendor(p) != LDS_VENDOR_NVIDIA || sscanf(p->target, "sm_%u", &cc) != 1)
        return 0;
    return cc;
}

/* The AMD processor an AMD profile stands for (its target: gfx942; rdna3
 * gfx1100), or NULL. */
static const char *amd_processor(const lds_sim_profile *p)
{
    return lds_sim_profile_vendor(p) == LDS_VENDOR_AMD && p->target[0] ? p->target : NULL;
}

/* nvcc 12.8 compiling for the profile (CUDA, and HIP on an NVIDIA GPU). */
static void nvcc_macros(predefs *l, const lds_sim_profile *p)
{
    def(l, "__NVCC__", "1", false);
    def(l, "__CUDACC__", "1", false);
    def(l, "__CUDACC_VER_MAJOR__", "12", false);
    def(l, "__CUDACC_VER_MINOR__", "8", false);
    def(l, "__CUDACC_VER_BUILD__", "61", false);
    def(l, "CUDART_VERSION", "12080", false);   /* cuda_runtime.h, which nvcc includes itself */
    def(l, "__cplusplus", "201703L", false);
    unsigned cc = nvidia_capability(p);
    def(l, "__CUDA_ARCH__", number(l, cc ? cc * 10 : 520), true);
    def(l, "__CUDA_ARCH_LIST__", number(l, cc ? cc * 10 : 520), false);
    if (!cc) {   /* what nvcc compiles for without -arch */
        char note[256];
        snprintf(note, sizeof note, "'__CUDA_ARCH__' and '__CUDA_ARCH_LIST__' are 520 here, nvcc's default target "
                                    "(sm_52): profile '%s' is no NVIDIA GPU (give -a smNN, or -D __CUDA_ARCH__=VALUE)",
                 p->name);
        l->v[l->n - 2].note = l->v[l->n - 1].note = lds_arena_strndup(l->arena, note, strlen(note));
    }
}

/* clang's AMDGPU target macros: the processor's where the profile is an
 * AMD GPU's, the profile's wave size. */
static void amdgpu_macros(predefs *l, const lds_sim_profile *p)
{
    def(l, "__AMDGPU__", "1", true);
    def(l, "__AMDGCN__", "1", true);
    const char *proc = amd_processor(p);
    if (proc) {
        char name[40], family[16];
        snprintf(name, sizeof name, "__%s__", proc);
        size_t digits = strlen(proc) - 3;   /* gfx + major + minor + stepping: gfx90a is family 9 */
        snprintf(family, sizeof family, "__GFX%.*s__", digits > 2 ? (int)(digits - 2) : 1, proc + 3);
        def(l, lds_arena_strndup(l->arena, name, strlen(name)), "1", true);
        def(l, lds_arena_strndup(l->arena, family, strlen(family)), "1", true);
        snprintf(name, sizeof name, "\"%s\"", proc);
        def(l, "__amdgcn_processor__", lds_arena_strndup(l->arena, name, strlen(name)), true);
    }
    def(l, "__AMDGCN_WAVEFRONT_SIZE__", number(l, p->wave), true);
    def(l, "__AMDGCN_WAVEFRONT_SIZE", number(l, p->wave), true);
}

/* hipcc: clang for an AMD GPU (or a profile of no vendor's), nvcc for an
 * NVIDIA one. */
static void hip_macros(predefs *l, const lds_sim_profile *p)
{
    def(l, "__HIPCC__", "1", false);
    def(l, "__HIP_DEVICE_COMPILE__", "1", true);
    if (nvidia_capability(p)) {
        nvcc_macros(l, p);
        def(l, "__HIP_PLATFORM_NVIDIA__", "1", false);
        return;
    }
    def(l, "__clang__", "1", false);
    def(l, "__HIP__", "1", false);
    def(l, "__HIP_PLATFORM_AMD__", "1", false);
    def(l, "__cplusplus", "201703L", false);
    amdgpu_macros(l, p);
}

/* An OpenCL C compiler: version 1.2, the one every vendor's supports;
 * clang's AMDGPU target macros on an AMD GPU. */
static void opencl_macros(predefs *l, const lds_sim_profile *p)
{
    static const char *const fixed[][2] = {
        { "__OPENCL_VERSION__", "120" }, { "__OPENCL_C_VERSION__", "120" }, { "CL_VERSION_1_0", "100" },
        { "CL_VERSION_1_1", "110" },     { "CL_VERSION_1_2", "120" },       { "CL_VERSION_2_0", "200" },
        { "CL_VERSION_3_0", "300" },     { "__ENDIAN_LITTLE__", "1" },      { "__IMAGE_SUPPORT__", "1" },
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        def(l, fixed[i][0], fixed[i][1], false);
    if (amd_processor(p))
        amdgpu_macros(l, p);
}

/* DXC compiling a compute shader for shader model 6.6 (-T cs_6_6). */
static void dxc_macros(predefs *l)
{
    static const char *const fixed[][2] = {
        { "__hlsl_dx_compiler", "1" },        { "__HLSL_VERSION", "2021" },       { "__SHADER_STAGE_PIXEL", "0" },
        { "__SHADER_STAGE_VERTEX", "1" },     { "__SHADER_STAGE_GEOMETRY", "2" }, { "__SHADER_STAGE_HULL", "3" },
        { "__SHADER_STAGE_DOMAIN", "4" },     { "__SHADER_STAGE_COMPUTE", "5" },  { "__SHADER_STAGE_LIBRARY", "6" },
        { "__SHADER_STAGE_MESH", "13" },      { "__SHADER_STAGE_AMPLIFICATION", "14" },
        { "__SHADER_TARGET_STAGE", "5" },     { "__SHADER_TARGET_MAJOR", "6" },   { "__SHADER_TARGET_MINOR", "6" },
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        def(l, fixed[i][0], fixed[i][1], false);
}

/* glslang compiling for Vulkan (glslangValidator -V): __VERSION__ until
 * #version says (110 without one, as GLSL says), and the extensions a
 * compute shader tests that it supports. */
static void glslang_macros(predefs *l)
{
    static const char *const fixed[] = {
        "GL_ARB_compute_shader", "GL_KHR_shader_subgroup_basic", "GL_KHR_shader_subgroup_vote",
        "GL_KHR_shader_subgroup_arithmetic", "GL_KHR_shader_subgroup_ballot", "GL_KHR_shader_subgroup_shuffle",
        "GL_KHR_shader_subgroup_shuffle_relative", "GL_KHR_shader_subgroup_clustered", "GL_KHR_shader_subgroup_quad",
        "GL_EXT_shader_explicit_arithmetic_types", "GL_EXT_shader_explicit_arithmetic_types_int8",
        "GL_EXT_shader_explicit_arithmetic_types_int16", "GL_EXT_shader_explicit_arithmetic_types_int32",
        "GL_EXT_shader_explicit_arithmetic_types_int64", "GL_EXT_shader_explicit_arithmetic_types_float16",
        "GL_EXT_shader_explicit_arithmetic_types_float32", "GL_EXT_shader_explicit_arithmetic_types_float64",
        "GL_EXT_shader_16bit_storage", "GL_EXT_shader_8bit_storage", "GL_EXT_control_flow_attributes",
        "GL_EXT_scalar_block_layout", "GL_GOOGLE_include_directive", "GL_GOOGLE_cpp_style_line_directive",
    };
    def(l, "__VERSION__", "110", false);
    def(l, "VULKAN", "100", false);
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        def(l, fixed[i], "1", false);
}

static void macros_for(predefs *l, lds_lang lang, const lds_sim_profile *p)
{
    if (lang == LDS_LANG_CUDA)
        nvcc_macros(l, p);
    else if (lang == LDS_LANG_HIP)
        hip_macros(l, p);
    else if (lang == LDS_LANG_OPENCL)
        opencl_macros(l, p);
    else if (lang == LDS_LANG_HLSL)
        dxc_macros(l);
    else if (lang == LDS_LANG_GLSL)
        glslang_macros(l);
}

static const csrc_predefined *find(const predefs *l, const char *name)
{
    for (unsigned i = 0; i < l->n; i++)
        if (!strcmp(l->v[i].name, name))
            return &l->v[i];
    return NULL;
}

/* A definition added to l as it is in another list. */
static csrc_predefined *copy(predefs *l, const csrc_predefined *d)
{
    def(l, d->name, d->body, d->device_only);
    l->v[l->n - 1].note = d->note;
    return &l->v[l->n - 1];
}

/* One profile's macros merged into all (empty before the first): one
 * that every profile defines alike keeps its definition; any other is
 * undecided. */
static void merge(predefs *all, const predefs *one, bool first)
{
    for (unsigned i = 0; !first && i < all->n; i++) {
        const csrc_predefined *o = find(one, all->v[i].name);
        all->v[i].partial |= !o;
        all->v[i].undecided |= o && strcmp(o->body, all->v[i].body);
        if (o && o->note && !all->v[i].note)
            all->v[i].note = o->note;
    }
    for (unsigned i = 0; i < one->n; i++)
        if (first || !find(all, one->v[i].name))
            copy(all, &one->v[i])->partial = !first;
}

const csrc_predefined *cl_predefined_macros(const csrc_lower_options *o, bool host_pass, lds_arena *arena,
                                            unsigned *n)
{
    predefs *all = lds_arena_alloc(arena, sizeof *all), *one = lds_arena_alloc(arena, sizeof *one);
    all->arena = one->arena = arena;
    unsigned nprofiles = o->nprofiles ? o->nprofiles : 1;
    for (unsigned k = 0; k < nprofiles; k++) {
        const lds_sim_profile *p = lds_sim_profile_find(o->nprofiles ? o->profiles[k] : "generic");
        one->n = 0;
        macros_for(one, o->lang, p ? p : lds_sim_profile_find("generic"));
        merge(all, one, k == 0);
    }
    unsigned kept = 0;
    for (unsigned i = 0; i < all->n; i++)
        if (!(host_pass && all->v[i].device_only))
            all->v[kept++] = all->v[i];
    *n = kept;
    return all->v;
}

/* ------------------------------------------------- the two passes */

/* The file preprocessed and parsed into *unit, as the compiler's device
 * pass reads it, or its host pass (host_pass: no device-only macro);
 * *device_only: whether a device-only macro decided anything. */
int cl_read_file(const lds_source *src, const csrc_lower_options *o, bool host_pass, lds_arena *arena,
                     csrc_toks *toks, csrc_unit *unit, bool *device_only, lds_diag *diag)
{
    csrc_pp_options pp = { .defines = o->defines, .ndefines = o->ndefines, .warn = o->warn, .warn_ctx = o->warn_ctx,
                           .header_macros = cl_header_macros(o, arena), .glsl_version = o->lang == LDS_LANG_GLSL,
                           .undefs = o->undefs, .nundefs = o->nundefs, .macros = o->macros,
                           .nmacros = o->nmacros, .read_device_only = device_only,
                           .includes = o->includes };
    pp.predefined = cl_predefined_macros(o, host_pass, arena, &pp.npredefined);
    int rc = csrc_preprocess(src, &pp, arena, toks, diag);
    if (rc == 0 && (o->lang == LDS_LANG_CUDA || o->lang == LDS_LANG_HIP))
        csrc_alternative_tokens(toks);
    if (rc == 0)
        rc = csrc_parse(toks, o->lang, arena, unit, diag);
    return rc;
}

/* A CUDA or HIP file is compiled twice, for the device and for the host:
 * the kernels are read as the device pass sees them, their launches as
 * the host pass does (the code under #ifndef __CUDA_ARCH__ is the host's).
 * Where no device-only macro decided anything the two are one; where the
 * host pass fails, the device pass's launches are read.  Its messages are
 * the device pass's already. */
const csrc_unit *cl_host_pass(const lds_source *src, const csrc_lower_options *o, lds_arena *arena,
                                  csrc_toks *toks, const csrc_unit *device)
{
    csrc_lower_options quiet = *o;
    quiet.warn = NULL;
    lds_diag scratch = { 0 };
    bool unused = false;
    csrc_unit *host = lds_arena_alloc(arena, sizeof *host);
    return cl_read_file(src, &quiet, true, arena, toks, host, &unused, &scratch) == 0 ? host : device;
}

/* The macros the headers of a kernel file's language define that kernels
 * use though lds-calc does not read the headers. */
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
     * takes (its versions are predefined macros: front/csrc/predef.c) */
    static const char *const opencl_macros[] = { "CLK_LOCAL_MEM_FENCE 1", "CLK_GLOBAL_MEM_FENCE 2", NULL };
    return o->lang == LDS_LANG_HIP      ? hip_macros
           : o->lang == LDS_LANG_OPENCL ? opencl_header_macros(o, opencl_macros, arena)
                                        : NULL;
}
