/* src/iterspace.h - the iteration space of one access statement: every
 * (group, wave, loop iteration) issues one instruction; simulate them
 * all, enumerating only what really varies.  It is handed everything it
 * needs (the statement, the profile, the evaluator, the record to fill)
 * and calls nothing above it. */
#ifndef LDS_ITERSPACE_H
#define LDS_ITERSPACE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/profile.h"
#include "src/ast.h"
#include "src/eval.h"
#include "src/interp.h"
#include "src/progress.h"
#include "src/results.h"

typedef struct {
    const lds_stmt *s;                /* the access (resolved) */
    const lds_sim_profile *profile;
    unsigned width, elem_size;        /* bytes per address; of an element */
    unsigned parts;                   /* instructions each execution issues:
                                         3 for a 12-byte element on a part
                                         without b96 (three b32 at +0, +4,
                                         +8), else 1 */
    lds_eval *ev;                     /* its env is moved lane by lane */
    lds_diag *diag;
    const lds_outer_loop *outer;      /* block loops hoisted into it: dimensions */
    unsigned nouter;
    const lds_outer_loop *fixed;      /* block loops running trip by trip (messages) */
    unsigned nfixed;
    int64_t threads[3], groups;
    uint64_t *steps;                  /* instructions and empty trips so far */
    uint64_t max_steps;
    bool no_shortcuts;
    unsigned jobs;                    /* threads an enumerated range may be
                                         split across (1: none) */
    uint64_t threads_from;            /* instructions from which it is */
    lds_progress *progress;           /* or NULL */
    const lds_at *at;                 /* --at: the instruction kept for --show */
    unsigned nat;
    lds_arena *arena;                 /* the lane program's memory (the access run's) */
} lds_access_space;

/* Simulate every instruction of the access: add its totals to *m, keep
 * the first instructions in rec.  Returns 0, or -1 with diag set (naming
 * the lane and loop values where it failed). */
int lds_access_simulate(const lds_access_space *sp, lds_access_result *rec, lds_metrics *m);

#endif
