/* src/interval.h - the values an expression can take over the iteration
 * space of a period analysis: what proves that a dividend keeps its sign,
 * or that an operand of & | ^ fits below a power of two. */
#ifndef LDS_INTERVAL_H
#define LDS_INTERVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "src/period.h"

/* A def call's arguments, and the frame they are evaluated in. */
typedef struct lds_frame {
    lds_expr *const *args;
    const struct lds_frame *up;
} lds_frame;

typedef struct {
    int64_t lo, hi;
    bool known;               /* false: any integer */
} lds_range;

/* Every value e takes for every lane, every value of cx's variable in
 * its range and of the variables inside it (fr: the def call e is in). */
lds_range lds_range_of(const lds_period_ctx *cx, const lds_frame *fr, const lds_expr *e);
/* Whether every subexpression of e (def bodies and their arguments
 * included) has a known range there: then no value in it leaves int64
 * (no --max-bits error, nothing too wide for 64 bits) anywhere in cx's
 * space.  A uniform part counts as known: it is the same everywhere. */
bool lds_range_all_known(const lds_period_ctx *cx, const lds_frame *fr, const lds_expr *e);
/* A value that does not change over cx's space (no lane, no variable of
 * the analysed or inner dimensions, no parameter, nothing unknown),
 * probed in the current environment: whether there is one. */
bool lds_uniform_value(const lds_period_ctx *cx, const lds_expr *e, int64_t *v);
/* The smallest 2^k - 1 at or above v >= 0. */
int64_t lds_ones_above(int64_t v);

#endif
