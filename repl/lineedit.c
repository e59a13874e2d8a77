/* repl/lineedit.c - libedit or readline behind one small interface, with a
 * plain getline fallback (as SQLite's shell does). */
#include "config.h"

#include "repl/lineedit.h"

#include "repl/history.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(LDS_EDIT_LIBEDIT)
#include <editline/readline.h>
#define HAVE_EDITING 1
#elif defined(LDS_EDIT_READLINE)
#include <readline/history.h>
#include <readline/readline.h>
#define HAVE_EDITING 1
#endif

static char *history_file;
static bool history_failed;   /* an entry could not be appended */
#ifdef HAVE_EDITING
static bool editing;   /* the back-end reads lines (on a terminal) */
#endif

const char *lds_le_backend(void)
{
    return LDS_LINE_EDITING;
}

#ifdef HAVE_EDITING
static lds_le_words completion_words;
static void *completion_ctx;
static char completion_before[256];   /* the line before the word being completed */

/* Whether candidate i is the first of its spelling. */
static bool first_of_its_name(unsigned i, const char *w)
{
    for (unsigned k = 0; k < i; k++) {
        const char *earlier = completion_words(completion_ctx, completion_before, k);
        if (earlier && !strcmp(earlier, w))
            return false;
    }
    return true;
}

static char *complete_word(const char *text, int state)
{
    static unsigned next;
    size_t len = strlen(text);
    const char *w;
    if (state == 0)
        next = 0;
    while ((w = completion_words(completion_ctx, completion_before, next)) != NULL) {
        unsigned i = next++;
        if (strncmp(w, text, len) == 0 && first_of_its_name(i, w))
            return strdup(w);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    size_t n = (size_t)start < sizeof completion_before ? (size_t)start : sizeof completion_before - 1;
    memcpy(completion_before, rl_line_buffer, n);
    completion_before[n] = '\0';
    rl_attempted_completion_over = 1;   /* no file names */
    rl_completion_append_character = '\0';   /* names go on: tid.x */
    return rl_completion_matches(text, complete_word);
}
#endif

static volatile sig_atomic_t *interrupt_flag;

#ifdef HAVE_EDITING
#include <unistd.h>

/* GNU readline and libedit both retry a read that a signal interrupted,
 * so a Ctrl-C would end nothing until the next Enter, and then drop the
 * line typed after it.  This reader ends the line instead, emptied, when
 * the caller's Ctrl-C flag is set: by a read it interrupts, or before the
 * next read when it came between two (the REPL busy with the last line).
 * A key the same read returns goes with the dropped line: the terminal
 * drops the keys typed before a Ctrl-C that are not yet read, and which
 * side of it this one was typed on cannot be told. */
static int getc_interruptible(FILE *f)
{
    for (;;) {
        if (interrupt_flag && *interrupt_flag) {
            rl_replace_line("", 0);
            return '\n';
        }
        unsigned char c;
        ssize_t n = read(fileno(f), &c, 1);
        if (n == 1)
            return c;
        /* a read a signal ended (libedit's own handler, which passes
         * SIGINT on, may leave errno other than EINTR): read again or
         * end the line; only a real end of input or error is EOF, which
         * ends the REPL */
        if (n < 0 && (errno == EINTR || (interrupt_flag && *interrupt_flag)))
            continue;
        return EOF;
    }
}
#endif

#ifdef HAVE_EDITING
static void add_entry(const char *entry)
{
    add_history(entry);
}
#endif

void lds_le_init(const char *history_path, lds_le_words words, void *ctx,
                 volatile sig_atomic_t *interrupted, bool interactive)
{
    interrupt_flag = interrupted;
    free(history_file);
    history_file = history_path ? strdup(history_path) : NULL;
#ifdef HAVE_EDITING
    editing = interactive;
    if (!editing)
        return;
    completion_words = words;
    completion_ctx = ctx;
    rl_readline_name = "lds-calc";
    rl_outstream = stderr;   /* prompts and echo: standard output carries only results */
    rl_attempted_completion_function = complete;
    /* '-' is not a break: profile names hold one (arch xe-hpg) */
    rl_basic_word_break_characters = " \t\n()[]{},;=+*/%<>&|^~!?@";
#ifdef LDS_EDIT_READLINE
    rl_catch_signals = 0;   /* the caller's SIGINT handler runs (libedit's
                               passes the signal on to it, and keeps the
                               terminal right across Ctrl-Z) */
#endif
    rl_getc_function = getc_interruptible;
    using_history();
    stifle_history(LDS_HISTORY_MAX);
    lds_history_load(history_file, add_entry);
#else
    (void)words;
    (void)ctx;
    (void)interactive;
#endif
}

/* A line by getline (no back-end, or no terminal). */
static char *plain_read(const char *prompt)
{
    char *line = NULL;
    size_t cap = 0;
    fputs(prompt, stderr);
    fflush(stderr);
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0 && errno == EINTR) {   /* Ctrl-C: an empty line, not the end */
        clearerr(stdin);
        free(line);
        return strdup("");
    }
    if (n < 0) {
        free(line);
        return NULL;
    }
    if (n > 0 && line[n - 1] == '\n')
        line[n - 1] = '\0';
    return line;
}

char *lds_le_read(const char *prompt)
{
#ifdef HAVE_EDITING
    if (editing)
        return readline(prompt);
#endif
    return plain_read(prompt);
}

void lds_le_add_history(const char *line)
{
#ifdef HAVE_EDITING
    if (editing && line[0]) {
        add_history(line);
        if (lds_history_append(history_file, line) < 0)
            history_failed = true;
    }
#else
    (void)line;
#endif
}

int lds_le_finish(void)
{
    int rc = history_failed && history_file ? -1 : 0;
    free(history_file);
    history_file = NULL;
    return rc;
}
