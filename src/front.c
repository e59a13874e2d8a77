/* src/front.c - kernel files among a run's texts, lowered (src/front.h). */
#include "src/front.h"

#include "front/ptx/ptx.h"
#include "front/ttgir/ttgir.h"
#include "front/amdgcn/amdgcn.h"

#include <stdlib.h>
#include <string.h>

#include "base/input.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "base/mem.h"
#include "base/source_index.h"

/* The -D names, with their value where a sweep does not give several,
 * then the -D types. */
static csrc_define *defines_of(const lds_options *o)
{
    csrc_define *d = lds_xcalloc(o->ndefines + o->ntype_defines + 1, sizeof *d);
    for (unsigned i = 0; i < o->ntype_defines; i++) {
        d[o->ndefines + i].name = o->type_defines[i].name;
        d[o->ndefines + i].type = o->type_defines[i].type;
    }
    mpz_t n, v;
    mpz_inits(n, v, NULL);
    for (unsigned i = 0; i < o->ndefines; i++) {
        d[i].name = o->defines[i].name;
        lds_define_count(&o->defines[i], n);
        if (mpz_cmp_ui(n, 1) == 0) {
            lds_define_at(&o->defines[i], 0, v);
            if (mpz_fits_slong_p(v)) {
                d[i].has_value = true;
                d[i].value = mpz_get_si(v);
            } else {
                d[i].wide = mpz_get_str(NULL, 10, v);
            }
        }
    }
    mpz_clears(n, v, NULL);
    return d;
}

/* The language of a text: a program argument is lds; a file, or
 * standard input, by --lang, else by its name. */
static lds_lang lang_of(const lds_front_options *f, const lds_source *src)
{
    if (src->name[0] == '<')
        return f->lang_given && !strcmp(src->name, "<stdin>") ? f->lang : LDS_LANG_NONE;
    if (f->lang_given)
        return f->lang;
    size_t len = strlen(src->name);
    lds_lang by_name = lds_lang_of_path(src->name);
    return by_name != LDS_LANG_NONE || (len > 4 && !strcmp(src->name + len - 4, ".lds")) ? by_name : f->build_lang;
}

/* The profiles the programs run on, for the macros a kernel file's
 * compiler predefines: -a's (an 'arch' statement in a program is read
 * after the file is), none for the default, generic. */
static void profiles_of(const lds_options *o, csrc_lower_options *lo)
{
    static const char *const *none = NULL;
    lo->profiles = o->narchs ? (const char *const *)o->archs : o->arch ? &o->arch : none;
    lo->nprofiles = o->narchs ? o->narchs : o->arch ? 1 : 0;
}

/* A line that ends in a CR alone (old Mac files) ends as one that ends
 * in LF, in place: compilers read it so, every byte keeps its column,
 * and the messages that quote a line find the same lines the reader
 * counted. */
static void lone_cr_ends_lines(lds_source *s)
{
    for (size_t i = 0; i < s->len; i++)
        if (s->text[i] == '\r' && (i + 1 == s->len || s->text[i + 1] != '\n'))
            s->text[i] = '\n';
}

static void add(lds_front_texts *t, const lds_source *s)
{
    t->srcs = lds_xreallocarray(t->srcs, t->n + 1, sizeof *t->srcs);
    t->srcs[t->n++] = *s;
}

/* A -D type is for a kernel file's type template parameters: with no
 * kernel file it is an error (it is no lds value), unread a warning. */
static int check_type_defines(const lds_options *o, const csrc_define *types, bool kernel_files,
                              const lds_diag_sink *sink)
{
    if (!kernel_files && (o->nmacro_defines || o->ninclude_files)) {   /* the preprocessor's: a kernel file's */
        lds_diag d = { 0 };
        const char *m = o->nmacro_defines ? o->macro_defines[0] : "";
        int n = (int)strcspn(m, " ");   /* "NAME(PARAMS) BODY", as it was given: NAME(PARAMS)=BODY */
        if (o->nmacro_defines)
            lds_diag_set(&d, d.loc, "-D %.*s=%s: a macro is for a kernel file's preprocessor, and no kernel file "
                                    "was given (an lds program takes -D NAME=VALUE)", n, m, m[n] ? m + n + 1 : "");
        else
            lds_diag_set(&d, d.loc, "-include %s: a header is for a kernel file, and no kernel file was given",
                         o->include_files[0]);
        sink->report(sink->ctx, &d);
        return LDS_EXIT_USAGE;
    }
    for (unsigned i = 0; i < o->ntype_defines; i++) {
        if (types[i].used)
            continue;
        lds_diag d = { 0 };
        if (!kernel_files) {
            lds_diag_set(&d, d.loc, "-D %s=%s: '%s' is not a constant; a type is a -D value for a kernel file's "
                                    "template parameter only",
                         types[i].name, types[i].type, types[i].type);
            sink->report(sink->ctx, &d);
            return LDS_EXIT_USAGE;
        }
        lds_diag_set(&d, d.loc, "-D %s=%s: no kernel reads a type '%s' (a template parameter or a header's), so it changes nothing",
                     types[i].name, types[i].type, types[i].name);
        d.warning = 1;
        sink->report(sink->ctx, &d);
    }
    return LDS_EXIT_OK;
}

/* The files a kernel's lowered programs name beside it (the headers a
 * kernel file included, the sources a PTX file's .loc names), kept among
 * the origins (they must outlive every run that names them), each
 * indexed as a kernel file is; the list of them for its lowered programs
 * (NULL: none), which the caller keeps.  The array v is freed, not the
 * files. */
static const lds_source **keep_files(lds_front_texts *out, lds_source **v, size_t n)
{
    const lds_source **files = n ? lds_xcalloc(n, sizeof *files) : NULL;
    for (size_t i = 0; i < n; i++) {
        lds_source_index(v[i], !v[i]->lang || strcmp(v[i]->lang, "ttgir"));   /* a TTGIR loc's Python file: lines */
        out->origins = lds_xreallocarray(out->origins, out->norigins + 1, sizeof *out->origins);
        out->origins[out->norigins++] = v[i];
        files[i] = v[i];
    }
    lds_free(v);
    return files;
}

int lds_front_lower(const lds_options *o, const lds_front_options *f, lds_source *srcs, unsigned n,
                    struct lds_parse_ctx *ctx, lds_front_texts *out, const lds_diag_sink *sink)
{
    memset(out, 0, sizeof *out);
    csrc_define *defs = defines_of(o);
    int status = LDS_EXIT_OK;
    if (f->threads) {   /* --threads: the workgroup the programs start with */
        lds_source t = { .name = lds_xstrdup("--threads"), .text = NULL, .len = 0, .first_line = 1 };
        size_t len = strlen(f->threads) + 9;
        t.text = lds_xmalloc(len + 1);
        snprintf(t.text, len + 1, "threads %s\n", f->threads);
        t.len = len;
        add(out, &t);
    }
    for (unsigned i = 0; i < n; i++) {
        lds_lang lang = lang_of(f, &srcs[i]);
        const char *refused = lang == LDS_LANG_NONE && srcs[i].name[0] != '<' ? lds_lang_refused(srcs[i].name) : NULL;
        if (refused && status == LDS_EXIT_OK) {   /* never read as lds: its first line would be a syntax error */
            lds_diag d = { 0 };
            lds_diag_set(&d, (lds_loc){ 0 },
                         "'%s' is written in %s, which lds-calc does not read; it reads lds programs (lds(5)) and kernels "
                         "in CUDA (.cu .cuh), HIP (.hip), OpenCL C (.cl), HLSL (.hlsl .hlsli .fx), GLSL (.comp .glsl), "
                         "PTX (.ptx), TTGIR (.ttgir .mlir) and AMDGPU assembly (.s .amdgcn): write the kernel's shared-memory accesses in lds, or "
                         "give --lang to read the file as one of those",
                         srcs[i].name, refused);
            sink->report(sink->ctx, &d);
            status = LDS_EXIT_USAGE;
            lds_free(srcs[i].name);   /* not kept: nothing will name it */
            lds_free(srcs[i].text);
            continue;
        }
        if (lang == LDS_LANG_NONE || status != LDS_EXIT_OK) {
            add(out, &srcs[i]);
            continue;
        }
        lds_source *origin = lds_xmalloc(sizeof *origin);
        *origin = srcs[i];
        origin->lang = lds_lang_extension(lang);
        lone_cr_ends_lines(origin);
        lds_source_index(origin, lang != LDS_LANG_PTX && lang != LDS_LANG_TTGIR && lang != LDS_LANG_AMDGCN);   /* its records' statements (a line of compiled code is one), its lines */
        out->origins = lds_xreallocarray(out->origins, out->norigins + 1, sizeof *out->origins);
        out->origins[out->norigins++] = origin;
        csrc_includes headers = { .dirs = (const char *const *)o->include_dirs, .ndirs = o->ninclude_dirs,
                                  .files = (const char *const *)o->include_files, .nfiles = o->ninclude_files };
        csrc_lower_options lo = { .lang = lang, .kernel = f->kernel, .threads = f->threads, .defines = defs,
                                  .ndefines = o->ndefines + o->ntype_defines, .warn = sink->report,
                                  .warn_ctx = sink->ctx, .undefs = (const char *const *)o->undefs,
                                  .nundefs = o->nundefs, .macros = (const char *const *)o->macro_defines,
                                  .nmacros = o->nmacro_defines, .includes = &headers,
                                  .reserved = lds_name_reserved };
        profiles_of(o, &lo);
        lds_source_files sources = { 0 };
        ptx_lower_options po = { .kernel = f->kernel, .threads = f->threads, .defines = defs,
                                 .ndefines = o->ndefines + o->ntype_defines, .warn = sink->report, .warn_ctx = sink->ctx,
                                 .sources = &sources };
        csrc_lowered *k;
        unsigned nk;
        lds_diag diag = { 0 };
        ttgir_lower_options to = { .kernel = f->kernel, .threads = f->threads, .warn = sink->report, .warn_ctx = sink->ctx,
                                   .defines = defs, .ndefines = o->ndefines + o->ntype_defines, .sources = &sources };
        amdgcn_lower_options ao = { .kernel = f->kernel, .threads = f->threads, .defines = defs,
                                    .ndefines = o->ndefines + o->ntype_defines, .arch = o->narchs ? o->archs[0] : o->arch,
                                    .sources = &sources, .warn = sink->report, .warn_ctx = sink->ctx };
        int rc = lang == LDS_LANG_PTX      ? ptx_lower_file(origin, &po, &k, &nk, &diag)
                 : lang == LDS_LANG_TTGIR  ? ttgir_lower_file(origin, &to, &k, &nk, &diag)
                 : lang == LDS_LANG_AMDGCN ? amdgcn_lower_file(origin, &ao, &k, &nk, &diag)
                                           : csrc_lower_file(origin, &lo, &k, &nk, &diag);
        /* the sources its line information names */
        bool compiled = lang == LDS_LANG_PTX || lang == LDS_LANG_TTGIR || lang == LDS_LANG_AMDGCN;
        for (size_t j = 0; lang == LDS_LANG_TTGIR && j < sources.n; j++)
            sources.v[j]->lang = origin->lang;   /* a loc's Python file: its lines, and fixes as TTGIR's */
        size_t nfiles = compiled ? sources.n : headers.n;
        const lds_source **files = compiled ? keep_files(out, sources.v, sources.n) : keep_files(out, headers.v, headers.n);
        lds_free(headers.once);
        if (rc < 0) {
            lds_free(files);
            sink->report(sink->ctx, &diag);
            status = LDS_EXIT_SYNTAX;
            continue;
        }
        for (unsigned j = 0; j < nk; j++) {
            if (!k[j].accesses && !k[j].cute) {
                lds_diag w = { 0 };
                lds_diag_set(&w, (lds_loc){ origin, k[j].line, k[j].col }, "kernel '%s' makes no shared-memory access lds-calc can see",
                             k[j].kernel);
                w.warning = 1;
                sink->report(sink->ctx, &w);
            }
            size_t len = strlen(origin->name) + strlen(k[j].kernel) + 32;
            lds_source s = { .name = lds_xmalloc(len), .text = k[j].text, .len = strlen(k[j].text), .first_line = 1,
                             .origin = origin, .files = files, .nfiles = (unsigned)nfiles };
            snprintf(s.name, len, "%s (kernel %s, lowered)", origin->name, k[j].kernel);
            k[j].text = NULL;
            add(out, &s);
            out->kernels++;
        }
        csrc_lowered_free(k, nk);
        if (files) {   /* owned by the texts, for the programs that point at it */
            out->file_lists = lds_xreallocarray(out->file_lists, out->nfile_lists + 1, sizeof *out->file_lists);
            out->file_lists[out->nfile_lists++] = files;
        }
    }
    for (unsigned i = 0; i < o->ndefines; i++) {   /* read by the front end: used */
        int64_t v;
        if (defs[i].used)
            lds_parse_ctx_macro(ctx, defs[i].name, strlen(defs[i].name), &v);
    }
    if (status == LDS_EXIT_OK)
        status = check_type_defines(o, defs + o->ndefines, out->norigins > 0, sink);
    for (unsigned i = 0; i < o->ndefines; i++)
        lds_free(defs[i].wide);
    lds_free(defs);
    return status;
}

void lds_front_texts_free(lds_front_texts *t)
{
    for (unsigned i = 0; i < t->n; i++)
        lds_input_free(&t->srcs[i]);
    lds_free(t->srcs);
    for (unsigned i = 0; i < t->norigins; i++) {
        lds_input_free(t->origins[i]);
        lds_free(t->origins[i]);
    }
    lds_free(t->origins);
    for (unsigned i = 0; i < t->nfile_lists; i++)
        lds_free(t->file_lists[i]);
    lds_free(t->file_lists);
    memset(t, 0, sizeof *t);
}

bool lds_front_is_lowered(const lds_source *src) { return src->origin != NULL; }
