/* front/lowered.c - what every reader gives back (front/lowered.h): the
 * languages of kernel files, by name and by extension, and the lowered
 * programs freed. */
#include "front/lowered.h"

#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/input.h"
#include "base/limits.h"
#include "base/linemark.h"
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

/* Read path into *out (name: path as given); false where it cannot be. */
static bool read_named(const char *path, lds_source *out)
{
    char why[LDS_MAX_PATH + 128];
    memset(out, 0, sizeof *out);
    if (!path[0] || !strcmp(path, "-"))   /* never standard input */
        return false;
    return lds_input_read(path, out, why, sizeof why) == 0;
}

/* name in input's folder (where input has one: else name itself), into
 * buf (size n); false where it does not fit. */
static bool in_input_folder(const char *name, const lds_source *input, char *buf, size_t n)
{
    const char *dir_end = input && input->name ? strrchr(input->name, '/') : NULL;
    int len = dir_end ? snprintf(buf, n, "%.*s/%s", (int)(dir_end - input->name), input->name, name)
                      : snprintf(buf, n, "%s", name);
    return len > 0 && (size_t)len < n;
}

static const lds_source *named(const lds_source_files *files, const char *name)
{
    for (size_t i = 0; i < files->n; i++)
        if (!strcmp(files->v[i]->name, name))
            return files->v[i];
    return NULL;
}

const lds_source *lds_source_file_find(lds_source_files *files, const char *path, const lds_source *input)
{
    if (!files || !path)
        return NULL;
    /* where to look, in order: a relative path from the input's folder
     * (a compiler names sources relative to where it ran, the input
     * often written beside them), the path's last component in the
     * input's folder (a compile made elsewhere, its sources shipped with
     * it: found the same on every machine), the path as given */
    const char *slash = strrchr(path, '/');
    char places[3][LDS_MAX_PATH];
    unsigned n = 0;
    if (path[0] != '/' && in_input_folder(path, input, places[n], sizeof places[n]))
        n++;
    if (slash && slash[1] && in_input_folder(slash + 1, input, places[n], sizeof places[n]))
        n++;
    if (strlen(path) < sizeof places[n])
        strcpy(places[n++], path);
    for (unsigned i = 0; i < n; i++) {
        const lds_source *known = named(files, places[i]);
        if (known)
            return known;
    }
    lds_source found;
    bool read = false;
    for (unsigned i = 0; i < n && !read; i++)
        read = read_named(places[i], &found);
    if (!read) {
        memset(&found, 0, sizeof found);
        found.name = lds_xstrdup(path);
        found.text = lds_xstrdup("");
    }
    lds_source *s = lds_xmalloc(sizeof *s);
    *s = found;
    s->first_line = 1;
    s->named_by_line_info = true;
    files->v = lds_xreallocarray(files->v, files->n + 1, sizeof *files->v);
    files->v[files->n++] = s;
    return s;
}

void lds_mark_compiled(lds_buf *out, const lds_source *src, unsigned line, unsigned col, unsigned in_line,
                       unsigned in_col, const char *what)
{
    if (!src || !line) {
        lds_buf_printf(out, "#line %u:%u\n", in_line, in_col);
        return;
    }
    char mark[2 * LDS_MAX_PATH + 160];
    lds_line_mark m = { .at = { line, col ? col : 1, src->name, strlen(src->name) },
                        .note = { in_line, in_col, NULL, 0 }, .note_text = what, .note_len = strlen(what) };
    lds_line_mark_format(mark, sizeof mark, &m);
    lds_buf_printf(out, "%s\n", mark);
}
