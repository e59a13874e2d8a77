/* src/job.h - the iteration of one access statement, shared by the
 * files that run it: src/iterspace.c (its dimensions: multiply, one
 * period, enumerate, split across threads) and src/instr.c (one
 * instruction: its lanes, the simulator, the record).  Private to them. */
#ifndef LDS_JOB_H
#define LDS_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "src/address.h"
#include "src/iterspace.h"
#include "src/lanes.h"
#include "src/memo.h"

#define MAX_DIMS (LDS_MAX_LOOPS + 2)

typedef enum { D_GROUP, D_WAVE, D_LOOP } dim_kind;

typedef struct {
    dim_kind kind;
    const lds_loop *loop;     /* D_LOOP */
    unsigned slot;
    uint64_t bit;             /* its dependency bit */
    uint64_t bounds_deps;     /* what its LO..HI depend on */
} dim;


/* Waves, or workgroups, folded into a loop (src/dimproof.c, "the
 * fold"): only the first `stride` values run, each standing for its
 * class r, r + stride, ...; one period of loop dimension kdim runs,
 * every residue weighed by the (value, k) pairs of the class that land
 * on it. */
typedef struct {
    unsigned kdim;            /* the loop dimension it folds into */
    uint64_t period;          /* P: it repeats exactly with this period */
    int64_t shift;            /* D: value v + stride at k + D runs v's instruction at k */
    uint64_t stride;          /* values per class step */
    uint64_t members;         /* values in the class of the root running */
} lds_fold;

typedef struct job {
    lds_access_space *sp;     /* the caller's, copied: bisection swaps its diag */
    lds_access_result *rec;
    lds_env *env;
    uint64_t addr_deps;       /* target and layout */
    uint64_t cond_deps;
    dim dims[MAX_DIMS];
    unsigned ndims;
    lds_outer_loop loops[MAX_DIMS];   /* every loop dimension, for messages */
    unsigned nloops;
    int64_t total_threads, nwaves, nfull;
    uint64_t modulus;         /* bytes after which the bank pattern repeats */
    int checking;             /* > 0: evaluate for errors, count nothing */
    bool planning;            /* counting the work: decisions may not use
                                 the values of outer dimensions (the count
                                 must hold for every one of them) */
    bool probing;             /* bisecting for the first failing value: no
                                 steps counted (at most 64 probes) */
    bool pointing;            /* the instruction --at names, after the run:
                                 kept for --show, counted nowhere */
    lds_metrics *m;
    lds_address_ctx target;   /* how a lane's address is found */
    mpz_t mult[MAX_DIMS + 1];
    lds_lanes *lanes;         /* the compiled lane-vector program, or NULL */
    bool in_worker;           /* a worker thread's copy: no further split */
    lds_memo *memo;           /* instructions already simulated, or NULL */
    uint64_t ticks;           /* instructions simulated (progress) */
    const lds_fold *fold;   /* the fold the running wave or group is a root of, or NULL */
    signed char provable;     /* 0: not yet known; 1: small enough for the proofs; -1: not */
    struct {                  /* totals of single instructions not yet
                                 added to *m (lds_job_flush): a GMP add per
                                 instruction was a tenth of an enumeration */
        uint64_t instructions, cycles, ideal, broadcasts, unaligned;
    } unflushed;
    bool have_mask;           /* active_mask holds active[] (the lanes
                                 evaluated at once give it as bits) */
    uint64_t active_mask;
    lds_work work;            /* its instructions against the budget (src/eval.h) */
    bool have_class;          /* sim_class found (at the first instruction) */
    /* The instruction's lanes and its simulation, last: each is written
     * before it is read, so a new job zeroes only what comes before
     * (they are two thirds of its 12 KB, and a sweep makes a job per
     * point); the class too, read only once have_class says it was found
     * (its lane groups are 2 KB). */
    bool active[LDS_SIM_MAX_WAVE];
    lds_sim_class sim_class;  /* what the simulator looks up for every
                                 instruction of this access: once */
    uint64_t addr[LDS_SIM_MAX_WAVE];
    lds_sim_result result;
} job;

/* ---- src/dimproof.c */
/* Bits of the dimensions nested inside dimension i; what their bounds
 * depend on in *bounds. */
uint64_t lds_job_inner_bits(const job *j, unsigned i, uint64_t *bounds);
/* The period of dimension i's variable over lo .. hi - 1 after which the
 * bank pattern and the condition repeat and every index has moved by a
 * fixed amount per lane (src/period.h); 0 if not proven. */
int lds_job_address_period(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t *period);
/* Whether values 0 .. hi - 1 of dimension i (the full waves, or the
 * workgroups) fold into a loop (the fold), and how (members left 0). */
int lds_job_fold(job *j, unsigned i, int64_t hi, lds_fold *f);

/* ---- src/foldcount.c */
/* The (value, k) pairs of a fold's class, root included, that land on
 * each residue t of k beyond the whole periods (rem = trips mod P). */
typedef struct {
    uint64_t P, rem, g, full;     /* whole cycles of the offsets, multiples of g */
    uint64_t *starts, *ends;      /* the rest's runs, sorted */
    size_t n, at_start, at_end;
    uint64_t count;               /* the rest's count at the last t */
} lds_residue_counts;
void lds_residue_counts_open(lds_residue_counts *c, const lds_fold *f, uint64_t rem);
/* The count at t, for t = 0, 1, 2, ... in order. */
uint64_t lds_residue_counts_at(lds_residue_counts *c, uint64_t t);
void lds_residue_counts_close(lds_residue_counts *c);

/* ---- src/closedform.c */
/* The whole access in closed form (sim/gf2.h), before anything is
 * enumerated: 1 when its totals are added (its first instruction kept),
 * 0 when not proven (nothing changed: enumerate it). */
int lds_job_closed_form(job *j);

/* ---- src/iterspace.c */
/* Values lo .. hi - 1 of dimension i one by one (the multiplier in
 * mult[i]). */
int lds_job_run_enumerated(job *j, unsigned i, int64_t lo, int64_t hi);

/* ---- src/parallel.c */
/* The same across the run's threads (`inner` instructions each value):
 * 1 when done (results merged in order), 0 when not (nothing changed:
 * run it on this thread). */
int lds_job_run_parallel(job *j, unsigned i, int64_t lo, int64_t hi, uint64_t inner);

/* ---- src/instr.c */
/* One execution of the access by one wave at the current variables:
 * its lanes, its instructions simulated and weighed by mult. */
int lds_job_leaf(job *j, mpz_srcptr mult);
/* Add the totals of the instructions not yet added to *j->m: before
 * anyone reads it (the end of the access, a worker's end). */
void lds_job_flush(job *j);
/* Append " (lane 3, wave 1, k = 5)" to the error: where it happened,
 * naming the dimensions outside `upto` (all of them for an error at a
 * lane, lane -1 for none).  Returns -1. */
int lds_job_context_upto(job *j, int lane, unsigned upto);

#endif
