/* src/driver.h - runs an lds program: statements, the dispatch, and the
 * simulator (sim/) for every access; keeps per-statement metrics. */
#ifndef LDS_DRIVER_H
#define LDS_DRIVER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gmp.h>

#include "sim/profile.h"
#include "sim/sim.h"
#include "src/ast.h"
#include "src/eval.h"

typedef enum { SHOW_SUMMARY, SHOW_PHASES, SHOW_LANES, SHOW_GRID } lds_show;

/* Exact totals of one access statement (rules.md section 3). */
typedef struct {
    mpz_t instructions, cycles, ideal, broadcasts;
    uint64_t ways;
} lds_metrics;

void lds_metrics_init(lds_metrics *m);
void lds_metrics_clear(lds_metrics *m);
void lds_metrics_add(lds_metrics *dst, const lds_metrics *src);
/* excess = cycles - ideal, into out. */
void lds_metrics_excess(const lds_metrics *m, mpz_t out);

/* Instructions shown per access under --show phases|lanes|grid. */
#define LDS_MAX_SAMPLES 8

/* An instruction an access simulated, kept for --show. */
typedef struct {
    bool have;
    char label[160];                 /* its loop values, wave, group */
    bool active[LDS_SIM_MAX_WAVE];
    uint64_t addr[LDS_SIM_MAX_WAVE];
    lds_sim_result result;
} lds_sample;

typedef struct {
    const lds_stmt *stmt;
    lds_access_kind kind;
    unsigned width;
    lds_metrics m;
    lds_sim_profile profile;         /* the profile it ran under */
    lds_show show;
    lds_sample *samples;             /* the first ones simulated (--show) */
    unsigned nsamples;
    unsigned capsamples;
    uint64_t simulated;              /* instructions simulated one by one */
    bool explain;                    /* explain it in the report */
    bool reported;
    bool failed;                     /* stopped by an error: not reported */
} lds_access_record;

/* The simulator's view of a kept instruction of an access record. */
lds_sim_access lds_sample_access(const lds_access_record *r, const lds_sample *s);

typedef struct {
    const lds_stmt *stmt;
    bool ok;
    char actual[96], expected[96];
} lds_expect_record;

struct lds_interp;

/* A block loop whose body is hoisted into each access inside it. */
typedef struct {
    const lds_loop *loop;
    unsigned slot;
} lds_outer_loop;


/* Where results go as the run proceeds (src/report.c has the writers). */
typedef struct {
    void (*access)(void *ctx, const struct lds_interp *in, const lds_access_record *r);
    void (*expect)(void *ctx, const struct lds_interp *in, const lds_expect_record *r);
} lds_report_sink;

typedef struct lds_interp {
    lds_sim_profile profile;
    lds_scope scope;
    lds_env env;
    lds_eval ev;
    lds_diag *diag;
    int64_t threads[3];
    bool threads_given;              /* else one wave of the profile */
    int64_t groups;
    uint64_t next_array_offset;
    lds_show show;
    bool explain_all;                /* --explain */
    bool explain_next;               /* the `explain` statement */
    unsigned nslots;                 /* loop slots in use */
    uint64_t max_steps, steps;
    bool no_shortcuts;               /* enumerate everything (for checks) */
    FILE *print_out;                 /* where `print` writes */
    lds_outer_loop active[LDS_MAX_LOOPS];   /* block loops running now */
    unsigned nactive;
    /* results */
    lds_access_record **records;
    size_t nrecords, caprecords;
    lds_expect_record *expects;
    size_t nexpects, capexpects;
    lds_access_record *last;         /* of the last access statement */
    lds_metrics last_run;            /* its last execution alone (expect) */
    size_t first_unreported;
    bool expect_failed;
    const lds_report_sink *sink;
    void *sink_ctx;
} lds_interp;

void lds_interp_init(lds_interp *in, lds_diag *diag);
void lds_interp_free(lds_interp *in);
/* Select a profile by name; -1 if unknown (diag not set). */
int lds_interp_set_arch(lds_interp *in, const char *name);
/* Define a constant (-D NAME=VALUE). */
void lds_interp_define(lds_interp *in, const char *name, const mpz_t value);
/* Run the statements of a program.  Returns 0, or -1 with diag set. */
int lds_interp_run(lds_interp *in, const lds_stmt *first);
/* Totals over every access statement so far. */
void lds_interp_totals(const lds_interp *in, lds_metrics *out);
/* Totals over the access statements from record `first` on. */
void lds_interp_totals_from(const lds_interp *in, size_t first, lds_metrics *out);
/* "banks=16, r2=strict": how p differs from the built-in of its name. */
void lds_profile_overrides(const lds_sim_profile *p, char *buf, size_t size);

/* Internal to the driver (src/access.c): simulate every instruction an
 * access statement issues, inside the given enclosing block loops. */
int lds_access_run(lds_interp *in, const lds_stmt *s, const lds_outer_loop *outer,
                   unsigned nouter);
/* Resolve a loop's bounds, then push its variable in a new loop slot. */
int lds_access_push_loop(lds_interp *in, const lds_loop *lp, unsigned *slot);
/* Find or start the record of an access statement (src/driver.c). */
lds_access_record *lds_interp_record(lds_interp *in, const lds_stmt *s, unsigned width);
/* Append " (lane 3, wave 1, k = 5)" style context to the diagnostic. */
void lds_interp_context(lds_interp *in, int lane, const lds_outer_loop *loops,
                        unsigned nloops, bool with_wave, bool with_group);

#endif
