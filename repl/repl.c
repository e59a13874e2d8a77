/* repl/repl.c - read a statement, run it, print its report; the session
 * (profile, names, arrays) lives on across lines and survives errors. */
#include "config.h"

#include "repl/repl.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "repl/lineedit.h"
#include "src/explain.h"
#include "src/parser.h"

typedef struct {
    lds_options opts;
    lds_diag diag;
    lds_interp in;
    lds_reporter rep;
    lds_arena **arenas;      /* every accepted input: symbols point into them */
    lds_source *sources;
    size_t n, cap;
    char **saved;            /* inputs that ran without error, for :save */
    size_t nsaved, capsaved;
} session;

static const char help_text[] =
    "Statements (lds(5)): arch set rules threads groups let def array\n"
    "  read write atomic for print expect show explain; a bare target is a read.\n"
    "  'explain' alone explains the last access; before an access, that one.\n"
    "  e.g.  array f32 tile[32][33]    read tile[lane][0]\n"
    "Commands:\n"
    "  :help              this text\n"
    "  :arch [NAME]       show or select the profile\n"
    "  :show LEVEL        summary, phases, lanes or grid for the reports\n"
    "  :format FMT        text, json or csv\n"
    "  :vars              names, functions and arrays defined\n"
    "  :load FILE         run a script into this session\n"
    "  :save FILE         write the statements that worked as a script\n"
    "  :reset             forget everything; back to the start\n"
    "  :quit              leave (also Ctrl-D)\n";

static const char *const keywords[] = {
    "arch", "set", "rules", "threads", "groups", "let", "def", "array", "read", "write",
    "atomic", "for", "in", "if", "print", "expect", "show", "explain", "layout", "size", "at",
    "lane", "wave", "tid", "group", "banks", "bank_bytes", "wave_size",
    ":help", ":arch", ":show", ":format", ":vars", ":load", ":save", ":reset", ":quit",
    "summary", "phases", "lanes", "grid", "seed", "calibrated",
    "min", "max", "abs", "gcd", "lcm", "log2", "popcount", "pow", "swizzle",
    NULL,
};

/* Ctrl-C abandons the input being typed, not the session. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}


/* Completion: keywords, profile names, then the session's own names. */
static const char *completion_word(void *ctx, unsigned i)
{
    session *s = ctx;
    unsigned nk = 0;
    while (keywords[nk])
        nk++;
    if (i < nk)
        return keywords[i];
    i -= nk;
    if (i < lds_sim_profile_count())
        return lds_sim_profile_at(i)->name;
    i -= lds_sim_profile_count();
    return i < s->in.scope.n ? s->in.scope.syms[i]->name : NULL;
}

static void session_start(session *s)
{
    memset(&s->diag, 0, sizeof s->diag);
    lds_interp_init(&s->in, &s->diag);
    lds_run_setup(&s->in, &s->opts, NULL);
    lds_reporter_init(&s->rep, s->opts.format, stdout);
    s->rep.prog = NULL;
    lds_reporter_attach(&s->rep, &s->in);
}

static void session_end(session *s)
{
    lds_interp_free(&s->in);
    for (size_t i = 0; i < s->n; i++) {
        lds_arena_free(s->arenas[i]);
        free(s->sources[i].text);
        free(s->sources[i].name);
    }
    for (size_t i = 0; i < s->nsaved; i++)
        free(s->saved[i]);
    s->n = s->nsaved = 0;
}

/* Run one piece of input (a line, or a file for :load). */
static int run_text(session *s, const char *name, const char *text, int save)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 32;
        s->arenas = lds_xrealloc(s->arenas, sizeof *s->arenas * s->cap);
        s->sources = lds_xrealloc(s->sources, sizeof *s->sources * s->cap);
    }
    lds_source *src = &s->sources[s->n];
    src->name = strdup(name);
    src->text = strdup(text);
    src->len = strlen(text);
    lds_program prog = { lds_arena_new(), NULL, NULL };
    s->arenas[s->n++] = prog.arena;
    memset(&s->diag, 0, sizeof s->diag);
    if (lds_parse_program(src, &prog, &s->diag) < 0) {
        lds_diag_print(stderr, NULL, &s->diag, s->opts.color);
        return LDS_EXIT_SYNTAX;
    }
    /* whole-run formats report this input's accesses alone */
    s->rep.first_record = s->in.nrecords;
    s->rep.first_expect = s->in.nexpects;
    int rc = lds_interp_run(&s->in, prog.first);
    fflush(stdout);
    if (s->opts.format != FMT_TEXT && s->in.nrecords > s->rep.first_record) {
        lds_reporter_finish(&s->rep, &s->in);
        s->rep.csv_header_done = false;
    }
    if (rc < 0) {
        lds_diag_print(stderr, NULL, &s->diag, s->opts.color);
        return LDS_EXIT_EVAL;
    }
    if (save) {
        if (s->nsaved == s->capsaved) {
            s->capsaved = s->capsaved ? s->capsaved * 2 : 32;
            s->saved = lds_xrealloc(s->saved, sizeof *s->saved * s->capsaved);
        }
        s->saved[s->nsaved++] = strdup(text);
    }
    return LDS_EXIT_OK;
}

static void cmd_vars(session *s)
{
    const lds_scope *sc = &s->in.scope;
    int any = 0;
    for (size_t i = 0; i < sc->n; i++) {
        const lds_sym *y = sc->syms[i];
        if (y->kind == SYM_VAR || y->kind == SYM_LOOP || lds_scope_find(sc, y->name) != y)
            continue;   /* built-ins, and names shadowed later */
        any = 1;
        if (y->kind == SYM_CONST)
            gmp_printf("%s = %Zd\n", y->name, y->value);
        else if (y->kind == SYM_LET)
            printf("%s = (per lane)\n", y->name);
        else if (y->kind == SYM_DEF) {
            printf("def %s(", y->name);
            for (unsigned k = 0; k < y->def->nparams; k++)
                printf("%s%s", k ? ", " : "", y->def->params[k]);
            printf(")\n");
        } else if (y->kind == SYM_ARRAY) {
            printf("array %s %s", y->array.type_name, y->name);
            for (unsigned k = 0; k < y->array.ndims; k++)
                printf("[%lld]", (long long)y->array.dims[k]);
            printf(" at %llu%s%s\n", (unsigned long long)y->array.base, y->array.layout ? " layout " : "",
                   y->array.layout ? y->array.layout->name : "");
        }
    }
    if (!any)
        printf("(nothing defined yet)\n");
}

static int load_file(session *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "error: %s: %s\n", path, strerror(errno));
        return LDS_EXIT_USAGE;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 >= cap) {
            if (cap >= ((size_t)64 << 20))
                break;
            cap *= 2;
            buf = lds_xrealloc(buf, cap);
        }
    }
    buf[len] = '\0';
    fclose(f);
    /* diagnostics name the file: print them with it */
    int rc = run_text(s, path, buf, 1);
    free(buf);
    return rc;
}

static int save_file(session *s, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "error: %s: %s\n", path, strerror(errno));
        return LDS_EXIT_USAGE;
    }
    fprintf(f, "# lds-calc session\n");
    for (size_t i = 0; i < s->nsaved; i++)
        fprintf(f, "%s\n", s->saved[i]);
    if (fclose(f) != 0) {
        fprintf(stderr, "error: %s: %s\n", path, strerror(errno));
        return LDS_EXIT_USAGE;
    }
    printf("saved %zu entr%s to %s\n", s->nsaved, s->nsaved == 1 ? "y" : "ies", path);
    return LDS_EXIT_OK;
}

static void banner(const session *s)
{
    const lds_sim_profile *p = &s->in.profile;
    printf("lds-calc %s - profile %s (%u banks, wave%u). :help for help, Ctrl-D to quit.\n", PACKAGE_VERSION,
           p->name, p->banks, p->wave);
}

/* A ':' command; returns 1 to quit. */
static int command(session *s, char *line)
{
    char *cmd = strtok(line, " \t"), *arg = strtok(NULL, " \t");
    char buf[128];
    if (!strcmp(cmd, ":quit") || !strcmp(cmd, ":q") || !strcmp(cmd, ":exit"))
        return 1;
    if (!strcmp(cmd, ":help")) {
        fputs(help_text, stdout);
    } else if (!strcmp(cmd, ":arch")) {
        if (arg) {
            snprintf(buf, sizeof buf, "arch %s", arg);
            run_text(s, "<arch>", buf, 1);
        } else {
            lds_report_arch_info(stdout, &s->in.profile);
        }
    } else if (!strcmp(cmd, ":show") && arg) {
        snprintf(buf, sizeof buf, "show %s", arg);
        run_text(s, "<show>", buf, 1);
    } else if (!strcmp(cmd, ":format") && arg) {
        lds_format f = !strcmp(arg, "json") ? FMT_JSON : !strcmp(arg, "csv") ? FMT_CSV : FMT_TEXT;
        if (strcmp(arg, "json") && strcmp(arg, "csv") && strcmp(arg, "text")) {
            fprintf(stderr, "error: :format: expected text, json or csv\n");
            return 0;
        }
        s->opts.format = f;
        lds_reporter_init(&s->rep, f, stdout);
        lds_reporter_attach(&s->rep, &s->in);
    } else if (!strcmp(cmd, ":vars")) {
        cmd_vars(s);
    } else if (!strcmp(cmd, ":load") && arg) {
        load_file(s, arg);
    } else if (!strcmp(cmd, ":save") && arg) {
        save_file(s, arg);
    } else if (!strcmp(cmd, ":reset")) {
        session_end(s);
        session_start(s);
        printf("session reset\n");
    } else {
        fprintf(stderr, "error: unknown command or missing argument: %s (:help lists them)\n", cmd);
    }
    return 0;
}

/* $XDG_STATE_HOME/lds-calc/history, else ~/.local/state/lds-calc/history */
static char *history_path(void)
{
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    char dir[4096];
    if (state && state[0])
        snprintf(dir, sizeof dir, "%s/lds-calc", state);
    else if (home && home[0])
        snprintf(dir, sizeof dir, "%s/.local/state/lds-calc", home);
    else
        return NULL;
    /* make the directories; failure only means no saved history */
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0700);
            *p = '/';
        }
    mkdir(dir, 0700);
    size_t n = strlen(dir) + sizeof "/history";
    char *path = malloc(n);
    snprintf(path, n, "%s/history", dir);
    return path;
}

int lds_repl_main(const lds_options *o, lds_program *const *progs, unsigned nprogs)
{
    session s;
    memset(&s, 0, sizeof s);
    s.opts = *o;
    session_start(&s);
    for (unsigned i = 0; i < nprogs; i++)
        if (lds_interp_run(&s.in, progs[i]->first) < 0) {
            lds_diag_print(stderr, o->prog, &s.diag, o->color);
            break;
        }
    char *hist = history_path();
    lds_le_init(hist, completion_word, &s, &interrupted);
    free(hist);
    if (!o->quiet)
        banner(&s);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;   /* no SA_RESTART: a read in progress returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    char *pending = NULL;
    size_t plen = 0;
    for (;;) {
        interrupted = 0;
        errno = 0;
        char *line = lds_le_read(pending ? "...> " : "lds> ");
        if (interrupted) {   /* drop the line and any unfinished input */
            free(line);
            free(pending);
            pending = NULL;
            plen = 0;
            printf("^C\n");
            continue;
        }
        if (!line) {
            if (!pending)
                putchar('\n');
            break;
        }
        if (!pending && line[0] == ':') {
            lds_le_add_history(line);
            int quit = command(&s, line);
            free(line);
            if (quit)
                break;
            continue;
        }
        size_t ll = strlen(line);
        pending = lds_xrealloc(pending, plen + ll + 2);
        memcpy(pending + plen, line, ll);
        plen += ll;
        pending[plen++] = '\n';
        pending[plen] = '\0';
        free(line);
        lds_source probe = { (char *)"<input>", pending, plen };
        if (lds_parse_incomplete(&probe))
            continue;
        pending[plen - 1] = '\0';
        lds_le_add_history(pending);
        if (strspn(pending, " \t") == strlen(pending)) {
            /* nothing to run */
        } else if (!strcmp(pending + strspn(pending, " \t"), "explain") && s.in.last) {
            lds_explain_access(stdout, s.in.last, "  - ");   /* the last access */
        } else {
            run_text(&s, "<input>", pending, 1);
        }
        free(pending);
        pending = NULL;
        plen = 0;
    }
    free(pending);
    if (lds_le_finish() < 0 && !o->quiet)
        fprintf(stderr, "lds-calc: could not save the history\n");
    int status = s.in.expect_failed ? LDS_EXIT_CHECK : LDS_EXIT_OK;
    session_end(&s);
    free(s.arenas);
    free(s.sources);
    free(s.saved);
    return status;
}
