/* sim/gf2.h - the closed form of one instruction whose byte address is
 * affine in the lane over GF(2): addr(lane) = base XOR (the XOR of
 * col[b] over the set bits b of the lane number).  Triton's linear
 * layouts see shared memory so: power-of-two layouts and XOR swizzles
 * are linear maps of the lane's bits.
 *
 * A phase whose lanes form a coset of a subspace of the lane bits maps
 * onto an affine subspace of words; the banks it touches are the image
 * of the bank bits, each bank seeing the same number of distinct words,
 * 2^(rank of the word map - rank of the bank map).  So the cost of a
 * phase, its broadcasts and its busiest (lowest) bank follow from two
 * ranks, without a lane enumerated, and the base (what the loops and
 * the wave add, XORed in) changes none of the counts.
 *
 * It answers only where it is exact (the rules of sim/sim.c): every lane
 * active, one address a lane of a power-of-two width naturally aligned,
 * phases that are cosets, a power-of-two bank count; it declines the
 * literal R3, strict R2 on sub-word accesses, global memory and the
 * special forms.  Pure: no language, no GMP. */
#ifndef LDS_SIM_GF2_H
#define LDS_SIM_GF2_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/sim.h"

/* Bits of a lane number (a wave of 64). */
#define LDS_GF2_LANE_BITS 6

/* Rank over GF(2) of n vectors (each a uint64_t). */
unsigned lds_gf2_rank(const uint64_t *v, unsigned n);
/* The least value of the coset b XOR span(v[0..n-1]). */
uint64_t lds_gf2_coset_min(uint64_t b, const uint64_t *v, unsigned n);
/* Whether the lanes of `mask` (not empty) are a coset first XOR span:
 * then *dim and basis[0 .. *dim - 1] (lane-number differences) hold it,
 * *first its least lane. */
bool lds_gf2_lane_coset(uint64_t mask, unsigned *first, unsigned *dim, uint64_t basis[LDS_GF2_LANE_BITS]);

/* An address affine in the lane over GF(2). */
typedef struct {
    unsigned lane_bits;                /* log2 of the wave */
    uint64_t col[LDS_GF2_LANE_BITS];   /* what lane bit b XORs in */
    uint64_t base;                     /* lane 0's address */
} lds_gf2_map;

/* The address of `lane` under m. */
uint64_t lds_gf2_address(const lds_gf2_map *m, unsigned lane);

/* The instruction of access a (its kind, width, addresses a lane, form
 * and lanes; a->addr and a->active are not read: every lane of the wave
 * is active, at m's addresses), of class c: fills *out as
 * lds_sim_run_class would and returns true, or returns false (declined,
 * *out unspecified) where the closed form is not proven exact. */
bool lds_gf2_run(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_class *c, const lds_gf2_map *m,
                 lds_sim_result *out);

#endif
