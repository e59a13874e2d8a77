/* src/num.h - exact integers: the int64 path and the GMP path.
 *
 * The common path keeps a value in an int64_t with overflow checks; a
 * value that outgrows 64 bits moves to a GMP integer on a stack of
 * temporaries that is reused, so evaluating allocates nothing once the
 * stack has grown.  Both paths give the same numbers (force_big makes
 * every operation take the GMP path, for tests and differential checks).
 * Every result is bounded by max_bits. */
#ifndef LDS_NUM_H
#define LDS_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>   /* before gmp.h, for mpz_out_str */
#include <gmp.h>

#include "src/ast.h"
#include "base/diag.h"

typedef struct {
    int64_t i;
    mpz_ptr z;    /* NULL: the value is i */
} lds_num;

typedef struct {
    lds_diag *diag;
    bool force_big;           /* every operation on the GMP path */
    unsigned long max_bits;
    mpz_ptr *tmp;             /* temporaries, used as a stack */
    size_t top, cap;
} lds_numctx;

void lds_numctx_init(lds_numctx *c, lds_diag *diag);
void lds_numctx_free(lds_numctx *c);

/* A fresh temporary on top of the stack. */
mpz_ptr lds_num_push(lds_numctx *c);
/* Finish a computation that started with the stack at `mark`: a big
 * result moves down to slot `mark`, everything above it is released. */
void lds_num_settle(lds_numctx *c, size_t mark, lds_num *out);

/* out = v, or a GMP integer (an error beyond max_bits). */
int lds_num_small(lds_numctx *c, int64_t v, lds_num *out, lds_loc loc);
int lds_num_from_mpz(lds_numctx *c, mpz_srcptr z, lds_num *out, lds_loc loc);
/* Canonical form of a temporary z: small when it fits (unless
 * force_big); an error if wider than max_bits. */
int lds_num_finish(lds_numctx *c, mpz_ptr z, lds_num *out, lds_loc loc);

/* out = a OP b for every binary operator but && and || (the evaluator
 * short-circuits those); OP_DIV and OP_MOD truncate as C99 does. */
int lds_num_binary(lds_numctx *c, lds_op op, const lds_num *a, const lds_num *b, lds_num *out, lds_loc loc);
/* out = OP a for - ~ ! */
int lds_num_unary(lds_numctx *c, lds_op op, const lds_num *a, lds_num *out, lds_loc loc);
int lds_num_shift_left(lds_numctx *c, const lds_num *a, unsigned long n, lds_num *out, lds_loc loc);
int lds_num_shift_right(lds_numctx *c, const lds_num *a, unsigned long n, lds_num *out, lds_loc loc);

int lds_num_compare(const lds_num *a, const lds_num *b);
int lds_num_sign(const lds_num *v);
bool lds_num_is_zero(const lds_num *v);
/* v as an int64 / unsigned long, if it fits. */
bool lds_num_to_int64(const lds_num *v, int64_t *out);
bool lds_num_to_ulong(const lds_num *v, unsigned long *out);
/* v as a GMP integer (a temporary, or v's own). */
mpz_srcptr lds_num_as_mpz(lds_numctx *c, const lds_num *v);
void lds_num_get_mpz(const lds_num *v, mpz_t out);

/* The "integer wider than N bits" error. */
int lds_num_too_wide(lds_numctx *c, lds_loc loc);

/* Decimal output, and its width in characters (exact). */
void lds_num_print(FILE *out, const lds_num *v);
size_t lds_num_width(const lds_num *v);

#endif
