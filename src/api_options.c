/* src/api_options.c - ldscalc_set: a session's options by the names of
 * the command line's long options, checked and parsed here, so that the
 * command line, the REPL and a program calling the library take the
 * same values and get the same messages. */
#include "src/api_impl.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/limits.h"
#include "src/project.h"
#include "src/names.h"
#include "src/parse_ctx.h"
#include "src/report.h"

/* The options' error, copied into the session (message, place, text). */
int lds_api_options_error(ldscalc_session *s)
{
    const lds_diag *d = &s->opts.error;
    snprintf(s->error_msg, sizeof s->error_msg, "%s", d->msg);
    snprintf(s->error_file, sizeof s->error_file, "%s", s->opts.error_file);
    s->error.status = LDSCALC_USAGE;
    s->error.file = s->error_file[0] ? s->error_file : NULL;
    s->error.line = d->loc.line;
    s->error.column = d->loc.col;
    s->error.message = s->error_msg;
    lds_free(s->error_text);
    s->error_text = s->opts.error_text ? lds_xstrdup(s->opts.error_text) : NULL;
    return LDSCALC_USAGE;
}

int lds_api_usage(ldscalc_session *s, const char *fmt, ...)
{
    char msg[sizeof s->error_msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lds_options_fail(&s->opts, "%s", msg);
    return lds_api_options_error(s);
}

/* A count: digits only, at least lo and at most hi. */
static int parse_count(const char *arg, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    if (arg[0] < '0' || arg[0] > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int set_flag(ldscalc_session *s, const char *option, const char *value, bool *out)
{
    if (strcmp(value, "on") && strcmp(value, "off"))
        return lds_api_usage(s, "--%s: expected on or off, not '%s'", option, value);
    *out = !strcmp(value, "on");
    return LDSCALC_OK;
}

static int replace(char **field, const char *value)
{
    lds_free(*field);
    *field = lds_xstrdup(value);
    return LDSCALC_OK;
}

/* define: one value, unless the session streams (then a sweep). */
static int set_define(ldscalc_session *s, const char *value)
{
    unsigned before = s->opts.ndefines;
    if (lds_options_add_define(&s->opts, value) < 0) {
        lds_options_drop_defines(&s->opts, before);   /* the half-made define */
        return lds_api_options_error(s);
    }
    if (s->opts.ndefines == before)   /* a type (define T=float), for a kernel file */
        return LDSCALC_OK;
    lds_define *d = &s->opts.defines[before];
    if (s->stream)   /* the command line's: each -D a dimension of the sweep */
        return LDSCALC_OK;
    mpz_t n;
    mpz_init(n);
    lds_define_count(d, n);
    int one = mpz_cmp_ui(n, 1) == 0;
    mpz_clear(n);
    if (!one) {
        lds_api_usage(s, "define %s: one value (run once per value to sweep it)", d->name);
        lds_options_drop_defines(&s->opts, before);
        return LDSCALC_USAGE;
    }
    for (unsigned i = 0; i < before; i++)
        if (!strcmp(s->opts.defines[i].name, s->opts.defines[before].name)) {   /* given again: replaced */
            lds_options_remove_define(&s->opts, i);
            break;
        }
    return LDSCALC_OK;
}

/* arch: a profile, or (streaming) a list of them, each run in turn. */
static int set_arch(ldscalc_session *s, const char *value)
{
    if (lds_options_set_archs(&s->opts, value, s->stream ? UINT_MAX : 1) < 0)
        return lds_api_options_error(s);
    return LDSCALC_OK;
}

/* threads X[,Y[,Z]]: positive integers, kept as the threads statement's
 * text "X, Y, Z". */
static int set_threads(ldscalc_session *s, const char *arg)
{
    char text[96];
    unsigned n = 0;
    size_t len = 0;
    for (const char *p = arg;; n++) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(p, &end, 10);
        if (errno || end == p || *p == '-' || v < 1 || v > (1ull << 31) || n >= 3 || (*end && *end != ','))
            return lds_api_usage(s, "--threads: expected X, X,Y or X,Y,Z (positive integers), not '%s'", arg);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%llu", n ? ", " : "", v);
        if (!*end)
            break;
        p = end + 1;
    }
    return replace(&s->threads, text);
}

/* suggest ARRAY: the statement `suggest ARRAY`, run after the programs. */
static int set_suggest(ldscalc_session *s, const char *name)
{
    bool ok = *name && !(*name >= '0' && *name <= '9');
    for (const char *c = name; *c && ok; c++)
        ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
    if (!ok)
        return lds_api_usage(s, "--suggest: expected the name of an array, not '%s'", name);
    if (!s->stream)
        return lds_api_usage(s, "--suggest: a streaming session's (write suggest %s in the program)", name);
    lds_api_sources *l = &s->suggest;
    l->at = lds_xreallocarray(l->at, l->n + 1, sizeof *l->at);
    lds_source *src = &l->at[l->n++];
    memset(src, 0, sizeof *src);
    size_t len = strlen(name) + 9;
    src->name = lds_xstrdup("--suggest");
    src->text = lds_xmalloc(len + 1);
    snprintf(src->text, len + 1, "suggest %s\n", name);
    src->len = len;
    src->first_line = 1;
    return LDSCALC_OK;
}

/* output DIR: made now if it is not there. */
static int set_output(ldscalc_session *s, const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return lds_api_usage(s, "--output %s: %s", dir, strerror(errno));
    replace(&s->output_dir, dir);
    s->opts.output_dir = s->output_dir;
    return LDSCALC_OK;
}

/* The counts: the option, its field, and the smallest and largest
 * value, with the message that names them. */
/* --tolerance N (counts) or P% (of the prediction, up to three decimals:
 * 1.5%), stored as parts per million. */
static int set_tolerance(ldscalc_session *s, const char *value)
{
    size_t len = strlen(value);
    uint64_t v;
    if (len && value[len - 1] == '%') {
        unsigned whole = 0, frac = 0, digits = 0;
        char tail = 0;
        int got = sscanf(value, "%3u.%3u%c", &whole, &frac, &tail);
        const char *dot = strchr(value, '.');
        if (dot)
            digits = (unsigned)strspn(dot + 1, "0123456789");
        bool ok = value[0] >= '0' && value[0] <= '9' && whole <= 100
                  && (dot ? got == 3 && digits >= 1 && digits <= 3 && tail == '%'
                          : sscanf(value, "%3u%c", &whole, &tail) == 2 && tail == '%' && whole <= 100);
        if (!ok)
            return lds_api_usage(s, "--tolerance: expected a whole number or a percentage (2, 1.5%%), not '%s'",
                                 value);
        for (unsigned d = digits; d < 3; d++)
            frac *= 10;
        s->opts.counter_tolerance = 0;
        s->opts.counter_tolerance_ppm = whole * 10000u + frac * 10u;
        return LDSCALC_OK;
    }
    if (parse_count(value, 0, UINT64_MAX, &v) < 0)
        return lds_api_usage(s, "--tolerance: expected a whole number or a percentage (2, 1.5%%), not '%s'", value);
    s->opts.counter_tolerance = v;
    s->opts.counter_tolerance_ppm = 0;
    return LDSCALC_OK;
}

static int set_count_option(ldscalc_session *s, const char *option, const char *value, bool *known)
{
    static const struct {
        const char *name;
        size_t field;
        uint64_t lo, hi;
        const char *expected;
    } counts[] = {
        { "max-steps", offsetof(lds_options, max_steps), 1, UINT64_MAX, "a positive integer" },
        { "max-ops", offsetof(lds_options, max_ops), 1, UINT64_MAX, "a positive integer" },
        { "max-ways", offsetof(lds_options, max_ways), 1, UINT64_MAX, "a positive integer" },
    };
    uint64_t v;
    *known = true;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (!strcmp(option, counts[i].name)) {
            if (parse_count(value, counts[i].lo, counts[i].hi, &v) < 0)
                return lds_api_usage(s, "--%s: expected %s, not '%s'", option, counts[i].expected, value);
            *(uint64_t *)((char *)&s->opts + counts[i].field) = v;
            return LDSCALC_OK;
        }
    if (!strcmp(option, "tolerance"))
        return set_tolerance(s, value);
    if (!strcmp(option, "max-bits")) {
        if (parse_count(value, 64, LDS_MAX_MAX_BITS, &v) < 0)
            return lds_api_usage(s, "--max-bits: expected an integer in 64..16777216, not '%s'", value);
        s->opts.max_bits = (unsigned long)v;
        return LDSCALC_OK;
    }
    if (!strcmp(option, "jobs")) {
        if (parse_count(value, 1, LDS_MAX_JOBS, &v) < 0)
            return lds_api_usage(s, "--jobs: expected an integer in 1..%d, not '%s'", LDS_MAX_JOBS, value);
        s->opts.jobs = (unsigned)v;
        return LDSCALC_OK;
    }
    *known = false;
    return LDSCALC_OK;
}

/* The flags: on or off. */
static int set_flag_option(ldscalc_session *s, const char *option, const char *value, bool *known)
{
    static const struct {
        const char *name;
        size_t field;   /* in the session */
    } flags[] = {
        { "quiet", offsetof(ldscalc_session, opts.quiet) },
        { "explain", offsetof(ldscalc_session, opts.explain) },
        { "fail-on-conflict", offsetof(ldscalc_session, opts.fail_on_conflict) },
        { "color", offsetof(ldscalc_session, opts.color) },
        { "gmp-only", offsetof(ldscalc_session, opts.force_big) },
        { "enumerate", offsetof(ldscalc_session, opts.no_shortcuts) },
        { "interactive", offsetof(ldscalc_session, interactive) },
        { "show-lowered", offsetof(ldscalc_session, show_lowered) },
    };
    *known = true;
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (!strcmp(option, flags[i].name))
            return set_flag(s, option, value, (bool *)((char *)s + flags[i].field));
    *known = false;
    return LDSCALC_OK;
}

/* The options that choose among words. */
static int set_word_option(ldscalc_session *s, const char *option, const char *value, bool *known)
{
    lds_show show;
    int v;
    *known = true;
    if (!strcmp(option, "show")) {
        if (!lds_show_lookup(value, &show))
            return lds_api_usage(s, "--show: expected summary, phases, lanes or grid, not '%s'", value);
        s->opts.show = (int)show;
    } else if (!strcmp(option, "format")) {
        if ((v = lds_format_lookup(value)) < 0)
            return lds_api_usage(s, "--format: expected text, json, csv, svg, markdown, counters, diagnostics or "
                                    "sarif, not '%s'", value);
        s->opts.format = (lds_format)v;
        s->format_given = true;
        if (s->run.runner && s->run.live)   /* the REPL's :format: from the next report on */
            lds_runner_set_format(s->run.runner, s->run.live, s->opts.format);
    } else if (!strcmp(option, "sweep")) {
        if (strcmp(value, "table") && strcmp(value, "reports"))
            return lds_api_usage(s, "--sweep: expected table or reports, not '%s'", value);
        s->opts.sweep_reports = !strcmp(value, "reports");
    } else if (!strcmp(option, "emit")) {
        if (strcmp(value, "cuda") && strcmp(value, "hip"))
            return lds_api_usage(s, "--emit: expected cuda or hip, not '%s'", value);
        s->emit = value[0] == 'c' ? FMT_PROBE_CUDA : FMT_PROBE_HIP;
    } else if (!strcmp(option, "lang")) {
        if (!lds_lang_lookup(value, &s->front.lang))
            return lds_api_usage(s, "--lang: expected cuda, hip, hlsl, glsl, opencl, ptx, ttgir, amdgcn or lds, not '%s'", value);
        s->front.lang_given = true;
    } else {
        *known = false;
    }
    return LDSCALC_OK;
}

/* The options whose value is kept as text. */
static int set_text_option(ldscalc_session *s, const char *option, const char *value, bool *known)
{
    *known = true;
    if (!strcmp(option, "kernel"))
        return replace(&s->kernel, value);
    if ((!strcmp(option, "build-command") || !strcmp(option, "compile-commands")) && !s->stream)
        return lds_api_usage(s, "--%s: a streaming session's (its -f files are read by ldscalc_check_options)",
                             option);
    if (!strcmp(option, "build-command")) {
        if (lds_build_check(&s->opts, value) < 0)
            return lds_api_options_error(s);
        return replace(&s->build_command, value);
    }
    if (!strcmp(option, "compile-commands"))
        return replace(&s->compile_commands, value);
    if (!strcmp(option, "group-digits")) {
        replace(&s->group_digits, value);
        s->opts.group_digits = s->group_digits;
    } else if (!strcmp(option, "check-counters")) {
        replace(&s->counters_file, value);
        s->opts.counters_file = s->counters_file;
    } else if (!strcmp(option, "rerun")) {
        replace(&s->opts.rerun, value);
    } else {
        *known = false;
    }
    return LDSCALC_OK;
}

int lds_api_set_option(ldscalc_session *s, const char *option, const char *value)
{
    if (!strcmp(option, "arch"))
        return set_arch(s, value);
    if (!strcmp(option, "define"))
        return set_define(s, value);
    if (!strcmp(option, "include-dir")) {
        if (lds_options_add_include_dir(&s->opts, value) < 0)
            return lds_api_options_error(s);
        return LDSCALC_OK;
    }
    if (!strcmp(option, "include")) {
        if (lds_options_add_include_file(&s->opts, value) < 0)
            return lds_api_options_error(s);
        return LDSCALC_OK;
    }
    if (!strcmp(option, "undefine")) {
        if (lds_options_add_undef(&s->opts, value) < 0)
            return lds_api_options_error(s);
        return LDSCALC_OK;
    }
    if (!strcmp(option, "threads"))
        return set_threads(s, value);
    if (!strcmp(option, "suggest"))
        return set_suggest(s, value);
    if (!strcmp(option, "output"))
        return set_output(s, value);
    if (!strcmp(option, "at")) {
        if (lds_options_add_at(&s->opts, value) < 0)
            return lds_api_options_error(s);
        return LDSCALC_OK;
    }
    int (*const kinds[])(ldscalc_session *, const char *, const char *, bool *) = {
        set_count_option, set_flag_option, set_word_option, set_text_option,
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        bool known;
        int rc = kinds[i](s, option, value, &known);
        if (known)
            return rc;
    }
    return lds_api_usage(s, "unknown option '%s'", option);
}
