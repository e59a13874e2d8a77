/* lds-calc-tool.h - the command line's layer of libldscalc: what
 * lds-calc(1) and its REPL need of the library that a program embedding
 * it does not - streamed reports, sweeps, the REPL's live session,
 * completion words, the command line's form of an option's error.
 * lds-calc.h is the embedding API; this header is not installed, and
 * what it declares is not covered by LDSCALC_API_VERSION: it changes with
 * the command line, in the same commit.  (Its functions are in the shared
 * library only because every ldscalc_ function is exported; the command
 * line links the library statically.)  A function belongs here when only
 * cli/ and repl/ call it (HACKING.md, "The library's two headers"). */
#ifndef LDS_CALC_TOOL_H
#define LDS_CALC_TOOL_H

#include <stdio.h>

#include "src/lds-calc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The same error as lds-calc(1) prints it: "lds-calc: MESSAGE", and for
 * an option with a place, its text and a caret under the place; with a
 * final newline.  NULL if none. */
const char *ldscalc_session_error_text(const ldscalc_session *s);

/* ---------------------------------------------------------------------
 * Streaming: the command line's layer.  lds-calc(1) and its REPL are
 * written on these functions alone.  A streaming session writes each
 * report to `out` as its statements finish and its errors, warnings and
 * gate messages to `err`, byte for byte as the command line does, runs
 * every sweep point, and can keep its last run alive for REPL input.
 * Out of memory still returns LDSCALC_NO_MEMORY: nothing exits. */

/* Make s a streaming session writing to out and err (the command line:
 * stdout and stderr).  Call it before the other options are set. */
int ldscalc_stream(ldscalc_session *s, FILE *out, FILE *err);
/* Check that the options set go together (emit needs output and one
 * run, check-counters no format, ...), and settle those that depend on
 * others (at without show shows the grid).  LDSCALC_USAGE with
 * ldscalc_session_error set if they do not. */
int ldscalc_check_options(ldscalc_session *s);
/* Add a program to run: text (name: how messages name it) or a file
 * ("-": standard input; a kernel file is lowered).  The programs run in
 * the command line's order: every text, then every file, then the
 * suggest option's searches.  ldscalc_add_file returns LDSCALC_USAGE,
 * with the error set, for a file it cannot read. */
int ldscalc_add_program(ldscalc_session *s, const char *name, const char *text, size_t len);
int ldscalc_add_file(ldscalc_session *s, const char *path);
/* Read a file as ldscalc_add_file does, into a NUL-terminated text the
 * caller frees with ldscalc_free (*len: its length, when len is not
 * NULL); NULL with the error set if it cannot be read (the REPL's :load). */
char *ldscalc_read_file(ldscalc_session *s, const char *path, size_t *len);
/* Lower the kernel files, parse every program (a syntax error anywhere
 * runs nothing), then run them once per sweep point, reporting as they
 * go.  With show-lowered, print the lowered programs and run nothing.
 * With interactive, run them into a live session that ldscalc_input
 * continues (no sweep).  Returns the worst status of any run. */
int ldscalc_stream_run(ldscalc_session *s);
/* Whether an interactive ldscalc_stream_run left a live session (it
 * does not when a program failed to lower or parse). */
int ldscalc_live(const ldscalc_session *s);
/* Run REPL input in the live session (names, arrays and profile carry
 * over; an error leaves the session as it was).  name and first_line
 * place its messages (first_line from 1; LDSCALC_USAGE when it is 0 or
 * the text's lines would number past UINT_MAX).  Returns that input's
 * status. */
int ldscalc_input(ldscalc_session *s, const char *name, unsigned first_line, const char *text, size_t len);
/* Whether text is unfinished input (an open brace, a trailing operator):
 * the REPL then reads another line. */
int ldscalc_input_incomplete(ldscalc_session *s, const char *text, size_t len);
/* If text is the statement `explain` alone and an access has finished,
 * explain that access to out and return 1; else 0 (run it as input). */
int ldscalc_input_explain(ldscalc_session *s, const char *text, size_t len);
/* Write the live session's names, functions and arrays to out. */
int ldscalc_describe(ldscalc_session *s);
/* Forget the live session's state: a new one, as the start left it. */
int ldscalc_reset(ldscalc_session *s);
/* End the stream: write what the report owes at its end (JSON's closing
 * bracket, CSV's totals), and return LDSCALC_USAGE if out could not be
 * written.  ldscalc_stream_run ends a session that is not interactive
 * itself. */
int ldscalc_stream_end(ldscalc_session *s);
/* Whether writing to out has failed (the REPL stops reading). */
int ldscalc_output_failed(const ldscalc_session *s);

/* Profiles: describe one (NULL: the live session's, else the arch
 * option's, else the generic one) to out, or list them all with their
 * other names.  LDSCALC_USAGE, with the error set, for an unknown name. */
int ldscalc_arch_info(ldscalc_session *s, const char *name);
int ldscalc_list_archs(ldscalc_session *s);
/* The profile the live session is on (or would start on; with s NULL,
 * the generic one a session starts on): its name, and its banks and
 * wave size (banks and wave may be NULL). */
const char *ldscalc_current_arch(const ldscalc_session *s, unsigned *banks, unsigned *wave);

/* Words for completion, the i-th of a list, NULL past its end. */
typedef enum {
    LDSCALC_WORDS_STATEMENTS,   /* arch set rules ... */
    LDSCALC_WORDS_SETTINGS,     /* banks bank_bytes ... (set NAME) */
    LDSCALC_WORDS_SHOW,         /* summary phases lanes grid */
    LDSCALC_WORDS_PROFILES,     /* the profiles, then their other names */
    LDSCALC_WORDS_NAMES,        /* the live session's names and functions */
    LDSCALC_WORDS_ARRAYS        /* the live session's arrays */
} ldscalc_words;
const char *ldscalc_word(const ldscalc_session *s, ldscalc_words list, unsigned i);

/* Write text a user gave (an option's value, a message quoting one) to
 * out by the rule every report follows: a control byte or a byte not in
 * valid UTF-8 as the four characters \xNN, the rest as it is. */
void ldscalc_write_text(FILE *out, const char *text);

#ifdef __cplusplus
}
#endif

#endif
