/* src/period.h - when does an access repeat itself as one variable (a
 * loop variable, the wave, the group) advances?  The proof behind the
 * period shortcut of src/iterspace.c.
 *
 * A shift (P, c) of an expression e in variable v means: for every v with
 * v and v + P in the range, every lane and every value of the variables
 * nested inside, e(v + P) = e(v) + D, where D = c when `uniform` (the
 * same for every lane and inner value), or else D = c times some integer
 * (which may differ by lane).  So c = 0 means e repeats with period P.
 *
 * It follows + - * by a uniform factor, << and >> by a uniform count, /
 * and % by a uniform divisor (C's truncation: only where the dividend
 * keeps one sign over the whole range, which an interval analysis
 * proves), & | ^ with an operand that fits below a power of two, any
 * operator or built-in whose operands all repeat (c = 0), and x % m or
 * x & (2^k - 1) of a polynomial x in the variable (integer + - * <<):
 * x is congruent to itself mod m after some period, so the residue
 * repeats ((k * k) % 64: period 64).  Anything else is not proven, and
 * the caller enumerates. */
#ifndef LDS_PERIOD_H
#define LDS_PERIOD_H

#include <stdbool.h>
#include <stdint.h>

#include "src/eval.h"

typedef struct {
    uint64_t period;
    int64_t c;
    bool uniform;
} lds_shift;

/* What the analysis knows of the iteration space. */
typedef struct {
    lds_eval *ev;             /* for uniform factors (probed in the current env) */
    uint64_t var;             /* the dependency bit of the variable */
    int64_t lo, hi;           /* its range: lo .. hi - 1 */
    uint64_t varying;         /* bits of the dimensions nested inside it */
    uint64_t unknown;         /* bits of outer variables whose values are
                                 not to be used (planning: the result must
                                 hold for all of them) */
    int64_t nwaves, groups;   /* for the ranges of wave, tid, group */
    /* the range lo .. hi of the loop variable of slot (one nested inside);
     * 0 if not known */
    int (*loop_range)(void *ctx, unsigned slot, int64_t *lo, int64_t *hi);
    void *ctx;
    /* A direction instead of one variable (the fold): while var
     * advances by 1, the loop variable of bit `along` (one of `varying`)
     * advances by along_step.  Every rule below is an identity between
     * two points of the space, so it holds along any straight line whose
     * both ends lie in it (a box: the points between do too).  0: var
     * alone. */
    uint64_t along;
    int64_t along_step;
} lds_period_ctx;

/* The shift of e; 1 if proven, 0 if not. */
int lds_period_of(const lds_period_ctx *cx, const lds_expr *e, lds_shift *out);
/* The shift of a call of def with argument expressions args (a layout). */
int lds_period_of_call(const lds_period_ctx *cx, const lds_sym *def, lds_expr *const *args, lds_shift *out);

/* The same for e inside a def call (fr: its arguments). */
struct lds_frame;
int lds_period_of_framed(const lds_period_ctx *cx, const struct lds_frame *fr, const lds_expr *e, lds_shift *out);

/* The smallest multiple of s.period at which a shift by D repeats modulo
 * m as well (D a multiple of m); 0 on overflow. */
uint64_t lds_period_modulo(const lds_shift *s, uint64_t m);

/* lcm of two periods; 0 beyond the longest period considered. */
uint64_t lds_period_lcm(uint64_t a, uint64_t b);
/* acc += s x f (f the same everywhere): 1, or 0 on overflow. */
int lds_shift_add(lds_shift *acc, lds_shift s, int64_t f);

#endif
