/* src/counters.h - our metrics under the names the profilers give them,
 * so a prediction can be diffed against `ncu --csv` or rocprof output:
 *
 *   Nsight Compute (NVIDIA profiles), X = ld, st or atom by the access:
 *     smsp__inst_executed_op_shared_X.sum                 = instructions
 *     l1tex__data_pipe_lsu_wavefronts_mem_shared_op_X.sum = cycles
 *     l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_X.sum = excess
 *   and Y = ldsm (ldmatrix), stsm (stmatrix) or ldgsts (cp.async), which
 *   Nsight counts apart from ld and st, under its SASS-level names:
 *     smsp__inst_executed_op_Y.sum                        = instructions
 *     sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_Y.sum = cycles
 *     sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_Y.sum = excess
 *   rocprofv3 / rocprof-compute (AMD profiles):
 *     SQ_INSTS_LDS          = instructions
 *     SQ_LDS_BANK_CONFLICT  = excess
 *     lds_bank_conflict_rate = 100 * excess / cycles: rocprof-compute's
 *       "Bank Conflict Rate" over the modelled accesses alone (the
 *       profiler divides by every active LDS cycle of the kernel)
 *
 * Intel and the generic profile have none. */
#ifndef LDS_COUNTERS_H
#define LDS_COUNTERS_H

#include <stdio.h>

#include "sim/profile.h"
#include "src/metrics.h"
#include "src/results.h"
#include "src/vocab.h"

#define LDS_MAX_COUNTERS 4
/* A total's counters: Nsight's, per op (ld st atom ldsm stsm ldgsts, 3
 * each). */
#define LDS_MAX_TOTAL_COUNTERS 18

typedef struct {
    char name[96];
    mpz_t value;              /* the rate: hundredths of a percent */
    bool percent;             /* value / 100 is a percentage */
} lds_counter;

/* The counters of metrics m of accesses of `kind` on profile p (kind -1:
 * a total over several kinds: the kind-free names only).  Returns how
 * many (values initialised: lds_counters_clear frees them). */
unsigned lds_counters_of(const lds_sim_profile *p, int kind, const char *counter_op, const lds_metrics *m,
                         lds_counter out[LDS_MAX_COUNTERS]);
void lds_counters_clear(lds_counter *c, unsigned n);
/* A counter's value: an integer, or a percentage with two decimals. */
void lds_counter_print(FILE *out, const lds_counter *c);
/* The counters of profile p's total: Nsight names are per kind of access,
 * so they come from p's per-kind totals (bykind, from
 * lds_results_group_totals(..., true, ...)); rocprof's from the whole. */
unsigned lds_counters_of_total(const lds_sim_profile *p, const lds_total *bykind, size_t nkinds,
                               const lds_metrics *whole, lds_counter out[LDS_MAX_TOTAL_COUNTERS]);
/* The profiler that gives a profile's counters: "ncu", "rocprof" or NULL. */
const char *lds_counters_profiler(const lds_sim_profile *p);

#endif
