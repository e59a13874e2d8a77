/* src/eval.h - names, scopes and exact evaluation of lds expressions.
 *
 * Values are exact integers.  The common path keeps them in int64_t with
 * overflow checks; a value that outgrows 64 bits moves to a GMP integer on
 * a stack of temporaries that is reused from lane to lane, so evaluating a
 * lane allocates nothing once the stack has grown.  Both paths give the
 * same numbers (force_big makes every operation take the GMP path, for
 * tests and the differential checks). */
#ifndef LDS_EVAL_H
#define LDS_EVAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>   /* before gmp.h, for mpz_out_str */
#include <gmp.h>

#include "src/ast.h"
#include "src/diag.h"

/* What an expression depends on: per-lane names and loop variables. */
#define LDS_DEP_LANE ((uint64_t)1)
#define LDS_DEP_WAVE ((uint64_t)2)
#define LDS_DEP_GROUP ((uint64_t)4)
#define LDS_MAX_LOOPS 48
#define LDS_DEP_LOOP(slot) ((uint64_t)1 << (3 + (slot)))
#define LDS_DEP_PARAM ((uint64_t)1 << 63)   /* uses a def parameter */

/* Widest integer, in bits, unless changed (language.md limits). */
#define LDS_DEFAULT_MAX_BITS 65536
/* Operations one evaluation may take (a def calling defs can multiply). */
#define LDS_MAX_OPS 1000000
/* Deepest chain of def calls and nested nodes during evaluation. */
#define LDS_MAX_EVAL_DEPTH 4096

typedef struct {
    int64_t i;
    mpz_ptr z;    /* NULL: the value is i */
} lds_num;

typedef enum {
    V_LANE, V_WAVE, V_TID, V_TID_X, V_TID_Y, V_TID_Z, V_GROUP,
    V_BANKS, V_BANK_BYTES, V_WAVE_SIZE, V_THREADS_X, V_THREADS_Y, V_THREADS_Z,
    V_DISPATCH_X, V_GROUPS
} lds_var_id;

typedef enum { SYM_VAR, SYM_CONST, SYM_LET, SYM_LOOP, SYM_DEF, SYM_PARAM, SYM_ARRAY } lds_sym_kind;

typedef struct {
    unsigned elem_size;
    const char *type_name;
    unsigned ndims;
    int64_t *dims;
    uint64_t base;          /* byte offset in shared memory */
    uint64_t elems;         /* elements reserved */
    const struct lds_sym *layout; /* a def, or NULL for row-major */
} lds_array;

typedef struct lds_sym {
    const char *name;
    lds_sym_kind kind;
    uint64_t deps;
    lds_var_id var;          /* SYM_VAR */
    mpz_t value;             /* SYM_CONST */
    lds_expr *expr;          /* SYM_LET */
    unsigned slot;           /* SYM_LOOP: loop slot; SYM_PARAM: index */
    const lds_stmt *def;     /* SYM_DEF */
    lds_array array;         /* SYM_ARRAY */
} lds_sym;

/* The names visible at a point of the program, innermost last. */
typedef struct {
    lds_sym **syms;
    size_t n, cap;
} lds_scope;

void lds_scope_init(lds_scope *sc);   /* with the built-in names */
void lds_scope_free(lds_scope *sc);
lds_sym *lds_scope_find(const lds_scope *sc, const char *name);
/* A new symbol (zeroed, name copied) at the innermost end. */
lds_sym *lds_scope_push(lds_scope *sc, const char *name, lds_sym_kind kind);
/* Drop every symbol pushed after mark == sc->n. */
void lds_scope_pop_to(lds_scope *sc, size_t mark);

/* Where a wave is: the values of the per-lane names and loop variables. */
typedef struct {
    int64_t lane, wave, group;
    int64_t loop[LDS_MAX_LOOPS];
    unsigned banks, bank_bytes, wave_size;
    int64_t threads[3];
    int64_t groups;
} lds_env;

typedef struct {
    lds_env *env;
    lds_diag *diag;
    bool force_big;         /* every operation on the GMP path */
    unsigned long max_bits;
    /* GMP temporaries, used as a stack */
    mpz_ptr *tmp;
    size_t top, cap;
    /* arguments of the def call being evaluated */
    const lds_num *frame;
    unsigned depth;
    unsigned long ops;
} lds_eval;

void lds_eval_init(lds_eval *ev, lds_env *env, lds_diag *diag);
void lds_eval_free(lds_eval *ev);

/* Resolve every name in e against sc (params: the def's parameters, or
 * NULL); sets sym and deps on the nodes.  self: the def being defined, to
 * name recursion.  Returns 0, or -1 with diag set (an unknown name
 * suggests the closest known one). */
int lds_resolve(const lds_scope *sc, lds_expr *e, const lds_stmt *params,
                const char *self, lds_diag *diag);

/* Evaluate e for the lane in ev->env.  The result stays valid until the
 * next lds_eval_value call.  Returns 0, or -1 with diag set. */
int lds_eval_value(lds_eval *ev, const lds_expr *e, lds_num *out);
/* Evaluate to an int64; an error if the value does not fit. */
int lds_eval_int64(lds_eval *ev, const lds_expr *e, int64_t *out, const char *what);
/* Evaluate into a GMP integer. */
int lds_eval_mpz(lds_eval *ev, const lds_expr *e, mpz_t out);
/* Call a def with int64 arguments (layout functions). */
int lds_eval_call_int64(lds_eval *ev, const lds_sym *def, const int64_t *args,
                        unsigned nargs, lds_loc loc, int64_t *out);

/* Coefficient of the variable with dependency bit `var` in e, if e is
 * affine in it with a coefficient that is the same for every lane and
 * iteration (a*v + rest).  varying: the bits of the dimensions nested
 * inside it (and wave/group when they vary), which a coefficient may not
 * use.  Returns 1 with *coef set, 0 if not affine (or not provably so). */
int lds_eval_affine(lds_eval *ev, const lds_expr *e, uint64_t var, uint64_t varying,
                    int64_t *coef);
/* The same for a call of def with argument expressions args. */
int lds_eval_affine_call(lds_eval *ev, const lds_sym *def, lds_expr *const *args,
                         uint64_t var, uint64_t varying, int64_t *coef);

/* Print a number (decimal). */
void lds_num_print(FILE *out, const lds_num *v);
/* Number of decimal characters of v. */
size_t lds_num_width(const lds_num *v);

#endif
