/* src/eval.h - evaluating a resolved expression for one lane, exactly. */
#ifndef LDS_EVAL_H
#define LDS_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "src/ast.h"
#include "src/limits.h"
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
    /* a worker thread's budget draws from the run's: more when it runs
     * out (NULL: none to draw) */
    bool (*refill)(struct lds_budget *b, uint64_t need);
    void *owner;
} lds_budget;

/* Take n operations from the budget (refilled if it can be); false if
 * there are not that many left. */
bool lds_budget_take(lds_budget *b, uint64_t n);

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
