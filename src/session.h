/* src/session.h - the one API the front-ends use (the command line, the
 * REPL, the fuzzers, the unit tests): open a session with a
 * configuration, run programs or text into it, read its results and
 * describe its names, close it.  A session is one run: its names,
 * profile and records carry from one program (or REPL input) to the
 * next.  It prints nothing: records and errors reach the caller through
 * hooks and return values (only `print` writes, to the stream given). */
#ifndef LDS_SESSION_H
#define LDS_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gmp.h>

#include "sim/profile.h"
#include "src/ast.h"
#include "src/results.h"

/* Exit statuses (doc/design: documented in lds-calc(1)). */
enum {
    LDS_EXIT_OK = 0, LDS_EXIT_CHECK = 1, LDS_EXIT_USAGE = 2, LDS_EXIT_SYNTAX = 3, LDS_EXIT_EVAL = 4,
    LDS_EXIT_INTERRUPTED = 130   /* Ctrl-C, as shells report SIGINT */
};

/* A constant given from outside (-D NAME=VALUE): an exact integer. */
typedef struct {
    const char *name;
    mpz_srcptr value;
} lds_define_value;

/* Which simulated instructions records keep once they are reported. */
typedef enum {
    LDS_KEEP_NONE,      /* none: reports stream (text, JSON, CSV) */
    LDS_KEEP_LAST,      /* the last access's (the REPL explains it) */
    LDS_KEEP_ALL        /* all: the report is written at the end (Markdown, SVG) */
} lds_keep_samples;

/* A suggest candidate's run (src/suggest.c): only the accesses to
 * `array` run, the array laid out by the layout def `layout` (NULL: as
 * declared); nothing is reported, and the run stops after the top-level
 * statement at stop_file:stop_line:stop_col. */
typedef struct {
    const char *array;
    const char *layout;
    unsigned remap;                   /* a thread remap of its accesses (0: none) */
    const char *stop_file;
    unsigned stop_line, stop_col;
} lds_candidate_run;

/* A text the session ran, and how it ended: a candidate's run replays
 * the texts in order. */
typedef struct {
    lds_source src;
    int status;                       /* LDS_EXIT_*; -1 while it runs */
    size_t first_result;              /* the session's access records before it */
    bool owned;                       /* a copy (REPL input); else the
                                         caller's program's, which outlives
                                         the session */
} lds_ran_text;

typedef struct {
    const char *arch;                 /* the starting profile; NULL: generic */
    int show;                         /* an lds_show level, or -1: as the program says */
    bool explain;                     /* explain every access */
    lds_keep_samples keep;
    bool keep_layouts;                /* show layout pictures go to the
                                         report (SVG, Markdown), not to
                                         print_out */
    bool text_report;                 /* the report is text: --explain's
                                         fix lines go to print_out */
    uint64_t max_steps;               /* 0: the default */
    uint64_t max_ops;                 /* 0: the default */
    unsigned long max_bits;           /* 0: the default */
    bool force_big;                   /* every number on the GMP path (tests) */
    bool no_shortcuts;                /* enumerate everything (tests) */
    unsigned keep_every;              /* keep every instruction simulated,
                                         up to this many an access, with
                                         its wave and group (--emit: a
                                         probe replays them); implies
                                         no_shortcuts and one thread */
    unsigned jobs;                    /* threads a long enumeration may be
                                         split across; 0: the processors
                                         online, at most LDS_MAX_JOBS */
    uint64_t threads_from;            /* instructions from which a range is
                                         split (0: LDS_THREADS_FROM; tests
                                         set 1 to split everything) */
    FILE *print_out;                  /* where print writes; NULL: nowhere */
    const lds_at *at;                 /* --at: the instruction --show shows */
    unsigned nat;
    const lds_define_value *defines;
    unsigned ndefines;
    const lds_candidate_run *candidate;   /* NULL but in a suggest candidate's run */
    const struct lds_parse_ctx *parse_from;   /* what the parser knew before the
                                                 session (the command line's
                                                 programs); NULL: only the defines */
    void (*suggest_progress)(void *ctx, unsigned line, unsigned done, unsigned total, bool finished);
    void *suggest_ctx;                /* a search's progress (NULL: none) */
} lds_session_config;

typedef struct {
    /* an access statement finished (failed ones too: r->failed) */
    void (*access)(void *ctx, const lds_access_result *r);
    /* an expect ran */
    void (*expect)(void *ctx, const lds_expect_result *e);
    void *ctx;
    /* a warning: the run goes on (may be NULL) */
    void (*warning)(void *ctx, const lds_diag *w);
    /* a long access is at `done` of `planned` instructions; finished: it
     * ended (may be NULL; called from any of the run's threads) */
    void (*progress)(void *ctx, unsigned line, uint64_t done, uint64_t planned, bool finished);
} lds_session_hooks;

typedef struct lds_session lds_session;

void lds_session_config_init(lds_session_config *c);
/* The processors online, at most LDS_MAX_JOBS. */
unsigned lds_default_jobs(void);

/* NULL if cfg->arch names no profile. */
lds_session *lds_session_open(const lds_session_config *cfg, const lds_session_hooks *hooks);
void lds_session_close(lds_session *s);
/* lds_session_close(s) and then lds_session_open(cfg, hooks), in the
 * memory s held (a sweep runs a session per point); s may be NULL.  The
 * same result as the pair, NULL included.  cfg may not point into s (as
 * from its own configuration). */
lds_session *lds_session_reopen(lds_session *s, const lds_session_config *cfg, const lds_session_hooks *hooks);

/* Where print writes (NULL: nowhere), whether show layout keeps its
 * pictures for the report, and whether the report is text, from now on. */
void lds_session_set_output(lds_session *s, FILE *print_out, bool keep_layouts, bool text_report);

/* Run a parsed program statement by statement: each is resolved, then
 * executed, then its records are handed to the hooks.  The program must
 * outlive the session.  Returns 0, or -1 with lds_session_error set (the
 * statements before the failing one have taken effect). */
int lds_session_run(lds_session *s, lds_program *prog);
/* Parse text and run it (the session keeps what later input may refer
 * to).  Returns LDS_EXIT_OK, LDS_EXIT_SYNTAX or LDS_EXIT_EVAL, with
 * lds_session_error set on an error. */
int lds_session_run_text(lds_session *s, const char *name, const char *text, size_t len);
/* The same, the text's first line numbered first_line (REPL input). */
int lds_session_run_lines(lds_session *s, const char *name, unsigned first_line, const char *text, size_t len);
/* The same for a source text, keeping its origin (a lowered kernel):
 * a candidate's replay places its statements as the first run did. */
int lds_session_run_source(lds_session *s, const lds_source *src);
/* After the texts ran: search the layouts of each array an access
 * conflicted on (ways > 1) over everything the session ran, keeping the
 * ranked lists in the results (the fixes of the diagnostics and SARIF
 * reports).  LDS_EXIT_OK, or LDS_EXIT_INTERRUPTED. */
int lds_session_fixes(lds_session *s, size_t first_access);

/* What became of the i-th -D value so far: whether a program used it,
 * and where a program declared its name again (*replaced_at's src NULL:
 * nowhere), so that it never reached what follows.  False if there is
 * no i-th. */
bool lds_session_define_use(const lds_session *s, unsigned i, bool *used, lds_loc *replaced_at);

/* What the session's parser knows now (the REPL asks whether input is
 * complete with it). */
const struct lds_parse_ctx *lds_session_parse_ctx(lds_session *s);

/* Instruction steps the session's runs have taken (the --max-steps count). */
uint64_t lds_session_steps(const lds_session *s);
/* A candidate's run reached its stop. */
bool lds_session_stopped(const lds_session *s);
/* The array declared under this name now (its symbol), or NULL. */
const struct lds_sym *lds_session_array(const lds_session *s, const char *name);

/* The error of the last run or parse (set == 0 if none). */
const lds_diag *lds_session_error(const lds_session *s);
const lds_results *lds_session_results(const lds_session *s);
bool lds_session_expect_failed(const lds_session *s);
const lds_sim_profile *lds_session_profile(const lds_session *s);
/* The last access statement that ran (completely or not), or NULL. */
const lds_access_result *lds_session_last_access(const lds_session *s);
/* The last that ran to its end (not stopped by an error), or NULL: what
 * explain explains. */
const lds_access_result *lds_session_last_completed(const lds_session *s);

/* The names defined in the session (not the built-ins, not shadowed):
 * constants with their values, per-lane names, functions, arrays. */
void lds_session_describe(const lds_session *s, FILE *out);
/* The i-th name visible in the session (built-ins included), or NULL. */
const char *lds_session_name_at(const lds_session *s, unsigned i);
/* The i-th array's name, or NULL. */
const char *lds_session_array_at(const lds_session *s, unsigned i);

/* Evaluate a constant expression given as text (a -D value): it may use
 * only numbers, operators and built-in functions.  src names it in
 * diagnostics.  Returns 0, or -1 with diag set. */
int lds_eval_constant(const lds_source *src, unsigned long max_bits, mpz_t out, lds_diag *diag);

#endif
