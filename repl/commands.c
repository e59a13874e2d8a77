/* repl/commands.c - the REPL's :commands. */
#include "repl/commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repl/alloc.h"

int repl_run_input(repl *r, const char *name, unsigned first_line, const char *text, size_t len)
{
    int st = ldscalc_input(r->session, name, first_line, text, len);
    /* at a terminal a mistake is part of the conversation; a script fed
     * on standard input fails as the command line would */
    bool counts = r->interactive ? st == LDSCALC_CHECK || st == LDSCALC_USAGE : true;
    if (st == LDSCALC_CANCELLED && !r->interactive)
        r->quit = true;   /* a script fed on standard input stops, as the command line does */
    if (st == LDSCALC_NO_MEMORY) {   /* the session is broken: nothing more can run */
        counts = true;
        r->quit = true;
    }
    if (counts && st > r->status)
        r->status = st;
    if (st != LDSCALC_SYNTAX && st != LDSCALC_EVAL && st != LDSCALC_CANCELLED && st != LDSCALC_NO_MEMORY) {
        if (r->nsaved == r->capsaved) {
            r->capsaved = r->capsaved ? r->capsaved * 2 : 32;
            r->saved = xreallocarray(r->saved, r->capsaved, sizeof *r->saved);
        }
        r->saved[r->nsaved++] = xstrndup(text, len);
    }
    return st;
}

static void cmd_help(repl *r, const char *arg)
{
    (void)r;
    (void)arg;
    printf("Statements (lds(5)): arch set rules threads groups let def layout fragment array\n"
           "  read write atomic for print expect show explain; a bare target is a read,\n"
           "  a bare expression prints its value (1 + 1, N * 4).\n"
           "  Kernel lines paste as they are: __shared__ float t[32][33];  x = t[i][j];\n"
           "  t[i][j] = v;  atomicAdd(&t[i][0], 1);  const int N = 32;  #define N 32\n"
           "  'explain' alone explains the last access; before an access, that one.\n"
           "  e.g.  array f32 tile[32][33]    read tile[lane][0]\n"
           "Commands (help, quit and exit work without the colon):\n");
    for (const repl_command *c = repl_commands; c->name; c++) {
        char head[64];
        snprintf(head, sizeof head, "%s%s%s", c->name, c->args[0] ? " " : "", c->args);
        printf("  %-18s %s%s%s%s\n", head, c->help, c->alias ? " (also " : "", c->alias ? c->alias : "",
               c->alias ? ")" : "");
    }
}

static void cmd_arch(repl *r, const char *arg)
{
    if (!arg) {
        ldscalc_arch_info(r->session, NULL);
        return;
    }
    char buf[256];
    snprintf(buf, sizeof buf, "arch %s", arg);
    repl_run_input(r, "<stdin>", r->line, buf, strlen(buf));
}

static void cmd_show(repl *r, const char *arg)
{
    char buf[256];
    snprintf(buf, sizeof buf, "show %s", arg);
    repl_run_input(r, "<stdin>", r->line, buf, strlen(buf));
}

/* A command that is a statement: "WORDS ARG" run as input. */
static void run_as_statement(repl *r, const char *words, const char *arg)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s %s", words, arg);
    repl_run_input(r, "<stdin>", r->line, buf, strlen(buf));
}

static void cmd_layout(repl *r, const char *arg)
{
    run_as_statement(r, "show layout", arg);
}

static void cmd_suggest(repl *r, const char *arg)
{
    run_as_statement(r, "suggest", arg);
}

static void cmd_format(repl *r, const char *arg)
{
    if (ldscalc_set(r->session, "format", arg) != LDSCALC_OK)
        fprintf(stderr, "error: :format: expected text, json, csv, svg or markdown, not '%s'\n", arg);
}

static void cmd_vars(repl *r, const char *arg)
{
    (void)arg;
    ldscalc_describe(r->session);
}

static void cmd_load(repl *r, const char *arg)
{
    size_t len;
    char *text = ldscalc_read_file(r->session, arg, &len);
    if (!text) {
        const ldscalc_error *e = ldscalc_session_error(r->session);
        fprintf(stderr, "error: %s\n", e ? e->message : "out of memory");
        if (r->status < LDSCALC_USAGE)
            r->status = LDSCALC_USAGE;
        return;
    }
    /* diagnostics name the file */
    repl_run_input(r, arg, 1, text, len);
    ldscalc_free(text);
}

static void cmd_save(repl *r, const char *arg)
{
    FILE *f = fopen(arg, "w");
    if (!f) {
        fprintf(stderr, "error: %s: %s\n", arg, strerror(errno));
        return;
    }
    fprintf(f, "# lds-calc session\n");
    for (size_t i = 0; i < r->nsaved; i++)
        fprintf(f, "%s\n", r->saved[i]);
    if (fclose(f) != 0) {
        fprintf(stderr, "error: %s: %s\n", arg, strerror(errno));
        return;
    }
    printf("saved %zu entr%s to %s\n", r->nsaved, r->nsaved == 1 ? "y" : "ies", arg);
}

static void cmd_reset(repl *r, const char *arg)
{
    (void)arg;
    ldscalc_reset(r->session);
    for (size_t i = 0; i < r->nsaved; i++)
        free(r->saved[i]);
    r->nsaved = 0;
    printf("session reset\n");
}

static void cmd_quit(repl *r, const char *arg)
{
    (void)arg;
    r->quit = true;
}

const repl_command repl_commands[] = {
    { ":help", ":h", "", "this text", false, cmd_help },
    { ":arch", NULL, "[NAME]", "show or select the profile", false, cmd_arch },
    { ":show", NULL, "LEVEL", "summary, phases, lanes or grid for the reports", true, cmd_show },
    { ":layout", NULL, "ARRAY", "draw an array's banks, and the lanes of the last access to it", true, cmd_layout },
    { ":suggest", NULL, "ARRAY", "rank paddings and swizzles of an array by the cycles of its accesses", true, cmd_suggest },
    { ":format", NULL, "FMT", "text, json, csv, svg or markdown", true, cmd_format },
    { ":vars", NULL, "", "names, functions and arrays defined", false, cmd_vars },
    { ":load", NULL, "FILE", "run a script into this session", true, cmd_load },
    { ":save", NULL, "FILE", "write the statements that worked as a script", true, cmd_save },
    { ":reset", NULL, "", "forget everything; back to the start", false, cmd_reset },
    { ":quit", ":q", "", "leave (also :exit, and Ctrl-D at the lds> prompt)", false, cmd_quit },
    { NULL, NULL, NULL, NULL, false, NULL },
};

void repl_command_line(repl *r, char *line)
{
    char *cmd = strtok(line, " \t"), *arg = strtok(NULL, " \t");
    if (cmd && !strcmp(cmd, ":exit"))
        cmd = ":quit";
    for (const repl_command *c = repl_commands; cmd && c->name; c++)
        if (!strcmp(cmd, c->name) || (c->alias && !strcmp(cmd, c->alias))) {
            if (c->needs_arg && !arg) {
                fprintf(stderr, "error: %s needs %s (:help lists the commands)\n", c->name, c->args);
                return;
            }
            c->run(r, arg);
            return;
        }
    fprintf(stderr, "error: unknown command %s (:help lists them)\n", cmd ? cmd : ":");
}
