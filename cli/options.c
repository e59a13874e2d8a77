/* cli/options.c - the options of lds-calc(1). */
#include "config.h"

#include "cli/options.h"
#include "src/names.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/profile.h"
#include "src/buf.h"
#include "src/limits.h"
#include "src/input.h"
#include "src/mem.h"
#include "src/report.h"

static const char usage_text[] =
    "Usage: lds-calc [OPTION]... [PROGRAM]...\n"
    "Simulate GPU shared-memory (LDS) accesses wave by wave and report bank\n"
    "conflicts: ways, cycles, ideal and excess cycles (the profilers' units).\n"
    "\n"
    "Each PROGRAM argument is lds program text (see lds(5)), parsed on its\n"
    "own and run after the ones before it.  With none and no -f, a program\n"
    "is read from standard input, or the REPL starts when it is a terminal.\n"
    "\n"
    "  -f, --file=FILE          read a program from FILE ('-' is stdin); repeatable.\n"
    "                           A kernel file (.cu .cuh .hip .hlsl .comp .glsl) is\n"
    "                           read as written: its kernels' shared-memory accesses\n"
    "      --lang=LANG          read -f files and stdin as cuda, hip, hlsl, glsl or lds\n"
    "      --kernel=NAME        only the kernel NAME of a kernel file\n"
    "      --threads=X[,Y[,Z]]  the workgroup shape (a kernel file's own otherwise)\n"
    "      --show-lowered       print the lds programs the kernel files become; run nothing\n"
    "  -a, --arch=NAME          start from profile NAME (an 'arch' line still wins);\n"
    "                           NAME,NAME,...: one run per profile (a sweep)\n"
    "  -D NAME=EXPR             define a constant for the program\n"
    "  -D NAME=LO..HI[:STEP]    sweep: run once per value LO, LO+STEP, ... below HI\n"
    "  -D NAME=V1,V2,...        sweep over the values listed (sweeps form their\n"
    "                           cross product, the last fastest)\n"
    "      --sweep=HOW          a sweep in text or markdown: table (default; one\n"
    "                           row per point) or reports (a full report each)\n"
    "      --format=FMT         text (default), json, csv, svg, markdown,\n"
    "                           counters (the profilers' metric names, CSV),\n"
    "                           diagnostics (file:line:col: warning: ..., with the\n"
    "                           fix) or sarif (SARIF 2.1.0, for code scanning)\n"
    "      --group-digits[=SEP] group digits by three in text (SEP: ',')\n"
    "      --output=DIR         write SVG pictures there, one file each (accessN.svg,\n"
    "                           layout-ARRAY.svg for show layout)\n"
    "      --show=LEVEL         summary (default), phases, lanes or grid\n"
    "      --at=NAME=N,...      show the instruction at these coordinates (wave=3,\n"
    "                           group=0, k=5; the rest at their first values)\n"
    "      --explain            explain each access rule by rule, and end a conflict\n"
    "                           with the best layout found for its array\n"
    "      --suggest=ARRAY      after the programs, rank layouts of ARRAY (paddings,\n"
    "                           swizzles) by the cycles of every access to it\n"
    "  -q, --quiet              print no results; the exit status tells\n"
    "      --fail-on-conflict   exit 1 if any access has a bank conflict\n"
    "      --max-ways=N         exit 1 if any access is worse than N-way\n"
    "      --max-steps=N        simulate at most N instructions and loop trips\n"
    "                           one by one (default 10000000: 4-9 s a core)\n"
    "      --max-ops=N          evaluate at most N expression operations per run\n"
    "                           (default 400000000: about 8 s a core)\n"
    "      --max-bits=N         widest integer in bits (default 65536)\n"
    "  -j, --jobs=N             split long enumerations across N threads\n"
    "                           (default: the processors online, at most 8)\n"
    "      --arch-info[=NAME]   describe profile NAME, or list them all and their\n"
    "                           other names (sm_90a, H100, MI300X, gfx1100)\n"
    "      --emit=cuda|hip      with --output=DIR: write a probe kernel that replays\n"
    "                           every access, a Makefile and run.sh (measure it)\n"
    "      --check-counters=CSV compare measured counters (ncu --csv, rocprofv3)\n"
    "                           with the prediction; exit 1 if one differs\n"
    "      --tolerance=N        with --check-counters: a hardware wavefront or\n"
    "                           conflict counter may read up to N above (default 0)\n"
    "  -i, --interactive        start the REPL after running the programs\n"
    "      --color=WHEN         auto (default), always or never\n"
    "  -h, --help               show this help and exit\n"
    "  -V, --version            show the version and exit\n"
    "\n";

static const char usage_tail[] =
    "Exit status: 0 ok; 1 an expect failed, a --fail-on-conflict/--max-ways\n"
    "limit was crossed or --check-counters found a difference; 2 usage or I/O\n"
    "error; 3 syntax error; 4 evaluation error.\n"
    "\n"
    "Examples:\n"
    "  lds-calc 'f32[lane*4]'                    4-way on 32 banks\n"
    "  lds-calc -D S=1..65 --format csv 'f32[lane*S]'\n"
    "  lds-calc -q -f layout.lds && echo conflict-free\n"
    "\n"
    "See lds-calc(1) and lds(5).\n";

enum {
    OPT_FORMAT = 256, OPT_SHOW, OPT_FAIL_ON_CONFLICT, OPT_MAX_WAYS, OPT_MAX_STEPS, OPT_MAX_OPS, OPT_MAX_BITS,
    OPT_ARCH_INFO, OPT_COLOR, OPT_GMP_ONLY, OPT_EXPLAIN, OPT_SUGGEST, OPT_OUTPUT, OPT_SWEEP, OPT_GROUP_DIGITS, OPT_AT,
    OPT_EMIT, OPT_CHECK_COUNTERS, OPT_TOLERANCE, OPT_LANG, OPT_KERNEL, OPT_THREADS, OPT_SHOW_LOWERED
};

static const struct option long_options[] = {
    { "file", required_argument, NULL, 'f' },
    { "arch", required_argument, NULL, 'a' },
    { "define", required_argument, NULL, 'D' },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "sweep", required_argument, NULL, OPT_SWEEP },
    { "group-digits", optional_argument, NULL, OPT_GROUP_DIGITS },
    { "show", required_argument, NULL, OPT_SHOW },
    { "at", required_argument, NULL, OPT_AT },
    { "explain", no_argument, NULL, OPT_EXPLAIN },
    { "suggest", required_argument, NULL, OPT_SUGGEST },
    { "output", required_argument, NULL, OPT_OUTPUT },
    { "quiet", no_argument, NULL, 'q' },
    { "fail-on-conflict", no_argument, NULL, OPT_FAIL_ON_CONFLICT },
    { "max-ways", required_argument, NULL, OPT_MAX_WAYS },
    { "max-steps", required_argument, NULL, OPT_MAX_STEPS },
    { "max-ops", required_argument, NULL, OPT_MAX_OPS },
    { "max-bits", required_argument, NULL, OPT_MAX_BITS },
    { "jobs", required_argument, NULL, 'j' },
    { "arch-info", optional_argument, NULL, OPT_ARCH_INFO },
    { "emit", required_argument, NULL, OPT_EMIT },
    { "check-counters", required_argument, NULL, OPT_CHECK_COUNTERS },
    { "tolerance", required_argument, NULL, OPT_TOLERANCE },
    { "lang", required_argument, NULL, OPT_LANG },
    { "kernel", required_argument, NULL, OPT_KERNEL },
    { "threads", required_argument, NULL, OPT_THREADS },
    { "show-lowered", no_argument, NULL, OPT_SHOW_LOWERED },
    { "interactive", no_argument, NULL, 'i' },
    { "color", required_argument, NULL, OPT_COLOR },
    { "colour", required_argument, NULL, OPT_COLOR },
    { "gmp-only", no_argument, NULL, OPT_GMP_ONLY },   /* testing: force the GMP path */
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 },
};

static void usage_error(cli_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* --suggest NAME: the statement `suggest NAME` after the programs, as a
 * text of its own named --suggest. */
static void add_suggest(cli_args *a, const char *name)
{
    bool ok = *name && !(*name >= '0' && *name <= '9');
    for (const char *c = name; *c && ok; c++)
        ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
    if (!ok) {
        usage_error(a, "--suggest: expected the name of an array, not '%s'", name);
        return;
    }
    a->suggest = lds_xreallocarray(a->suggest, a->nsuggest + 1, sizeof *a->suggest);
    lds_source *src = &a->suggest[a->nsuggest++];
    size_t len = strlen(name) + 9;
    src->name = lds_xstrdup("--suggest");
    src->text = lds_xmalloc(len + 1);
    snprintf(src->text, len + 1, "suggest %s\n", name);
    src->len = len;
    src->first_line = 1;
}

/* Usage errors end with the hint to --help (HACKING.md; lds-calc(1), EXIT STATUS). */
static void usage_error(cli_args *a, const char *fmt, ...)
{
    va_list ap;
    char msg[2048];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("lds-calc: ", stderr);
    lds_fput_text(stderr, msg);   /* it quotes what was typed */
    fputs("\nTry 'lds-calc --help' for more information.\n", stderr);
    a->done = true;
    a->status = LDS_EXIT_USAGE;
}

static int parse_count(const char *arg, uint64_t lo, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (errno || end == arg || *end || arg[0] == '-' || v < lo)
        return -1;
    *out = v;
    return 0;
}

static void arch_info(cli_args *a, const char *name)
{
    a->done = true;
    if (!name) {
        for (unsigned i = 0; i < lds_sim_profile_count(); i++) {
            const lds_sim_profile *p = lds_sim_profile_at(i);
            printf("%-8s %3u banks  wave%-2u  %4llu KiB  %s  [%s]\n", p->name, p->banks, p->wave,
                   (unsigned long long)(p->lds_bytes / 1024), p->title, p->summary);
        }
        printf("\nOther names (case, blanks, '-', '_' and '.' do not matter; nvcc's sm_XX, sm_XXa, sm_XXf and\n"
               "compute_XX name the smXX profile):\n");
        for (unsigned i = 0; i < lds_sim_profile_count(); i++) {
            const char *profile = lds_sim_profile_at(i)->name, *alias, *of;
            int col = printf("  %-7s", profile), any = 0;
            for (unsigned k = 0; (alias = lds_sim_profile_alias_at(k, &of)) != NULL; k++) {
                if (strcmp(of, profile))
                    continue;
                if (any++)
                    col += printf(",");
                if (col + 1 + (int)strlen(alias) > 76)
                    col = printf("\n  %-7s", "");
                col += printf(" %s", alias);
            }
            if (!any)
                printf(" -");
            printf("\n");
        }
        return;
    }
    const lds_sim_profile *p = lds_sim_profile_find(name);
    if (!p) {
        char msg[512];
        lds_unknown_profile(name, msg, sizeof msg);
        usage_error(a, "%s", msg);
    }
    else
        lds_report_arch_info(stdout, p);
}

static int color_wanted(const char *when, bool *out)
{
    if (!strcmp(when, "always"))
        *out = true;
    else if (!strcmp(when, "never"))
        *out = false;
    else if (!strcmp(when, "auto")) {
        const char *term = getenv("TERM");
        *out = isatty(STDERR_FILENO) && !getenv("NO_COLOR") && !(term && !strcmp(term, "dumb"));
    } else {
        return -1;
    }
    return 0;
}

static void add_file(cli_args *a, const char *path)
{
    char why[4200];
    a->sources = lds_xreallocarray(a->sources, a->nsources + 1, sizeof *a->sources);
    if (lds_input_read(path, &a->sources[a->nsources], why, sizeof why) < 0) {
        lds_fprint_text(stderr, "lds-calc: %s", why);
        a->done = true;
        a->status = LDS_EXIT_USAGE;
        return;
    }
    a->nsources++;
}

/* sh's quoting of one word: 'it'\''s' */
static void quote_word(lds_buf *b, const char *w)
{
    lds_buf_putc(b, ' ');
    lds_buf_putc(b, '\'');
    for (; *w; w++)
        if (*w == '\'')
            lds_buf_printf(b, "'\\''");
        else
            lds_buf_putc(b, *w);
    lds_buf_putc(b, '\'');
}

/* Whether long option `name` (up to '=') takes an argument. */
static bool takes_argument(const char *name, size_t len)
{
    for (const struct option *o = long_options; o->name; o++)
        if (strlen(o->name) == len && !strncmp(o->name, name, len))
            return o->has_arg == required_argument;
    return false;
}

/* A -f file as run.sh, in the probe's directory, must name it. */
static void quote_file(lds_buf *b, const char *path)
{
    char *abs = strcmp(path, "-") ? realpath(path, NULL) : NULL;
    quote_word(b, abs ? abs : path);
    free(abs);
}

/* The words of argv that rerun the prediction (run.sh gives them to
 * --check-counters): all but --emit, --output and --format, with -f
 * files made absolute. */
static char *rerun_words(int argc, char **argv)
{
    lds_buf b = { 0 };
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        if (!strcmp(w, "--")) {
            for (; i < argc; i++)
                quote_word(&b, argv[i]);
            break;
        }
        if (w[0] == '-' && w[1] == '-') {
            size_t len = strcspn(w + 2, "=");
            bool attached = w[2 + len] == '=', skip = false, file = false;
            static const char *const dropped[] = { "emit", "output", "format", NULL };
            for (const char *const *d = dropped; *d; d++)
                skip |= strlen(*d) == len && !strncmp(w + 2, *d, len);
            file = len == 4 && !strncmp(w + 2, "file", 4);
            const char *value = attached ? w + 3 + len : takes_argument(w + 2, len) && i + 1 < argc ? argv[++i] : NULL;
            if (skip)
                continue;
            if (file) {
                quote_word(&b, "-f");
                quote_file(&b, value ? value : "");
                continue;
            }
            quote_word(&b, w);
            if (value && !attached)
                quote_word(&b, value);
        } else if (w[0] == '-' && w[1] && strchr("faDj", w[1])) {
            const char *value = w[2] ? w + 2 : i + 1 < argc ? argv[++i] : "";
            char flag[3] = { '-', w[1], '\0' };
            quote_word(&b, flag);
            if (w[1] == 'f')
                quote_file(&b, value);
            else
                quote_word(&b, value);
        } else {
            quote_word(&b, w);
        }
    }
    return lds_buf_take(&b);
}

/* --emit needs a directory and one run; --check-counters and --emit are
 * reports of their own, not --format's. */
static void probe_options(cli_args *a, int argc, char **argv)
{
    lds_options *o = &a->opts;
    bool sweep = o->narchs > 1;
    mpz_t c;
    mpz_init(c);
    for (unsigned i = 0; i < o->ndefines; i++) {
        lds_define_count(&o->defines[i], c);
        sweep |= mpz_cmp_ui(c, 1) > 0;
    }
    mpz_clear(c);
    if (a->emit && o->counters_file)
        usage_error(a, "--emit and --check-counters are two steps: emit, measure, then check");
    else if ((a->emit || o->counters_file) && a->format_given)
        usage_error(a, "--%s writes its own output: leave out --format", a->emit ? "emit" : "check-counters");
    else if ((a->emit || o->counters_file) && (sweep || a->interactive))
        usage_error(a, "--%s takes one run: no sweep, no REPL", a->emit ? "emit" : "check-counters");
    else if (a->emit && !o->output_dir)
        usage_error(a, "--emit needs --output=DIR: the probe is several files");
    else if (o->counter_tolerance && !o->counters_file)
        usage_error(a, "--tolerance goes with --check-counters");
    if (a->done)
        return;
    if (a->emit) {
        o->format = (lds_format)a->emit;
        o->rerun = rerun_words(argc, argv);
    } else if (o->counters_file) {
        o->format = FMT_CHECK_COUNTERS;
    }
}

/* --threads X[,Y[,Z]]: positive integers; the threads statement's text. */
static void threads_option(cli_args *a, const char *arg)
{
    static char text[96];
    unsigned n = 0;
    size_t len = 0;
    for (const char *p = arg;; n++) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(p, &end, 10);
        if (errno || end == p || *p == '-' || v < 1 || v > (1ull << 31) || n >= 3 || (*end && *end != ',')) {
            usage_error(a, "--threads: expected X, X,Y or X,Y,Z (positive integers), not '%s'", arg);
            return;
        }
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%llu", n ? ", " : "", v);
        if (!*end)
            break;
        p = end + 1;
    }
    a->front.threads = text;
}

/* One option. */
static void option(cli_args *a, int c, char **argv, int argc)
{
    lds_options *o = &a->opts;
    int v;
    switch (c) {
    case 'f': add_file(a, optarg); break;
    case 'a':
        if (lds_options_add_archs(o, optarg) < 0) {
            lds_options_print_error(o, stderr);
            a->done = true;
            a->status = LDS_EXIT_USAGE;
        }
        break;
    case OPT_SWEEP:
        if (!strcmp(optarg, "table") || !strcmp(optarg, "reports"))
            o->sweep_reports = !strcmp(optarg, "reports");
        else
            usage_error(a, "--sweep: expected table or reports, not '%s'", optarg);
        break;
    case OPT_GROUP_DIGITS:
        o->group_digits = optarg ? optarg : ",";
        break;
    case 'D':
        if (lds_options_add_define(o, optarg) < 0) {
            lds_options_print_error(o, stderr);
            a->done = true;
            a->status = LDS_EXIT_USAGE;
        }
        break;
    case OPT_FORMAT:
        if ((v = lds_format_lookup(optarg)) < 0)
            usage_error(a, "--format: expected text, json, csv, svg, markdown, counters, diagnostics or sarif, "
                           "not '%s'", optarg);
        else
            o->format = (lds_format)v;
        a->format_given = true;
        break;
    case OPT_SHOW:
        if (!strcmp(optarg, "summary")) o->show = SHOW_SUMMARY;
        else if (!strcmp(optarg, "phases")) o->show = SHOW_PHASES;
        else if (!strcmp(optarg, "lanes")) o->show = SHOW_LANES;
        else if (!strcmp(optarg, "grid")) o->show = SHOW_GRID;
        else usage_error(a, "--show: expected summary, phases, lanes or grid, not '%s'", optarg);
        break;
    case OPT_AT:
        if (lds_options_add_at(o, optarg) < 0) {
            lds_options_print_error(o, stderr);
            a->status = LDS_EXIT_USAGE;
        }
        break;
    case 'q': o->quiet = true; break;
    case OPT_EXPLAIN: o->explain = true; break;
    case OPT_SUGGEST: add_suggest(a, optarg); break;
    case OPT_OUTPUT:
        if (mkdir(optarg, 0777) != 0 && errno != EEXIST) {
            lds_fprint_text(stderr, "lds-calc: --output %s: %s", optarg, strerror(errno));
            a->done = true;
            a->status = LDS_EXIT_USAGE;
        }
        o->output_dir = optarg;
        break;
    case 'i': a->interactive = true; break;
    case OPT_FAIL_ON_CONFLICT: o->fail_on_conflict = true; break;
    case OPT_MAX_WAYS:
        if (parse_count(optarg, 1, &o->max_ways) < 0)
            usage_error(a, "--max-ways: expected a positive integer, not '%s'", optarg);
        break;
    case OPT_MAX_STEPS:
        if (parse_count(optarg, 1, &o->max_steps) < 0)
            usage_error(a, "--max-steps: expected a positive integer, not '%s'", optarg);
        break;
    case OPT_MAX_OPS:
        if (parse_count(optarg, 1, &o->max_ops) < 0)
            usage_error(a, "--max-ops: expected a positive integer, not '%s'", optarg);
        break;
    case OPT_MAX_BITS: {
        uint64_t bits;
        if (parse_count(optarg, 64, &bits) < 0 || bits > LDS_MAX_MAX_BITS)
            usage_error(a, "--max-bits: expected an integer in 64..16777216, not '%s'", optarg);
        else
            o->max_bits = (unsigned long)bits;
        break;
    }
    case 'j': {
        uint64_t n;
        if (parse_count(optarg, 1, &n) < 0 || n > LDS_MAX_JOBS)
            usage_error(a, "--jobs: expected an integer in 1..%d, not '%s'", LDS_MAX_JOBS, optarg);
        else
            o->jobs = (unsigned)n;
        break;
    }
    case OPT_ARCH_INFO:
        arch_info(a, optarg ? optarg : optind < argc && argv[optind][0] != '-' ? argv[optind++] : NULL);
        break;
    case OPT_COLOR:
        if (color_wanted(optarg, &o->color) < 0)
            usage_error(a, "--color: expected auto, always or never, not '%s'", optarg);
        break;
    case OPT_GMP_ONLY: o->force_big = true; break;
    case OPT_EMIT:
        if (!strcmp(optarg, "cuda") || !strcmp(optarg, "hip"))
            a->emit = optarg[0] == 'c' ? FMT_PROBE_CUDA : FMT_PROBE_HIP;
        else
            usage_error(a, "--emit: expected cuda or hip, not '%s'", optarg);
        break;
    case OPT_CHECK_COUNTERS: o->counters_file = optarg; break;
    case OPT_LANG:
        if (!lds_lang_lookup(optarg, &a->front.lang))
            usage_error(a, "--lang: expected cuda, hip, hlsl, glsl or lds, not '%s'", optarg);
        a->front.lang_given = true;
        break;
    case OPT_KERNEL: a->front.kernel = optarg; break;
    case OPT_THREADS: threads_option(a, optarg); break;
    case OPT_SHOW_LOWERED: a->show_lowered = true; break;
    case OPT_TOLERANCE:
        if (parse_count(optarg, 0, &o->counter_tolerance) < 0)
            usage_error(a, "--tolerance: expected a whole number, not '%s'", optarg);
        break;
    case 'h':
        fputs(usage_text, stdout);
        fputs(usage_tail, stdout);
        a->done = true;
        break;
    case 'V':
        printf("lds-calc %s\nline editing: %s\nCopyright (C) 2026 the lds-calc authors.\n", PACKAGE_VERSION,
               LDS_LINE_EDITING);
        a->done = true;
        break;
    case ':':
        usage_error(a, "option '%s' needs an argument", argv[optind - 1]);
        break;
    default:
        if (optopt && optopt < 256)
            usage_error(a, "unknown option '-%c'", optopt);
        else
            usage_error(a, "unknown option '%s'", argv[optind - 1]);
        break;
    }
}

void cli_parse(int argc, char **argv, cli_args *a)
{
    int c;
    memset(a, 0, sizeof *a);
    lds_options_init(&a->opts);
    color_wanted("auto", &a->opts.color);
    opterr = 0;   /* getopt's own messages name an absolute argv[0] */
    /* the program arguments come first, then the -f files: collect the
     * files aside and put them after */
    lds_source *files = NULL;
    unsigned nfiles = 0;
    while (!a->done && (c = getopt_long(argc, argv, ":f:a:D:j:qihV", long_options, NULL)) != -1) {
        unsigned before = a->nsources;
        option(a, c, argv, argc);
        if (a->nsources > before) {   /* a -f file: keep it aside */
            files = lds_xreallocarray(files, nfiles + 1, sizeof *files);
            files[nfiles++] = a->sources[--a->nsources];
        }
    }
    if (a->opts.nat && a->opts.show < 0)   /* --at names an instruction to show: a grid unless told */
        a->opts.show = SHOW_GRID;
    if (!a->done)
        probe_options(a, argc, argv);
    for (int i = optind; !a->done && i < argc; i++) {
        char name[32];
        snprintf(name, sizeof name, "<arg%d>", i - optind + 1);
        a->sources = lds_xreallocarray(a->sources, a->nsources + 1, sizeof *a->sources);
        lds_source *src = &a->sources[a->nsources++];
        src->name = lds_xstrdup(name);
        src->text = lds_xstrdup(argv[i]);
        src->len = strlen(argv[i]);
        src->first_line = 1;
    }
    for (unsigned i = 0; i < nfiles; i++) {
        a->sources = lds_xreallocarray(a->sources, a->nsources + 1, sizeof *a->sources);
        a->sources[a->nsources++] = files[i];
    }
    free(files);
    if (!a->done && a->nsources == 0 && !a->interactive) {
        if (isatty(STDIN_FILENO))
            a->interactive = true;
        else
            add_file(a, "-");
    }
    for (unsigned i = 0; i < a->nsuggest; i++) {   /* after every program */
        a->sources = lds_xreallocarray(a->sources, a->nsources + 1, sizeof *a->sources);
        a->sources[a->nsources++] = a->suggest[i];
    }
    free(a->suggest);
    a->suggest = NULL;
    a->nsuggest = 0;
}

void cli_args_free(cli_args *a)
{
    for (unsigned i = 0; i < a->nsources; i++)
        lds_input_free(&a->sources[i]);
    free(a->sources);
    for (unsigned i = 0; i < a->nsuggest; i++)   /* left when parsing stopped early */
        lds_input_free(&a->suggest[i]);
    free(a->suggest);
    lds_options_free(&a->opts);
}
