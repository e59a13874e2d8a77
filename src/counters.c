/* src/counters.c - the profilers' names of our metrics. */
#include "src/counters.h"

#include <stdio.h>
#include <string.h>

#include "sim/coalesce.h"

static void set(lds_counter *c, const char *name, mpz_srcptr v)
{
    snprintf(c->name, sizeof c->name, "%s", name);
    mpz_init_set(c->value, v);
    c->percent = false;
}

/* Nsight Compute's names for one op: its instructions (the _pred_on_any
 * variant: instructions with an active lane, as lds-calc counts them;
 * the plain counter adds instructions whose lanes are all predicated
 * off), its wavefronts and its bank conflicts.  The hardware l1tex
 * counters count ldmatrix under ld and stmatrix under st; cp.async,
 * which they do not see, has only the SASS-level ldgsts counters
 * (measurements/h200-sm90, README). */
typedef struct {
    const char *op, *instructions, *wavefronts, *conflicts;
} nsight_op;

#define L1TEX_WF "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_"
#define L1TEX_BC "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_"
static const nsight_op nsight_ops[] = {
    { "ld", "smsp__inst_executed_op_shared_ld_pred_on_any", L1TEX_WF "ld", L1TEX_BC "ld" },
    { "st", "smsp__inst_executed_op_shared_st_pred_on_any", L1TEX_WF "st", L1TEX_BC "st" },
    { "atom", "smsp__inst_executed_op_shared_atom_pred_on_any", L1TEX_WF "atom", L1TEX_BC "atom" },
    { "ldsm", "smsp__inst_executed_op_ldsm_pred_on_any", L1TEX_WF "ld", L1TEX_BC "ld" },
    { "stsm", "smsp__inst_executed_op_shared_stsm_pred_on_any", L1TEX_WF "st", L1TEX_BC "st" },
    { "ldgsts", "smsp__inst_executed_op_ldgsts_pred_on_any", "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts",
      "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts" },
    /* a descriptor's reads (read_desc): the l1tex names of op_gmma, after
     * the pattern of op_ld and op_st (not checked against a profiler
     * here); the instruction count of a wgmma is not a shared-memory one */
    { "gmma", NULL, L1TEX_WF "gmma", L1TEX_BC "gmma" },
    /* TMA and the bulk copies: no LSU shared-memory counter counts them */
    { "bulk", NULL, NULL, NULL },
};

static const nsight_op *nsight_op_named(const char *op)
{
    for (size_t i = 0; i < sizeof nsight_ops / sizeof nsight_ops[0]; i++)
        if (!strcmp(nsight_ops[i].op, op))
            return &nsight_ops[i];
    return &nsight_ops[0];
}

const char *lds_counter_name_at(unsigned i)
{
    size_t n = sizeof nsight_ops / sizeof nsight_ops[0];
    if (i >= 3 * n)
        return NULL;
    const nsight_op *o = &nsight_ops[i / 3];
    const char *name = i % 3 == 0 ? o->instructions : i % 3 == 1 ? o->wavefronts : o->conflicts;
    return name ? name : "";
}

/* The three counters of one op: instructions, cycles and cycles - ideal. */
static unsigned nsight(lds_counter *out, const char *op, mpz_srcptr instructions, mpz_srcptr cycles, mpz_srcptr ideal)
{
    const nsight_op *o = nsight_op_named(op);
    const char *names[3] = { o->instructions, o->wavefronts, o->conflicts };
    char name[128];
    mpz_t excess;
    mpz_init(excess);
    mpz_sub(excess, cycles, ideal);
    mpz_srcptr values[3] = { instructions, cycles, excess };
    unsigned n = 0;
    for (unsigned i = 0; i < 3; i++)   /* an op without a name for one has no such counter */
        if (names[i]) {
            snprintf(name, sizeof name, "%s.sum", names[i]);
            set(&out[n++], name, values[i]);
        }
    mpz_clear(excess);
    return n;
}

unsigned lds_counters_of(const lds_sim_profile *p, int kind, const char *counter_op, const lds_metrics *m,
                         mpz_srcptr idle, lds_counter out[LDS_MAX_COUNTERS])
{
    static const char *const op[] = { "ld", "st", "atom" };
    unsigned n = 0;
    mpz_t excess;
    mpz_init(excess);
    lds_metrics_excess(m, excess);
    switch (lds_sim_profile_vendor(p)) {
    case LDS_VENDOR_NVIDIA: {
        if (kind < 0)
            break;   /* every Nsight name is per kind of access */
        mpz_t on;   /* instructions with an active lane */
        mpz_init_set(on, m->instructions);
        if (idle)
            mpz_sub(on, on, idle);
        if (!m->loop || mpz_sgn(m->loop->instructions) == 0) {
            n += nsight(out, counter_op ? counter_op : op[kind], on, m->cycles, m->ideal);
            mpz_clear(on);
            break;
        }
        /* a CAS loop: its LDS.64s count as loads, the rest as atomics */
        mpz_t cyc, ideal;
        mpz_inits(cyc, ideal, NULL);
        mpz_sub(on, on, m->loop->instructions);
        mpz_sub(cyc, m->cycles, m->loop->cycles);
        mpz_sub(ideal, m->ideal, m->loop->ideal);
        n += nsight(out, "ld", m->loop->instructions, m->loop->cycles, m->loop->ideal);
        n += nsight(out + n, op[kind], on, cyc, ideal);
        mpz_clears(on, cyc, ideal, NULL);
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

/* A global access's counters (kind >= 0): Nsight Compute's requests and
 * sectors of its op, rocprof's vector-memory instructions.  The others a
 * vendor has (rocprof's TCP_TOTAL_CACHE_ACCESSES_sum, say) count units
 * lds-calc does not model exactly and are left out. */
static unsigned global_counters(const lds_sim_profile *p, int kind, const lds_metrics *m, lds_counter *out)
{
    static const char *const op[] = { "ld", "st", "atom" };
    static const char *const vmem[] = { "SQ_INSTS_VMEM_RD", "SQ_INSTS_VMEM_WR", NULL };
    const lds_sim_global_model *gm = lds_sim_global_model_of(p);
    char name[128];
    unsigned n = 0;
    if (kind < 0)
        return 0;
    if (gm->requests_counter) {
        snprintf(name, sizeof name, "%s%s.sum", gm->requests_counter, op[kind]);
        set(&out[n++], name, m->instructions);
        snprintf(name, sizeof name, "%s%s.sum", gm->units_counter, op[kind]);
        set(&out[n++], name, m->cycles);
    }
    if (lds_sim_profile_vendor(p) == LDS_VENDOR_AMD && vmem[kind])
        set(&out[n++], vmem[kind], m->instructions);
    return n;
}

unsigned lds_access_counters(const lds_access_result *a, lds_counter out[LDS_MAX_COUNTERS])
{
    if (a->global)
        return global_counters(a->profile, (int)a->kind, &a->m, out);
    mpz_t idle;
    mpz_init(idle);
    lds_access_idle_instructions(a, idle);
    unsigned n = lds_counters_of(a->profile, (int)a->kind, lds_access_counter_op(a), &a->m, idle, out);
    mpz_clear(idle);
    return n;
}

/* Counters of one name added into the first (ldmatrix and plain loads
 * share the l1tex ld counters, say); returns how many remain. */
static unsigned merge_same_names(lds_counter *c, unsigned n)
{
    unsigned out = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned k = 0;
        while (k < out && strcmp(c[k].name, c[i].name))
            k++;
        if (k < out && !c[i].percent) {
            mpz_add(c[k].value, c[k].value, c[i].value);
            mpz_clear(c[i].value);
        } else {
            c[out++] = c[i];
        }
    }
    return out;
}

unsigned lds_counters_of_total(const lds_sim_profile *p, bool global, const lds_total *bykind, size_t nkinds,
                               const lds_metrics *whole, lds_counter out[LDS_MAX_TOTAL_COUNTERS])
{
    if (!global && lds_sim_profile_vendor(p) != LDS_VENDOR_NVIDIA)
        return lds_counters_of(p, -1, NULL, whole, NULL, out);
    unsigned n = 0;
    for (size_t i = 0; i < nkinds; i++) {
        const lds_total *k = &bykind[i];
        if (k->profile != p || k->global != global || n + LDS_MAX_COUNTERS > LDS_MAX_TOTAL_COUNTERS)
            continue;
        n += global ? global_counters(p, k->kind, &k->m, out + n)
                    : lds_counters_of(p, k->kind, k->counter_op, &k->m, k->idle, out + n);
    }
    return merge_same_names(out, n);
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
