/* sim/sim.c - R1 (bank check per phase), R2 (sub-word merging) and R3
 * (which lanes and words form a phase), doc/rules.md section 2. */
#include "sim/sim.h"

#include <string.h>

#include "base/check.h"
#include "sim/coalesce.h"
#include "sim/oneword.h"
#include "sim/phases.h"

/* One lane-word access inside a phase. */
typedef struct {
    unsigned bank;
    unsigned lane;
    uint64_t word;
    uint64_t unit;   /* what must be distinct to cost a cycle */
} entry;

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

lds_sim_geometry lds_sim_geometry_of(const lds_sim_profile *p, lds_sim_kind kind, unsigned width)
{
    return lds_sim_geometry_for(p, kind, width, 1);
}

lds_sim_geometry lds_sim_geometry_for(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, unsigned naddr)
{
    lds_sim_geometry g;
    const lds_sim_entry *e = lds_sim_entry_for(p, kind, width / naddr, naddr);
    g.phases = e->phases;
    g.banks = lds_sim_entry_banks(p, e);
    g.bank_bytes = p->bank_bytes;
    g.substeps = p->r3 == LDS_R3_SUBSTEPS || e->word_steps;
    /* the literal R3 (or a class served a word at a time): one sub-step
     * per bank word of the width */
    g.nsubsteps = g.substeps && width / p->bank_bytes > 1 ? width / p->bank_bytes : 1;
    g.per_address = !g.substeps && e->per_address && naddr > 1;
    if (g.per_address)   /* one pass of phases for each address */
        g.nsubsteps = naddr;
    g.paired = false;
    return g;
}

/* The pair rule's test: every active lane whose partner lane ^ step is
 * active too has its partner's address (an inactive partner breaks
 * nothing). */
static bool lanes_pair_up(const lds_sim_access *a, unsigned step)
{
    for (unsigned lane = 0; lane < a->nlanes; lane++) {
        unsigned mate = lane ^ step;
        if (a->active[lane] && mate < a->nlanes && a->active[mate]
            && a->addr[lane * a->naddr] != a->addr[mate * a->naddr])
            return false;
    }
    return true;
}

/* A word of g's banks is addr >> shift: 2 or 3, or 0 for a bank width
 * that is not 4 or 8 bytes. */
static unsigned bank_shift(const lds_sim_geometry *g)
{
    return g->bank_bytes == 4 ? 2 : g->bank_bytes == 8 ? 3 : 0;
}

/* The geometry of the access's instruction class: by the bytes a lane
 * moves, so that a two-address b32 access (ds_read2_b32) is served as a
 * b64 one (an inference: lds(5), INSTRUCTIONS). */
static lds_sim_geometry class_geometry(const lds_sim_profile *p, const lds_sim_access *a)
{
    return lds_sim_geometry_for(p, a->kind, a->width * a->naddr, a->naddr);
}

static unsigned lane_groups(const lds_sim_profile *p, const char *phases, uint64_t masks[LDS_SIM_MAX_GROUPS],
                            const char **why);
static bool access_merges(const lds_sim_profile *p, const lds_sim_access *a);

void lds_sim_class_of(const lds_sim_profile *p, const lds_sim_access *a, lds_sim_class *c)
{
    const lds_sim_entry *e = lds_sim_entry_of(p, a->kind, a->width * a->naddr);
    c->g = class_geometry(p, a);
    /* the pair rule: the calibrated rules, one address a lane */
    c->paired = e->paired && p->r3 == LDS_R3_PHASES && a->naddr == 1 && a->form == LDS_FORM_PLAIN ? lds_sim_text_of(e->paired) : NULL;
    c->unaligned_free = lds_sim_entry_of(p, a->kind, a->width)->unaligned_free;
    c->merge = access_merges(p, a);
    /* cost_phase's test of the one-word path, less what a phase decides */
    bool no_substeps = !c->g.substeps && !c->g.per_address;
    bool strict = p->r2 == LDS_R2_STRICT && a->width < p->bank_bytes;
    c->one_word = no_substeps && a->naddr == 1 && !c->unaligned_free && a->width <= 16 && bank_shift(&c->g) && !strict
                  && (c->g.banks & (c->g.banks - 1)) == 0 && c->g.banks <= 64 && a->width <= c->g.bank_bytes;
    const char *why;
    c->ngroups = lane_groups(p, c->g.phases, c->groups, &why);
    c->npaired_groups = c->paired ? lane_groups(p, c->paired, c->paired_groups, &why) : 0;
}

bool lds_sim_class_tables_parse(const lds_sim_class *c)
{
    return c->ngroups > 0 && (!c->paired || c->npaired_groups > 0);
}

/* The geometry of this instruction of class c: the class's, or its
 * paired phases when lanes n and n^1 (or n and n^2) are on equal
 * addresses. */
static lds_sim_geometry instruction_geometry(const lds_sim_class *c, const lds_sim_access *a)
{
    lds_sim_geometry g = c->g;
    if (c->paired && (lanes_pair_up(a, 1) || lanes_pair_up(a, 2))) {
        g.phases = c->paired;
        g.paired = true;
    }
    return g;
}

lds_sim_geometry lds_sim_access_geometry(const lds_sim_profile *p, const lds_sim_access *a)
{
    lds_sim_class c;
    lds_sim_class_of(p, a, &c);
    return instruction_geometry(&c, a);
}

bool lds_sim_unaligned(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, uint64_t addr)
{
    unsigned slot = 1;   /* the power of two at or above the width */
    while (slot < width)
        slot *= 2;
    return width >= 8 && addr % slot != 0 && lds_sim_entry_of(p, kind, width)->unaligned_free;
}

bool lds_sim_merges(const lds_sim_profile *p, lds_sim_kind kind)
{
    if (kind == LDS_ACCESS_ATOMIC)
        return false;
    if (kind == LDS_ACCESS_WRITE)
        return p->write_merge;
    return true;
}

bool lds_sim_access_merges(const lds_sim_profile *p, const lds_sim_access *a)
{
    return lds_sim_merges(p, a->kind) && a->form != LDS_FORM_NO_MERGE;
}

static bool access_merges(const lds_sim_profile *p, const lds_sim_access *a)
{
    return lds_sim_access_merges(p, a);
}

bool lds_sim_equality_matters(const lds_sim_profile *p, lds_sim_kind kind, lds_sim_form form)
{
    return (lds_sim_merges(p, kind) && form != LDS_FORM_NO_MERGE) || form == LDS_FORM_CAS_LOOP
           || form == LDS_FORM_LINES;
}

uint64_t lds_sim_word_of(const lds_sim_profile *p, uint64_t addr)
{
    return addr / p->bank_bytes;
}

unsigned lds_sim_bank_of(const lds_sim_profile *p, const lds_sim_access *a, uint64_t w)
{
    return (unsigned)(w % class_geometry(p, a).banks);
}

/* Whether the bank check leaves the k-th address of `lane` out. */
static bool left_out(const lds_sim_profile *p, const lds_sim_access *a, unsigned lane, unsigned k)
{
    return lds_sim_unaligned(p, a->kind, a->width, a->addr[lane * a->naddr + k]);
}

/* The words of lane `lane` in a phase of sub-step `substep` (-1: every
 * word of each of its addresses); addresses the bank check leaves out
 * (unaligned, on profiles where they cost no conflict) bring none when
 * `checked`. */
static unsigned lane_words(const lds_sim_profile *p, const lds_sim_geometry *g, const lds_sim_access *a,
                           unsigned lane, int substep, bool checked, uint64_t words[LDS_SIM_MAX_LANE_WORDS])
{
    unsigned n = 0, bb = g->bank_bytes;
    for (unsigned k = 0; k < a->naddr; k++) {
        if (g->per_address && (int)k != substep)
            continue;   /* the phase of the other address */
        uint64_t addr = a->addr[lane * a->naddr + k];
        if (checked && left_out(p, a, lane, k))
            continue;
        if (substep >= 0 && g->substeps) {
            words[n++] = (addr + (uint64_t)substep * bb) / bb;
            continue;
        }
        for (uint64_t w = addr / bb; w <= (addr + a->width - 1) / bb && n < LDS_SIM_MAX_LANE_WORDS; w++)
            words[n++] = w;
    }
    return n;
}

/* The unit a lane's access of one word is counted as: the word, or under
 * strict R2 (sub-word accesses) the word and the byte offset in it. */
static uint64_t unit_of(const lds_sim_profile *p, unsigned width, uint64_t word, uint64_t addr)
{
    if (p->r2 == LDS_R2_STRICT && width < p->bank_bytes)
        return word * p->bank_bytes + addr % p->bank_bytes;
    return word;
}

/* Gather the lane-word entries of a phase made of `lanes`. */
static unsigned gather(const lds_sim_profile *p, const lds_sim_geometry *g, const lds_sim_access *a,
                       uint64_t lanes, int substep, entry *e)
{
    unsigned n = 0;
    for (unsigned lane = 0; lane < a->nlanes; lane++) {
        if (!(lanes >> lane & 1))
            continue;
        uint64_t words[LDS_SIM_MAX_LANE_WORDS];
        unsigned nw = lane_words(p, g, a, lane, substep, true, words);
        for (unsigned i = 0; i < nw && n < LDS_SIM_MAX_CELLS; i++) {
            /* sub-word accesses have one address and one word */
            e[n].bank = (unsigned)(words[i] % g->banks);
            e[n].lane = lane;
            e[n].word = words[i];
            e[n].unit = unit_of(p, a->width, words[i], a->addr[lane * a->naddr]);
            n++;
        }
    }
    return n;
}

/* R1 over the entries of one phase: cost = max over banks of distinct
 * units (of accesses when nothing merges).  fresh[i]: entry i is the
 * first of its unit on its bank (or nothing merges). */
static void bank_check(bool merge, const entry *e, unsigned n, lds_sim_phase *ph, unsigned *hits,
                       unsigned *distinct, bool *fresh)
{
    unsigned cost = 0, worst = 0, total_distinct = 0;
    for (unsigned i = 0; i < n; i++) {
        fresh[i] = true;
        if (merge)
            for (unsigned j = 0; j < i; j++)
                if (e[j].bank == e[i].bank && e[j].unit == e[i].unit) {
                    fresh[i] = false;
                    break;
                }
        hits[e[i].bank]++;
        if (fresh[i]) {
            total_distinct++;
            unsigned c = ++distinct[e[i].bank];
            if (c > cost || (c == cost && e[i].bank < worst)) {
                cost = c;
                worst = e[i].bank;
            }
        }
    }
    ph->cost = cost ? cost : 1;   /* a phase with only left-out lanes still takes its pass */
    ph->worst_bank = worst;
    ph->accesses = n;
    ph->distinct = total_distinct;
}

/* Gather and bank-check one phase; hits/distinct are zeroed first for the
 * banks the entries use (all `banks` when clear_all). */
static unsigned check_phase(const lds_sim_profile *p, const lds_sim_geometry *g, const lds_sim_access *a,
                            lds_sim_phase *ph, entry *e, unsigned *hits, unsigned *distinct, bool *fresh,
                            bool clear_all)
{
    int substep = g->substeps || g->per_address ? (int)ph->substep : -1;
    unsigned n = gather(p, g, a, ph->lanes, substep, e);
    if (clear_all) {
        memset(hits, 0, sizeof(unsigned) * g->banks);
        memset(distinct, 0, sizeof(unsigned) * g->banks);
    } else {
        for (unsigned i = 0; i < n; i++)
            hits[e[i].bank] = distinct[e[i].bank] = 0;
    }
    bank_check(access_merges(p, a), e, n, ph, hits, distinct, fresh);
    return n;
}

/* The running count of one phase: per bank its units so far (the first
 * one kept apart: a bank usually has one) and a hash set of the others.
 * It lives on the caller's stack, not in thread-local storage, which
 * every thread (the main one included, at start-up) would zero whole;
 * a phase clears only what it can touch: the counts of the profile's
 * banks, and the hash slots its cells need, when a bank first holds a
 * second unit. */
#define UNIT_SLOTS (2 * LDS_SIM_MAX_CELLS)   /* a power of two, at most half full */
typedef struct {
    unsigned count[LDS_SIM_MAX_BANKS];   /* valid below `banks` */
    uint64_t first[LDS_SIM_MAX_BANKS];   /* valid where count is not 0 */
    uint64_t unit[UNIT_SLOTS];           /* valid where used */
    bool used[UNIT_SLOTS];               /* valid below `slots` once set */
    unsigned slots;                      /* 0 until the set is needed */
    unsigned cells;                      /* the most units the phase can add */
} phase_tally;

static void tally_begin(phase_tally *t, unsigned banks, unsigned cells)
{
    memset(t->count, 0, sizeof t->count[0] * banks);
    t->slots = 0;
    t->cells = cells;
}

/* Whether unit u (on a bank that has another first unit) is new in this
 * phase (and remember it). */
static bool tally_new_unit(phase_tally *t, uint64_t u)
{
    if (t->slots == 0) {
        t->slots = 2;
        while (t->slots < 2 * t->cells)
            t->slots *= 2;
        memset(t->used, 0, t->slots);
    }
    uint64_t h = u * 0x9e3779b97f4a7c15ull;
    for (unsigned i = (unsigned)(h >> 40) & (t->slots - 1);; i = (i + 1) & (t->slots - 1)) {
        if (!t->used[i]) {
            t->used[i] = true;
            t->unit[i] = u;
            return true;
        }
        if (t->unit[i] == u)
            return false;
    }
}

/* Unit u on bank b: the bank's count of distinct units after it, or 0 if
 * u was there already (merge: lanes on one unit are served together). */
static unsigned tally_unit(phase_tally *t, unsigned b, uint64_t u, bool merge)
{
    if (t->count[b] == 0) {
        t->first[b] = u;
        return t->count[b] = 1;
    }
    if (merge && (u == t->first[b] || !tally_new_unit(t, u)))
        return 0;
    return ++t->count[b];
}

/* R1 over one phase, as bank_check() computes it but without keeping the
 * entries: the hot path of lds_sim_run. */
static void cost_phase(const lds_sim_profile *p, const lds_sim_class *c, const lds_sim_geometry *g,
                       const lds_sim_access *a, lds_sim_phase *ph)
{
    bool merge = c->merge;
    bool pow2 = (g->banks & (g->banks - 1)) == 0;
    int substep = g->substeps || g->per_address ? (int)ph->substep : -1;
    /* one address a lane, every word of it, word = addr >> shift */
    unsigned shift = bank_shift(g);
    bool simple = substep < 0 && a->naddr == 1 && !c->unaligned_free && a->width <= 16 && shift;
    bool strict = p->r2 == LDS_R2_STRICT && a->width < p->bank_bytes;
    LDS_ASSERT(c->one_word == (simple && !strict && pow2 && g->banks <= 64 && a->width <= g->bank_bytes));
    if (c->one_word && lds_sim_one_word_phase(g, a, ph, shift, merge))
        return;
    unsigned cost = 0, worst = 0, accesses = 0, distinct = 0;
    /* 21 KB: the thread's own, not the stack's (a caller's thread may have
     * 64 KiB in all: tests/api-stack.c) */
    static _Thread_local phase_tally tally;
    tally_begin(&tally, g->banks, (unsigned)__builtin_popcountll(ph->lanes) * LDS_SIM_MAX_LANE_WORDS);
    for (uint64_t rest = ph->lanes; rest; rest &= rest - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(rest);
        uint64_t words[LDS_SIM_MAX_LANE_WORDS];
        unsigned nw;
        if (simple) {
            uint64_t addr = a->addr[lane], w = addr >> shift, last = (addr + a->width - 1) >> shift;
            words[0] = w;
            for (nw = 1; ++w <= last;)
                words[nw++] = w;
        } else {
            nw = lane_words(p, g, a, lane, substep, true, words);
        }
        for (unsigned i = 0; i < nw; i++) {
            unsigned bank = (unsigned)(pow2 ? words[i] & (g->banks - 1) : words[i] % g->banks);
            uint64_t u = strict ? unit_of(p, a->width, words[i], a->addr[lane * a->naddr]) : words[i];
            accesses++;
            unsigned units = tally_unit(&tally, bank, u, merge);
            if (units == 0)
                continue;
            distinct++;
            if (units > cost || (units == cost && bank < worst)) {
                cost = units;
                worst = bank;
            }
        }
    }
    ph->cost = cost ? cost : 1;   /* a phase with only left-out lanes still takes its pass */
    ph->worst_bank = worst;
    ph->accesses = accesses;
    ph->distinct = distinct;
}

static void run_phase(const lds_sim_profile *p, const lds_sim_class *c, const lds_sim_geometry *g,
                      const lds_sim_access *a, uint64_t lanes, unsigned substep, lds_sim_result *out)
{
    if (!lanes || out->nphases >= LDS_SIM_MAX_PHASES)
        return;
    lds_sim_phase *ph = &out->phase[out->nphases++];
    ph->lanes = lanes;
    ph->substep = substep;
    cost_phase(p, c, g, a, ph);
    out->cycles += ph->cost;
    out->ideal += 1;
    if (ph->cost > out->ways)
        out->ways = ph->cost;
    out->broadcasts += ph->accesses - ph->distinct;
}

/* lds_sim_phase_map, remembering the last two tables parsed on this
 * thread (each access's class asks for its table and, with the pair
 * rule, the paired one), with each group's lanes as a mask. */
static unsigned phase_map_cached(const char *spec, unsigned wave, uint64_t group_lanes[LDS_SIM_MAX_GROUPS],
                                 const char **why)
{
    static _Thread_local struct {
        char spec[LDS_SIM_SPEC_LEN];
        unsigned wave, groups;
        uint64_t lanes[LDS_SIM_MAX_GROUPS];
    } kept[2];
    static _Thread_local unsigned older;   /* the entry a new table replaces */
    size_t len = strlen(spec);
    for (unsigned i = 0; i < 2; i++)
        if (kept[i].groups && kept[i].wave == wave && len < sizeof kept[i].spec
            && !memcmp(kept[i].spec, spec, len + 1)) {
            memcpy(group_lanes, kept[i].lanes, sizeof(uint64_t) * kept[i].groups);
            older = !i;
            return kept[i].groups;
        }
    uint8_t phase_of_lane[LDS_SIM_MAX_WAVE];
    unsigned groups = lds_sim_phase_map(spec, wave, phase_of_lane, why);
    if (groups == 0)
        return 0;
    memset(group_lanes, 0, sizeof(uint64_t) * groups);
    for (unsigned lane = 0; lane < wave; lane++)
        group_lanes[phase_of_lane[lane]] |= (uint64_t)1 << lane;
    if (len < sizeof kept[older].spec) {
        memcpy(kept[older].spec, spec, len + 1);
        kept[older].wave = wave;
        kept[older].groups = groups;
        memcpy(kept[older].lanes, group_lanes, sizeof(uint64_t) * groups);
        older = !older;
    }
    return groups;
}

/* Active-lane masks of the lane groups, by table (R3 phases) or by
 * contiguous half-waves (R3 substeps).  Returns the number of groups: up
 * to LDS_SIM_MAX_GROUPS, more than the lanes when the table's period does
 * not divide the wave (its last repetition is cut short). */
static unsigned lane_groups(const lds_sim_profile *p, const char *phases, uint64_t masks[LDS_SIM_MAX_GROUPS],
                            const char **why)
{
    if (p->r3 == LDS_R3_SUBSTEPS) {   /* the literal R3's half-waves (a class's word steps keep its table) */
        unsigned half = p->wave < 32 ? p->wave : 32, groups = (p->wave + half - 1) / half;
        for (unsigned i = 0; i < groups; i++)
            masks[i] = (half == 64 ? ~(uint64_t)0 : (((uint64_t)1 << half) - 1)) << (i * half);
        return groups;
    }
    return phase_map_cached(phases, p->wave, masks, why);
}

/* The lanes of a taking part (its active lanes within the wave). */
static uint64_t active_lanes(const lds_sim_profile *p, const lds_sim_access *a)
{
    uint64_t active = 0;   /* branch-free: the compiler vectorises it */
    unsigned n = a->nlanes < p->wave ? a->nlanes : p->wave;
    if (a->has_mask)
        active = a->active_mask & (n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1);
    else
        for (unsigned lane = 0; lane < n; lane++)
            active |= (uint64_t)a->active[lane] << lane;
    return active;
}

/* Active lane addresses the bank check leaves out. */
static unsigned count_left_out(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_class *c)
{
    unsigned n = 0;
    if (!c->unaligned_free)
        return 0;
    for (unsigned lane = 0; lane < a->nlanes && lane < p->wave; lane++)
        for (unsigned k = 0; a->active[lane] && k < a->naddr; k++)
            n += left_out(p, a, lane, k);
    return n;
}

/* cp.async.cg: one wavefront for each distinct 128-byte line the lanes
 * write, the lanes of a line its phase; no bank check (Nsight's ldgsts
 * counters on sm90). */
static void run_lines(const lds_sim_profile *p, const lds_sim_access *a, lds_sim_result *out)
{
    uint64_t line[LDS_SIM_MAX_WAVE];
    unsigned nlines = 0;
    for (unsigned lane = 0; lane < a->nlanes && lane < p->wave; lane++) {
        if (!a->active[lane])
            continue;
        uint64_t l = a->addr[lane * a->naddr] / LDS_SIM_LINE_BYTES;
        unsigned i = 0;
        while (i < nlines && line[i] != l)
            i++;
        if (i == nlines) {
            line[nlines++] = l;
            lds_sim_phase *ph = &out->phase[out->nphases++];
            memset(ph, 0, sizeof *ph);
            ph->cost = 1;
        }
        out->phase[i].lanes |= (uint64_t)1 << lane;
        out->phase[i].accesses++;
        out->phase[i].distinct = 1;
    }
    out->cycles = out->ideal = nlines;
    out->ways = nlines ? 1 : 0;
}

int lds_sim_run(const lds_sim_profile *p, const lds_sim_access *a, lds_sim_result *out, const char **why)
{
    lds_sim_class c;
    lds_sim_class_of(p, a, &c);
    return lds_sim_run_class(p, a, &c, out, why);
}

int lds_sim_run_class(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_class *c, lds_sim_result *out,
                      const char **why)
{
    uint64_t masks[LDS_SIM_MAX_GROUPS];
    memset(out, 0, sizeof *out - sizeof out->phase);
    if (a->global) {   /* not banked: coalesced into the vendor's transactions */
        lds_sim_coalesce(p, a, out);
        return 0;
    }
    if (a->form == LDS_FORM_LINES) {
        run_lines(p, a, out);
        return 0;
    }
    lds_sim_geometry g = instruction_geometry(c, a);
    /* the class's lane groups, parsed once; a malformed table parsed
     * again, for its reason */
    unsigned groups = g.paired ? c->npaired_groups : c->ngroups;
    const uint64_t *group_lanes = g.paired ? c->paired_groups : c->groups;
    if (groups == 0) {
        groups = lane_groups(p, g.phases, masks, why);
        if (groups == 0)
            return -1;
        group_lanes = masks;
    }
    uint64_t active = active_lanes(p, a);
    for (unsigned i = 0; i < groups; i++)
        for (unsigned s = 0; s < g.nsubsteps; s++)
            run_phase(p, c, &g, a, group_lanes[i] & active, s, out);
    out->unaligned = count_left_out(p, a, c);
    out->paired = g.paired;
    return 0;
}

unsigned lds_sim_lane_words(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_phase *ph,
                            unsigned lane, uint64_t words[LDS_SIM_MAX_LANE_WORDS])
{
    lds_sim_geometry g = class_geometry(p, a);
    return lane_words(p, &g, a, lane, g.substeps || g.per_address ? (int)ph->substep : -1, false, words);
}

void lds_sim_phase_banks(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_phase *ph,
                         unsigned *hits, unsigned *distinct)
{
    entry e[LDS_SIM_MAX_CELLS];
    bool fresh[LDS_SIM_MAX_CELLS];
    lds_sim_phase scratch = *ph;
    lds_sim_geometry g = class_geometry(p, a);
    check_phase(p, &g, a, &scratch, e, hits, distinct, fresh, true);
}

unsigned lds_sim_phase_cells(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_phase *ph,
                             lds_sim_cell *cells)
{
    entry e[LDS_SIM_MAX_CELLS];
    bool fresh[LDS_SIM_MAX_CELLS];
    unsigned hits[LDS_SIM_MAX_BANKS], distinct[LDS_SIM_MAX_BANKS];
    lds_sim_phase scratch = *ph;
    lds_sim_geometry g = class_geometry(p, a);
    unsigned n = check_phase(p, &g, a, &scratch, e, hits, distinct, fresh, false);
    for (unsigned i = 0; i < n; i++) {
        cells[i].lane = e[i].lane;
        cells[i].word = e[i].word;
        cells[i].bank = e[i].bank;
        cells[i].conflict = distinct[e[i].bank] > 1;
        cells[i].shared = !cells[i].conflict && hits[e[i].bank] > 1;
    }
    return n;
}

unsigned lds_sim_phase_words(const lds_sim_profile *p, lds_sim_kind kind, unsigned width)
{
    uint8_t phase_of_lane[LDS_SIM_MAX_WAVE];
    const char *why;
    unsigned lanes = 0;
    if (lds_sim_phase_map(lds_sim_geometry_of(p, kind, width).phases, p->wave, phase_of_lane, &why) == 0)
        return 0;
    for (unsigned lane = 0; lane < p->wave; lane++)
        lanes += phase_of_lane[lane] == 0;
    return lanes * ((width + p->bank_bytes - 1) / p->bank_bytes);
}
