/* src/memo.h - the results of instructions already simulated, by their
 * lanes: the same active lanes at the same addresses give the same costs,
 * however many times a pattern recurs across waves, groups and trips.
 * One per access (and per worker thread); it turns itself off when it
 * finds nothing. */
#ifndef LDS_MEMO_H
#define LDS_MEMO_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/sim.h"
#include "base/arena.h"

typedef struct lds_memo lds_memo;

/* A memo in arena (an access's, or a worker's: used by one thread); its
 * table, once made, is the heap's until lds_memo_release. */
lds_memo *lds_memo_new(lds_arena *arena);
void lds_memo_release(lds_memo *m);

/* The totals of an instruction with these lanes (active lanes, the
 * addresses of all n lanes) if one was kept: *res gets its cycles, ideal,
 * ways, broadcasts, unaligned and pairing, no phases. */
bool lds_memo_find(lds_memo *m, const bool *active, const uint64_t *addr, unsigned n, lds_sim_result *res);
/* Keep them (replacing what shared its slot). */
void lds_memo_keep(lds_memo *m, const bool *active, const uint64_t *addr, unsigned n, const lds_sim_result *res);

#endif
