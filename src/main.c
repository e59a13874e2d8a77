/* src/main.c - lds-calc's command line. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repl/repl.h"
#include "sim/profile.h"
#include "src/parser.h"
#include "src/report.h"
#include "src/run.h"

/* Largest program file read (lds(5) limits). */
#define MAX_FILE_BYTES ((size_t)64 << 20)

static const char usage_text[] =
    "Usage: lds-calc [OPTION]... [PROGRAM]...\n"
    "Simulate GPU shared-memory (LDS) accesses wave by wave and report bank\n"
    "conflicts: ways, cycles, ideal and excess cycles (the profilers' units).\n"
    "\n"
    "Each PROGRAM argument is lds program text (see lds(5)); several are\n"
    "joined by newlines.  With none and no -f, a program is read from\n"
    "standard input, or the REPL starts when it is a terminal.\n"
    "\n"
    "  -f, --file=FILE          read a program from FILE ('-' is stdin); repeatable\n"
    "  -a, --arch=NAME          start from profile NAME (an 'arch' line still wins)\n"
    "  -D NAME=EXPR             define a constant for the program\n"
    "  -D NAME=LO..HI           sweep: run once per value LO..HI-1 (several -D\n"
    "                           sweeps form their cross product)\n"
    "      --format=FMT         text (default), json, csv, svg or markdown\n"
    "      --output=DIR         write SVG pictures there, one file each\n"
    "      --show=LEVEL         summary (default), phases, lanes or grid\n"
    "      --explain            explain each access rule by rule\n"
    "  -q, --quiet              print nothing; the exit status tells\n"
    "      --fail-on-conflict   exit 1 if any access has a bank conflict\n"
    "      --max-ways=N         exit 1 if any access is worse than N-way\n"
    "      --max-steps=N        simulate at most N instructions and loop trips\n"
    "                           one by one (default 100000000)\n"
    "      --max-bits=N         widest integer in bits (default 65536)\n"
    "      --arch-info[=NAME]   describe profile NAME, or list them all\n"
    "  -i, --interactive        start the REPL after running the programs\n"
    "      --color=WHEN         auto (default), always or never\n"
    "  -h, --help               show this help and exit\n"
    "  -V, --version            show the version and exit\n"
    "\n"
    "Exit status: 0 ok; 1 an expect failed or a --fail-on-conflict/--max-ways\n"
    "limit was crossed; 2 usage or I/O error; 3 syntax error; 4 evaluation error.\n"
    "\n"
    "Examples:\n"
    "  lds-calc 'f32[lane*4]'                    4-way on 32 banks\n"
    "  lds-calc -D S=1..65 --format csv 'f32[lane*S]'\n"
    "  lds-calc -q -f layout.lds && echo conflict-free\n"
    "\n"
    "See lds-calc(1) and lds(5).\n";

enum {
    OPT_FORMAT = 256, OPT_SHOW, OPT_FAIL_ON_CONFLICT, OPT_MAX_WAYS, OPT_MAX_STEPS, OPT_MAX_BITS,
    OPT_ARCH_INFO, OPT_COLOR, OPT_GMP_ONLY, OPT_EXPLAIN, OPT_OUTPUT
};

static const struct option long_options[] = {
    { "file", required_argument, NULL, 'f' },
    { "arch", required_argument, NULL, 'a' },
    { "define", required_argument, NULL, 'D' },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "show", required_argument, NULL, OPT_SHOW },
    { "explain", no_argument, NULL, OPT_EXPLAIN },
    { "output", required_argument, NULL, OPT_OUTPUT },
    { "quiet", no_argument, NULL, 'q' },
    { "fail-on-conflict", no_argument, NULL, OPT_FAIL_ON_CONFLICT },
    { "max-ways", required_argument, NULL, OPT_MAX_WAYS },
    { "max-steps", required_argument, NULL, OPT_MAX_STEPS },
    { "max-bits", required_argument, NULL, OPT_MAX_BITS },
    { "arch-info", optional_argument, NULL, OPT_ARCH_INFO },
    { "interactive", no_argument, NULL, 'i' },
    { "color", required_argument, NULL, OPT_COLOR },
    { "colour", required_argument, NULL, OPT_COLOR },
    { "gmp-only", no_argument, NULL, OPT_GMP_ONLY },   /* testing: force the GMP path */
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 },
};

static int usage_error(const char *fmt, const char *arg)
{
    fputs("lds-calc: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'lds-calc --help' for more information.\n", stderr);
    return LDS_EXIT_USAGE;
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

/* A source's text: a file, stdin, or an argument. */
typedef struct {
    lds_source *items;
    unsigned n;
} source_list;

static lds_source *add_source(source_list *l, const char *name)
{
    l->items = realloc(l->items, sizeof *l->items * (l->n + 1));
    if (!l->items) {
        fputs("lds-calc: out of memory\n", stderr);
        exit(LDS_EXIT_USAGE);
    }
    lds_source *s = &l->items[l->n++];
    s->name = strdup(name);
    s->text = NULL;
    s->len = 0;
    return s;
}

static int read_stream(FILE *f, lds_source *s)
{
    size_t cap = 4096;
    s->text = malloc(cap);
    s->len = 0;
    for (;;) {
        if (s->len + 1 >= cap) {
            if (cap >= MAX_FILE_BYTES) {
                fprintf(stderr, "lds-calc: %s: larger than %zu MiB\n", s->name, MAX_FILE_BYTES >> 20);
                return -1;
            }
            cap *= 2;
            s->text = realloc(s->text, cap);
        }
        size_t got = fread(s->text + s->len, 1, cap - 1 - s->len, f);
        s->len += got;
        if (got == 0)
            break;
    }
    s->text[s->len] = '\0';
    if (ferror(f)) {
        fprintf(stderr, "lds-calc: %s: %s\n", s->name, strerror(errno));
        return -1;
    }
    return 0;
}

static int read_file(const char *path, source_list *l)
{
    int from_stdin = strcmp(path, "-") == 0;
    lds_source *s = add_source(l, from_stdin ? "<stdin>" : path);
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "lds-calc: %s: %s\n", path, strerror(errno));
        return -1;
    }
    int rc = read_stream(f, s);
    if (!from_stdin)
        fclose(f);
    return rc;
}

static void free_sources(source_list *l)
{
    for (unsigned i = 0; i < l->n; i++) {
        free(l->items[i].name);
        free(l->items[i].text);
    }
    free(l->items);
}

static int arch_info(const char *name)
{
    if (!name) {
        for (unsigned i = 0; i < lds_sim_profile_count(); i++) {
            const lds_sim_profile *p = lds_sim_profile_at(i);
            printf("%-8s %3u banks  wave%-2u  %4llu KiB  %s  [%s]\n", p->name, p->banks, p->wave,
                   (unsigned long long)(p->lds_bytes / 1024), p->title, p->confidence);
        }
        return LDS_EXIT_OK;
    }
    const lds_sim_profile *p = lds_sim_profile_find(name);
    if (!p)
        return usage_error("unknown profile '%s' (lds-calc --arch-info lists them)", name);
    lds_report_arch_info(stdout, p);
    return LDS_EXIT_OK;
}

static int color_wanted(const char *when, int *out)
{
    if (!strcmp(when, "always"))
        *out = 1;
    else if (!strcmp(when, "never"))
        *out = 0;
    else if (!strcmp(when, "auto")) {
        const char *term = getenv("TERM");
        *out = isatty(STDERR_FILENO) && !getenv("NO_COLOR") && !(term && !strcmp(term, "dumb"));
    } else
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    lds_options o;
    source_list files = { 0 };
    int interactive = 0, status = LDS_EXIT_OK, color = -1;
    lds_options_init(&o);
    opterr = 0;   /* getopt's own messages name an absolute argv[0] */
    int c;
    while ((c = getopt_long(argc, argv, ":f:a:D:qihV", long_options, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (read_file(optarg, &files) < 0)
                status = LDS_EXIT_USAGE;
            break;
        case 'a':
            if (!lds_sim_profile_find(optarg))
                status = usage_error("unknown profile '%s' (lds-calc --arch-info lists them)", optarg);
            o.arch = optarg;
            break;
        case 'D':
            if (lds_options_add_define(&o, optarg) < 0)
                status = LDS_EXIT_USAGE;
            break;
        case OPT_FORMAT:
            if (!strcmp(optarg, "text")) o.format = FMT_TEXT;
            else if (!strcmp(optarg, "json")) o.format = FMT_JSON;
            else if (!strcmp(optarg, "csv")) o.format = FMT_CSV;
            else if (!strcmp(optarg, "svg")) o.format = FMT_SVG;
            else if (!strcmp(optarg, "markdown") || !strcmp(optarg, "md")) o.format = FMT_MARKDOWN;
            else status = usage_error("--format: expected text, json, csv, svg or markdown, not '%s'", optarg);
            break;
        case OPT_SHOW:
            if (!strcmp(optarg, "summary")) o.show = SHOW_SUMMARY;
            else if (!strcmp(optarg, "phases")) o.show = SHOW_PHASES;
            else if (!strcmp(optarg, "lanes")) o.show = SHOW_LANES;
            else if (!strcmp(optarg, "grid")) o.show = SHOW_GRID;
            else status = usage_error("--show: expected summary, phases, lanes or grid, not '%s'", optarg);
            break;
        case 'q': o.quiet = true; break;
        case OPT_EXPLAIN: o.explain = true; break;
        case OPT_OUTPUT:
            if (mkdir(optarg, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "lds-calc: --output %s: %s\n", optarg, strerror(errno));
                status = LDS_EXIT_USAGE;
            }
            o.output_dir = optarg;
            break;
        case 'i': interactive = 1; break;
        case OPT_FAIL_ON_CONFLICT: o.fail_on_conflict = true; break;
        case OPT_MAX_WAYS:
            if (parse_count(optarg, 1, &o.max_ways) < 0)
                status = usage_error("--max-ways: expected a positive integer, not '%s'", optarg);
            break;
        case OPT_MAX_STEPS:
            if (parse_count(optarg, 1, &o.max_steps) < 0)
                status = usage_error("--max-steps: expected a positive integer, not '%s'", optarg);
            break;
        case OPT_MAX_BITS: {
            uint64_t v;
            if (parse_count(optarg, 64, &v) < 0 || v > (1u << 24))
                status = usage_error("--max-bits: expected an integer in 64..16777216, not '%s'", optarg);
            else
                o.max_bits = (unsigned long)v;
            break;
        }
        case OPT_ARCH_INFO: {
            const char *name = optarg;
            if (!name && optind < argc && argv[optind][0] != '-')
                name = argv[optind++];
            status = status ? status : arch_info(name);
            free_sources(&files);
            lds_options_free(&o);
            return status;
        }
        case OPT_COLOR:
            if (color_wanted(optarg, &color) < 0)
                status = usage_error("--color: expected auto, always or never, not '%s'", optarg);
            break;
        case OPT_GMP_ONLY: o.force_big = true; break;
        case 'h':
            fputs(usage_text, stdout);
            free_sources(&files);
            lds_options_free(&o);
            return LDS_EXIT_OK;
        case 'V':
            printf("lds-calc %s\nline editing: %s\nCopyright (C) 2026 the lds-calc authors.\n", PACKAGE_VERSION,
                   LDS_LINE_EDITING);
            free_sources(&files);
            lds_options_free(&o);
            return LDS_EXIT_OK;
        case ':':
            status = usage_error("option '%s' needs an argument", argv[optind - 1]);
            break;
        default:
            if (optopt && optopt < 256) {
                char opt[3] = { '-', (char)optopt, 0 };
                status = usage_error("unknown option '%s'", opt);
            } else {
                status = usage_error("unknown option '%s'", argv[optind - 1]);
            }
            break;
        }
        if (status)
            break;
    }
    if (color < 0)
        color_wanted("auto", &color);
    o.color = color;
    if (status) {
        free_sources(&files);
        lds_options_free(&o);
        return status;
    }
    /* program arguments, then -f files; with neither, stdin or the REPL */
    source_list sources = { 0 };
    for (int i = optind; i < argc; i++) {
        char name[32];
        snprintf(name, sizeof name, "<arg%d>", i - optind + 1);
        lds_source *s = add_source(&sources, name);
        s->text = strdup(argv[i]);
        s->len = strlen(argv[i]);
    }
    for (unsigned i = 0; i < files.n; i++) {
        lds_source *s = add_source(&sources, files.items[i].name);
        s->text = files.items[i].text;
        s->len = files.items[i].len;
        files.items[i].text = NULL;
    }
    free_sources(&files);
    if (sources.n == 0 && !interactive) {
        if (isatty(STDIN_FILENO)) {
            interactive = 1;
        } else if (read_file("-", &sources) < 0) {
            free_sources(&sources);
            lds_options_free(&o);
            return LDS_EXIT_USAGE;
        }
    }
    /* parse everything first: a syntax error anywhere runs nothing */
    lds_program *progs = calloc(sources.n ? sources.n : 1, sizeof *progs);
    lds_program **list = calloc(sources.n ? sources.n : 1, sizeof *list);
    for (unsigned i = 0; i < sources.n && !status; i++) {
        lds_diag diag = { 0 };
        progs[i].arena = lds_arena_new();
        list[i] = &progs[i];
        if (lds_parse_program(&sources.items[i], &progs[i], &diag) < 0) {
            lds_diag_print(stderr, o.prog, &diag, o.color);
            status = LDS_EXIT_SYNTAX;
        }
    }
    if (!status) {
        if (interactive)
            status = lds_repl_main(&o, list, sources.n);
        else
            status = lds_run_programs(&o, list, sources.n);
    }
    for (unsigned i = 0; i < sources.n; i++)
        lds_arena_free(progs[i].arena);
    free(progs);
    free(list);
    free_sources(&sources);
    lds_options_free(&o);
    return status;
}
