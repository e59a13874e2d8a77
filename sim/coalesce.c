/* sim/coalesce.c - global memory transactions of one instruction
 * (sim/coalesce.h). */
#include "sim/coalesce.h"

#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

/* The models, by the hardware a profile names.  A model is stated for
 * the parts its source covers and marked inferred elsewhere. */
static const lds_sim_global_model nvidia = {
    32, 128, "sectors", LDS_CONF_DOCUMENTED,
    "CUDA C++ Best Practices Guide (global accesses are served in 32-byte sectors of 128-byte lines); Nsight "
    "Compute's memory tables: one request per warp instruction, its sectors the distinct 32-byte sectors its "
    "active threads touch (an all-off instruction: 0 sectors)",
    "l1tex__t_requests_pipe_lsu_mem_global_op_", "l1tex__t_sectors_pipe_lsu_mem_global_op_", NULL,
};
static const lds_sim_global_model cdna2 = {
    64, 64, "transactions", LDS_CONF_INFERRED,
    "seed 003's coalescing model (one 64-byte transaction per distinct 64-byte line a wave instruction touches); "
    "the vL1D line is 64 bytes on MI200 (ROCm Compute Profiler counts TCP_TOTAL_CACHE_ACCESSES_sum x 64 bytes); MI100 "
    "(gfx908) carried over",
    NULL, NULL, "TCP_TOTAL_CACHE_ACCESSES_sum",
};
static const lds_sim_global_model cdna3 = {
    64, 128, "transactions", LDS_CONF_INFERRED,
    "seed 003's coalescing model for MI300 (one 64-byte HBM transaction per distinct 64-byte line a wave "
    "instruction touches: 64 lanes x 16 B = 16, 64 lanes x 4 B 256 B apart = 64); the vL1D line is 128 bytes "
    "(ROCm Compute Profiler counts TCP_TOTAL_CACHE_ACCESSES_sum x 128 bytes on gfx942); gfx950 and gfx1250 carried over",
    NULL, NULL, "TCP_TOTAL_CACHE_ACCESSES_sum",
};
static const lds_sim_global_model rdna = {
    128, 128, "lines", LDS_CONF_INFERRED,
    "RDNA's vector L0 caches lines of 128 bytes (RDNA whitepaper); a wave instruction costs one per distinct line, "
    "as on CDNA - not measured",
    NULL, NULL, NULL,
};
static const lds_sim_global_model intel = {
    64, 64, "lines", LDS_CONF_INFERRED,
    "Intel Processor Graphics OpenCL developer guide: the L3 cache line is 64 bytes and the requests of one "
    "hardware thread to one line are collapsed into one (Gen9-Gen11); carried over to the Xe parts",
    NULL, NULL, NULL,
};
static const lds_sim_global_model textbook = {
    32, 128, "sectors", LDS_CONF_TEXTBOOK,
    "the textbook model (CUDA C++ Programming Guide, compute capability 6.0 and later): 32-byte sectors of "
    "128-byte lines, one set per warp instruction",
    NULL, NULL, NULL,
};

const lds_sim_global_model *lds_sim_global_model_of(const lds_sim_profile *p)
{
    switch (p->global) {
    case LDS_GLOBAL_NVIDIA: return &nvidia;
    case LDS_GLOBAL_CDNA2: return &cdna2;
    case LDS_GLOBAL_CDNA3: return &cdna3;
    case LDS_GLOBAL_RDNA: return &rdna;
    case LDS_GLOBAL_INTEL: return &intel;
    case LDS_GLOBAL_TEXTBOOK: break;
    }
    return &textbook;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sort v[0..n) and keep each value once; returns how many. */
static unsigned distinct(uint64_t *v, unsigned n)
{
    qsort(v, n, sizeof *v, cmp_u64);
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (k == 0 || v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

/* The most byte ranges one instruction has: a lane's two addresses. */
#define MAX_RANGES (2 * LDS_SIM_MAX_WAVE)
/* A range of at most 16 bytes spans at most 2 units of 32 or more bytes
 * (one of 16 if aligned); wider units only fewer. */
#define MAX_UNITS (2 * MAX_RANGES)

void lds_sim_coalesce(const lds_sim_profile *p, const lds_sim_access *a, lds_sim_result *out)
{
    const lds_sim_global_model *m = lds_sim_global_model_of(p);
    uint64_t start[MAX_RANGES], units[MAX_UNITS], lines[MAX_UNITS];
    unsigned nr = 0, nu = 0, nl = 0;
    for (unsigned lane = 0; lane < a->nlanes && lane < LDS_SIM_MAX_WAVE; lane++) {
        if (!a->active[lane])
            continue;
        for (unsigned k = 0; k < a->naddr; k++) {
            uint64_t first = a->addr[lane * a->naddr + k], last = first + a->width - 1;
            start[nr++] = first;
            for (uint64_t u = first / m->unit; u <= last / m->unit; u++)
                units[nu++] = u;
            for (uint64_t l = first / m->line; l <= last / m->line; l++)
                lines[nl++] = l;
        }
    }
    nu = distinct(units, nu);
    nl = distinct(lines, nl);
    /* the useful bytes: the union of [start, start + width) */
    nr = distinct(start, nr);
    uint64_t useful = 0, covered = 0;   /* the ranges so far end at covered */
    for (unsigned i = 0; i < nr; i++) {
        uint64_t end = start[i] + a->width;
        if (end <= covered)
            continue;
        useful += end - (start[i] > covered ? start[i] : covered);
        covered = end;
    }
    out->cycles = nu;
    out->ways = nu;
    out->ideal = (useful + m->unit - 1) / m->unit;
    out->useful = useful;
    out->lines = nl;
    /* a phase per transaction: the lanes whose bytes it carries */
    for (unsigned i = 0; i < nu && out->nphases < LDS_SIM_MAX_PHASES; i++) {
        lds_sim_phase *ph = &out->phase[out->nphases++];
        memset(ph, 0, sizeof *ph);
        ph->cost = 1;
        ph->distinct = 1;
        for (unsigned lane = 0; lane < a->nlanes && lane < LDS_SIM_MAX_WAVE; lane++)
            for (unsigned k = 0; a->active[lane] && k < a->naddr; k++) {
                uint64_t first = a->addr[lane * a->naddr + k], last = first + a->width - 1;
                if (first / m->unit <= units[i] && units[i] <= last / m->unit) {
                    ph->lanes |= (uint64_t)1 << lane;
                    ph->accesses++;
                }
            }
    }
}
