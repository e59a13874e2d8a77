/* sim/sim.h - one wave-wide shared-memory instruction through R1-R3
 * (rules.md sections 1-3).  Pure: no language, no GMP. */
#ifndef LDS_SIM_SIM_H
#define LDS_SIM_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/profile.h"

/* At most 4 sub-steps (b128) per half-wave, 64 lanes: 256 phases. */
#define LDS_SIM_MAX_PHASES 256

/* One phase of one instruction: which lanes it holds and what it cost. */
typedef struct {
    uint64_t lanes;        /* bit i: lane i takes part (active) */
    unsigned substep;      /* sub-step (substeps mode), else 0 */
    unsigned cost;         /* cycles: max over banks */
    unsigned worst_bank;   /* the (lowest) bank that set the cost */
    unsigned accesses;     /* lane-word accesses */
    unsigned distinct;     /* distinct units served (words, or word+offset) */
} lds_sim_phase;

typedef struct {
    uint64_t cycles;       /* sum of phase costs */
    uint64_t ideal;        /* phases with an active lane */
    uint64_t ways;         /* max phase cost */
    uint64_t broadcasts;   /* accesses served by another lane's word */
    unsigned nphases;      /* phases with an active lane, listed below */
    lds_sim_phase phase[LDS_SIM_MAX_PHASES];
} lds_sim_result;

typedef struct {
    lds_sim_kind kind;
    unsigned width;        /* bytes: 1, 2, 4, 8, 12 or 16 */
    unsigned nlanes;       /* <= profile wave */
    const bool *active;    /* [nlanes] */
    const uint64_t *addr;  /* [nlanes] byte addresses */
} lds_sim_access;

/* Simulate one instruction.  Returns 0, or -1 with *why set when the
 * profile's phase table for this width is malformed. */
int lds_sim_run(const lds_sim_profile *p, const lds_sim_access *a,
                lds_sim_result *out, const char **why);

/* Greatest common divisor (gcd(0, 0) = 0). */
uint64_t lds_sim_gcd(uint64_t a, uint64_t b);

/* Whether an address is aligned for `width` on this profile (rules.md 1). */
bool lds_sim_aligned(const lds_sim_profile *p, unsigned width, uint64_t addr);
/* Required alignment in bytes. */
unsigned lds_sim_alignment(const lds_sim_profile *p, unsigned width);

/* Per-bank view of one phase (for reports): fills hits[bank] (lane-word
 * accesses) and distinct[bank] (units the bank must serve); arrays hold
 * p->banks entries. */
void lds_sim_phase_banks(const lds_sim_profile *p, const lds_sim_access *a,
                         const lds_sim_phase *ph, unsigned *hits,
                         unsigned *distinct);

#endif
