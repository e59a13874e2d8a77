/* sim/coalesce.h - global memory: how one wave's instruction is split
 * into the memory transactions the hardware fetches (doc/rules.md,
 * section 8).
 *
 * The model is the one seed 003 draws for CDNA and the one Nsight
 * Compute counts for NVIDIA, with each vendor's unit: every active lane's
 * bytes are cut at unit boundaries, and the instruction costs one
 * transaction per distinct unit (and touches one cache line per distinct
 * line).  What the lanes asked for, each byte once, is the useful part;
 * the units fetched are the rest.  Nothing here knows of caches beyond
 * one instruction: reuse across instructions is not modelled. */
#ifndef LDS_SIM_COALESCE_H
#define LDS_SIM_COALESCE_H

#include "sim/profile.h"

/* A profile's global-memory model. */
typedef struct {
    unsigned unit;            /* bytes one transaction fetches */
    unsigned line;            /* bytes of a first-level cache line */
    const char *unit_name;    /* what the vendor calls a transaction: "sectors",
                                 "transactions", "lines" */
    lds_sim_confidence confidence;
    const char *source;
    /* the profiler's names for requests and transactions (their op, "ld",
     * and ".sum" follow), and the counter of lines, or NULL */
    const char *requests_counter;   /* "l1tex__t_requests_pipe_lsu_mem_global_op_" */
    const char *units_counter;      /* "l1tex__t_sectors_pipe_lsu_mem_global_op_" */
    const char *lines_counter;      /* "TCP_TOTAL_CACHE_ACCESSES_sum": named, not predicted */
} lds_sim_global_model;

/* The model of profile p (by its hardware, not its overrides). */
const lds_sim_global_model *lds_sim_global_model_of(const lds_sim_profile *p);

struct lds_sim_access;
struct lds_sim_result;
/* One global instruction (a->global): its transactions (cycles), the
 * fewest that could carry its useful bytes (ideal), ways (= its
 * transactions), useful bytes and lines; a phase per transaction, with
 * the lanes it serves. */
void lds_sim_coalesce(const lds_sim_profile *p, const struct lds_sim_access *a, struct lds_sim_result *out);

#endif
