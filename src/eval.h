/* src/eval.h - evaluating a resolved expression for one lane, exactly. */
#ifndef LDS_EVAL_H
#define LDS_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "src/ast.h"
#include "base/limits.h"
#include "src/num.h"
#include "src/scope.h"

/* Where a lane is: the values of the per-lane names and loop variables,
 * and the profile's and dispatch's numbers the names read. */
typedef struct {
    int64_t lane, wave, group;
    int64_t loop[LDS_MAX_LOOPS];
    unsigned banks, bank_bytes, wave_size;
    int64_t threads[3];
    int64_t groups;
} lds_env;

/* The operations a run may still take (every node of every evaluation
 * counts one), shared by every evaluator of the run. */
typedef struct lds_budget {
    uint64_t left;
    uint64_t limit;           /* for the message */
    uint64_t spent;           /* operations taken so far */
    /* a worker thread's budget draws from the run's: more when it runs
     * out (NULL: none to draw) */
    bool (*refill)(struct lds_budget *b, uint64_t need);
    /* and what it may still draw, its share of the run's (NULL: none) */
    uint64_t (*more)(struct lds_budget *b);
    void *owner;
} lds_budget;

/* Take n operations from the budget (refilled if it can be); false if
 * there are not that many left. */
bool lds_budget_take(lds_budget *b, uint64_t n);

/* Work that would overrun the budget is stopped as soon as that is
 * known, not when the budget runs out: a part of a run that knows how
 * many units it has to do (an access's instructions, a loop's trips)
 * measures the operations its units have taken so far, after its first
 * unit and each time the count doubles, and stops when the units left, at that rate, would take more operations
 * than the budget has left.  A run that the budget would stop after
 * seconds (an operator bomb of defs over thousands of lanes) stops after
 * its first units. */
typedef struct {
    const char *unit;         /* "instructions", "loop trips" */
    uint64_t planned;         /* units to do */
    uint64_t done;
    uint64_t spent0;          /* the budget's spent when it began */
    uint64_t next;            /* done at the next look */
} lds_work;

void lds_work_begin(lds_work *w, const lds_budget *b, uint64_t planned, const char *unit);
/* One more unit done: 0, or -1 with d set (at loc) when the units left
 * would overrun b. */
int lds_work_step(lds_work *w, lds_budget *b, lds_diag *d, lds_loc loc);

typedef struct {
    lds_env *env;
    lds_numctx num;
    lds_diag *diag;
    lds_budget *budget;
    lds_loc where;            /* the statement being run: budget errors point here */
    /* state of one evaluation */
    const lds_num *frame;     /* arguments of the def call being evaluated */
    unsigned depth;
    uint64_t ops;
} lds_eval;

void lds_eval_init(lds_eval *ev, lds_env *env, lds_budget *budget, lds_diag *diag);
void lds_eval_free(lds_eval *ev);

/* Evaluate e for the lane in ev->env.  The result stays valid until the
 * next evaluation.  Returns 0, or -1 with diag set. */
int lds_eval_value(lds_eval *ev, const lds_expr *e, lds_num *out);
/* Evaluate to an int64; an error (naming `what`) if it does not fit. */
int lds_eval_int64(lds_eval *ev, const lds_expr *e, int64_t *out, const char *what);
/* Evaluate into a GMP integer. */
int lds_eval_mpz(lds_eval *ev, const lds_expr *e, mpz_t out);
/* Call a def with int64 arguments (layout functions). */
int lds_eval_call_int64(lds_eval *ev, const lds_sym *def, const int64_t *args, unsigned nargs, lds_loc loc,
                        int64_t *out);
/* Evaluate e in the middle of another evaluation without disturbing it
 * (the affine analysis's uniform factors): 1 with *out if it gives an
 * int64 without error, else 0; errors are not reported. */
int lds_eval_probe_int64(lds_eval *ev, const lds_expr *e, int64_t *out);

#endif
