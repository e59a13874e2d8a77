/* sim/oneword.c - R1 over a phase whose lanes each touch one word: the
 * hot path of lds_sim_run (sim/sim.c) for the common aligned access. */
#include "sim/oneword.h"

#include <string.h>

#include "sim/phases.h"

/* Lanes on one bank past which distinct_words hashes the words rather
 * than comparing each with those before it (a 32-way conflict: 496
 * comparisons). */
#define HASH_FROM 12
#define HASH_SLOTS (2 * LDS_SIM_MAX_WAVE)   /* a power of two, at most half full */

/* The same, for many lanes: a set of the words in open addressing. */
static unsigned distinct_words_hashed(const lds_sim_access *a, uint64_t lanes, unsigned shift)
{
    uint64_t slot[HASH_SLOTS];
    bool used[HASH_SLOTS];
    unsigned n = 0;
    memset(used, 0, sizeof used);
    for (; lanes; lanes &= lanes - 1) {
        uint64_t w = a->addr[__builtin_ctzll(lanes)] >> shift;
        unsigned i = (unsigned)((w * 0x9e3779b97f4a7c15ull) >> 57) & (HASH_SLOTS - 1);
        while (used[i] && slot[i] != w)
            i = (i + 1) & (HASH_SLOTS - 1);
        if (!used[i]) {
            used[i] = true;
            slot[i] = w;
            n++;
        }
    }
    return n;
}

/* The distinct words the lanes of `lanes` touch (one word each). */
static unsigned distinct_words(const lds_sim_access *a, uint64_t lanes, unsigned shift)
{
    if (lds_sim_lanes_in(lanes) > HASH_FROM)
        return distinct_words_hashed(a, lanes, shift);
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

/* Whether a lane of `lanes` touches more than one word. */
static bool crosses(const lds_sim_access *a, uint64_t lanes, unsigned shift)
{
    for (; lanes; lanes &= lanes - 1) {
        uint64_t addr = a->addr[__builtin_ctzll(lanes)];
        if ((addr >> shift) != (addr + a->width - 1) >> shift)
            return true;
    }
    return false;
}

/* The distinct words of a bank's lanes (merge) or its lanes: a bank of
 * one or two lanes (nearly every bank of a scatter) without a branch on
 * the addresses, which a scatter would mispredict a few times a phase. */
static unsigned bank_cost(const lds_sim_access *a, uint64_t lanes, unsigned shift, bool merge)
{
    if (!merge)
        return lds_sim_lanes_in(lanes);
    uint64_t after = lanes & (lanes - 1);   /* the lanes past the first */
    if (after & (after - 1))
        return distinct_words(a, lanes, shift);
    unsigned first = (unsigned)__builtin_ctzll(lanes), second = after ? (unsigned)__builtin_ctzll(after) : first;
    return 1 + ((a->addr[first] >> shift) != (a->addr[second] >> shift));
}

bool lds_sim_one_word_phase(const lds_sim_geometry *g, const lds_sim_access *a, lds_sim_phase *ph, unsigned shift,
                            bool merge)
{
    /* One pass over the lanes gathers each bank's lanes, the lowest bank,
     * and the lanes that found their bank taken by an earlier lane; only
     * those banks are looked at again.  A lane costs a few instructions
     * and no shift by a variable amount but the word's (x86-64 shifts by
     * %cl only). */
    uint64_t on_bank[64], joined = 0, any_addr = 0, in_phase = ph->lanes;
    unsigned n = 0, bank_mask = g->banks - 1, lowest = bank_mask;
    memset(on_bank, 0, g->banks * sizeof on_bank[0]);
#define GATHER(lane, bit) \
    do { \
        uint64_t addr = a->addr[lane], b = (addr >> shift) & bank_mask, had = on_bank[b]; \
        any_addr |= addr; \
        joined |= had ? (bit) : 0; \
        on_bank[b] = had | (bit); \
        lowest = b < lowest ? (unsigned)b : lowest; \
    } while (0)
    uint64_t low = in_phase & (0 - in_phase);
    if (in_phase && (in_phase & (in_phase + low)) == 0) {   /* contiguous: lanes lo .. hi - 1 */
        unsigned lo = (unsigned)__builtin_ctzll(in_phase), hi = 64 - (unsigned)__builtin_clzll(in_phase);
        uint64_t bit = low;
        for (unsigned lane = lo; lane < hi; lane++, bit <<= 1)
            GATHER(lane, bit);
        n = hi - lo;
    } else {
        for (uint64_t rest = in_phase; rest; rest &= rest - 1, n++)
            GATHER((unsigned)__builtin_ctzll(rest), rest & (0 - rest));
    }
#undef GATHER
    /* every address a multiple of a power-of-two width: none crosses a
     * word (a power of two no narrower); else lane by lane */
    bool aligned = !(a->width & (a->width - 1)) && !(any_addr & (a->width - 1));
    if (!aligned && crosses(a, in_phase, shift))
        return false;
    /* a bank of one lane costs 1; the banks the joined lanes found taken,
     * once each (the lowest of the busiest banks is the worst) */
    unsigned banks_touched = n - lds_sim_lanes_in(joined), cost = n ? 1 : 0, worst = n ? lowest : 0;
    unsigned distinct = banks_touched;
    for (uint64_t rest = joined; rest; rest &= rest - 1) {
        unsigned bank = (unsigned)((a->addr[__builtin_ctzll(rest)] >> shift) & bank_mask);
        uint64_t lanes = on_bank[bank];
        if (!lanes)
            continue;   /* counted at an earlier lane */
        on_bank[bank] = 0;
        unsigned c = bank_cost(a, lanes, shift, merge);
        distinct += c - 1;
        if (c > cost || (c == cost && bank < worst)) {
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
