/* sim/cas_loop.c - the compare-and-swap loop of a 64-bit atomic NVIDIA
 * has no shared-memory instruction for (LDS_FORM_CAS_LOOP, sim/sim.h).
 *
 * The H200 (measurements/h200-sm90, rows 131-133) runs atom.shared.add.u64
 * as LDS.64, then ATOMS.CAST.SPIN.64 retried by the lanes that failed,
 * each retry after a fresh LDS.64 of those lanes.  The CAS is served in
 * half-warps, two wavefronts each, never a bank conflict; in a half-warp,
 * lowest lane first, a lane fails when its address was already updated
 * by this instruction or a bank it needs holds another word already. */
#include "sim/sim.h"

#include <string.h>

/* One ATOMS.CAST.SPIN.64 of the lanes still trying: its wavefronts, and
 * the lanes that succeed cleared from `trying`. */
static uint64_t cas_pass(const lds_sim_profile *p, const lds_sim_access *a, bool *trying)
{
    uint64_t updated[LDS_SIM_MAX_WAVE], wavefronts = 0;
    unsigned nupdated = 0, half = 16;
    for (unsigned h = 0; h * half < a->nlanes; h++) {
        uint64_t bank_word[LDS_SIM_MAX_BANKS];
        bool bank_used[LDS_SIM_MAX_BANKS] = { false };
        bool any = false;
        for (unsigned lane = h * half; lane < (h + 1) * half && lane < a->nlanes; lane++) {
            if (!trying[lane])
                continue;
            any = true;
            uint64_t addr = a->addr[lane * a->naddr], w0 = addr / p->bank_bytes;
            uint64_t w1 = (addr + a->width - 1) / p->bank_bytes;
            bool ok = true;
            for (unsigned i = 0; i < nupdated && ok; i++)
                ok = updated[i] != addr;
            for (uint64_t w = w0; w <= w1 && ok; w++) {
                unsigned b = (unsigned)(w % p->banks);
                ok = !bank_used[b] || bank_word[b] == w;
            }
            if (!ok)
                continue;
            for (uint64_t w = w0; w <= w1; w++) {
                bank_used[w % p->banks] = true;
                bank_word[w % p->banks] = w;
            }
            updated[nupdated++] = addr;
            trying[lane] = false;
        }
        if (any)
            wavefronts += 2;
    }
    return wavefronts;
}

int lds_sim_cas_loop(const lds_sim_profile *p, const lds_sim_access *a, lds_sim_loop *out, const char **why)
{
    bool trying[LDS_SIM_MAX_WAVE];
    memset(out, 0, sizeof *out);
    bool any = false;
    for (unsigned lane = 0; lane < a->nlanes; lane++)
        any |= trying[lane] = a->active[lane];
    while (any) {   /* every pass updates at least the first lane still trying */
        lds_sim_access load = *a;
        lds_sim_result r;
        load.kind = LDS_ACCESS_READ;
        load.form = LDS_FORM_PLAIN;
        load.active = trying;
        load.has_mask = false;   /* the lanes still trying, not a's */
        if (lds_sim_run(p, &load, &r, why) < 0)
            return -1;
        out->loads.cycles += r.cycles;
        out->loads.ideal += r.ideal;
        out->loads.broadcasts += r.broadcasts;
        out->loads.paired += r.paired;
        if (r.ways > out->loads.ways)
            out->loads.ways = r.ways;
        uint64_t wf = cas_pass(p, a, trying);
        out->cas_cycles += wf;
        out->iterations++;
        any = false;
        for (unsigned lane = 0; lane < a->nlanes; lane++)
            any |= trying[lane];
    }
    return 0;
}
