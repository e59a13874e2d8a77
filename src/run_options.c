/* src/run_options.c - the options of a run (src/run.h): -D values,
 * ranges and lists as exact integers, --at points, -a profiles, and the
 * parser context the -D names start. */
#include "src/run.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "base/mem.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "src/scope.h"
#include "base/usertext.h"

void lds_options_init(lds_options *o)
{
    memset(o, 0, sizeof *o);
    o->prog = "lds-calc";
    o->format = FMT_TEXT;
    o->show = -1;
    o->max_bits = LDS_DEFAULT_MAX_BITS;
}

static void free_define(lds_define *d)
{
    lds_free(d->name);
    for (size_t k = 0; k < d->nlist; k++)
        mpz_clear(d->list[k]);
    lds_free(d->list);
    mpz_clears(d->lo, d->hi, d->step, NULL);
}

void lds_options_free(lds_options *o)
{
    for (unsigned i = 0; i < o->ndefines; i++)
        free_define(&o->defines[i]);
    lds_free(o->defines);
    for (unsigned i = 0; i < o->ntype_defines; i++) {
        lds_free(o->type_defines[i].name);
        lds_free(o->type_defines[i].type);
    }
    lds_free(o->type_defines);
    o->type_defines = NULL;
    o->ntype_defines = 0;
    for (unsigned i = 0; i < o->narchs; i++)
        lds_free(o->archs[i]);
    lds_free(o->archs);
    for (unsigned i = 0; i < o->nundefs; i++)
        lds_free(o->undefs[i]);
    lds_free(o->undefs);
    o->undefs = NULL;
    o->nundefs = 0;
    char ***lists[] = { &o->include_dirs, &o->macro_defines, &o->include_files };
    unsigned *counts[] = { &o->ninclude_dirs, &o->nmacro_defines, &o->ninclude_files };
    for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++) {
        for (unsigned i = 0; i < *counts[k]; i++)
            lds_free((*lists[k])[i]);
        lds_free(*lists[k]);
        *lists[k] = NULL;
        *counts[k] = 0;
    }
    lds_free(o->front_warnings);
    o->front_warnings = NULL;
    o->nfront_warnings = o->capfront_warnings = 0;
    for (unsigned i = 0; i < o->nat; i++)
        lds_free((char *)o->at[i].name);
    lds_free(o->at);
    lds_free(o->rerun);
    lds_free(o->error_text);
    o->error_text = NULL;
    o->rerun = NULL;
    o->at = NULL;
    o->nat = 0;
    o->defines = NULL;
    o->archs = NULL;
    o->ndefines = o->narchs = 0;
}

/* The length of a macro's name: a macro -D's "NAME(PARAMS) BODY" to its
 * '(' or blank. */
static size_t macro_name_len(const char *text) { return strcspn(text, "( "); }

/* Forget the macro -D that names name[0, len), if any. */
static void forget_macro(lds_options *o, const char *name, size_t len)
{
    for (unsigned i = o->nmacro_defines; i-- > 0;)
        if (macro_name_len(o->macro_defines[i]) == len && !memcmp(o->macro_defines[i], name, len)) {
            lds_free(o->macro_defines[i]);
            memmove(&o->macro_defines[i], &o->macro_defines[i + 1], (o->nmacro_defines - i - 1) * sizeof *o->macro_defines);
            o->nmacro_defines--;
        }
}

/* Forget every -D that names name[0, len): a value, a type, a macro. */
static void forget_defines(lds_options *o, const char *name, size_t len)
{
    for (unsigned i = o->ndefines; i-- > 0;)
        if (strlen(o->defines[i].name) == len && !memcmp(o->defines[i].name, name, len))
            lds_options_remove_define(o, i);
    for (unsigned i = o->ntype_defines; i-- > 0;)
        if (strlen(o->type_defines[i].name) == len && !memcmp(o->type_defines[i].name, name, len)) {
            lds_free(o->type_defines[i].name);
            lds_free(o->type_defines[i].type);
            o->type_defines[i] = o->type_defines[--o->ntype_defines];
        }
    forget_macro(o, name, len);
}

/* The length of the C name text starts with (0: none). */
static size_t c_name_len(const char *text)
{
    if (!isalpha((unsigned char)text[0]) && text[0] != '_')
        return 0;
    size_t n = 1;
    while (isalnum((unsigned char)text[n]) || text[n] == '_')
        n++;
    return n;
}

int lds_options_add_undef(lds_options *o, const char *name)
{
    if (!name[0] || c_name_len(name) != strlen(name))
        return lds_options_fail(o, "-U: expected a macro's name, not '%s'", name);
    forget_defines(o, name, strlen(name));
    for (unsigned i = 0; i < o->nundefs; i++)
        if (!strcmp(o->undefs[i], name))
            return 0;
    o->undefs = lds_xreallocarray(o->undefs, o->nundefs + 1, sizeof *o->undefs);
    o->undefs[o->nundefs++] = lds_xstrdup(name);
    return 0;
}

int lds_options_add_include_dir(lds_options *o, const char *dir)
{
    if (!dir[0])
        return lds_options_fail(o, "-I: expected a folder");
    if (strlen(dir) > LDS_MAX_PATH)
        return lds_options_fail(o, "-I: a folder's name longer than %d bytes", LDS_MAX_PATH);
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/')   /* inc/ is inc */
        len--;
    o->include_dirs = lds_xreallocarray(o->include_dirs, o->ninclude_dirs + 1, sizeof *o->include_dirs);
    o->include_dirs[o->ninclude_dirs++] = lds_xstrndup(dir, len);
    return 0;
}

int lds_options_add_include_file(lds_options *o, const char *path)
{
    if (!path[0])
        return lds_options_fail(o, "-include: expected a file");
    if (strlen(path) > LDS_MAX_PATH)
        return lds_options_fail(o, "-include: a file's name longer than %d bytes", LDS_MAX_PATH);
    o->include_files = lds_xreallocarray(o->include_files, o->ninclude_files + 1, sizeof *o->include_files);
    o->include_files[o->ninclude_files++] = lds_xstrdup(path);
    return 0;
}

/* -D NAME(PARAMS)=BODY, -D NAME(PARAMS), -D NAME=: a kernel file's
 * macro, kept as a #define line's words (the file's preprocessor reads
 * them); a name given before is replaced.  *handled false where arg is
 * none of these (a value, a type), unless every: then any -D is a macro
 * (NAME alone: 1), as a compiler takes it. */
static int add_macro_define(lds_options *o, const char *arg, bool every, bool *handled)
{
    size_t nlen = c_name_len(arg), end = nlen;
    *handled = nlen > 0 && (arg[nlen] == '(' || (arg[nlen] == '=' && arg[nlen + 1] == '\0'));
    if (every && !*handled) {
        if (!nlen || (arg[nlen] && arg[nlen] != '='))
            return lds_options_fail(o, "-D: '%.*s' is not a name", (int)strcspn(arg, "="), arg);
        *handled = true;
    }
    if (!*handled)
        return 0;
    if (arg[nlen] == '(') {
        const char *close = strchr(arg + nlen, ')');
        if (!close || (close[1] && close[1] != '='))
            return lds_options_fail(o, "-D: expected NAME(PARAMS)=BODY for a function-like macro, not '%s'", arg);
        end = (size_t)(close + 1 - arg);
    }
    const char *body = arg[end] == '=' ? arg + end + 1 : "1";
    forget_defines(o, arg, nlen);
    size_t len = end + 1 + strlen(body) + 1;
    char *text = lds_xmalloc(len);
    snprintf(text, len, "%.*s %s", (int)end, arg, body);
    o->macro_defines = lds_xreallocarray(o->macro_defines, o->nmacro_defines + 1, sizeof *o->macro_defines);
    o->macro_defines[o->nmacro_defines++] = text;
    return 0;
}

int lds_options_add_macro(lds_options *o, const char *arg)
{
    bool macro;
    return add_macro_define(o, arg, true, &macro);
}

void lds_options_remove_define(lds_options *o, unsigned i)
{
    free_define(&o->defines[i]);
    memmove(&o->defines[i], &o->defines[i + 1], (o->ndefines - i - 1) * sizeof *o->defines);
    o->ndefines--;
}

void lds_options_drop_defines(lds_options *o, unsigned keep)
{
    while (o->ndefines > keep)
        free_define(&o->defines[--o->ndefines]);
}

void lds_define_count(const lds_define *d, mpz_t out)
{
    if (d->list) {
        mpz_set_ui(out, d->nlist);
        return;
    }
    mpz_sub(out, d->hi, d->lo);
    if (mpz_sgn(out) <= 0) {
        mpz_set_ui(out, 0);
        return;
    }
    mpz_cdiv_q(out, out, d->step);
}

void lds_define_at(const lds_define *d, uint64_t i, mpz_t out)
{
    if (d->list) {
        mpz_set(out, d->list[i]);
        return;
    }
    mpz_set_ui(out, (unsigned long)i);
    mpz_mul(out, out, d->step);
    mpz_add(out, out, d->lo);
}

typedef struct {
    const lds_options *o;
    const lds_diag *d;
} error_print;

static void print_error(void *ctx, FILE *f, FILE *unused)
{
    const error_print *e = ctx;
    (void)unused;
    if (e->d->loc.src)
        lds_diag_print(f, e->o->prog, e->d, e->o->color);
    else
        lds_fprint_text(f, "%s: %s", e->o->prog, e->d->msg);
}

/* An option's error, kept in o as a value (o->error, its place in the
 * option's text) and as the command line prints it (o->error_text). */
static int keep_error(lds_options *o, const lds_diag *d)
{
    error_print e = { o, d };
    char *text = lds_mem_write(print_error, &e, NULL);
    lds_free(o->error_text);
    o->error_text = text;
    o->error = *d;
    if (d->loc.src)   /* the text it points into is gone after the call */
        snprintf(o->error_file, sizeof o->error_file, "%s", d->loc.src->name);
    o->error.loc.src = NULL;
    return -1;
}

int lds_options_fail_diag(lds_options *o, const lds_diag *d) { return keep_error(o, d); }

int lds_options_fail(lds_options *o, const char *fmt, ...)
{
    lds_diag d = { 0 };
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d.msg, sizeof d.msg, fmt, ap);
    va_end(ap);
    lds_text_clean_in_place(d.msg, sizeof d.msg);   /* it quotes what was given */
    d.set = 1;
    o->error_file[0] = '\0';
    return keep_error(o, &d);
}

static int constant(lds_options *o, const char *text, size_t len, const char *what, mpz_t out)
{
    lds_source src = { .name = (char *)what, .text = (char *)text, .len = len, .first_line = 1 };
    lds_diag diag = { 0 };
    if (lds_eval_constant(&src, o->max_bits, out, &diag) == 0)
        return 0;
    return keep_error(o, &diag);
}

void lds_options_print_error(const lds_options *o, FILE *out)
{
    if (o->error_text)
        fputs(o->error_text, out);
}

/* The end of the next comma-separated item, outside parentheses. */
static const char *item_end(const char *p)
{
    int depth = 0;
    for (; *p; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && depth > 0)
            depth--;
        else if (*p == ',' && depth == 0)
            break;
    }
    return p;
}

/* V1,V2,...: each value a constant expression. */
static int parse_list(lds_options *o, lds_define *d, const char *val)
{
    for (const char *p = val;; p++) {
        const char *end = item_end(p);
        d->list = lds_xreallocarray(d->list, d->nlist + 1, sizeof *d->list);
        mpz_init(d->list[d->nlist++]);
        if (constant(o, p, (size_t)(end - p), "<-D value>", d->list[d->nlist - 1]) < 0)
            return -1;
        if (!*end)
            return 0;
        p = end;
    }
}

/* LO..HI[:STEP] */
static int parse_range(lds_options *o, lds_define *d, const char *val, const char *dots)
{
    const char *colon = strchr(dots + 2, ':');
    size_t hlen = colon ? (size_t)(colon - dots - 2) : strlen(dots + 2);
    if (constant(o, val, (size_t)(dots - val), "<-D start>", d->lo) < 0
        || constant(o, dots + 2, hlen, "<-D end>", d->hi) < 0)
        return -1;
    if (colon && constant(o, colon + 1, strlen(colon + 1), "<-D step>", d->step) < 0)
        return -1;
    if (mpz_sgn(d->step) <= 0) {
        return lds_options_fail(o, "-D %s: the step must be positive", d->name);
    }
    return 0;
}

/* A value that names a type: C words (float, unsigned int, half2,
 * cute::half_t), no operator, no number first. */
static bool type_words(const char *v)
{
    if (!((*v >= 'a' && *v <= 'z') || (*v >= 'A' && *v <= 'Z') || *v == '_'))
        return false;
    for (; *v; v++)
        if (!((*v >= 'a' && *v <= 'z') || (*v >= 'A' && *v <= 'Z') || (*v >= '0' && *v <= '9') || *v == '_'
              || *v == ' ' || *v == ':'))
            return false;
    return v[-1] != ' ' && v[-1] != ':';
}

/* -D NAME=TYPE where the value is no constant: kept apart from the
 * values (a name given again is replaced). */
static bool add_type_define(lds_options *o, const char *name, size_t nlen, const char *val)
{
    mpz_t scratch;
    mpz_init(scratch);
    lds_source src = { .name = "<-D value>", .text = (char *)val, .len = strlen(val), .first_line = 1 };
    lds_diag diag = { 0 };
    bool constant = lds_eval_constant(&src, o->max_bits, scratch, &diag) == 0;
    mpz_clear(scratch);
    if (constant || !type_words(val) || lds_is_builtin_name(val))   /* -D X=lane: not constant, said so */
        return false;
    lds_type_define *t = NULL;
    for (unsigned i = 0; i < o->ntype_defines && !t; i++)
        if (strlen(o->type_defines[i].name) == nlen && !memcmp(o->type_defines[i].name, name, nlen))
            t = &o->type_defines[i];
    if (!t) {
        o->type_defines = lds_xreallocarray(o->type_defines, o->ntype_defines + 1, sizeof *o->type_defines);
        t = &o->type_defines[o->ntype_defines++];
        t->name = lds_xstrndup(name, nlen);
    } else {
        lds_free(t->type);
    }
    t->type = lds_xstrdup(val);
    return true;
}

int lds_options_add_define(lds_options *o, const char *arg)
{
    bool macro;
    int rc = add_macro_define(o, arg, false, &macro);
    if (macro)
        return rc;
    if (!strchr(arg, '=') && arg[0] && c_name_len(arg) == strlen(arg)) {   /* -D NAME: NAME=1 */
        size_t len = strlen(arg) + 3;
        char *one = lds_xmalloc(len);
        snprintf(one, len, "%s=1", arg);
        rc = lds_options_add_define(o, one);
        lds_free(one);
        return rc;
    }
    const char *eq = strchr(arg, '=');
    size_t nlen = eq ? (size_t)(eq - arg) : 0;
    if (!eq || nlen == 0) {
        return lds_options_fail(o, "-D wants NAME=VALUE, NAME=LO..HI[:STEP] or NAME=V1,V2,..., not '%s'", arg);
    }
    for (size_t i = 0; i < nlen; i++) {
        char c = arg[i];
        int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        /* x128::size: a kernel file's qualified name (a header's constant) */
        int scope = c == ':' && i > 0 && i + 2 < nlen && arg[i + 1] == ':' && arg[i - 1] != ':' && arg[i + 2] != ':';
        if (scope) {
            i++;
            continue;
        }
        if (!letter && (i == 0 || !((c >= '0' && c <= '9') || c == '.'))) {
            return lds_options_fail(o, "-D: '%.*s' is not a name", (int)nlen, arg);
        }
    }
    forget_macro(o, arg, nlen);   /* a value given after a macro replaces it */
    o->defines = lds_xreallocarray(o->defines, o->ndefines + 1, sizeof *o->defines);
    lds_define *d = &o->defines[o->ndefines++];
    memset(d, 0, sizeof *d);
    d->name = lds_xstrndup(arg, nlen);
    mpz_inits(d->lo, d->hi, d->step, NULL);
    mpz_set_ui(d->step, 1);
    if (lds_is_builtin_name(d->name)) {
        lds_setting key;
        if (lds_setting_lookup(d->name, &key))   /* banks, wave, ...: a setting the program changes */
            return lds_options_fail(o, "-D: '%s' is a built-in name, not a setting -D can change; write 'set %s %s' "
                           "in the program (or sweep a name: -D B=16,32 'set %s B; ...')",
                        d->name, d->name, eq + 1, d->name);
        return lds_options_fail(o, "-D: '%s' is a built-in name; choose another", d->name);
    }
    const char *val = eq + 1, *dots = strstr(val, "..");
    if (!dots && !*item_end(val) && add_type_define(o, arg, nlen, val)) {
        free_define(&o->defines[--o->ndefines]);   /* not a value */
        return 0;
    }
    if (dots)
        return parse_range(o, d, val, dots);
    if (*item_end(val))
        return parse_list(o, d, val);
    if (constant(o, val, strlen(val), "<-D value>", d->lo) < 0)
        return -1;
    mpz_add_ui(d->hi, d->lo, 1);
    return 0;
}

struct lds_parse_ctx *lds_options_parse_ctx(const lds_options *o)
{
    lds_parse_ctx *c = lds_parse_ctx_new();
    mpz_t n, v;
    mpz_inits(n, v, NULL);
    for (unsigned i = 0; i < o->ndefines; i++) {
        lds_define_count(&o->defines[i], n);
        if (mpz_cmp_ui(n, 1) == 0)
            lds_define_at(&o->defines[i], 0, v);
        lds_parse_ctx_predefine(c, o->defines[i].name, mpz_cmp_ui(n, 1) == 0 ? v : NULL);
    }
    mpz_clears(n, v, NULL);
    return c;
}

int lds_options_add_at(lds_options *o, const char *arg)
{
    for (const char *p = arg;;) {
        const char *eq = strchr(p, '='), *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        char *stop;
        errno = 0;
        long long v = eq && eq < end ? strtoll(eq + 1, &stop, 10) : 0;
        if (!eq || eq > end || eq == p || stop != end || eq + 1 == end || errno) {
            return lds_options_fail(o, "--at: expected NAME=INTEGER[,NAME=INTEGER...] (wave=3,k=5), not '%s'", arg);
        }
        o->at = lds_xreallocarray(o->at, o->nat + 1, sizeof *o->at);
        o->at[o->nat].name = lds_xstrndup(p, (size_t)(eq - p));
        o->at[o->nat++].value = v;
        if (!*end)
            return 0;
        p = end + 1;
    }
}

int lds_options_add_archs(lds_options *o, const char *arg)
{
    for (const char *p = arg;; p++) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char *name = lds_xstrndup(p, len);
        if (!lds_sim_profile_find(name)) {
            char msg[512];
            lds_unknown_profile(name, msg, sizeof msg);
            lds_free(name);
            return lds_options_fail(o, "%s", msg);
        }
        o->archs = lds_xreallocarray(o->archs, o->narchs + 1, sizeof *o->archs);
        o->archs[o->narchs++] = name;
        if (!end)
            break;
        p = end;
    }
    o->arch = o->archs[0];
    return 0;
}


int lds_options_set_archs(lds_options *o, const char *arg, unsigned max)
{
    char **before = o->archs;
    unsigned nbefore = o->narchs;
    const char *arch_before = o->arch;
    o->archs = NULL;
    o->narchs = 0;
    int rc = lds_options_add_archs(o, arg);
    if (rc == 0 && o->narchs > max)
        rc = lds_options_fail(o, "arch: one profile (run once per profile to sweep them)");
    char **drop = rc == 0 ? before : o->archs;
    unsigned ndrop = rc == 0 ? nbefore : o->narchs;
    for (unsigned i = 0; i < ndrop; i++)
        lds_free(drop[i]);
    lds_free(drop);
    if (rc < 0) {
        o->archs = before;
        o->narchs = nbefore;
        o->arch = arch_before;
    }
    return rc;
}
