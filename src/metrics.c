/* src/metrics.c - exact totals. */
#include "src/metrics.h"

#include <stdlib.h>

#include "base/mem.h"

void lds_metrics_init(lds_metrics *m)
{
    mpz_inits(m->instructions, m->cycles, m->ideal, m->broadcasts, m->unaligned, m->skipped, m->paired, NULL);
    m->loop = NULL;
    m->global = NULL;
    m->ways = 0;
}

lds_global_bytes *lds_metrics_global(lds_metrics *m)
{
    if (!m->global) {
        m->global = lds_xmalloc(sizeof *m->global);
        mpz_inits(m->global->useful, m->global->fetched, m->global->lines, NULL);
    }
    return m->global;
}

lds_loop_loads *lds_metrics_loop(lds_metrics *m)
{
    if (!m->loop) {
        m->loop = lds_xmalloc(sizeof *m->loop);
        mpz_inits(m->loop->instructions, m->loop->cycles, m->loop->ideal, NULL);
    }
    return m->loop;
}

void lds_metrics_clear(lds_metrics *m)
{
    mpz_clears(m->instructions, m->cycles, m->ideal, m->broadcasts, m->unaligned, m->skipped, m->paired, NULL);
    if (m->loop) {
        mpz_clears(m->loop->instructions, m->loop->cycles, m->loop->ideal, NULL);
        lds_free(m->loop);
        m->loop = NULL;
    }
    if (m->global) {
        mpz_clears(m->global->useful, m->global->fetched, m->global->lines, NULL);
        lds_free(m->global);
        m->global = NULL;
    }
}

/* Zero and sums that skip zeros: GMP allocates a lazily made integer's
 * first limb on any write, and most of a record's totals stay 0 (a sweep
 * makes a record per point). */
static void zero(mpz_ptr x)
{
    if (mpz_sgn(x))
        mpz_set_ui(x, 0);
}

static void add(mpz_ptr dst, mpz_srcptr src)
{
    if (mpz_sgn(src))
        mpz_add(dst, dst, src);
}

void lds_metrics_reset(lds_metrics *m)
{
    zero(m->instructions);
    zero(m->cycles);
    zero(m->ideal);
    zero(m->broadcasts);
    zero(m->unaligned);
    zero(m->skipped);
    zero(m->paired);
    if (m->loop) {
        zero(m->loop->instructions);
        zero(m->loop->cycles);
        zero(m->loop->ideal);
    }
    if (m->global) {
        zero(m->global->useful);
        zero(m->global->fetched);
        zero(m->global->lines);
    }
    m->ways = 0;
}

void lds_metrics_add(lds_metrics *dst, const lds_metrics *src)
{
    add(dst->instructions, src->instructions);
    add(dst->cycles, src->cycles);
    add(dst->ideal, src->ideal);
    add(dst->broadcasts, src->broadcasts);
    add(dst->unaligned, src->unaligned);
    add(dst->skipped, src->skipped);
    add(dst->paired, src->paired);
    if (src->loop) {
        lds_loop_loads *d = lds_metrics_loop(dst);
        add(d->instructions, src->loop->instructions);
        add(d->cycles, src->loop->cycles);
        add(d->ideal, src->loop->ideal);
    }
    if (src->global) {
        lds_global_bytes *d = lds_metrics_global(dst);
        add(d->useful, src->global->useful);
        add(d->fetched, src->global->fetched);
        add(d->lines, src->global->lines);
    }
    if (src->ways > dst->ways)
        dst->ways = src->ways;
}

void lds_metrics_efficiency(const lds_metrics *m, mpz_t out)
{
    mpz_set_ui(out, 0);
    if (m->global && mpz_sgn(m->global->fetched)) {
        mpz_mul_ui(out, m->global->useful, 100);
        mpz_fdiv_q(out, out, m->global->fetched);
    }
}

void lds_metrics_excess(const lds_metrics *m, mpz_t out)
{
    mpz_sub(out, m->cycles, m->ideal);
}

void lds_metrics_value(const lds_metrics *m, lds_metric metric, mpz_t out)
{
    switch (metric) {
    case M_WAYS: mpz_set_ui(out, m->ways); break;
    case M_CYCLES: mpz_set(out, m->cycles); break;
    case M_IDEAL: mpz_set(out, m->ideal); break;
    case M_EXCESS: lds_metrics_excess(m, out); break;
    case M_BROADCASTS: mpz_set(out, m->broadcasts); break;
    case M_INSTRUCTIONS: mpz_set(out, m->instructions); break;
    case M_UNALIGNED: mpz_set(out, m->unaligned); break;
    case M_SKIPPED: mpz_set(out, m->skipped); break;
    case M_TRANSACTIONS: mpz_set(out, m->cycles); break;
    case M_REQUESTS: mpz_set(out, m->instructions); break;
    case M_USEFUL_BYTES:
    case M_FETCHED_BYTES:
    case M_LINES:
        if (!m->global)
            mpz_set_ui(out, 0);
        else
            mpz_set(out, metric == M_USEFUL_BYTES ? m->global->useful : metric == M_LINES ? m->global->lines
                                                                                          : m->global->fetched);
        break;
    case M_EFFICIENCY: lds_metrics_efficiency(m, out); break;
    }
}
