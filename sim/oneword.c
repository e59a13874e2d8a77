/* sim/oneword.c - R1 over a phase whose lanes each touch one word: the
 * hot path of lds_sim_run (sim/sim.c) for the common aligned access. */
#include "sim/oneword.h"

#include "sim/phases.h"

/* The distinct words the lanes of `lanes` touch (one word each). */
static unsigned distinct_words(const lds_sim_access *a, uint64_t lanes, unsigned shift)
{
    uint64_t seen[LDS_SIM_MAX_WAVE];
    unsigned n = 0;
    for (; lanes; lanes &= lanes - 1) {
        uint64_t w = a->addr[__builtin_ctzll(lanes)] >> shift;
        unsigned i = 0;
        while (i < n && seen[i] != w)
            i++;
        if (i == n)
            seen[n++] = w;
    }
    return n;
}

bool lds_sim_one_word_phase(const lds_sim_geometry *g, const lds_sim_access *a, lds_sim_phase *ph, unsigned shift,
                            bool merge)
{
    uint64_t on_bank[64], touched = 0, crossing = 0, in_phase = ph->lanes;
    unsigned n = 0;
    /* lane by lane: a run of lanes (the usual phase: a half-wave, every
     * lane active) without finding each one's bit */
#define GATHER(lane) \
    do { \
        uint64_t addr = a->addr[lane], w = addr >> shift, bit = (uint64_t)1 << (w & (g->banks - 1)); \
        crossing |= w ^ ((addr + a->width - 1) >> shift); \
        if (!(touched & bit)) { \
            touched |= bit; \
            on_bank[w & (g->banks - 1)] = 0; \
        } \
        on_bank[w & (g->banks - 1)] |= (uint64_t)1 << (lane); \
    } while (0)
    uint64_t low = in_phase & (0 - in_phase);
    if (in_phase && (in_phase & (in_phase + low)) == 0) {   /* contiguous: lanes lo .. hi - 1 */
        unsigned lo = (unsigned)__builtin_ctzll(in_phase), hi = 64 - (unsigned)__builtin_clzll(in_phase);
        for (unsigned lane = lo; lane < hi; lane++)
            GATHER(lane);
        n = hi - lo;
    } else {
        for (uint64_t rest = in_phase; rest; rest &= rest - 1, n++)
            GATHER((unsigned)__builtin_ctzll(rest));
    }
#undef GATHER
    if (crossing)
        return false;
    unsigned cost = 0, worst = 0, distinct = 0;
    for (uint64_t rest = touched; rest; rest &= rest - 1) {
        unsigned bank = (unsigned)__builtin_ctzll(rest);
        uint64_t lanes = on_bank[bank];
        unsigned c = !(lanes & (lanes - 1)) ? 1 : merge ? distinct_words(a, lanes, shift) : lds_sim_lanes_in(lanes);
        distinct += c;
        if (c > cost) {
            cost = c;
            worst = bank;
        }
    }
    ph->cost = cost;
    ph->worst_bank = worst;
    ph->accesses = n;
    ph->distinct = distinct;
    return true;
}
