/* src/suggest_candidates.h - the layouts suggest tries for an array:
 * row paddings, CuTe swizzles, ck_tile's XOR, Triton's swizzled and
 * NVMMA shared layouts, and paddings under swizzles, each written in lds's notation and, where the
 * library has it, in the library's own. */
#ifndef LDS_SUGGEST_CANDIDATES_H
#define LDS_SUGGEST_CANDIDATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/sim.h"
#include "src/ast.h"
#include "src/results.h"

/* The most layouts one suggest tries, and its budget: this many times
 * the run's --max-steps over all its replays (lds(5), suggest). */
#define LDS_SUGGEST_MAX_CANDIDATES 400
#define LDS_SUGGEST_STEPS_FACTOR 10
/* A combination pairs one of the best paddings with one of the best
 * swizzles: this many of each. */
#define LDS_SUGGEST_COMBINE_EACH 8

typedef struct {
    unsigned elem_size;           /* bytes */
    unsigned ndims;
    const int64_t *dims;
    unsigned max_width;           /* bytes of the widest access to it */
    const lds_sim_profile *profile;   /* the one in force at the statement */
    bool has_layout;              /* declared with a layout: row-major is a candidate */
    const lds_cute_form *own;     /* that layout, when CuTe's: its variations are candidates */
} lds_suggest_shape;

/* Fill out[0..] (at most max, label, layout, cute, triton, why and
 * simplicity set, the metrics left to the caller) with the candidates
 * for an array of this shape, simplest first; *truncated if more would
 * have followed.  Returns how many. */
size_t lds_suggest_candidates(const lds_suggest_shape *sh, lds_suggest_candidate *out, size_t max, bool *truncated);

/* The second round, for when no single layout removes every conflict: a
 * row padding under a CuTe swizzle, built from the best
 * LDS_SUGGEST_COMBINE_EACH paddings and swizzles of ranked[0..nranked)
 * (ranked, simulated).  Fills out as lds_suggest_candidates does. */
size_t lds_suggest_combinations(const lds_suggest_shape *sh, const lds_suggest_candidate *ranked, size_t nranked,
                                lds_suggest_candidate *out, size_t max, bool *truncated);

#endif
