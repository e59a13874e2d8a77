/* src/builtins.h - the built-in functions: min max abs gcd lcm log2
 * popcount pow swizzle, and OpenCL's get_local_id & co. */
#ifndef LDS_BUILTINS_H
#define LDS_BUILTINS_H

#include <stdbool.h>
#include <stdint.h>

#include "src/num.h"

typedef enum {
    F_MIN, F_MAX, F_ABS, F_GCD, F_LCM, F_LOG2, F_POPCOUNT, F_POW, F_SWIZZLE,
    F_LOCAL_ID, F_GROUP_ID, F_LOCAL_SIZE,
    F_CAST,     /* a C cast: (value, bits*2 + signed); the parser writes it */
    F_VALUE_INDEX,  /* a fragment's value index: (v, values), v in 0..values-1; the parser writes it */
    F_WARP_LANES    /* a fragment's lanes a warp: (lanes, wave_size), equal; the parser writes it */
} lds_builtin;

typedef struct {
    const char *name;
    lds_builtin fn;
    unsigned min_args, max_args;
    uint64_t deps;            /* what a call depends on beyond its arguments */
} lds_builtin_info;

/* The built-in called name, or NULL. */
const lds_builtin_info *lds_builtin_find(const char *name);
/* The i-th built-in (for "did you mean" and completion), or NULL; those
 * only the parser writes (the cast, a value index), which no one calls
 * by name, are not among them. */
const lds_builtin_info *lds_builtin_at(unsigned i);

/* Whether the checks the parser writes (a cast, with k = bits*2 +
 * signed; a value index, with k = the values) return every value in
 * lo..hi unchanged, so that they are the identity there. */
bool lds_builtin_check_passes(lds_builtin fn, int64_t k, int64_t lo, int64_t hi);

/* The pure functions of numbers: fn of args (every one but min/max,
 * which the evaluator folds itself, and the thread queries). */
int lds_builtin_apply(lds_numctx *c, lds_builtin fn, const lds_num *args, lds_num *out, lds_loc loc);

#endif
