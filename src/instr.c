/* src/instr.c - one execution of an access by one wave: every lane's
 * activity and address (the compiled lane-vector program, or the tree
 * walker lane by lane), the instructions it issues (three b32 for a b96
 * element on a part without b96; none for a wave with no active lane),
 * each through the simulator, weighed into the totals and kept as a
 * sample while the record has room. */
#include "src/job.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "sim/coalesce.h"
#include "base/buf.h"
#include "base/interrupt.h"
#include "src/memo.h"

/* Instructions between two reports of progress. */
#define PROGRESS_EVERY 4096

/* --------------------------------------------------------- messages */

/* One loop's part of an instruction's place: the names it is shown by
 * (for k in 0..9 as s = 1 << k: "s = 8"), else its variable's value.
 * Quiet (an error's context, its message already set): a name that
 * cannot be evaluated falls back to the variable, and nothing fails. */
static int loop_place(job *j, lds_buf *b, const lds_loop *lp, unsigned slot, bool quiet)
{
    size_t mark = b->len;
    lds_eval *ev = j->sp->ev;
    lds_diag scratch = { 0 }, *kept = ev->diag;
    if (quiet)
        ev->diag = &scratch;
    int rc = 0;
    for (unsigned i = 0; i < lp->nshown && rc == 0; i++) {
        int64_t v;
        rc = lds_eval_int64(ev, lp->shown[i], &v, "a name a loop's trips are shown by");
        if (rc == 0)
            lds_buf_printf(b, "%s%s = %lld", b->len ? ", " : "", lp->shown_name[i], (long long)v);
    }
    ev->diag = kept;
    if (rc < 0 && !quiet)
        return -1;
    if (!lp->nshown || rc < 0) {
        b->len = mark;   /* the variable's value instead */
        if (b->s)
            b->s[mark] = '\0';
        lds_buf_printf(b, "%s%s = %lld", b->len ? ", " : "", lp->var, (long long)j->env->loop[slot]);
    }
    return 0;
}

/* " (lane 3, wave 1, k = 5)": where an error happened, naming the
 * dimensions outside `upto` (every one for an error at a lane). */
int lds_job_context_upto(job *j, int lane, unsigned upto)
{
    const lds_access_space *sp = j->sp;
    lds_diag *d = sp->diag;
    const char *sep = " (";
    if (lane >= 0) {
        lds_diag_append(d, "%slane %d", sep, lane);
        sep = ", ";
    }
    if (j->nwaves > 1) {
        lds_diag_append(d, "%swave %lld", sep, (long long)j->env->wave);
        sep = ", ";
    }
    if (sp->groups > 1) {
        lds_diag_append(d, "%sgroup %lld", sep, (long long)j->env->group);
        sep = ", ";
    }
    lds_buf places = { 0 };   /* the loops' values, by the names they are shown by */
    for (unsigned i = 0; i < sp->nfixed; i++)
        loop_place(j, &places, sp->fixed[i].loop, sp->fixed[i].slot, true);
    for (unsigned i = 0; i < j->nloops && i + 2 < upto; i++)   /* dims 0, 1: group, wave */
        loop_place(j, &places, j->loops[i].loop, j->loops[i].slot, true);
    if (places.len) {
        lds_diag_append(d, "%s%s", sep, lds_buf_str(&places));
        sep = ", ";
    }
    lds_buf_free(&places);
    if (sep[0] == ',')
        lds_diag_append(d, ")");
    return -1;
}

static int context(job *j, int lane)
{
    return lds_job_context_upto(j, lane, MAX_DIMS);
}

/* "k = 5, wave 1": an instruction's place, for --show and --explain
 * (the loops run trip by trip around it, then its own); "b32 2 of 3"
 * for a part of a split access.  NULL when a name it is shown by cannot
 * be evaluated (diag set). */
static char *sample_label(job *j, unsigned part)
{
    lds_buf b = { 0 };
    if (j->sp->parts > 1)
        lds_buf_printf(&b, "b%u %u of %u", j->sp->width / j->sp->parts * 8, part + 1, j->sp->parts);
    bool ok = true;
    for (unsigned i = 0; i < j->sp->nfixed && ok; i++)
        ok = loop_place(j, &b, j->sp->fixed[i].loop, j->sp->fixed[i].slot, false) == 0;
    for (unsigned i = 0; i < j->nloops && ok; i++)
        ok = loop_place(j, &b, j->loops[i].loop, j->loops[i].slot, false) == 0;
    if (j->nwaves > 1)
        lds_buf_printf(&b, "%swave %lld", b.len ? ", " : "", (long long)j->env->wave);
    if (j->sp->groups > 1)
        lds_buf_printf(&b, "%sgroup %lld", b.len ? ", " : "", (long long)j->env->group);
    if (!ok) {
        lds_buf_free(&b);
        return NULL;
    }
    return lds_buf_take(&b);
}

/* Keep the instruction as a sample (while there is room), with its
 * place; the costliest too, where the record keeps it.  0, or -1. */
static int keep(job *j, const lds_sim_access *acc, unsigned part)
{
    lds_access_result *rec = j->rec;
    bool first = rec->nsamples < rec->capsamples, worst = lds_results_is_worst(rec, &j->result);
    if (!first && !worst)
        return 0;
    char *label = sample_label(j, part);
    if (!label)
        return -1;
    if (first) {
        lds_results_keep_sample(rec, acc, &j->result, label);
        rec->samples[rec->nsamples - 1].group = j->env->group;
        rec->samples[rec->nsamples - 1].wave = j->env->wave;
    }
    if (worst) {
        lds_results_keep_worst(rec, acc, &j->result, label);
        rec->worst->group = j->env->group;
        rec->worst->wave = j->env->wave;
    }
    lds_free(label);
    return 0;
}

/* --------------------------------------------------------------- leaf */

static int simulate_part(job *j, unsigned part, mpz_srcptr mult);

/* Every lane's activity and address with the tree walker, lane after
 * lane: exact values, or the exact error (with the lane named). */
static int lanes_one_by_one(job *j)
{
    const lds_access_space *sp = j->sp;
    const lds_stmt *s = sp->s;
    unsigned wave = sp->profile->wave;
    j->have_mask = false;   /* the lanes one by one give only active[] */
    for (unsigned lane = 0; lane < wave; lane++) {
        j->env->lane = lane;
        int64_t tid = j->env->wave * (int64_t)wave + lane;
        j->active[lane] = tid < j->total_threads;
        j->addr[lane] = 0;
        if (j->active[lane] && s->u.access.cond) {
            int64_t c;
            if (lds_eval_int64(sp->ev, s->u.access.cond, &c, "the condition") < 0)
                return context(j, (int)lane);
            j->active[lane] = c != 0;
        }
        if (j->active[lane] && lds_target_address(&j->target, &j->addr[lane]) < 0)
            return context(j, (int)lane);
    }
    return 0;
}

/* The same with the compiled lane-vector program, when it has one and
 * the instruction stays within int64, the checks and the budget;
 * whether it did (src/lanes.h). */
static bool lanes_at_once(job *j)
{
    const lds_access_space *sp = j->sp;
    unsigned wave = sp->profile->wave;
    lds_lanes_out out;
    if (!j->lanes)
        return false;
    int64_t first = j->env->wave * (int64_t)wave, present = j->total_threads - first;
    if (present > (int64_t)wave)
        present = wave;
    uint64_t mask = present >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << present) - 1;
    if (!lds_lanes_run(j->lanes, j->env, wave, mask, &out))
        return false;
    if (lds_target_addresses(&j->target, &out, wave, j->addr) < 0)
        return false;
    lds_budget *budget = sp->ev->budget;
    if (budget && !lds_budget_take(budget, out.charge))
        return false;   /* the tree walker says where it runs out */
    if (out.active == mask) {   /* every lane present is active: the common case */
        unsigned n = present > 0 ? (unsigned)present : 0;
        memset(j->active, 1, n);
        memset(j->active + n, 0, wave - n);
    } else {
        for (unsigned lane = 0; lane < wave; lane++)
            j->active[lane] = out.active >> lane & 1;
    }
    j->active_mask = out.active;
    j->have_mask = true;
    return true;
}

/* One execution of the access by one wave: evaluate every lane; a wave
 * with no active lane issues nothing (counted as skipped; one instruction
 * with idle_waves predicate), else each of
 * its instructions is simulated and weighed by mult. */
int lds_job_leaf(job *j, mpz_srcptr mult)
{
    const lds_access_space *sp = j->sp;
    const lds_stmt *s = sp->s;
    unsigned wave = sp->profile->wave;
    if (lds_interrupt_pending()) {
        lds_diag_set(sp->diag, s->loc, "interrupted");
        return -1;
    }
    if (!j->probing && ++*sp->steps > sp->max_steps) {
        lds_diag_set(sp->diag, s->loc, "more than %llu instructions to simulate (--max-steps)",
                     (unsigned long long)sp->max_steps);
        return -1;
    }
    if (!lanes_at_once(j) && lanes_one_by_one(j) < 0)
        return -1;
    if (!j->probing && lds_work_step(&j->work, sp->ev->budget, sp->diag, s->loc) < 0)
        return -1;   /* its lanes' evaluation is the work the budget counts */
    bool any = j->have_mask && j->active_mask;
    for (unsigned lane = 0; !j->have_mask && lane < wave && !any; lane++)
        any = j->active[lane];
    if (!any) {
        /* The wave branches around the access (no instruction), or with
         * idle_waves predicate issues it with every lane off (an
         * instruction, no wavefront); either way it is counted skipped. */
        if (!j->checking && !j->pointing) {
            mpz_add(j->m->skipped, j->m->skipped, mult);
            if (sp->profile->predicate_idle)
                mpz_addmul_ui(j->m->instructions, mult, sp->parts);
        }
        return 0;
    }
    for (unsigned part = 0; part < sp->parts; part++)
        if (simulate_part(j, part, mult) < 0)
            return -1;
    return 0;
}

/* A 64-bit atomic NVIDIA runs as a compare-and-swap loop: every LDS.64
 * and ATOMS.CAST.SPIN.64 counted (sim: lds_sim_cas_loop); the kept sample
 * is its first load. */
static int run_cas_loop(job *j, const lds_sim_access *acc, unsigned part, mpz_srcptr mult)
{
    const lds_access_space *sp = j->sp;
    lds_access_result *rec = j->rec;
    lds_sim_loop loop;
    const char *why = NULL;
    if (lds_sim_cas_loop(sp->profile, acc, &loop, &why) < 0) {
        lds_diag_set(sp->diag, sp->s->loc, "the profile's phase table is malformed: %s", why);
        return -1;
    }
    if (j->pointing || rec->nsamples < rec->capsamples) {   /* --at, --show: its first load */
        lds_sim_access first = *acc;
        first.kind = LDS_ACCESS_READ;
        first.form = LDS_FORM_PLAIN;
        if (lds_sim_run(sp->profile, &first, &j->result, &why) < 0 || keep(j, &first, part) < 0)
            return -1;
    }
    if (j->pointing)
        return 0;
    rec->simulated++;
    lds_metrics *m = j->m;
    mpz_addmul_ui(m->instructions, mult, 2 * loop.iterations);
    mpz_addmul_ui(m->cycles, mult, loop.loads.cycles + loop.cas_cycles);
    mpz_addmul_ui(m->ideal, mult, loop.loads.ideal + loop.cas_cycles);
    mpz_addmul_ui(m->broadcasts, mult, loop.loads.broadcasts);
    mpz_addmul_ui(m->paired, mult, loop.loads.paired);
    lds_loop_loads *ld = lds_metrics_loop(m);
    mpz_addmul_ui(ld->instructions, mult, loop.iterations);
    mpz_addmul_ui(ld->cycles, mult, loop.loads.cycles);
    mpz_addmul_ui(ld->ideal, mult, loop.loads.ideal);
    if (loop.loads.ways > m->ways)
        m->ways = loop.loads.ways;
    if (m->ways < 1)
        m->ways = 1;
    return 0;
}

void lds_job_flush(job *j)
{
    lds_metrics *m = j->m;
    if (!j->unflushed.instructions)
        return;
    mpz_add_ui(m->instructions, m->instructions, j->unflushed.instructions);
    mpz_add_ui(m->cycles, m->cycles, j->unflushed.cycles);
    mpz_add_ui(m->ideal, m->ideal, j->unflushed.ideal);
    if (j->unflushed.broadcasts)
        mpz_add_ui(m->broadcasts, m->broadcasts, j->unflushed.broadcasts);
    if (j->unflushed.unaligned)
        mpz_add_ui(m->unaligned, m->unaligned, j->unflushed.unaligned);
    memset(&j->unflushed, 0, sizeof j->unflushed);
}

/* Part `part` of one instruction (a b96 element on a part without b96
 * is three b32 instructions, at +0, +4, +8): run R1-R3, keep it as a
 * sample while there is room, weigh it by mult. */
static int simulate_part(job *j, unsigned part, mpz_srcptr mult)
{
    const lds_access_space *sp = j->sp;
    unsigned wave = sp->profile->wave, width = sp->width / sp->parts;
    uint64_t shifted[LDS_SIM_MAX_WAVE];
    const uint64_t *addr = j->addr;
    if (sp->parts > 1) {
        for (unsigned lane = 0; lane < wave; lane++)
            shifted[lane] = j->addr[lane] + (uint64_t)part * width;
        addr = shifted;
    }
    unsigned naddr = sp->s->u.access.naddr;
    uint64_t pairs[2 * LDS_SIM_MAX_WAVE];
    if (naddr == 2) {   /* ds_read2: target + offset0, target + offset1 */
        for (unsigned lane = 0; lane < wave; lane++) {
            pairs[2 * lane] = addr[lane] + (uint64_t)sp->s->u.access.offset[0];
            pairs[2 * lane + 1] = addr[lane] + (uint64_t)sp->s->u.access.offset[1];
        }
    }
    lds_sim_access acc = { (lds_sim_kind)sp->s->u.access.kind, width, naddr, wave, j->active,
                           naddr == 2 ? pairs : addr, lds_form_on(sp->s->u.access.form, sp->profile),
                           sp->s->u.access.global, j->have_mask, j->active_mask };
    lds_access_result *rec = j->rec;
    if (acc.form == LDS_FORM_CAS_LOOP)
        return j->checking ? 0 : run_cas_loop(j, &acc, part, mult);
    /* a check counts nothing: an instruction of a class whose tables
     * parsed cannot fail in the simulator (the bounds check of a
     * period's tail evaluates a whole period) */
    if (j->checking && j->have_class && lds_sim_class_tables_parse(&j->sim_class))
        return 0;
    /* a pattern seen before costs what it cost; kept instructions need
     * their phases, checks no totals */
    bool memo = j->memo && !j->checking && rec->nsamples >= rec->capsamples;
    if (!memo || !lds_memo_find(j->memo, j->active, addr, wave, &j->result)) {
        const char *why = NULL;
        if (!j->have_class) {   /* the same for every instruction of the access */
            lds_sim_class_of(sp->profile, &acc, &j->sim_class);
            j->have_class = true;
        }
        if (lds_sim_run_class(sp->profile, &acc, &j->sim_class, &j->result, &why) < 0) {
            lds_diag_set(sp->diag, sp->s->loc, "the profile's phase table is malformed: %s", why);
            return -1;
        }
        if (memo)
            lds_memo_keep(j->memo, j->active, addr, wave, &j->result);
    }
    if (j->checking)
        return 0;
    if (j->pointing)
        return keep(j, &acc, part);
    rec->simulated++;
    if (sp->progress && ++j->ticks % PROGRESS_EVERY == 0) {
        atomic_fetch_add_explicit(&sp->progress->done, PROGRESS_EVERY, memory_order_relaxed);
        sp->progress->tick(sp->progress);
    }
    if (keep(j, &acc, part) < 0)   /* the first ones, for --show; the costliest */
        return -1;
    lds_metrics *m = j->m;
    const lds_sim_result *res = &j->result;
    if (mpz_cmp_ui(mult, 1) == 0) {   /* enumerating: one instruction, counted in 64 bits until flushed */
        j->unflushed.instructions++;
        j->unflushed.cycles += res->cycles;
        j->unflushed.ideal += res->ideal;
        j->unflushed.broadcasts += res->broadcasts;
        j->unflushed.unaligned += res->unaligned;
        if (j->unflushed.instructions >> 32)   /* far from overflow: a phase costs at most a few hundred */
            lds_job_flush(j);
    } else {
        mpz_add(m->instructions, m->instructions, mult);
        mpz_addmul_ui(m->cycles, mult, res->cycles);
        mpz_addmul_ui(m->ideal, mult, res->ideal);
        mpz_addmul_ui(m->broadcasts, mult, res->broadcasts);
        mpz_addmul_ui(m->unaligned, mult, res->unaligned);
    }
    if (res->paired)
        mpz_add(m->paired, m->paired, mult);
    if (acc.global) {
        lds_global_bytes *g = lds_metrics_global(m);
        mpz_addmul_ui(g->useful, mult, res->useful);
        mpz_addmul_ui(g->fetched, mult, res->cycles * lds_sim_global_model_of(sp->profile)->unit);
        mpz_addmul_ui(g->lines, mult, res->lines);
    }
    if (res->ways > m->ways)
        m->ways = res->ways;
    return 0;
}

