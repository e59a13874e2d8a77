/* repl/commands.h - the REPL's state and its :commands, one table for
 * the help text, completion and dispatch (as SQLite's shell does). */
#ifndef LDS_REPL_COMMANDS_H
#define LDS_REPL_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include "src/lds-calc-tool.h"

typedef struct {
    ldscalc_session *session; /* streaming, with a live session */
    char **saved;             /* inputs that ran without error, for :save */
    size_t nsaved, capsaved;
    int status;               /* the worst exit status so far */
    bool interactive;         /* standard input is a terminal */
    bool quit;
    unsigned line;            /* lines read so far: inputs are numbered by them */
} repl;

typedef struct {
    const char *name;         /* ":help" */
    const char *alias;        /* ":h", or NULL */
    const char *args;         /* "[NAME]", for the help text */
    const char *help;
    bool needs_arg;
    void (*run)(repl *r, const char *arg);
} repl_command;

/* NULL-terminated. */
extern const repl_command repl_commands[];

/* Run a ':' line. */
void repl_command_line(repl *r, char *line);
/* Run statement text as one input (a run of its own), its first line
 * numbered first_line. */
int repl_run_input(repl *r, const char *name, unsigned first_line, const char *text, size_t len);

#endif
