/* front/lowered.c - what every reader gives back (front/lowered.h): the
 * languages of kernel files, by name and by extension, and the lowered
 * programs freed. */
#include "front/lowered.h"

#include <string.h>

#include "base/mem.h"

lds_lang lds_lang_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot)
        return LDS_LANG_NONE;
    static const struct { const char *ext; lds_lang lang; } exts[] = {
        { ".cu", LDS_LANG_CUDA }, { ".cuh", LDS_LANG_CUDA }, { ".hip", LDS_LANG_HIP }, { ".hlsl", LDS_LANG_HLSL },
        { ".hlsli", LDS_LANG_HLSL }, { ".fx", LDS_LANG_HLSL }, { ".comp", LDS_LANG_GLSL }, { ".glsl", LDS_LANG_GLSL },
        { ".cl", LDS_LANG_OPENCL }, { ".ptx", LDS_LANG_PTX }, { ".ttgir", LDS_LANG_TTGIR }, { ".mlir", LDS_LANG_TTGIR },
        { ".s", LDS_LANG_AMDGCN }, { ".amdgcn", LDS_LANG_AMDGCN },
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

static const char *const lang_names[] = { "lds", "cuda", "hip", "hlsl", "glsl", "opencl", "ptx", "ttgir", "amdgcn" };

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
    static const char *const ext[] = { "lds", "cu", "hip", "hlsl", "comp", "cl", "ptx", "ttgir", "amdgcn" };
    return ext[l];
}

const char *lds_lang_name(lds_lang l)
{
    static const char *const shown[] = { "lds", "CUDA", "HIP", "HLSL", "GLSL", "OpenCL C", "PTX", "TTGIR", "AMDGPU assembly" };
    return shown[l];
}

void csrc_lowered_free(csrc_lowered *l, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        lds_free(l[i].kernel);
        lds_free(l[i].text);
    }
    lds_free(l);
}
