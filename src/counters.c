/* src/counters.c - the profilers' names of our metrics. */
#include "src/counters.h"

#include <stdio.h>

static void set(lds_counter *c, const char *name, mpz_srcptr v)
{
    snprintf(c->name, sizeof c->name, "%s", name);
    mpz_init_set(c->value, v);
    c->percent = false;
}

/* Nsight's metric names, up to the op (ld, st, atom; ldsm, stsm, ldgsts). */
typedef struct {
    const char *instructions, *wavefronts, *conflicts;
} nsight_names;
static const nsight_names plain = { "smsp__inst_executed_op_shared_", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_",
                                    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" };
static const nsight_names apart = { "smsp__inst_executed_op_", "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_",
                                    "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_" };

unsigned lds_counters_of(const lds_sim_profile *p, int kind, const char *counter_op, const lds_metrics *m,
                         lds_counter out[LDS_MAX_COUNTERS])
{
    static const char *const op[] = { "ld", "st", "atom" };
    char name[96];
    unsigned n = 0;
    mpz_t excess;
    mpz_init(excess);
    lds_metrics_excess(m, excess);
    switch (lds_sim_profile_vendor(p)) {
    case LDS_VENDOR_NVIDIA: {
        if (kind < 0)
            break;   /* every Nsight name is per kind of access */
        /* ldmatrix, stmatrix and cp.async are counted apart, under the
         * SASS-level names */
        const nsight_names *nm = counter_op ? &apart : &plain;
        const char *x = counter_op ? counter_op : op[kind];
        snprintf(name, sizeof name, "%s%s.sum", nm->instructions, x);
        set(&out[n++], name, m->instructions);
        snprintf(name, sizeof name, "%s%s.sum", nm->wavefronts, x);
        set(&out[n++], name, m->cycles);
        snprintf(name, sizeof name, "%s%s.sum", nm->conflicts, x);
        set(&out[n++], name, excess);
        break;
    }
    case LDS_VENDOR_AMD:
        set(&out[n++], "SQ_INSTS_LDS", m->instructions);
        set(&out[n++], "SQ_LDS_BANK_CONFLICT", excess);
        if (mpz_sgn(m->cycles)) {   /* 100 * excess / cycles, in hundredths, rounded down */
            lds_counter *c = &out[n++];
            snprintf(c->name, sizeof c->name, "lds_bank_conflict_rate");
            mpz_init(c->value);
            mpz_mul_ui(c->value, excess, 10000);
            mpz_fdiv_q(c->value, c->value, m->cycles);
            c->percent = true;
        }
        break;
    default:
        break;
    }
    mpz_clear(excess);
    return n;
}

unsigned lds_counters_of_total(const lds_sim_profile *p, const lds_total *bykind, size_t nkinds,
                               const lds_metrics *whole, lds_counter out[LDS_MAX_TOTAL_COUNTERS])
{
    if (lds_sim_profile_vendor(p) != LDS_VENDOR_NVIDIA)
        return lds_counters_of(p, -1, NULL, whole, out);
    unsigned n = 0;
    for (size_t i = 0; i < nkinds; i++)
        if (bykind[i].profile == p && n + LDS_MAX_COUNTERS <= LDS_MAX_TOTAL_COUNTERS)
            n += lds_counters_of(p, bykind[i].kind, bykind[i].counter_op, &bykind[i].m, out + n);
    return n;
}

void lds_counters_clear(lds_counter *c, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        mpz_clear(c[i].value);
}

const char *lds_counters_profiler(const lds_sim_profile *p)
{
    switch (lds_sim_profile_vendor(p)) {
    case LDS_VENDOR_NVIDIA: return "ncu";
    case LDS_VENDOR_AMD: return "rocprof";
    default: return NULL;
    }
}

void lds_counter_print(FILE *out, const lds_counter *c)
{
    if (!c->percent) {
        mpz_out_str(out, 10, c->value);
        return;
    }
    mpz_t q;   /* hundredths of a percent */
    mpz_init(q);
    unsigned long rem = mpz_fdiv_q_ui(q, c->value, 100);
    gmp_fprintf(out, "%Zd.%02lu", q, rem);
    mpz_clear(q);
}
