/* sim/gf2.c - one instruction's cost from the ranks of its address map
 * over GF(2) (sim/gf2.h); the same numbers as sim/sim.c, which
 * tests/unit/test-gf2.c and the differential fuzzer check. */
#include "sim/gf2.h"

#include <string.h>

#include "sim/phases.h"

/* Reduce v against a basis kept with distinct leading (highest) bits,
 * basis[h] the vector whose leading bit is h (0 where none). */
static uint64_t reduce(const uint64_t basis[64], uint64_t v)
{
    while (v) {
        unsigned h = 63u - (unsigned)__builtin_clzll(v);
        if (!basis[h])
            return v;
        v ^= basis[h];
    }
    return 0;
}

/* Add v to the basis: whether it was independent. */
static bool insert(uint64_t basis[64], uint64_t v)
{
    v = reduce(basis, v);
    if (!v)
        return false;
    basis[63u - (unsigned)__builtin_clzll(v)] = v;
    return true;
}

unsigned lds_gf2_rank(const uint64_t *v, unsigned n)
{
    uint64_t basis[64] = { 0 };
    unsigned rank = 0;
    for (unsigned i = 0; i < n; i++)
        rank += insert(basis, v[i]);
    return rank;
}

uint64_t lds_gf2_coset_min(uint64_t b, const uint64_t *v, unsigned n)
{
    uint64_t basis[64] = { 0 };
    for (unsigned i = 0; i < n; i++)
        insert(basis, v[i]);
    /* from the highest leading bit down: clear it where b has it; lower
     * vectors never set a higher bit again */
    for (unsigned h = 64; h-- > 0;)
        if (basis[h] && (b >> h & 1))
            b ^= basis[h];
    return b;
}

bool lds_gf2_lane_coset(uint64_t mask, unsigned *first, unsigned *dim, uint64_t basis[LDS_GF2_LANE_BITS])
{
    if (!mask)
        return false;
    unsigned l0 = (unsigned)__builtin_ctzll(mask), n = 0;
    uint64_t echelon[64] = { 0 };
    for (uint64_t rest = mask; rest; rest &= rest - 1) {
        uint64_t d = (uint64_t)((unsigned)__builtin_ctzll(rest) ^ l0);
        if (insert(echelon, d)) {
            if (n == LDS_GF2_LANE_BITS)
                return false;
            basis[n++] = d;
        }
    }
    /* a coset has exactly 2^n lanes, all of them in the mask */
    if (lds_sim_lanes_in(mask) != 1u << n)
        return false;
    for (uint64_t s = 0; s < (uint64_t)1 << n; s++) {
        unsigned lane = l0;
        for (unsigned b = 0; b < n; b++)
            if (s >> b & 1)
                lane ^= (unsigned)basis[b];
        if (lane >= 64 || !(mask >> lane & 1))
            return false;
    }
    *first = l0;
    *dim = n;
    return true;
}

/* The XOR of the columns of the set bits of v. */
static uint64_t image(const lds_gf2_map *m, uint64_t v)
{
    uint64_t r = 0;
    for (unsigned b = 0; b < m->lane_bits; b++)
        if (v >> b & 1)
            r ^= m->col[b];
    return r;
}

uint64_t lds_gf2_address(const lds_gf2_map *m, unsigned lane)
{
    return m->base ^ image(m, lane);
}

static bool pow2(uint64_t v)
{
    return v && (v & (v - 1)) == 0;
}

static unsigned log2u(uint64_t v)
{
    return 63u - (unsigned)__builtin_clzll(v);
}

/* Whether the class and the map are ones the closed form holds for. */
static bool applies(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_class *c, const lds_gf2_map *m)
{
    if (a->global || a->naddr != 1 || (a->form != LDS_FORM_PLAIN && a->form != LDS_FORM_NO_MERGE))
        return false;
    if (!pow2(p->wave) || a->nlanes != p->wave || m->lane_bits != log2u(p->wave) || m->lane_bits > LDS_GF2_LANE_BITS)
        return false;
    if (c->g.substeps || c->g.per_address || c->g.nsubsteps != 1 || !pow2(c->g.banks) || !pow2(c->g.bank_bytes))
        return false;
    if (!pow2(a->width) || a->width > 16 || (p->r2 == LDS_R2_STRICT && a->width < p->bank_bytes))
        return false;
    /* every lane's address a multiple of the width: the words of a wide
     * access are then its word XOR 0 .. words - 1 (and none is left out) */
    for (unsigned b = 0; b < m->lane_bits; b++)
        if (m->col[b] & (a->width - 1))
            return false;
    return (m->base & (a->width - 1)) == 0;
}

/* One phase: the lanes of `mask`, a coset. */
static bool cost_phase(const lds_sim_geometry *g, const lds_sim_access *a, bool merge, const lds_gf2_map *m,
                       uint64_t mask, lds_sim_phase *ph)
{
    unsigned first, dim;
    uint64_t basis[LDS_GF2_LANE_BITS];
    if (!lds_gf2_lane_coset(mask, &first, &dim, basis))
        return false;
    unsigned shift = log2u(g->bank_bytes), nwords = a->width > g->bank_bytes ? a->width / g->bank_bytes : 1;
    uint64_t words[LDS_GF2_LANE_BITS + 3], banks[LDS_GF2_LANE_BITS + 3];
    unsigned n = 0;
    for (unsigned i = 0; i < dim; i++)
        words[n++] = image(m, basis[i]) >> shift;
    for (unsigned w = 1; w < nwords; w *= 2)   /* the words of one lane */
        words[n++] = w;
    for (unsigned i = 0; i < n; i++)
        banks[i] = words[i] & (g->banks - 1);
    unsigned rank_words = lds_gf2_rank(words, n), rank_banks = lds_gf2_rank(banks, n);
    unsigned accesses = 1u << n, distinct = merge ? 1u << rank_words : accesses;
    unsigned cost = merge ? 1u << (rank_words - rank_banks) : 1u << (n - rank_banks);
    uint64_t first_bank = (lds_gf2_address(m, first) >> shift) & (g->banks - 1);
    ph->lanes = mask;
    ph->substep = 0;
    ph->cost = cost;
    ph->worst_bank = (unsigned)lds_gf2_coset_min(first_bank, banks, n);
    ph->accesses = accesses;
    ph->distinct = distinct;
    return true;
}

bool lds_gf2_run(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_class *c, const lds_gf2_map *m,
                 lds_sim_result *out)
{
    if (!applies(p, a, c, m))
        return false;
    lds_sim_geometry g = c->g;
    /* the pair rule: lanes n and n^1 (or n^2) on one address, every
     * lane active: lane bit 0 (or 1) moves no address bit */
    if (c->paired && (m->col[0] == 0 || m->col[1] == 0)) {
        g.phases = c->paired;
        g.paired = true;
    }
    uint8_t phase_of_lane[LDS_SIM_MAX_WAVE];
    const char *why = NULL;
    unsigned groups = lds_sim_phase_map(g.phases, p->wave, phase_of_lane, &why);
    if (groups == 0)
        return false;
    uint64_t masks[LDS_SIM_MAX_GROUPS] = { 0 };
    for (unsigned lane = 0; lane < p->wave; lane++)
        masks[phase_of_lane[lane]] |= (uint64_t)1 << lane;
    memset(out, 0, sizeof *out - sizeof out->phase);
    bool merge = lds_sim_access_merges(p, a);
    for (unsigned i = 0; i < groups; i++) {
        if (!masks[i] || out->nphases >= LDS_SIM_MAX_PHASES)
            continue;
        lds_sim_phase *ph = &out->phase[out->nphases++];
        if (!cost_phase(&g, a, merge, m, masks[i], ph))
            return false;
        out->cycles += ph->cost;
        out->ideal += 1;
        if (ph->cost > out->ways)
            out->ways = ph->cost;
        out->broadcasts += ph->accesses - ph->distinct;
    }
    out->paired = g.paired;
    return true;
}
