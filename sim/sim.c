/* sim/sim.c - R1 (bank check per phase), R2 (sub-word merging) and R3
 * (which lanes and words form a phase), rules.md section 2. */
#include "sim/sim.h"

#include <string.h>

/* One lane-word access inside a phase. */
typedef struct {
    unsigned bank;
    uint64_t unit;   /* what must be distinct to cost a cycle */
} entry;

/* Most entries one phase can hold: 64 lanes x 4 words. */
#define MAX_ENTRIES (LDS_SIM_MAX_WAVE * 4)

uint64_t lds_sim_gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

unsigned lds_sim_alignment(const lds_sim_profile *p, unsigned width)
{
    if (p->natural_align && width >= 8 && (width & (width - 1)) == 0)
        return width;
    return width < p->bank_bytes ? width : p->bank_bytes;
}

bool lds_sim_aligned(const lds_sim_profile *p, unsigned width, uint64_t addr)
{
    unsigned al = lds_sim_alignment(p, width);
    return al == 0 || addr % al == 0;
}

/* Whether lanes on the same unit are served together (R1 broadcast / one
 * writer wins).  Atomics never merge; writes on Intel never merge. */
static bool merges(const lds_sim_profile *p, lds_sim_kind kind)
{
    if (kind == LDS_ACCESS_ATOMIC)
        return false;
    if (kind == LDS_ACCESS_WRITE)
        return p->write_merge;
    return true;
}

/* The unit a lane's access of one word is counted as: the word, or under
 * strict R2 (sub-word accesses) the word and the byte offset in it. */
static uint64_t unit_of(const lds_sim_profile *p, unsigned width, uint64_t word,
                        uint64_t addr)
{
    if (p->r2 == LDS_R2_STRICT && width < p->bank_bytes)
        return word * p->bank_bytes + addr % p->bank_bytes;
    return word;
}

/* R1 over the entries of one phase: cost = max over banks of distinct
 * units (or of accesses when nothing merges). */
static void bank_check(bool merge, const entry *e,
                       unsigned n, lds_sim_phase *ph, unsigned *hits,
                       unsigned *distinct)
{
    unsigned cost = 0, worst = 0, total_distinct = 0;
    for (unsigned i = 0; i < n; i++) {
        bool fresh = true;
        if (merge)
            for (unsigned j = 0; j < i; j++)
                if (e[j].bank == e[i].bank && e[j].unit == e[i].unit) {
                    fresh = false;
                    break;
                }
        hits[e[i].bank]++;
        if (fresh) {
            total_distinct++;
            unsigned c = ++distinct[e[i].bank];
            if (c > cost || (c == cost && e[i].bank < worst)) {
                cost = c;
                worst = e[i].bank;
            }
        }
    }
    ph->cost = cost;
    ph->worst_bank = worst;
    ph->accesses = n;
    ph->distinct = total_distinct;
}

/* Gather the entries of the phase made of `lanes` (sub-step `s` in
 * substeps mode, all words otherwise). */
static unsigned gather(const lds_sim_profile *p, const lds_sim_access *a,
                       uint64_t lanes, int substep, entry *e)
{
    unsigned n = 0;
    unsigned bb = p->bank_bytes;
    for (unsigned lane = 0; lane < a->nlanes; lane++) {
        if (!(lanes >> lane & 1))
            continue;
        uint64_t addr = a->addr[lane];
        uint64_t first, last;
        if (substep >= 0) {
            first = last = (addr + (uint64_t)substep * bb) / bb;
        } else {
            first = addr / bb;
            last = (addr + a->width - 1) / bb;
        }
        for (uint64_t w = first; w <= last && n < MAX_ENTRIES; w++) {
            e[n].bank = (unsigned)(w % p->banks);
            e[n].unit = unit_of(p, a->width, w, addr);
            n++;
        }
    }
    return n;
}

/* Number of sub-steps of the literal R3: one per bank word of the width. */
static unsigned substeps_of(const lds_sim_profile *p, unsigned width)
{
    unsigned s = width / p->bank_bytes;
    return s ? s : 1;
}

static void run_phase(const lds_sim_profile *p, const lds_sim_access *a,
                      uint64_t lanes, int substep, lds_sim_result *out)
{
    entry e[MAX_ENTRIES];
    unsigned hits[LDS_SIM_MAX_BANKS], distinct[LDS_SIM_MAX_BANKS];
    if (!lanes || out->nphases >= LDS_SIM_MAX_PHASES)
        return;
    lds_sim_phase *ph = &out->phase[out->nphases++];
    unsigned n = gather(p, a, lanes, substep, e);
    for (unsigned i = 0; i < n; i++)
        hits[e[i].bank] = distinct[e[i].bank] = 0;
    ph->lanes = lanes;
    ph->substep = substep < 0 ? 0 : (unsigned)substep;
    bank_check(merges(p, a->kind), e, n, ph, hits, distinct);
    out->cycles += ph->cost;
    out->ideal += 1;
    if (ph->cost > out->ways)
        out->ways = ph->cost;
    out->broadcasts += ph->accesses - ph->distinct;
}

/* Active-lane masks of the phases, by table (R3 phases) or by contiguous
 * half-waves (R3 substeps).  Returns the number of groups: up to
 * LDS_SIM_MAX_GROUPS, more than the lanes when the table's period does
 * not divide the wave (its last repetition is cut short). */
static unsigned phase_masks(const lds_sim_profile *p, const lds_sim_access *a,
                            uint64_t masks[LDS_SIM_MAX_GROUPS], const char **why)
{
    uint8_t phase_of_lane[LDS_SIM_MAX_WAVE];
    unsigned groups;
    if (p->r3 == LDS_R3_SUBSTEPS) {
        unsigned half = p->wave < 32 ? p->wave : 32;
        for (unsigned lane = 0; lane < p->wave; lane++)
            phase_of_lane[lane] = (uint8_t)(lane / half);
        groups = (p->wave + half - 1) / half;
    } else {
        const char *spec = p->phases[lds_sim_width_class_of(a->kind, a->width)];
        groups = lds_sim_phase_map(spec, p->wave, phase_of_lane, why);
        if (groups == 0)
            return 0;
    }
    memset(masks, 0, sizeof(uint64_t) * groups);
    for (unsigned lane = 0; lane < a->nlanes && lane < p->wave; lane++)
        if (a->active[lane])
            masks[phase_of_lane[lane]] |= (uint64_t)1 << lane;
    return groups;
}

int lds_sim_run(const lds_sim_profile *p, const lds_sim_access *a,
                lds_sim_result *out, const char **why)
{
    uint64_t masks[LDS_SIM_MAX_GROUPS];
    memset(out, 0, sizeof *out - sizeof out->phase);
    unsigned groups = phase_masks(p, a, masks, why);
    if (groups == 0)
        return -1;
    if (p->r3 == LDS_R3_SUBSTEPS) {
        unsigned steps = substeps_of(p, a->width);
        for (unsigned g = 0; g < groups; g++)
            for (unsigned s = 0; s < steps; s++)
                run_phase(p, a, masks[g], (int)s, out);
    } else {
        for (unsigned g = 0; g < groups; g++)
            run_phase(p, a, masks[g], -1, out);
    }
    return 0;
}

void lds_sim_phase_banks(const lds_sim_profile *p, const lds_sim_access *a,
                         const lds_sim_phase *ph, unsigned *hits,
                         unsigned *distinct)
{
    entry e[MAX_ENTRIES];
    lds_sim_phase scratch;
    int substep = p->r3 == LDS_R3_SUBSTEPS ? (int)ph->substep : -1;
    unsigned n = gather(p, a, ph->lanes, substep, e);
    memset(hits, 0, sizeof(unsigned) * p->banks);
    memset(distinct, 0, sizeof(unsigned) * p->banks);
    bank_check(merges(p, a->kind), e, n, &scratch, hits, distinct);
}
