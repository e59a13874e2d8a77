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

#include "repl/alloc.h"
#include "repl/commands.h"
#include "repl/lineedit.h"

/* Words offered by Tab, by where the word is: a statement's first word,
 * the argument of arch/show/rules/set, or a word inside an expression. */
static const char *const expression_words[] = {
    "lane", "tid", "wave", "group", "tid.x", "tid.y", "tid.z", "threadIdx.x", "threadIdx.y", "for", "in", "if",
    "layout", "size", "at", "min", "max", "abs", "gcd", "lcm", "log2", "popcount", "pow", "swizzle", NULL,
};
static const char *const rules_words[] = { "seed", "calibrated", NULL };

/* Ctrl-C abandons the input being typed, not the session. */
static volatile sig_atomic_t interrupted;
static ldscalc_session *running;   /* the session a statement may be running in */

static void on_sigint(int sig)
{
    (void)sig;
    int saved = errno;   /* the read it interrupts looks at errno next */
    interrupted = 1;
    if (running)
        ldscalc_cancel(running);   /* and the statement running, if any (the next starts afresh) */
    errno = saved;
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

/* Word i of one of the library's lists, or NULL with i less its length. */
static const char *words_at(const ldscalc_session *s, ldscalc_words list, unsigned *i)
{
    const char *w;
    unsigned k = 0;
    for (; (w = ldscalc_word(s, list, k)) != NULL; k++)
        if (k == *i)
            return w;
    *i -= k;
    return NULL;
}

static const char *completion_word(void *ctx, const char *before, unsigned i)
{
    repl *r = ctx;
    const char *w;
    if (after_word(before, "arch"))   /* profiles, then their other names */
        return words_at(r->session, LDSCALC_WORDS_PROFILES, &i);
    if (after_word(before, "show"))
        return words_at(r->session, LDSCALC_WORDS_SHOW, &i);
    if (after_word(before, "rules"))
        return list_at(rules_words, &i);
    if (after_word(before, "set"))
        return words_at(r->session, LDSCALC_WORDS_SETTINGS, &i);
    if (at_statement_start(before)) {   /* statements, commands, arrays (a bare read) */
        if ((w = words_at(r->session, LDSCALC_WORDS_STATEMENTS, &i)) != NULL)
            return w;
        if (!before[strspn(before, " \t")])
            for (unsigned k = 0; repl_commands[k].name; k++)
                if (i-- == 0)
                    return repl_commands[k].name;
        return ldscalc_word(r->session, LDSCALC_WORDS_ARRAYS, i);
    }
    if ((w = list_at(expression_words, &i)) != NULL)
        return w;
    return ldscalc_word(r->session, LDSCALC_WORDS_NAMES, i);
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
    char *path = xmalloc(n);
    snprintf(path, n, "%s/history", dir);
    return path;
}

static void banner(const repl *r)
{
    unsigned banks, wave;
    const char *name = ldscalc_current_arch(r->session, &banks, &wave);
    fprintf(stderr, "lds-calc %s - profile %s (%u banks, wave%u). :help for help, Ctrl-D to quit.\n", PACKAGE_VERSION,
            name, banks, wave);
}

/* A complete input, which began at line `first`: run it, or explain the
 * last access. */
static void input(repl *r, unsigned first, const char *text)
{
    const char *t = text + strspn(text, " \t");
    if (!*t)
        return;
    if (ldscalc_input_explain(r->session, text, strlen(text)))   /* explain; and explain # why, too */
        return;
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
    while (!r->quit && !ldscalc_output_failed(r->session)) {
        errno = 0;
        /* a Ctrl-C that came while the last line was being taken in (no
         * statement ran to stop) drops the unfinished input as one at
         * the prompt does: the keys typed after it are a new entry */
        char *line = interrupted ? NULL : lds_le_read(!r->interactive ? "" : pending ? "...> " : "lds> ");
        if (interrupted) {   /* drop the line and any unfinished input */
            interrupted = 0;
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
            char *cmd = xmalloc(strlen(line) + 2);
            snprintf(cmd, strlen(line) + 2, ":%s", line + strspn(line, " \t"));
            lds_le_add_history(line);
            repl_command_line(r, cmd);
            interrupted = 0;   /* a Ctrl-C while it ran stopped it */
            free(cmd);
            free(line);
            continue;
        }
        if (!pending && line[0] == ':') {
            lds_le_add_history(line);
            repl_command_line(r, line);
            interrupted = 0;
            free(line);
            continue;
        }
        size_t ll = strlen(line);
        if (!pending)
            first = r->line;
        pending = xrealloc(pending, plen + ll + 2);
        memcpy(pending + plen, line, ll);
        plen += ll;
        pending[plen++] = '\n';
        pending[plen] = '\0';
        free(line);
        if (ldscalc_input_incomplete(r->session, pending, plen))
            continue;
        pending[plen - 1] = '\0';
        lds_le_add_history(pending);
        input(r, first, pending);
        interrupted = 0;   /* a Ctrl-C while it ran stopped it */
        free(pending);
        pending = NULL;
        plen = 0;
    }
    free(pending);
}

int lds_repl_main(ldscalc_session *s, bool quiet)
{
    repl r;
    memset(&r, 0, sizeof r);
    r.session = s;
    r.interactive = isatty(STDIN_FILENO);
    r.status = ldscalc_stream_run(s);   /* the programs given, into the live session */
    if (!ldscalc_live(s))   /* one did not lower or parse: nothing ran, no REPL */
        return r.status;
    char *hist = r.interactive ? history_path() : NULL;
    lds_le_init(hist, completion_word, &r, &interrupted, r.interactive);
    free(hist);
    if (!quiet && r.interactive)
        banner(&r);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;   /* no SA_RESTART: a read in progress returns */
    sigemptyset(&sa.sa_mask);
    running = s;
    sigaction(SIGINT, &sa, NULL);
    loop(&r);
    ldscalc_stream_end(s);
    if (lds_le_finish() < 0 && !quiet)
        fprintf(stderr, "lds-calc: could not save the history\n");
    for (size_t i = 0; i < r.nsaved; i++)
        free(r.saved[i]);
    free(r.saved);
    return r.status;
}
