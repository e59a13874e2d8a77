/* src/interp.h - the state of a run: the profile and dispatch the
 * settings statements shape (src/settings.c), the evaluator, the limits,
 * and the records the statements produce (src/exec.c). */
#ifndef LDS_INTERP_H
#define LDS_INTERP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sim/profile.h"
#include "base/arena.h"
#include "src/ast.h"
#include "src/eval.h"
#include "src/progress.h"
#include "src/results.h"

/* A block loop running now: for messages and sample labels, and, when
 * the block holds only accesses, a dimension of each access inside. */
typedef struct {
    const lds_loop *loop;
    unsigned slot;
} lds_outer_loop;

typedef struct lds_interp {
    /* settings (src/settings.c) */
    lds_sim_profile profile;          /* with every override in force */
    int64_t threads[3];
    bool threads_given;               /* else one wave of the profile */
    int64_t groups;
    lds_show show;
    bool explain_all;                 /* --explain */
    bool explain_next;                /* the explain statement */
    uint64_t next_array_offset;
    const char *kernel;           /* the last kernel statement's name (interned), or NULL */
    /* limits */
    uint64_t max_steps, steps;
    bool no_shortcuts;                /* enumerate everything (for checks) */
    unsigned keep_every;              /* keep every instruction, up to this
                                         many an access (probes); 0: no */
    unsigned jobs;                    /* threads a long range may use */
    const lds_at *at;                 /* --at (src/iterspace.h) */
    unsigned nat;
    uint64_t threads_from;            /* and from how many instructions */
    lds_budget budget;
    /* evaluation */
    lds_env env;
    lds_eval ev;
    lds_diag *diag;
    lds_arena *scratch;               /* memory of the statement running */
    lds_arena *access_mem;            /* the lane program and memo of the access
                                         running, emptied when it ends: a loop run
                                         trip by trip reuses it, so its memory does
                                         not grow with the trips */
    void (*warn)(void *ctx, const lds_diag *w);   /* a warning (may be NULL) */
    void *warn_ctx;
    void (*progress_hook)(void *ctx, unsigned line, uint64_t done, uint64_t planned, bool finished);
    lds_progress progress;            /* of the access running */
    unsigned progress_line;
    bool banks_warned;                /* the bank count's warning was given
                                         since set banks last ran */
    const char *arch_option;          /* the profile the command line chose (-a), or NULL */
    bool arch_warned;                 /* an arch statement was said to replace it */
    /* output */
    FILE *print_out;                  /* where print writes; NULL: nowhere (-q) */
    bool keep_sample;                 /* every access keeps its first instruction
                                         (explanations, pictures) */
    bool keep_layouts;                /* show layout keeps its picture in the
                                         results for the report (SVG,
                                         Markdown) instead of printing it */
    lds_results *results;
    size_t first_unreported;          /* records of the statement running now */
    lds_access_result *last;          /* the last access statement's record */
    const struct lds_sym *last_array; /* the array it accessed, or NULL (an
                                         identity only: compared, never read) */
    lds_metrics last_run;             /* its last execution alone (expect) */
    bool expect_failed;
    /* suggest (src/suggest.c) */
    int (*suggest)(void *ctx, const struct lds_sym *array, const lds_stmt *s);   /* runs a suggest statement */
    void *suggest_ctx;
    const char *only_array;           /* a candidate's run: only the accesses to this
                                         array run; print, expect, show and explain
                                         do nothing */
    const struct lds_sym *conflicted[8];   /* arrays an explained access of the
                                              statement running conflicted on */
    unsigned nconflicted;
    lds_outer_loop active[LDS_MAX_LOOPS];   /* block loops running one by one */
    unsigned nactive;
    unsigned statement_index;         /* statements run so far */
} lds_interp;

void lds_interp_init(lds_interp *in, lds_results *results, lds_diag *diag, lds_arena *scratch);
void lds_interp_free(lds_interp *in);

/* ---- src/settings.c */
/* Select a profile by name (its overrides reset); -1 if unknown. */
int lds_settings_arch(lds_interp *in, const char *name);
/* The arch statement: the profile it names, and once a warning if that
 * replaces the one the command line chose. */
int lds_settings_arch_statement(lds_interp *in, const lds_stmt *s);
int lds_settings_set(lds_interp *in, const lds_stmt *s);
void lds_settings_rules(lds_interp *in, lds_rules which);
int lds_settings_threads(lds_interp *in, const lds_stmt *s);
int lds_settings_groups(lds_interp *in, const lds_stmt *s);
/* Warn (once per set banks) when an access of `width` bytes runs with a
 * bank count the program changed but phases it did not, and a phase's
 * words do not fill the banks. */
void lds_settings_check_banks(lds_interp *in, const lds_stmt *s, unsigned width);
/* The evaluator's view of the profile and dispatch follows the settings. */
void lds_settings_sync(lds_interp *in);

/* ---- src/exec.c */
/* Run one resolved top-level statement. */
int lds_exec_statement(lds_interp *in, const lds_stmt *s);
/* Evaluate a uniform expression to an int64 that must lie in lo..hi. */
int lds_exec_uniform(lds_interp *in, const lds_expr *e, const char *what, int64_t lo, int64_t hi, int64_t *out);

/* ---- src/exec_print.c */
/* print: its values to in->print_out. */
int lds_exec_print(lds_interp *in, const lds_stmt *s);

#endif
