/* src/affine.h - is an address affine in one variable, with a step that
 * is the same for every lane and iteration?  (the shortcut of
 * src/iterspace.c: such an address repeats its bank pattern) */
#ifndef LDS_AFFINE_H
#define LDS_AFFINE_H

#include <stdint.h>

#include "src/eval.h"

/* Coefficient of the variable with dependency bit `var` in e, if e is
 * affine in it (a*v + rest, where rest does not use v) with a coefficient
 * that is the same for every lane and iteration.  varying: the bits of
 * the dimensions nested inside it (and wave/group when they vary), which
 * a coefficient may not use.  Returns 1 with *coef set, 0 if not affine
 * (or not provably so). */
int lds_affine_coef(lds_eval *ev, const lds_expr *e, uint64_t var, uint64_t varying, int64_t *coef);
/* The same for a call of def with argument expressions args. */
int lds_affine_call_coef(lds_eval *ev, const lds_sym *def, lds_expr *const *args, uint64_t var,
                         uint64_t varying, int64_t *coef);

#endif
