/* src/project.c - a kernel file's project (src/project.h):
 * the build's command line split as sh splits it, its flags read as
 * nvcc, clang, hipcc and gcc read them (the ones that change what the
 * kernel reader sees taken, the rest passed over with their values), and
 * the entry of a compilation database (compile_commands.json) that
 * compiles a file. */
#include "src/project.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "base/json.h"
#include "base/input.h"
#include "base/mem.h"
#include "src/names.h"
#include "sim/profile.h"

void lds_build_command_free(lds_build_command *c)
{
    for (unsigned i = 0; i < c->n; i++)
        lds_free(c->words[i]);
    lds_free(c->words);
    lds_free(c->dir);
    memset(c, 0, sizeof *c);
}

void lds_build_flags_free(lds_build_flags *f)
{
    for (unsigned i = 0; i < f->nsources; i++)
        lds_free(f->sources[i]);
    lds_free(f->sources);
    lds_free(f->archs);
    lds_free(f->arch_words);
    lds_free(f->flags);
    memset(f, 0, sizeof *f);
}

static void add_word(lds_build_command *c, const char *w, size_t len)
{
    c->words = lds_xreallocarray(c->words, c->n + 1, sizeof *c->words);
    c->words[c->n++] = lds_xstrndup(w, len);
}

/* The last part of a path, its ".exe" and a version ("-12", "-17.0")
 * left out, in out. */
static void driver_name(const char *word, char *out, size_t size)
{
    const char *slash = strrchr(word, '/');
    snprintf(out, size, "%s", slash ? slash + 1 : word);
    size_t n = strlen(out);
    if (n > 4 && !strcmp(out + n - 4, ".exe"))
        out[n -= 4] = '\0';
    char *dash = strrchr(out, '-');
    if (dash && dash[1] && strspn(dash + 1, "0123456789.") == strlen(dash + 1))
        *dash = '\0';
}

static bool is_launcher(const char *word)
{
    char name[64];
    driver_name(word, name, sizeof name);
    return !strcmp(name, "ccache") || !strcmp(name, "sccache");
}

/* The language a compiler driver compiles by default, or LDS_LANG_NONE
 * (a C++ compiler: the file's name, or -x, says); false if word names
 * no compiler. */
static bool compiler_lang(const char *word, lds_lang *lang)
{
    static const struct {
        const char *name;
        lds_lang lang;
    } drivers[] = {
        { "nvcc", LDS_LANG_NONE },     { "hipcc", LDS_LANG_HIP },     { "hipcc.pl", LDS_LANG_HIP },
        { "hipcc.bin", LDS_LANG_HIP }, { "amdclang++", LDS_LANG_HIP }, { "amdclang", LDS_LANG_HIP },
        { "clang", LDS_LANG_NONE },    { "clang++", LDS_LANG_NONE },  { "gcc", LDS_LANG_NONE },
        { "g++", LDS_LANG_NONE },      { "cc", LDS_LANG_NONE },       { "c++", LDS_LANG_NONE },
        { "nvc++", LDS_LANG_NONE },    { "icpx", LDS_LANG_NONE },     { "dpcpp", LDS_LANG_NONE },
    };
    char name[64];
    driver_name(word, name, sizeof name);
    for (size_t i = 0; i < sizeof drivers / sizeof drivers[0]; i++)
        if (!strcmp(name, drivers[i].name)) {
            *lang = drivers[i].lang;
            return true;
        }
    return false;
}


int lds_build_split(lds_options *o, const char *line, lds_build_command *out)
{
    memset(out, 0, sizeof *out);
    lds_buf w = { 0 };
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            break;
        w.len = 0;
        lds_buf_printf(&w, "%s", "");
        for (; *p && *p != ' ' && *p != '\t' && *p != '\n'; p++) {
            if (*p == '\'' || *p == '"') {   /* '...' as it is; "..." with \" \\ \$ \` */
                char q = *p++;
                for (; *p && *p != q; p++) {
                    if (q == '"' && *p == '\\' && p[1] && strchr("\"\\$`", p[1]))
                        p++;
                    lds_buf_printf(&w, "%c", *p);
                }
                if (!*p) {
                    lds_buf_free(&w);
                    lds_build_command_free(out);
                    return lds_options_fail(o, "the build's command line: a %s quote never closed",
                                            q == '"' ? "double" : "single");
                }
            } else if (*p == '\\' && p[1]) {
                lds_buf_printf(&w, "%c", *++p);
            } else {
                lds_buf_printf(&w, "%c", *p);
            }
        }
        add_word(out, lds_buf_str(&w), w.len);
    }
    lds_buf_free(&w);
    return 0;
}

/* path taken from dir where it is relative (malloc'd). */
static char *resolved(const char *dir, const char *path)
{
    if (!dir || path[0] == '/')
        return lds_xstrdup(path);
    size_t len = strlen(dir) + strlen(path) + 2;
    char *out = lds_xmalloc(len);
    snprintf(out, len, "%s/%s", dir, path);
    return out;
}

/* What a flag does. */
typedef enum {
    TAKE_INCLUDE_DIR, TAKE_DEFINE, TAKE_UNDEF, TAKE_INCLUDE_FILE, TAKE_ARCH, TAKE_GENCODE, TAKE_LANG, SKIP_VALUE
} flag_kind;

/* The flags that take a value: "-I DIR", "-I=DIR" and, joined, "-IDIR". */
static const struct {
    const char *name;
    flag_kind kind;
    bool joined;
} value_flags[] = {
    { "-I", TAKE_INCLUDE_DIR, true },          { "-isystem", TAKE_INCLUDE_DIR, true },
    { "-iquote", TAKE_INCLUDE_DIR, true },     { "-idirafter", TAKE_INCLUDE_DIR, true },
    { "--include-path", TAKE_INCLUDE_DIR, false }, { "--system-include", TAKE_INCLUDE_DIR, false },
    { "-D", TAKE_DEFINE, true },               { "--define-macro", TAKE_DEFINE, false },
    { "-U", TAKE_UNDEF, true },                { "--undefine-macro", TAKE_UNDEF, false },
    { "-include", TAKE_INCLUDE_FILE, false },  { "--pre-include", TAKE_INCLUDE_FILE, false },
    { "-arch", TAKE_ARCH, false },             { "--gpu-architecture", TAKE_ARCH, false },
    { "--cuda-gpu-arch", TAKE_ARCH, false },   { "--offload-arch", TAKE_ARCH, false },
    { "-mcpu", TAKE_ARCH, false },             { "--amdgpu-target", TAKE_ARCH, false },
    { "-gencode", TAKE_GENCODE, false },       { "--generate-code", TAKE_GENCODE, false },
    { "-x", TAKE_LANG, true },                 { "--x", TAKE_LANG, false },
    { "-o", SKIP_VALUE, true },                { "-odir", SKIP_VALUE, false },
    { "--output-file", SKIP_VALUE, false },    { "--output-directory", SKIP_VALUE, false },
    { "-MF", SKIP_VALUE, false },              { "-MT", SKIP_VALUE, false },
    { "-MQ", SKIP_VALUE, false },              { "-MJ", SKIP_VALUE, false },
    { "-Xcompiler", SKIP_VALUE, false },       { "--compiler-options", SKIP_VALUE, false },
    { "-Xptxas", SKIP_VALUE, false },          { "--ptxas-options", SKIP_VALUE, false },
    { "-Xlinker", SKIP_VALUE, false },         { "--linker-options", SKIP_VALUE, false },
    { "-Xnvlink", SKIP_VALUE, false },         { "-Xclang", SKIP_VALUE, false },
    { "-Xarch_device", SKIP_VALUE, false },    { "-Xarch_host", SKIP_VALUE, false },
    { "-ccbin", SKIP_VALUE, false },           { "--compiler-bindir", SKIP_VALUE, false },
    { "-code", SKIP_VALUE, false },            { "--gpu-code", SKIP_VALUE, false },
    { "-target", SKIP_VALUE, false },          { "-imacros", TAKE_INCLUDE_FILE, false },
    { "-maxrregcount", SKIP_VALUE, false },    { "--maxrregcount", SKIP_VALUE, false },
    { "-L", SKIP_VALUE, true },                { "-l", SKIP_VALUE, true },
};

/* The flag words[*i] is, with its value (the next word taken, *i moved
 * on); -1 where it takes none. */
static int flag_of(const lds_build_command *c, unsigned *i, const char **value)
{
    const char *w = c->words[*i];
    size_t n = sizeof value_flags / sizeof value_flags[0];
    for (size_t k = 0; k < n; k++) {
        size_t len = strlen(value_flags[k].name);
        if (strncmp(w, value_flags[k].name, len))
            continue;
        if (!w[len] && *i + 1 < c->n) {
            *value = c->words[++*i];
            return (int)k;
        }
        if (w[len] == '=') {
            *value = w + len + 1;
            return (int)k;
        }
    }
    for (size_t k = 0; k < n; k++) {
        size_t len = strlen(value_flags[k].name);
        if (value_flags[k].joined && !strncmp(w, value_flags[k].name, len) && w[len]) {
            *value = w + len;
            return (int)k;
        }
    }
    return -1;
}

/* Whether a word is a source file a compiler reads (by its name). */
static bool is_source(const char *w)
{
    static const char *const extensions[] = { ".cu", ".cuh", ".hip", ".cl", ".cpp", ".cc", ".cxx", ".c", ".C",
                                              ".hlsl", ".comp", ".glsl", ".ptx", NULL };
    const char *dot = strrchr(w, '.');
    if (w[0] == '-' || !dot || strchr(dot, '/'))
        return false;
    for (const char *const *e = extensions; *e; e++)
        if (!strcmp(dot, *e))
            return true;
    return false;
}

/* One GPU architecture the build names (sm_80, compute_80, gfx90a,
 * gfx90a:xnack+) added to f->archs as the profile it is, once; an error
 * for one lds-calc has no profile of. */
static int add_arch(lds_options *o, lds_build_flags *f, const char *flag, const char *name, size_t len)
{
    char arch[64], item[64];
    snprintf(arch, sizeof arch, "%.*s", (int)(len < sizeof arch ? len : sizeof arch - 1), name);
    arch[strcspn(arch, ":")] = '\0';   /* gfx90a:xnack+: the target's features */
    if (!arch[0])
        return 0;
    const lds_sim_profile *p = lds_sim_profile_find(arch);
    if (!p && (!strcmp(arch, "native") || !strcmp(arch, "all") || !strcmp(arch, "all-major")))
        return lds_options_fail(o, "the build's %s %s names no one GPU: give the profile with -a", flag, arch);
    if (!p) {
        char msg[512];
        lds_unknown_profile(arch, msg, sizeof msg);
        return lds_options_fail(o, "the build's %s %s: %s", flag, arch, msg);
    }
    for (const char *q = f->archs; q && *q;) {   /* named before (sm_80 and compute_80) */
        size_t n = strcspn(q, ",");
        snprintf(item, sizeof item, "%.*s", (int)(n < sizeof item ? n : sizeof item - 1), q);
        if (lds_sim_profile_find(item) == p)
            return 0;
        q += n + (q[n] == ',');
    }
    lds_buf b = { 0 };
    lds_buf_printf(&b, "%s%s%s", f->archs ? f->archs : "", f->archs ? "," : "", arch);
    lds_free(f->archs);
    f->archs = lds_xstrdup(lds_buf_str(&b));
    b.len = 0;
    lds_buf_printf(&b, "%s%s%s %s", f->arch_words ? f->arch_words : "", f->arch_words ? ", " : "", flag, arch);
    lds_free(f->arch_words);
    f->arch_words = lds_xstrdup(lds_buf_str(&b));
    lds_buf_free(&b);
    return 0;
}

/* -arch's names, comma-separated; -gencode's "arch=compute_80,code=[sm_80,compute_80]":
 * the real architectures (sm_) code= names, else the one arch= names. */
static int take_archs(lds_options *o, lds_build_flags *f, const char *flag, const char *value, bool gencode)
{
    const char *code = gencode ? strstr(value, "code=") : NULL, *list = gencode ? code : value;
    bool any = false;
    for (const char *p = list ? list + (gencode ? 5 : 0) : ""; *p;) {
        p += strspn(p, ",[]\"' ");
        size_t len = strcspn(p, ",[]\"' ");
        if (len && (!gencode || !strncmp(p, "sm_", 3))) {
            if (add_arch(o, f, flag, p, len) < 0)
                return -1;
            any = true;
        }
        p += len;
    }
    const char *arch = gencode && !any ? strstr(value, "arch=") : NULL;
    if (arch)
        return add_arch(o, f, flag, arch + 5, strcspn(arch + 5, ",\"' "));
    return 0;
}

/* -x LANG: the kernel languages lds-calc reads. */
static lds_lang lang_of_x(const char *x)
{
    return !strcmp(x, "cu") || !strcmp(x, "cuda") ? LDS_LANG_CUDA
           : !strcmp(x, "hip")                    ? LDS_LANG_HIP
           : !strcmp(x, "cl")                     ? LDS_LANG_OPENCL
           : !strcmp(x, "hlsl")                   ? LDS_LANG_HLSL
                                                  : LDS_LANG_NONE;
}

/* The names the user's own -D and -U gave (a build's flags leave them
 * be), each malloc'd; NULL-terminated. */
static char **user_names(const lds_options *o)
{
    unsigned n = o->ndefines + o->ntype_defines + o->nmacro_defines + o->nundefs, k = 0;
    char **names = lds_xcalloc(n + 1, sizeof *names);
    for (unsigned i = 0; i < o->ndefines; i++)
        names[k++] = lds_xstrdup(o->defines[i].name);
    for (unsigned i = 0; i < o->ntype_defines; i++)
        names[k++] = lds_xstrdup(o->type_defines[i].name);
    for (unsigned i = 0; i < o->nmacro_defines; i++)
        names[k++] = lds_xstrndup(o->macro_defines[i], strcspn(o->macro_defines[i], "( "));
    for (unsigned i = 0; i < o->nundefs; i++)
        names[k++] = lds_xstrdup(o->undefs[i]);
    return names;
}

static bool among(char *const *names, const char *name, size_t len)
{
    for (; *names; names++)
        if (strlen(*names) == len && !memcmp(*names, name, len))
            return true;
    return false;
}

/* One flag that takes a value, taken into o or f. */
static int take_flag(lds_options *o, const lds_build_command *c, lds_build_flags *f, char *const *user, int k,
                     const char *value)
{
    char *path;
    int rc = 0;
    switch (value_flags[k].kind) {
    case TAKE_INCLUDE_DIR:
    case TAKE_INCLUDE_FILE:
        path = resolved(c->dir, value);
        rc = value_flags[k].kind == TAKE_INCLUDE_DIR ? lds_options_add_include_dir(o, path)
                                                     : lds_options_add_include_file(o, path);
        lds_free(path);
        return rc;
    case TAKE_DEFINE:
        return among(user, value, strcspn(value, "(=")) ? 0 : lds_options_add_macro(o, value);
    case TAKE_UNDEF:
        return among(user, value, strlen(value)) ? 0 : lds_options_add_undef(o, value);
    case TAKE_ARCH:
        if (!strcmp(value_flags[k].name, "-mcpu") && strncmp(value, "gfx", 3))
            return 0;   /* a host CPU's (g++ -mcpu=neoverse-v1), not a GPU's */
        /* fall through */
    case TAKE_GENCODE:
        return take_archs(o, f, value_flags[k].name, value, value_flags[k].kind == TAKE_GENCODE);
    case TAKE_LANG:
        if (lang_of_x(value) != LDS_LANG_NONE)
            f->lang = lang_of_x(value);
        return 0;
    case SKIP_VALUE:
        return 0;
    }
    return 0;
}

/* The index of the command's compiler (after ccache), its language in
 * *lang; -1 with o->error set where it names none. */
static int compiler_at(lds_options *o, const lds_build_command *c, lds_lang *lang)
{
    unsigned i = 0;
    while (i < c->n && is_launcher(c->words[i]))
        i++;
    if (i >= c->n || !compiler_lang(c->words[i], lang))
        return lds_options_fail(o, "the build's command line: '%s' is no compiler lds-calc knows (nvcc, clang++, "
                                   "hipcc, g++, ...)", i < c->n ? c->words[i] : "");
    return (int)i;
}

int lds_build_check(lds_options *o, const char *line)
{
    lds_build_command c;
    lds_lang lang;
    if (lds_build_split(o, line, &c) < 0)
        return -1;
    int rc = compiler_at(o, &c, &lang);
    lds_build_command_free(&c);
    return rc < 0 ? -1 : 0;
}

/* Response files nested at most this deep (one that names itself). */
#define MAX_RESPONSE_DEPTH 8

/* The words of c with each response file (@FILE, --options-file FILE,
 * -optf FILE: CMake writes nvcc's include folders into one) replaced by
 * the words it holds, split as sh splits them, into out.  -1 with
 * o->error set where one cannot be read. */
static int expand_response_files(lds_options *o, const lds_build_command *c, unsigned depth,
                                 lds_build_command *out)
{
    for (unsigned i = 0; i < c->n; i++) {
        const char *w = c->words[i], *file = w[0] == '@' && w[1] ? w + 1 : NULL;
        bool option = !strcmp(w, "--options-file") || !strcmp(w, "-optf");
        if (option && i + 1 < c->n)
            file = c->words[++i];
        if (!file) {
            add_word(out, w, strlen(w));
            continue;
        }
        char *path = resolved(c->dir, file), why[4200];
        lds_source text = { 0 };
        int rc = depth >= MAX_RESPONSE_DEPTH ? lds_options_fail(o, "the build's response file %s: nested more than "
                                                                   "%d deep", file, MAX_RESPONSE_DEPTH)
                 : lds_input_read(path, &text, why, sizeof why) < 0 ? lds_options_fail(o, "the build's response file: %s", why)
                                                                     : 0;
        lds_free(path);
        lds_build_command inner = { 0 };
        if (rc == 0 && lds_build_split(o, text.text, &inner) == 0) {
            inner.dir = c->dir;   /* borrowed: its paths are the command's */
            rc = expand_response_files(o, &inner, depth + 1, out);
            inner.dir = NULL;
            lds_build_command_free(&inner);
        } else {
            rc = -1;
        }
        if (text.text)
            lds_input_free(&text);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* The flags of c, its response files read. */
static int apply_words(lds_options *o, const lds_build_command *c, lds_build_flags *f);

int lds_build_apply(lds_options *o, const lds_build_command *c, lds_build_flags *f)
{
    memset(f, 0, sizeof *f);
    lds_build_command all = { 0 };
    int rc = expand_response_files(o, c, 0, &all);
    all.dir = c->dir;
    if (rc == 0)
        rc = apply_words(o, &all, f);
    all.dir = NULL;
    lds_build_command_free(&all);
    return rc;
}

static int apply_words(lds_options *o, const lds_build_command *c, lds_build_flags *f)
{
    int at = compiler_at(o, c, &f->lang);
    if (at < 0)
        return -1;
    unsigned i = (unsigned)at;
    char **user = user_names(o);
    lds_buf taken = { 0 };
    lds_buf_printf(&taken, "%s", "");
    int rc = 0;
    for (i++; rc == 0 && i < c->n; i++) {
        const char *value = NULL;
        int k = flag_of(c, &i, &value);
        if (k >= 0) {
            rc = take_flag(o, c, f, user, k, value);
            if (value_flags[k].kind != SKIP_VALUE)
                lds_buf_printf(&taken, "%s%s%s ", value_flags[k].name, value_flags[k].joined ? "" : " ", value);
        } else if (is_source(c->words[i])) {
            f->sources = lds_xreallocarray(f->sources, f->nsources + 1, sizeof *f->sources);
            f->sources[f->nsources++] = resolved(c->dir, c->words[i]);
        }   /* -O3, -c, -std=c++17, --use_fast_math and the rest: nothing lds-calc reads */
    }
    for (char **u = user; *u; u++)
        lds_free(*u);
    lds_free(user);
    f->flags = lds_xstrdup(lds_buf_str(&taken));
    lds_buf_free(&taken);
    return rc;
}

/* ------------------------------------------- the compilation database */

/* An entry's command: "arguments" (words), else "command" (split). */
static int entry_command(lds_options *o, const lds_json *entry, const lds_json *args, const lds_json *command,
                         lds_build_command *out)
{
    lds_diag d = { 0 };
    if (args && args->kind == JSON_ARRAY) {
        memset(out, 0, sizeof *out);
        for (size_t i = 0; i < args->n; i++) {
            if (args->items[i].kind != JSON_STRING) {
                lds_build_command_free(out);
                lds_diag_set(&d, args->items[i].loc, "compilation database: \"arguments\" holds strings only");
                return lds_options_fail_diag(o, &d);
            }
            add_word(out, args->items[i].text, strlen(args->items[i].text));
        }
        return 0;
    }
    if (command && command->kind == JSON_STRING)
        return lds_build_split(o, command->text, out);
    lds_diag_set(&d, entry->loc, "compilation database: an entry with no \"command\" (a string) nor \"arguments\" "
                                 "(an array of strings)");
    return lds_options_fail_diag(o, &d);
}

/* The database's folder (malloc'd): where a relative "directory" is. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? lds_xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : lds_xstrdup(".");
}

/* Find file's entry among the database's entries (db: read, its name the
 * path in messages). */
static int find_entry(lds_options *o, const lds_source *db, const lds_json *all, const char *file,
                      lds_build_command *out)
{
    lds_diag d = { 0 };
    if (all->kind != JSON_ARRAY) {
        lds_diag_set(&d, all->loc, "compilation database: expected an array of entries ([{\"directory\": ..., "
                                   "\"file\": ..., \"command\": ...}])");
        return lds_options_fail_diag(o, &d);
    }
    char want[PATH_MAX], real[PATH_MAX], *base = folder_of(db->name);
    bool known = realpath(file, want) != NULL;
    lds_buf names = { 0 };
    lds_buf_printf(&names, "%s", "");
    int rc = 1;
    for (size_t i = 0; rc == 1 && i < all->n; i++) {
        const lds_json *e = &all->items[i], *dir = lds_json_get(e, "directory"), *name = lds_json_get(e, "file");
        if (e->kind != JSON_OBJECT || !dir || dir->kind != JSON_STRING || !name || name->kind != JSON_STRING) {
            lds_diag_set(&d, e->loc, "compilation database: an entry is an object with \"directory\" and \"file\" "
                                     "(strings)");
            rc = lds_options_fail_diag(o, &d);
            break;
        }
        char *folder = resolved(base, dir->text), *path = resolved(folder, name->text);
        if (i < 3)
            lds_buf_printf(&names, "%s%s", i ? ", " : "", name->text);
        if (known && realpath(path, real) && !strcmp(want, real)) {
            rc = entry_command(o, e, lds_json_get(e, "arguments"), lds_json_get(e, "command"), out);
            if (rc == 0)
                out->dir = folder;
            else
                lds_free(folder);
        } else {
            lds_free(folder);
        }
        lds_free(path);
    }
    if (rc == 1)
        rc = lds_options_fail(o, "%s has no entry for '%s'%s%s%s%s", db->name, file, all->n ? " (its entries: " : "",
                              lds_buf_str(&names), all->n > 3 ? ", ..." : "", all->n ? ")" : " (it is empty)");
    lds_buf_free(&names);
    lds_free(base);
    return rc;
}

int lds_compdb_find(lds_options *o, const char *path, const char *file, lds_build_command *out)
{
    struct stat st;
    char *db_path = stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? resolved(path, "compile_commands.json")
                                                                : lds_xstrdup(path);
    char why[4200];
    lds_source db = { 0 };
    memset(out, 0, sizeof *out);
    if (lds_input_read(db_path, &db, why, sizeof why) < 0) {
        lds_free(db_path);
        return lds_options_fail(o, "-p: %s", why);
    }
    lds_free(db_path);
    lds_arena *arena = lds_arena_new();
    lds_json *all;
    lds_diag d = { 0 };
    int rc = lds_json_parse(&db, arena, &all, &d) < 0 ? lds_options_fail_diag(o, &d)
                                                        : find_entry(o, &db, all, file, out);
    lds_arena_free(arena);
    lds_input_free(&db);
    return rc;
}
