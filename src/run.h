/* src/run.h - one invocation's options, and running programs under them:
 * through a session, into a reporter, once per point of the -D sweeps,
 * with the gates (--fail-on-conflict, --max-ways) and diagnostics.  The
 * command line and the REPL both run through here, so an option means
 * the same in both. */
#ifndef LDS_RUN_H
#define LDS_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gmp.h>

#include "src/ast.h"
#include "src/report.h"
#include "src/session.h"

/* -D NAME=EXPR, NAME=LO..HI[:STEP] or NAME=V1,V2,...: the values a
 * name takes, one run each. */
typedef struct {
    char *name;
    mpz_t *list;          /* the values listed, or NULL for a range */
    size_t nlist;
    mpz_t lo, hi, step;   /* a range LO, LO+STEP, ... < HI (one value: hi = lo + 1) */
} lds_define;

/* How many values a define takes (0 for an empty range). */
void lds_define_count(const lds_define *d, mpz_t out);
/* Its i-th value. */
void lds_define_at(const lds_define *d, uint64_t i, mpz_t out);

/* -D T=float: a type, which only a kernel file's type template parameter
 * takes (src/front.c says so of any other use); never an lds value. */
typedef struct {
    char *name, *type;
} lds_type_define;

typedef struct {
    const char *prog;             /* "lds-calc" in diagnostics */
    FILE *out, *err;              /* where the runner writes reports and messages */
    const char *arch;             /* -a NAME: the starting profile */
    char **archs;                 /* -a A,B,C: one run per profile */
    unsigned narchs;
    bool sweep_reports;           /* --sweep=reports: a report per point */
    const char *group_digits;     /* --group-digits: the separator, or NULL */
    lds_format format;
    int show;                     /* -1: as the program says */
    bool quiet;
    bool explain;                 /* --explain */
    const char *output_dir;       /* --output */
    bool fail_on_conflict;
    uint64_t max_ways;            /* 0: no limit */
    uint64_t max_steps;           /* 0: the default */
    uint64_t max_ops;             /* 0: the default */
    unsigned long max_bits;
    unsigned jobs;                /* --jobs; 0: the default */
    lds_at *at;                   /* --at wave=3,k=5: the instruction --show shows */
    unsigned nat;
    bool force_big;               /* evaluate on the GMP path (testing) */
    bool no_shortcuts;            /* enumerate every instruction, no closed
                                     form (testing: --enumerate) */
    bool color;
    lds_define *defines;
    unsigned ndefines;
    lds_type_define *type_defines;   /* -D NAME=TYPE (float, unsigned int) */
    unsigned ntype_defines;
    char **undefs;                /* -U NAME: a kernel file's predefined macros not defined */
    unsigned nundefs;
    char **include_dirs;          /* -I DIR: where a kernel file's #include looks, in order */
    unsigned ninclude_dirs;
    char **macro_defines;         /* -D 'F(a)=...', -D X=: a kernel file's macros, as a
                                     #define line's words: "NAME[(PARAMS)] BODY" */
    unsigned nmacro_defines;
    char **include_files;         /* -include FILE: read before a kernel file's first line */
    unsigned ninclude_files;
    lds_diag front_error;         /* the first error reading the files (set: one), for the reports */
    lds_diag *front_warnings;     /* the front end's warnings of this run, for the reports */
    size_t nfront_warnings, capfront_warnings;
    char *rerun;                  /* --emit: the command-line words that
                                     rerun the prediction, quoted for sh */
    const char *counters_file;    /* --check-counters FILE */
    uint64_t counter_tolerance;   /* --tolerance N */
    uint32_t counter_tolerance_ppm;   /* --tolerance P%: of the prediction, in parts per million */
    struct lds_parse_ctx *parse_ctx;   /* what parsing the programs taught the
                                          parser (macros, shared scalars): the
                                          REPL's input continues it; not owned */
    lds_diag error;               /* the last option that failed to parse: its
                                     message, line and column (loc.src NULL) */
    char error_file[32];          /* the name of the text it is in ("<-D value>"), or "" */
    char *error_text;             /* the same as the command line prints it */
} lds_options;

void lds_options_init(lds_options *o);
void lds_options_free(lds_options *o);

/* Parse "NAME=EXPR", "NAME=LO..HI[:STEP]" or "NAME=V1,V2,..." into
 * o->defines, "NAME=TYPE" (a value that is no constant but words
 * such as float or unsigned int) into o->type_defines, "NAME(PARAMS)=BODY"
 * and "NAME=" into o->macro_defines; "NAME" alone is NAME=1, as for the
 * compilers.  On error returns -1 with o->error set (nothing printed). */
int lds_options_add_define(lds_options *o, const char *arg);
/* -U NAME: a name (letters, digits, '_'); -1 with o->error set if not.
 * A -D of the name before it is forgotten, as the compilers do. */
int lds_options_add_undef(lds_options *o, const char *name);
/* -D as a compiler takes it (a build's command line): always a macro,
 * NAME alone 1; -1 with o->error set where NAME is no name. */
int lds_options_add_macro(lds_options *o, const char *arg);
/* -include FILE: read before a kernel file's first line. */
int lds_options_add_include_file(lds_options *o, const char *path);
/* -I DIR: a folder #include looks in (after the including file's own). */
int lds_options_add_include_dir(lds_options *o, const char *dir);
/* Forget define i (a value given again replaces it). */
void lds_options_remove_define(lds_options *o, unsigned i);
/* Forget the defines after the first `keep` (one that failed to parse). */
void lds_options_drop_defines(lds_options *o, unsigned keep);
/* Print the error of the option that failed as the command line does. */
void lds_options_print_error(const lds_options *o, FILE *out);
/* Parse "NAME=INT[,NAME=INT...]" (--at) into o->at; on error returns -1
 * with o->error set. */
int lds_options_add_at(lds_options *o, const char *arg);
/* A parser context that knows the -D names: their values, or that a
 * sweep gives them several (#if cannot read those).  The caller frees it. */
struct lds_parse_ctx *lds_options_parse_ctx(const lds_options *o);
/* Parse -a: one profile, or a comma-separated list (a sweep); -1 with
 * o->error set if a name is unknown. */
int lds_options_add_archs(lds_options *o, const char *arg);
/* The same, replacing the list; -1 (the list unchanged) also when it
 * names more than max profiles. */
int lds_options_set_archs(lds_options *o, const char *arg, unsigned max);
/* Keep an error of the options' own making: -1, with o->error and
 * o->error_text ("lds-calc: MESSAGE") set. */
int lds_options_fail(lds_options *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same for a message with a place in a text (printed with its line). */
int lds_options_fail_diag(lds_options *o, const lds_diag *d);

/* Running under options: a reporter and, per run, a session. */
typedef struct lds_runner lds_runner;

/* sources: the program texts (the Markdown report shows them). */
lds_runner *lds_runner_new(const lds_options *o, const lds_source *const *sources, unsigned nsources);
void lds_runner_free(lds_runner *r);
lds_reporter *lds_runner_reporter(lds_runner *r);
/* Report in format f from now on (the REPL's :format), the session's
 * print and show layout output following it. */
void lds_runner_set_format(lds_runner *r, lds_session *s, lds_format f);

/* REPL mode: diagnostics without the program's name and file (the REPL
 * convention, lds-calc(1)). */
void lds_runner_repl(lds_runner *r);
/* Open a session for one run; arch: its profile (NULL: -a's); values: one
 * per -D (a sweep point), or NULL for each -D's first value (the REPL). */
lds_session *lds_runner_open(lds_runner *r, const char *arch, mpz_srcptr const *values);
/* The same, in the memory of session old (closed; NULL: none). */
lds_session *lds_runner_reopen(lds_runner *r, lds_session *old, const char *arch, mpz_srcptr const *values);

/* Run a program into the session as one run, or REPL input as a run of
 * its own; reports, prints diagnostics and applies the gates.  Returns
 * the exit status of that run. */
int lds_runner_run_programs(lds_runner *r, lds_session *s, lds_program *const *progs, unsigned n);
int lds_runner_run_text(lds_runner *r, lds_session *s, const char *name, unsigned first_line, const char *text,
                        size_t len);

/* The command line: every program, once per sweep point.  Returns the
 * worst exit status of any run. */
int lds_run_programs(const lds_options *o, lds_program *const *progs, unsigned nprogs);
/* The files could not be read (a syntax error, status): the reports that
 * are documents (JSON, SARIF, CSV) written all the same, with no access
 * and the error (NULL: none to give), so that a tool reading them finds
 * one well-formed document. */
void lds_run_report_failure(const lds_options *o, int status, const lds_diag *error);

#endif
