/* fuzz/fuzz-sim.c - the simulator on arbitrary profiles and lanes.
 *
 * Phase tables are mostly built well-formed from the input (a permutation
 * of lanes 0..P-1 cut into groups, P any period up to the wave, so that
 * periods that do not divide the wave come up at once); a random string
 * of table characters now and then exercises the parser's refusals.  A
 * table of random characters alone is almost never well-formed, which is
 * why the first campaign never reached the table-driven paths. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sim/coalesce.h"
#include "sim/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t take(const uint8_t **p, const uint8_t *end, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | (*p < end ? *(*p)++ : 0);
    return v;
}

/* A well-formed table: lanes 0..period-1 shuffled, cut into groups. */
static void build_table(const uint8_t **p, const uint8_t *end, unsigned wave, char *spec, size_t size)
{
    unsigned period = 1 + (unsigned)take(p, end, 1) % wave, lanes[LDS_SIM_MAX_WAVE];
    for (unsigned i = 0; i < period; i++)
        lanes[i] = i;
    for (unsigned i = period; i-- > 1;) {   /* Fisher-Yates from the input */
        unsigned j = (unsigned)take(p, end, 1) % (i + 1), t = lanes[i];
        lanes[i] = lanes[j];
        lanes[j] = t;
    }
    size_t n = 0;
    for (unsigned i = 0; i < period && n < size; i++) {
        const char *sep = i == 0 ? "" : take(p, end, 1) % 4 == 0 ? "|" : ",";
        n += (size_t)snprintf(spec + n, size - n, "%s%u", sep, lanes[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    static const unsigned widths[] = { 1, 2, 4, 8, 12, 16 };
    static const unsigned waves[] = { 16, 32, 64 };
    lds_sim_profile prof = *lds_sim_profile_at((unsigned)take(&p, end, 1) % lds_sim_profile_count());
    prof.banks = 1 + (unsigned)take(&p, end, 2) % LDS_SIM_MAX_BANKS;
    prof.bank_bytes = take(&p, end, 1) & 1 ? 8 : 4;
    prof.wave = waves[take(&p, end, 1) % 3];
    prof.r2 = take(&p, end, 1) & 1 ? LDS_R2_STRICT : LDS_R2_WORD;
    prof.r3 = take(&p, end, 1) % 4 == 0 ? LDS_R3_SUBSTEPS : LDS_R3_PHASES;
    prof.write_merge = take(&p, end, 1) & 1;
    bool pair = take(&p, end, 1) & 1, unaligned_free = take(&p, end, 1) & 1;
    lds_sim_access a;
    a.kind = (lds_sim_kind)(take(&p, end, 1) % 3);
    a.width = widths[take(&p, end, 1) % 6];
    a.global = take(&p, end, 1) % 8 == 0;   /* coalesced, not banked */
    lds_sim_entry *entry = &prof.geometry[a.kind][lds_sim_width_class_of(a.width)];
    /* the pair rule's doubled phases */
    entry->paired = pair ? (prof.wave == 64 ? LDS_SIM_TEXT_32C : LDS_SIM_TEXT_16C) : LDS_SIM_TEXT_NONE;
    entry->unaligned_free = unaligned_free;
    unsigned table = (unsigned)take(&p, end, 1) % 8;
    if (table != 0) {   /* replace the table this access uses */
        char spec[LDS_SIM_SPEC_LEN * 4];
        if (table == 1) {   /* random characters: mostly malformed */
            unsigned len = (unsigned)take(&p, end, 1) % 24;
            for (unsigned i = 0; i < len; i++)
                spec[i] = "0123456789,-|c"[take(&p, end, 1) % 14];
            spec[len] = '\0';
        } else if (table == 2) {
            snprintf(spec, sizeof spec, "%uc", 1 + (unsigned)take(&p, end, 1) % 70);
        } else {
            build_table(&p, end, prof.wave, spec, sizeof spec);
        }
        if (strlen(spec) < LDS_SIM_SPEC_LEN)
            memcpy(prof.geometry[a.kind][lds_sim_width_class_of(a.width)].phases, spec, strlen(spec) + 1);
    }
    if (take(&p, end, 1) % 4 == 0)   /* a bank period of the entry's own */
        prof.geometry[a.kind][lds_sim_width_class_of(a.width)].banks = 1 + (unsigned)take(&p, end, 2) % LDS_SIM_MAX_BANKS;
    bool active[LDS_SIM_MAX_WAVE];
    uint64_t addr[LDS_SIM_MAX_WAVE];
    a.naddr = 1;
    a.form = LDS_FORM_PLAIN;
    a.nlanes = prof.wave;
    a.active = active;
    a.addr = addr;
    a.active_mask = 0;
    for (unsigned l = 0; l < prof.wave; l++) {
        active[l] = take(&p, end, 1) % 8 != 0;
        addr[l] = take(&p, end, 3) * lds_sim_alignment(&prof, a.width);
        a.active_mask |= (uint64_t)active[l] << l;
    }
    a.has_mask = take(&p, end, 1) & 1;   /* the lanes as bits too, as src/instr.c gives them */
    static lds_sim_result res;
    const char *why;
    if (a.global && lds_sim_run(&prof, &a, &res, &why) == 0) {
        /* coalesced: a transaction a phase, fewest-possible <= fetched,
         * useful bytes fit in what was fetched */
        const lds_sim_global_model *m = lds_sim_global_model_of(&prof);
        if (res.cycles != res.nphases || res.ideal > res.cycles || res.useful > res.cycles * m->unit
            || res.ideal * m->unit < res.useful)
            __builtin_trap();
        return 0;
    }
    if (!a.global && lds_sim_run(&prof, &a, &res, &why) == 0) {
        /* under R3 phases each lane is in one phase, but for an entry that
         * serves words a step at a time (word_steps: Xe2's wide classes),
         * where a lane's k-th word is in the k-th step, as under sub-steps */
        const bool whole_lanes = prof.r3 == LDS_R3_PHASES
                                 && !lds_sim_entry_for(&prof, a.kind, a.width, a.naddr)->word_steps;
        uint64_t cycles = 0, lanes = 0, seen = 0;
        unsigned hits[LDS_SIM_MAX_BANKS], distinct[LDS_SIM_MAX_BANKS];
        for (unsigned i = 0; i < res.nphases; i++) {
            cycles += res.phase[i].cost;
            if (res.phase[i].cost > res.ways || res.phase[i].cost == 0 || res.phase[i].lanes == 0)
                __builtin_trap();
            lanes += (uint64_t)__builtin_popcountll(res.phase[i].lanes);
            if (whole_lanes && (seen & res.phase[i].lanes))
                __builtin_trap();   /* a lane in two phases */
            seen |= res.phase[i].lanes;
            lds_sim_phase_banks(&prof, &a, &res.phase[i], hits, distinct);
        }
        /* invariants: cycles is the sum of phase costs, ideal <= cycles,
         * and under R3 phases every active lane is in exactly one phase */
        unsigned active_lanes = 0;
        for (unsigned l = 0; l < prof.wave; l++)
            active_lanes += active[l];
        if (cycles != res.cycles || res.ideal != res.nphases || res.ideal > res.cycles)
            __builtin_trap();
        if (whole_lanes && lanes != active_lanes)
            __builtin_trap();
    }
    return 0;
}
