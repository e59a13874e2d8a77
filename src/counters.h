/* src/counters.h - our metrics under the names the profilers give them,
 * so a prediction can be diffed against `ncu --csv` or rocprof output:
 *
 *   Nsight Compute (NVIDIA profiles), X = ld, st or atom by the access
 *   (measurements/h200-sm90 chose these names):
 *     smsp__inst_executed_op_shared_X_pred_on_any.sum     = instructions
 *     l1tex__data_pipe_lsu_wavefronts_mem_shared_op_X.sum = cycles
 *     l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_X.sum = excess
 *   ldmatrix and stmatrix count as ld and st in the l1tex counters, with
 *   their own instruction counters (smsp__inst_executed_op_ldsm_pred_on_any,
 *   smsp__inst_executed_op_shared_stsm_pred_on_any); cp.async has the
 *   SASS-level sm__sass_l1tex_data_*_op_ldgsts and
 *   smsp__inst_executed_op_ldgsts_pred_on_any; a CAS loop's LDS.64s are
 *   counted under ld, its compare-and-swaps under atom.
 *   rocprofv3 / rocprof-compute (AMD profiles):
 *     SQ_INSTS_LDS          = instructions
 *     SQ_LDS_BANK_CONFLICT  = excess
 *     lds_bank_conflict_rate = 100 * excess / cycles: rocprof-compute's
 *       "Bank Conflict Rate" over the modelled accesses alone (the
 *       profiler divides by every active LDS cycle of the kernel)
 *
 * Global accesses (sim/coalesce.h):
 *   l1tex__t_requests_pipe_lsu_mem_global_op_X.sum = instructions (NVIDIA)
 *   l1tex__t_sectors_pipe_lsu_mem_global_op_X.sum  = transactions (NVIDIA)
 *   SQ_INSTS_VMEM_RD, SQ_INSTS_VMEM_WR = instructions (AMD)
 *
 * Intel and the generic profile have none. */
#ifndef LDS_COUNTERS_H
#define LDS_COUNTERS_H

#include <stdio.h>

#include "sim/profile.h"
#include "src/metrics.h"
#include "src/results.h"
#include "src/vocab.h"

#define LDS_MAX_COUNTERS 6
/* A total's counters: Nsight's, per op (ld st atom ldsm stsm ldgsts, 3
 * each). */
#define LDS_MAX_TOTAL_COUNTERS 36

typedef struct {
    char name[128];
    mpz_t value;              /* the rate: hundredths of a percent */
    bool percent;             /* value / 100 is a percentage */
} lds_counter;

/* The counters of metrics m of accesses of `kind` on profile p (kind -1:
 * a total over several kinds: the kind-free names only); idle: how many
 * of m's instructions had every lane off (NULL: none), which Nsight's
 * _pred_on_any counts leave out.  Returns how many (values initialised:
 * lds_counters_clear frees them). */
unsigned lds_counters_of(const lds_sim_profile *p, int kind, const char *counter_op, const lds_metrics *m,
                         mpz_srcptr idle, lds_counter out[LDS_MAX_COUNTERS]);
/* The counters of one access. */
unsigned lds_access_counters(const lds_access_result *a, lds_counter out[LDS_MAX_COUNTERS]);
void lds_counters_clear(lds_counter *c, unsigned n);
/* A counter's value: an integer, or a percentage with two decimals. */
void lds_counter_print(FILE *out, const lds_counter *c);
/* The counters of profile p's total: Nsight names are per kind of access,
 * so they come from p's per-kind totals (bykind, from
 * lds_results_group_totals(..., true, ...)); rocprof's from the whole. */
unsigned lds_counters_of_total(const lds_sim_profile *p, bool global, const lds_total *bykind, size_t nkinds,
                               const lds_metrics *whole, lds_counter out[LDS_MAX_TOTAL_COUNTERS]);
/* The i-th Nsight Compute metric name lds-calc may predict (without
 * ".sum"), or NULL past the last: the probe's list, and the test that
 * keeps them among the names Nsight Compute has. */
const char *lds_counter_name_at(unsigned i);
/* The profiler that gives a profile's counters: "ncu", "rocprof" or NULL. */
const char *lds_counters_profiler(const lds_sim_profile *p);

#endif
