/* cli/options.c - the options of lds-calc(1). */
#include "config.h"

#include "cli/options.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repl/alloc.h"

static const char usage_text[] =
    "Usage: lds-calc [OPTION]... [PROGRAM]...\n"
    "  or:  lds-calc [OPTION]... [-f KERNEL] -- COMPILER [FLAG]...\n"
    "Simulate GPU shared-memory (LDS) accesses wave by wave and report bank\n"
    "conflicts: ways, cycles, ideal and excess cycles (the profilers' units).\n"
    "\n"
    "Each PROGRAM argument is lds program text (see lds(5)), parsed on its\n"
    "own and run after the ones before it.  With none and no -f, a program\n"
    "is read from standard input, or the REPL starts when it is a terminal.\n"
    "\n"
    "  -f, --file=FILE          read a program from FILE ('-' is stdin); repeatable.\n"
    "                           A kernel file (.cu .cuh .hip .cl .hlsl .comp .glsl,\n"
    "                           PTX: .ptx, TTGIR: .ttgir .mlir, AMDGPU assembly:\n"
    "                           .s .amdgcn) is read as written:\n"
    "                           its kernels' shared-memory accesses are simulated\n"
    "                           (.wgsl and .metal are refused: lds-calc does not\n"
    "                           read them)\n"
    "      --lang=LANG          read -f files and stdin as cuda, hip, hlsl, glsl,\n"
    "                           opencl, ptx, ttgir, amdgcn or lds\n"
    "      --kernel=NAME        only the kernel NAME of a kernel file\n"
    "      --threads=X[,Y[,Z]]  the workgroup shape (a kernel file's own otherwise)\n"
    "      --show-lowered       print the lds programs the kernel files become; run nothing\n";

static const char usage_options[] =
    "  -a, --arch=NAME          start from profile NAME (an 'arch' line still wins);\n"
    "                           NAME,NAME,...: one run per profile (a sweep)\n"
    "  -D NAME=EXPR             define a constant for the program\n"
    "  -D NAME=LO..HI[:STEP]    sweep: run once per value LO, LO+STEP, ... below HI\n"
    "  -D NAME=V1,V2,...        sweep over the values listed (sweeps form their\n"
    "                           cross product, the last fastest)\n"
    "  -D NAME=TYPE             a type (T=float): a kernel file's template parameter,\n"
    "                           a type a header it includes declares (floatX),\n"
    "                           or an OpenCL C file's build-option macro\n"
    "  -D 'NAME(A,B)=BODY', -D NAME=, -D NAME\n"
    "                           a kernel file's macro, as a compiler takes it\n"
    "                           (function-like, empty; NAME alone is NAME=1)\n"
    "  -U NAME                  a kernel file: leave NAME, a macro its compiler\n"
    "                           predefines or an earlier -D gave, undefined\n"
    "  -I DIR, --include-dir=DIR  a kernel file's #include looks in DIR (after\n"
    "                           the including file's own folder; -I again: more)\n"
    "  -include FILE, --include=FILE  read FILE before a kernel file's first line\n"
    "  -p PATH, --compile-commands=PATH  a kernel file's flags (-I, -D, -U,\n"
    "                           -include, the architecture: the profile unless -a)\n"
    "                           from its entry in PATH (compile_commands.json, or\n"
    "                           a folder holding one)\n"
    "  -- COMPILER FLAG...      the build's own command line (nvcc, clang++, hipcc,\n"
    "                           g++, ...): its flags as -p takes them, its source\n"
    "                           the file read where no -f is given\n"
    "";

static const char usage_reports[] =
    "      --sweep=HOW          a sweep in text or markdown: table (default; one\n"
    "                           row per point) or reports (a full report each)\n"
    "      --format=FMT         text (default), json, csv, svg, markdown,\n"
    "                           counters (the profilers' metric names, CSV),\n"
    "                           diagnostics (file:line:col: warning: ..., with the\n"
    "                           fix) or sarif (SARIF 2.1.0, for code scanning)\n"
    "      --group-digits[=SEP] group digits by three in text (SEP: ',')\n"
    "      --output=DIR         write SVG pictures there, one file each\n"
    "                           (KERNEL-LLINE-ARRAY.svg, layout-ARRAY.svg for show\n"
    "                           layout)\n"
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
    "      --tolerance=N|P%     with --check-counters: a hardware wavefront or\n"
    "                           conflict counter may read up to N, or P% of the\n"
    "                           prediction, above it (default 0)\n"
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
    OPT_ARCH_INFO, OPT_COLOR, OPT_GMP_ONLY, OPT_ENUMERATE, OPT_EXPLAIN, OPT_SUGGEST, OPT_OUTPUT, OPT_SWEEP, OPT_GROUP_DIGITS, OPT_AT,
    OPT_EMIT, OPT_CHECK_COUNTERS, OPT_TOLERANCE, OPT_LANG, OPT_KERNEL, OPT_THREADS, OPT_SHOW_LOWERED, OPT_INCLUDE
};

static const struct option long_options[] = {
    { "file", required_argument, NULL, 'f' },
    { "arch", required_argument, NULL, 'a' },
    { "define", required_argument, NULL, 'D' },
    { "undefine", required_argument, NULL, 'U' },
    { "include-dir", required_argument, NULL, 'I' },
    { "include", required_argument, NULL, OPT_INCLUDE },
    { "compile-commands", required_argument, NULL, 'p' },
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
    { "enumerate", no_argument, NULL, OPT_ENUMERATE },   /* testing: no shortcut, no closed form */
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 },
};

static void usage_error(cli_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));


/* Usage errors end with the hint to --help (HACKING.md; lds-calc(1), EXIT STATUS). */
static void usage_error(cli_args *a, const char *fmt, ...)
{
    va_list ap;
    char msg[2048];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("lds-calc: ", stderr);
    ldscalc_write_text(stderr, msg);   /* it quotes what was typed: no terminal escape */
    fputs("\nTry 'lds-calc --help' for more information.\n", stderr);
    a->done = true;
    a->status = LDSCALC_USAGE;
}

/* The library refused an option or a file: its message as the command
 * line prints it, with the hint to --help where the mistake is one of
 * usage rather than of a value's text (-D, -a, --at, a file). */
static void refused(cli_args *a, bool hint)
{
    const char *text = ldscalc_session_error_text(a->session);
    const ldscalc_error *e = ldscalc_session_error(a->session);
    if (!text || (e && e->status == LDSCALC_NO_MEMORY)) {   /* memory ran out */
        fputs("lds-calc: out of memory\n", stderr);
        a->status = 4;
        a->done = true;
        return;
    }
    fputs(text, stderr);
    if (hint)
        fputs("Try 'lds-calc --help' for more information.\n", stderr);
    a->done = true;
    a->status = LDSCALC_USAGE;
}

/* Set an option of the session; false (reported) if it was refused. */
static bool set(cli_args *a, const char *option, const char *value, bool hint)
{
    if (ldscalc_set(a->session, option, value) == LDSCALC_OK)
        return true;
    refused(a, hint);
    return false;
}

/* The message of what the library refused. */
static const char *refusal(const cli_args *a)
{
    const ldscalc_error *e = ldscalc_session_error(a->session);
    return e ? e->message : "out of memory";
}

static void arch_info(cli_args *a, const char *name)
{
    a->done = true;
    if ((name ? ldscalc_arch_info(a->session, name) : ldscalc_list_archs(a->session)) != LDSCALC_OK)
        usage_error(a, "%s", refusal(a));
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

/* sh's quoting of one word: 'it'\''s' */
static void quote_word(FILE *b, const char *w)
{
    fputs(" '", b);
    for (; *w; w++)
        if (*w == '\'')
            fputs("'\\''", b);
        else
            fputc(*w, b);
    fputc('\'', b);
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
static void quote_file(FILE *b, const char *path)
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
    char *words = NULL;
    size_t size = 0;
    FILE *b = open_memstream(&words, &size);
    if (!b)
        out_of_memory();
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        if (!strcmp(w, "--")) {
            for (; i < argc; i++)
                quote_word(b, argv[i]);
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
                quote_word(b, "-f");
                quote_file(b, value ? value : "");
                continue;
            }
            quote_word(b, w);
            if (value && !attached)
                quote_word(b, value);
        } else if (w[0] == '-' && w[1] && strchr("faDj", w[1])) {
            const char *value = w[2] ? w + 2 : i + 1 < argc ? argv[++i] : "";
            char flag[3] = { '-', w[1], '\0' };
            quote_word(b, flag);
            if (w[1] == 'f')
                quote_file(b, value);
            else
                quote_word(b, value);
        } else {
            quote_word(b, w);
        }
    }
    if (fclose(b) != 0)
        out_of_memory();
    return words;
}

/* After the options: they must go together; --emit's probe reruns the
 * prediction with the same words. */
static void check_options(cli_args *a, int argc, char **argv, bool emit)
{
    if (ldscalc_check_options(a->session) != LDSCALC_OK) {
        refused(a, true);   /* with its place (a compilation database's line) */
        return;
    }
    if (emit) {
        char *words = rerun_words(argc, argv);
        set(a, "rerun", words, true);
        free(words);
    }
}

/* An option the library takes as it is: its long name, and whether a
 * refusal earns the hint to --help. */
static const struct {
    int c;
    const char *name;
    bool hint;
} passed[] = {
    { 'a', "arch", false }, { 'D', "define", false }, { 'U', "undefine", false }, { 'I', "include-dir", false },
    { OPT_INCLUDE, "include", false }, { 'p', "compile-commands", false }, { OPT_AT, "at", false }, { OPT_OUTPUT, "output", false },
    { OPT_FORMAT, "format", true }, { OPT_SWEEP, "sweep", true }, { OPT_SHOW, "show", true },
    { OPT_SUGGEST, "suggest", true }, { OPT_MAX_WAYS, "max-ways", true }, { OPT_MAX_STEPS, "max-steps", true },
    { OPT_MAX_OPS, "max-ops", true }, { OPT_MAX_BITS, "max-bits", true }, { 'j', "jobs", true },
    { OPT_EMIT, "emit", true }, { OPT_CHECK_COUNTERS, "check-counters", true }, { OPT_LANG, "lang", true },
    { OPT_KERNEL, "kernel", true }, { OPT_THREADS, "threads", true }, { OPT_TOLERANCE, "tolerance", true },
};

/* The flags, on when given. */
static const struct {
    int c;
    const char *name;
} flags[] = {
    { 'q', "quiet" }, { OPT_EXPLAIN, "explain" }, { 'i', "interactive" }, { OPT_FAIL_ON_CONFLICT, "fail-on-conflict" },
    { OPT_GMP_ONLY, "gmp-only" }, { OPT_ENUMERATE, "enumerate" }, { OPT_SHOW_LOWERED, "show-lowered" },
};

/* -a A -a B: one list, A,B (a sweep over both). */
static void add_archs(cli_args *a, char **archs, const char *arg)
{
    size_t len = *archs ? strlen(*archs) : 0;
    *archs = xrealloc(*archs, len + strlen(arg) + 2);
    snprintf(*archs + len, strlen(arg) + 2, "%s%s", len ? "," : "", arg);
    if (ldscalc_set(a->session, "arch", *archs) != LDSCALC_OK)
        refused(a, false);
}

/* One option. */
static void option(cli_args *a, int c, char **argv, int argc, char **archs)
{
    for (size_t i = 0; i < sizeof passed / sizeof passed[0]; i++)
        if (passed[i].c == c) {
            if (c == 'a')
                add_archs(a, archs, optarg);
            else if (!set(a, passed[i].name, optarg, passed[i].hint) && c == OPT_AT)
                a->done = false;   /* --at: the status says it; the rest is still read */
            return;
        }
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (flags[i].c == c) {
            set(a, flags[i].name, "on", true);
            a->interactive |= c == 'i';
            a->quiet |= c == 'q';
            a->show_lowered |= c == OPT_SHOW_LOWERED;
            return;
        }
    bool color;
    switch (c) {
    case 'f':
        if (ldscalc_add_file(a->session, optarg) == LDSCALC_OK)
            a->nsources++;
        else
            refused(a, false);
        break;
    case OPT_GROUP_DIGITS: set(a, "group-digits", optarg ? optarg : ",", true); break;
    case OPT_ARCH_INFO:
        arch_info(a, optarg ? optarg : optind < argc && argv[optind][0] != '-' ? argv[optind++] : NULL);
        break;
    case OPT_COLOR:
        if (color_wanted(optarg, &color) < 0)
            usage_error(a, "--color: expected auto, always or never, not '%s'", optarg);
        else
            set(a, "color", color ? "on" : "off", true);
        break;
    case 'h':
        fputs(usage_text, stdout);
        fputs(usage_options, stdout);
        fputs(usage_reports, stdout);
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

/* The words after "--", when the first (after ccache) names a compiler
 * (the library says): the build's command line, passed as one text
 * quoted for sh; argc cut there.  (Other words after -- are programs.) */
static void build_command(cli_args *a, int *argc, char **argv)
{
    int dashes = 0;
    for (int i = 1; i < *argc && !dashes; i++)
        if (!strcmp(argv[i], "--"))
            dashes = i;
        else if (!strcmp(argv[i], "-include"))   /* the compilers' spelling */
            argv[i] = (char *)"--include";
    if (!dashes || dashes + 1 >= *argc)
        return;
    char *words = NULL;
    size_t size = 0;
    FILE *b = open_memstream(&words, &size);
    if (!b)
        out_of_memory();
    for (int i = dashes + 1; i < *argc; i++)
        quote_word(b, argv[i]);
    if (fclose(b) != 0)
        out_of_memory();
    if (ldscalc_set(a->session, "build-command", words) == LDSCALC_OK) {   /* it names a compiler */
        a->nsources++;   /* its source, or the -f files, are read */
        *argc = dashes;
    }
    free(words);
}

void cli_parse(int argc, char **argv, cli_args *a)
{
    int c;
    bool color, emit = false;
    char *archs = NULL;
    memset(a, 0, sizeof *a);
    a->session = ldscalc_open();
    if (!a->session || ldscalc_stream(a->session, stdout, stderr) != LDSCALC_OK)
        out_of_memory();
    color_wanted("auto", &color);
    set(a, "color", color ? "on" : "off", true);
    opterr = 0;   /* getopt's own messages name an absolute argv[0] */
    int all = argc;
    build_command(a, &argc, argv);
    while (!a->done && (c = getopt_long(argc, argv, ":f:a:D:U:I:p:j:qihV", long_options, NULL)) != -1) {
        emit |= c == OPT_EMIT;
        option(a, c, argv, argc, &archs);
    }
    free(archs);
    if (!a->done && a->status == LDSCALC_OK)
        check_options(a, all, argv, emit);
    /* the program arguments run before the -f files (the library's order) */
    for (int i = optind; !a->done && i < argc; i++) {
        char name[32];
        snprintf(name, sizeof name, "<arg%d>", i - optind + 1);
        if (ldscalc_add_program(a->session, name, argv[i], strlen(argv[i])) != LDSCALC_OK)
            out_of_memory();
        a->nsources++;
    }
    if (!a->done && a->nsources == 0 && !a->interactive) {
        if (isatty(STDIN_FILENO)) {
            a->interactive = true;
            set(a, "interactive", "on", true);
        } else if (ldscalc_add_file(a->session, "-") != LDSCALC_OK) {
            refused(a, false);
        }
    }
}

void cli_args_free(cli_args *a)
{
    ldscalc_close(a->session);
    a->session = NULL;
}
