/* fuzz/fuzz-sim.c - the simulator on arbitrary profiles and lanes. */
#include <stdint.h>
#include <string.h>

#include "sim/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t take(const uint8_t **p, const uint8_t *end, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | (*p < end ? *(*p)++ : 0);
    return v;
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
    prof.r3 = take(&p, end, 1) & 1 ? LDS_R3_SUBSTEPS : LDS_R3_PHASES;
    prof.write_merge = take(&p, end, 1) & 1;
    unsigned spec_len = (unsigned)take(&p, end, 1) % 24;
    if (spec_len) {   /* an arbitrary, maybe malformed, phase table */
        char spec[32];
        for (unsigned i = 0; i < spec_len; i++)
            spec[i] = "0123456789,-|c"[take(&p, end, 1) % 14];
        spec[spec_len] = '\0';
        memcpy(prof.phases[take(&p, end, 1) % LDS_WC_COUNT], spec, spec_len + 1);
    }
    lds_sim_access a;
    bool active[LDS_SIM_MAX_WAVE];
    uint64_t addr[LDS_SIM_MAX_WAVE];
    a.kind = (lds_sim_kind)(take(&p, end, 1) % 3);
    a.width = widths[take(&p, end, 1) % 6];
    a.nlanes = prof.wave;
    a.active = active;
    a.addr = addr;
    for (unsigned l = 0; l < prof.wave; l++) {
        active[l] = take(&p, end, 1) % 8 != 0;
        addr[l] = take(&p, end, 3) * lds_sim_alignment(&prof, a.width);
    }
    static lds_sim_result res;
    const char *why;
    if (lds_sim_run(&prof, &a, &res, &why) == 0) {
        uint64_t cycles = 0;
        unsigned hits[LDS_SIM_MAX_BANKS], distinct[LDS_SIM_MAX_BANKS];
        for (unsigned i = 0; i < res.nphases; i++) {
            cycles += res.phase[i].cost;
            if (res.phase[i].cost > res.ways || res.phase[i].cost == 0)
                __builtin_trap();
            lds_sim_phase_banks(&prof, &a, &res.phase[i], hits, distinct);
        }
        /* invariants: cycles is the sum of phase costs, ideal <= cycles */
        if (cycles != res.cycles || res.ideal != res.nphases || res.ideal > res.cycles)
            __builtin_trap();
    }
    return 0;
}
