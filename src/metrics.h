/* src/metrics.h - the exact totals of accesses (doc/rules.md section 3):
 * instructions, cycles, ideal, broadcasts as GMP integers (dispatch sizes
 * times loop trips exceed 64 bits), ways as the worst phase. */
#ifndef LDS_METRICS_H
#define LDS_METRICS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gmp.h>

#include "src/vocab.h"

typedef struct {
    mpz_t instructions, cycles, ideal, broadcasts;
    mpz_t unaligned;              /* lane addresses left out of the bank
                                     check (sim: lds_sim_unaligned) */
    mpz_t skipped;                /* wave executions with no active lane:
                                     they issue no instruction, or one
                                     each with idle_waves predicate */
    mpz_t paired;                 /* instructions served in the phases of
                                     the pair rule (not a metric of the
                                     language: reports note it) */
    /* the LDS.64 loads of a CAS loop (a 64-bit atomic NVIDIA runs as one),
     * counted in the totals above too, since Nsight counts them as loads:
     * NULL until one ran (most accesses never do) */
    struct lds_loop_loads *loop;
    /* a global access's bytes and lines (NULL for shared accesses: cycles
     * are then its transactions, ideal the fewest that carry its bytes) */
    struct lds_global_bytes *global;
    uint64_t ways;
} lds_metrics;

typedef struct lds_global_bytes {
    mpz_t useful;                 /* asked for, each byte once an instruction */
    mpz_t fetched;                /* transactions x the unit's bytes */
    mpz_t lines;                  /* first-level cache lines touched */
} lds_global_bytes;

typedef struct lds_loop_loads {
    mpz_t instructions, cycles, ideal;
} lds_loop_loads;

void lds_metrics_init(lds_metrics *m);
/* The CAS-loop loads of m, made on first use. */
lds_loop_loads *lds_metrics_loop(lds_metrics *m);
/* The global bytes of m, made on first use. */
lds_global_bytes *lds_metrics_global(lds_metrics *m);
void lds_metrics_clear(lds_metrics *m);
void lds_metrics_reset(lds_metrics *m);
void lds_metrics_add(lds_metrics *dst, const lds_metrics *src);
/* excess = cycles - ideal */
void lds_metrics_excess(const lds_metrics *m, mpz_t out);
/* A global access's efficiency: 100 x useful / fetched bytes, rounded
 * down (0 when nothing was fetched, or for a shared access). */
void lds_metrics_efficiency(const lds_metrics *m, mpz_t out);
/* The value of one metric. */
void lds_metrics_value(const lds_metrics *m, lds_metric metric, mpz_t out);

#endif
