/* src/explain_global.c - why a global access costs its transactions
 * (src/explain.h): the vendor's unit and where it comes from, which lanes
 * share a transaction, the stride of a lane-affine address and what it
 * does to coalescing, and what would do better. */
#include "src/explain.h"

#include <string.h>

#include "sim/coalesce.h"

#define MAX_UNITS_LISTED 4

static void explain_stride(FILE *out, const lds_access_result *rec, const lds_sample *s,
                           const lds_sim_global_model *m, const char *bullet)
{
    int64_t base, step;
    if (!lds_sample_affine(s, &base, &step))
        return;
    fprintf(out, "%sClosed form: the address is %lld + %lld * lane bytes.", bullet, (long long)base, (long long)step);
    unsigned w = rec->width;
    if (step == (int64_t)w)
        fprintf(out, " Consecutive lanes read consecutive %u-byte elements: the lanes' bytes are one contiguous "
                     "block, as few %s as its size allows%s.\n",
                w, m->unit_name, base % m->unit ? " (its start is not on a unit boundary: one more)" : "");
    else if (step == 0)
        fprintf(out, " Every lane reads the same %u bytes: one %s serves them all.\n", w, m->unit_name);
    else if ((uint64_t)(step < 0 ? -step : step) >= m->unit)
        fprintf(out, " The stride is at least a transaction (%u bytes): every lane needs one of its own, and %u of "
                     "each %u bytes fetched are used. Make consecutive lanes read consecutive elements (transpose "
                     "through shared memory if the data is laid out the other way), or widen each lane's access.\n",
                m->unit, w, m->unit);
    else
        fprintf(out, " The stride, %lld bytes, is wider than the %u-byte element: the gaps between the lanes' "
                     "elements are fetched too.\n",
                (long long)step, w);
}

void lds_explain_global(FILE *out, const lds_access_result *rec, const char *bullet)
{
    const lds_sim_global_model *m = lds_sim_global_model_of(rec->profile);
    fprintf(out, "%sGlobal memory on %s is fetched in %s of %u bytes (lines of %u): an instruction costs one per "
                 "distinct %u-byte unit its active lanes' bytes touch. Where this comes from (%s): %s.\n",
            bullet, rec->profile->name, m->unit_name, m->unit, m->line, m->unit, lds_sim_confidence_name(m->confidence),
            m->source);
    if (!rec->nsamples) {
        fprintf(out, "%sNo instruction was simulated.\n", bullet);
        return;
    }
    const lds_sample *s = lds_access_shown(rec);
    const lds_sample_result *r = &s->result;
    lds_explain_which(out, rec, s, bullet);
    if (r->nphases == 0) {
        fprintf(out, "%sNo lane is active: the instruction fetches nothing.\n", bullet);
        return;
    }
    fprintf(out, "%sIts lanes ask for %llu bytes; %llu %s of %u bytes carry them (%llu bytes), where %llu would do.\n",
            bullet, (unsigned long long)r->useful, (unsigned long long)r->cycles, m->unit_name, m->unit,
            (unsigned long long)(r->cycles * m->unit), (unsigned long long)r->ideal);
    for (unsigned i = 0; i < r->nphases && i < MAX_UNITS_LISTED; i++) {
        char lanes[256];
        lds_lane_ranges(lanes, sizeof lanes, r->phase[i].lanes);
        fprintf(out, "%s  transaction %u: lanes %s\n", bullet, i + 1, lanes);
    }
    if (r->nphases > MAX_UNITS_LISTED)
        fprintf(out, "%s  (%u more)\n", bullet, r->nphases - MAX_UNITS_LISTED);
    explain_stride(out, rec, s, m, bullet);
}
