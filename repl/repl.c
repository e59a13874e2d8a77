/* repl/repl.c - read a statement, run it, print its report; the session
 * (profile, names, arrays) lives on across lines and survives errors. */
#include "config.h"

#include "repl/repl.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repl/commands.h"
#include "repl/lineedit.h"
#include "src/explain.h"
#include "src/names.h"
#include "src/interrupt.h"
#include "src/mem.h"
#include "src/parser.h"

/* Words offered by Tab, by where the word is: a statement's first word,
 * the argument of arch/show/rules/set, or a word inside an expression. */
static const char *const expression_words[] = {
    "lane", "tid", "wave", "group", "tid.x", "tid.y", "tid.z", "threadIdx.x", "threadIdx.y", "for", "in", "if",
    "layout", "size", "at", "min", "max", "abs", "gcd", "lcm", "log2", "popcount", "pow", "swizzle", NULL,
};
static const char *const rules_words[] = { "seed", "calibrated", NULL };

/* Ctrl-C abandons the input being typed, not the session. */
static volatile sig_atomic_t interrupted;
static lds_cancel *statement_token;   /* the command line's, current on this thread */

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
    if (statement_token)
        lds_cancel_request(statement_token);   /* and the statement running, if any */
}

/* The word before the one being completed, if the statement has one. */
static bool after_word(const char *before, const char *word)
{
    const char *stmt = before;
    for (const char *q = before; *q; q++)   /* the statement the word is in */
        if (*q == ';' || *q == '{')
            stmt = q + 1;
    stmt += strspn(stmt, " \t");
    size_t n = strlen(word);
    return !strncmp(stmt, word, n) && (stmt[n] == ' ' || stmt[n] == '\t') && !strpbrk(stmt + n + strspn(stmt + n, " \t"), " \t");
}

static bool at_statement_start(const char *before)
{
    const char *q = before + strlen(before);
    while (q > before && (q[-1] == ' ' || q[-1] == '\t'))
        q--;
    return q == before || q[-1] == ';' || q[-1] == '{';
}

static const char *list_at(const char *const *list, unsigned *i)
{
    for (unsigned k = 0; list[k]; k++)
        if ((*i)-- == 0)
            return list[k];
    return NULL;
}

static const char *completion_word(void *ctx, const char *before, unsigned i)
{
    repl *r = ctx;
    const char *w;
    if (after_word(before, "arch")) {   /* profiles, then their other names */
        if (i < lds_sim_profile_count())
            return lds_sim_profile_at(i)->name;
        return lds_sim_profile_alias_at(i - lds_sim_profile_count(), NULL);
    }
    if (after_word(before, "show"))
        return list_at(lds_show_names, &i);
    if (after_word(before, "rules"))
        return list_at(rules_words, &i);
    if (after_word(before, "set"))
        return list_at(lds_setting_names, &i);
    if (at_statement_start(before)) {   /* statements, commands, arrays (a bare read) */
        if ((w = list_at(lds_statement_words, &i)) != NULL)
            return w;
        if (!before[strspn(before, " \t")])
            for (unsigned k = 0; repl_commands[k].name; k++)
                if (i-- == 0)
                    return repl_commands[k].name;
        return lds_session_array_at(r->session, i);
    }
    if ((w = list_at(expression_words, &i)) != NULL)
        return w;
    return lds_session_name_at(r->session, i);
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
    char *path = lds_xmalloc(n);
    snprintf(path, n, "%s/history", dir);
    return path;
}

static void banner(const repl *r)
{
    const lds_sim_profile *p = lds_session_profile(r->session);
    fprintf(stderr, "lds-calc %s - profile %s (%u banks, wave%u). :help for help, Ctrl-D to quit.\n", PACKAGE_VERSION,
            p->name, p->banks, p->wave);
}

/* A complete input, which began at line `first`: run it, or explain the
 * last access. */
static void input(repl *r, unsigned first, const char *text)
{
    const char *t = text + strspn(text, " \t");
    lds_source src = { (char *)"<stdin>", (char *)text, strlen(text), first, NULL, NULL };
    if (!*t)
        return;
    if (lds_parse_is_lone(&src, S_EXPLAIN)) {   /* explain; and explain # why, too */
        const lds_access_result *a = lds_session_last_completed(r->session);
        if (a) {
            lds_explain_access(stdout, a, "  - ");
            return;
        }
    }
    repl_run_input(r, "<stdin>", first, text, strlen(text));
}

/* Whether a line is one of the words a newcomer types to get help or
 * leave: 'help', 'quit', 'exit' alone. */
static bool bare_command(const char *line)
{
    static const char *const words[] = { "help", "quit", "exit" };
    line += strspn(line, " \t");
    size_t n = strcspn(line, " \t");
    if (line[n + strspn(line + n, " \t")] != '\0')
        return false;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && !strncmp(line, words[i], n))
            return true;
    return false;
}

/* Read and run until :quit or the end of input. */
static void loop(repl *r)
{
    char *pending = NULL;
    size_t plen = 0;
    unsigned first = 0;   /* the line the pending input began at */
    while (!r->quit && !lds_reporter_out_failed(lds_runner_reporter(r->runner))) {
        interrupted = 0;
        if (statement_token)
            lds_cancel_clear(statement_token);
        errno = 0;
        char *line = lds_le_read(!r->interactive ? "" : pending ? "...> " : "lds> ");
        if (interrupted) {   /* drop the line and any unfinished input */
            free(line);
            free(pending);
            pending = NULL;
            plen = 0;
            fputs("^C\n", stderr);
            continue;
        }
        if (line)
            r->line++;
        if (!line && pending && r->interactive) {
            /* Ctrl-D at "...>": drop what was typed, say so, and stay */
            size_t lines = 0;
            for (const char *q = pending; *q; q++)
                lines += *q == '\n';
            fprintf(stderr, "\ndiscarded %zu unfinished line%s from line %u (Ctrl-D again to quit)\n", lines,
                    lines == 1 ? "" : "s", first);
            free(pending);
            pending = NULL;
            plen = 0;
            clearerr(stdin);
            continue;
        }
        if (!line) {
            if (pending) {   /* the end of piped input: report what is left open */
                pending[plen - 1] = '\0';
                input(r, first, pending);
            } else if (r->interactive) {
                fputc('\n', stderr);
            }
            break;
        }
        if (!pending && bare_command(line)) {   /* help, quit, exit: as :help, :quit */
            char *cmd = lds_xmalloc(strlen(line) + 2);
            snprintf(cmd, strlen(line) + 2, ":%s", line + strspn(line, " \t"));
            lds_le_add_history(line);
            repl_command_line(r, cmd);
            free(cmd);
            free(line);
            continue;
        }
        if (!pending && line[0] == ':') {
            lds_le_add_history(line);
            repl_command_line(r, line);
            free(line);
            continue;
        }
        size_t ll = strlen(line);
        if (!pending)
            first = r->line;
        pending = lds_xrealloc(pending, plen + ll + 2);
        memcpy(pending + plen, line, ll);
        plen += ll;
        pending[plen++] = '\n';
        pending[plen] = '\0';
        free(line);
        lds_source probe = { (char *)"<stdin>", pending, plen, first, NULL, NULL };
        if (lds_parse_incomplete(&probe, lds_session_parse_ctx(r->session)))
            continue;
        pending[plen - 1] = '\0';
        lds_le_add_history(pending);
        input(r, first, pending);
        free(pending);
        pending = NULL;
        plen = 0;
    }
    free(pending);
}

int lds_repl_main(const lds_options *o, lds_program *const *progs, unsigned nprogs)
{
    repl r;
    memset(&r, 0, sizeof r);
    r.opts = *o;
    r.interactive = isatty(STDIN_FILENO);
    statement_token = lds_cancel_current();
    const lds_source **sources = lds_xcalloc(nprogs ? nprogs : 1, sizeof *sources);
    for (unsigned i = 0; i < nprogs; i++)
        sources[i] = progs[i]->src;
    r.runner = lds_runner_new(&r.opts, sources, nprogs);
    lds_runner_repl(r.runner);
    r.session = lds_runner_open(r.runner, NULL, NULL);
    if (nprogs)
        r.status = lds_runner_run_programs(r.runner, r.session, progs, nprogs);
    char *hist = r.interactive ? history_path() : NULL;
    lds_le_init(hist, completion_word, &r, &interrupted, r.interactive);
    free(hist);
    if (!o->quiet && r.interactive)
        banner(&r);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;   /* no SA_RESTART: a read in progress returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    loop(&r);
    lds_reporter_finish(lds_runner_reporter(r.runner));
    if (lds_le_finish() < 0 && !o->quiet)
        fprintf(stderr, "lds-calc: could not save the history\n");
    for (size_t i = 0; i < r.nsaved; i++)
        free(r.saved[i]);
    free(r.saved);
    lds_session_close(r.session);
    lds_runner_free(r.runner);
    free(sources);
    return r.status;
}
