/* repl/lineedit.h - the one seam for line editing: libedit, GNU readline,
 * or plain lines (configure --with-line-editing). */
#ifndef LDS_LINEEDIT_H
#define LDS_LINEEDIT_H

#include <signal.h>
#include <stdbool.h>

/* Completion candidates for a word that follows `before` (the line up
 * to the word): returns the i-th word (i from 0) or NULL.  Words may
 * repeat; each is offered once. */
typedef const char *(*lds_le_words)(void *ctx, const char *before, unsigned i);

/* interrupted: the caller's Ctrl-C flag; when a SIGINT handler sets it,
 * the line being read ends (what it returns is to be dropped).  Without
 * a terminal (interactive false) lines are read plainly, whatever the
 * back-end: no editing, no history, no prompt echo to fight with. */
void lds_le_init(const char *history_path, lds_le_words words, void *ctx,
                 volatile sig_atomic_t *interrupted, bool interactive);
/* A line without its newline (malloc'd), or NULL at end of input. */
char *lds_le_read(const char *prompt);
void lds_le_add_history(const char *line);
/* Save the history; returns 0, or -1 if it could not be written. */
int lds_le_finish(void);
/* "libedit", "readline" or "none". */
const char *lds_le_backend(void);

#endif
