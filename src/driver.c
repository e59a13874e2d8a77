/* src/driver.c - statement by statement execution of an lds program. */
#include "src/driver.h"

#include "sim/phases.h"

#include <stdlib.h>
#include <string.h>

/* Most threads in a workgroup and groups in a dispatch. */
#define MAX_THREADS ((int64_t)1 << 31)
#define MAX_GROUPS ((int64_t)1 << 62)

void lds_metrics_init(lds_metrics *m)
{
    mpz_inits(m->instructions, m->cycles, m->ideal, m->broadcasts, NULL);
    m->ways = 0;
}

void lds_metrics_clear(lds_metrics *m)
{
    mpz_clears(m->instructions, m->cycles, m->ideal, m->broadcasts, NULL);
}

void lds_metrics_add(lds_metrics *dst, const lds_metrics *src)
{
    mpz_add(dst->instructions, dst->instructions, src->instructions);
    mpz_add(dst->cycles, dst->cycles, src->cycles);
    mpz_add(dst->ideal, dst->ideal, src->ideal);
    mpz_add(dst->broadcasts, dst->broadcasts, src->broadcasts);
    if (src->ways > dst->ways)
        dst->ways = src->ways;
}

void lds_metrics_excess(const lds_metrics *m, mpz_t out)
{
    mpz_sub(out, m->cycles, m->ideal);
}


/* ------------------------------------------------------------ profile */

/* The environment follows the profile; until `threads` is given the
 * workgroup is one wave of the profile. */
static void sync_env(lds_interp *in)
{
    if (!in->threads_given)
        in->threads[0] = in->profile.wave;
    in->env.banks = in->profile.banks;
    in->env.bank_bytes = in->profile.bank_bytes;
    in->env.wave_size = in->profile.wave;
    memcpy(in->env.threads, in->threads, sizeof in->threads);
    in->env.groups = in->groups;
}

int lds_interp_set_arch(lds_interp *in, const char *name)
{
    const lds_sim_profile *p = lds_sim_profile_find(name);
    if (!p)
        return -1;
    in->profile = *p;
    sync_env(in);
    return 0;
}

void lds_interp_init(lds_interp *in, lds_diag *diag)
{
    lds_mem_init();
    memset(in, 0, sizeof *in);
    in->diag = diag;
    lds_scope_init(&in->scope);
    lds_metrics_init(&in->last_run);
    lds_eval_init(&in->ev, &in->env, diag);
    in->threads[1] = in->threads[2] = 1;
    in->groups = 1;
    in->max_steps = 100000000;
    in->print_out = stdout;
    lds_interp_set_arch(in, "generic");
}

void lds_interp_free(lds_interp *in)
{
    for (size_t i = 0; i < in->nrecords; i++) {
        lds_metrics_clear(&in->records[i]->m);
        free(in->records[i]->samples);
        free(in->records[i]);
    }
    free(in->records);
    free(in->expects);
    lds_metrics_clear(&in->last_run);
    lds_eval_free(&in->ev);
    lds_scope_free(&in->scope);
}

void lds_interp_define(lds_interp *in, const char *name, const mpz_t value)
{
    lds_sym *s = lds_scope_push(&in->scope, name, SYM_CONST);
    mpz_set(s->value, value);
}

void lds_profile_overrides(const lds_sim_profile *p, char *buf, size_t size)
{
    const lds_sim_profile *b = lds_sim_profile_find(p->name);
    size_t n = 0;
    buf[0] = '\0';
#define ADD(...) do { if (n < size) n += (size_t)snprintf(buf + n, size - n, __VA_ARGS__); } while (0)
    if (p->banks != b->banks) ADD("%sbanks=%u", n ? ", " : "", p->banks);
    if (p->bank_bytes != b->bank_bytes) ADD("%sbank_bytes=%u", n ? ", " : "", p->bank_bytes);
    if (p->wave != b->wave) ADD("%swave=%u", n ? ", " : "", p->wave);
    if (p->lds_bytes != b->lds_bytes) ADD("%slds=%llu", n ? ", " : "", (unsigned long long)p->lds_bytes);
    if (p->r2 != b->r2) ADD("%sr2=%s", n ? ", " : "", p->r2 == LDS_R2_STRICT ? "strict" : "word");
    if (p->r3 != b->r3) ADD("%sr3=%s", n ? ", " : "", p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases");
    if (p->write_merge != b->write_merge) ADD("%swrite_merge=%s", n ? ", " : "", p->write_merge ? "yes" : "no");
    for (int wc = 0; wc < LDS_WC_COUNT; wc++)
        if (strcmp(p->phases[wc], b->phases[wc]))
            ADD("%sphases %s=%s", n ? ", " : "", lds_sim_width_class_name((lds_sim_width_class)wc), p->phases[wc]);
#undef ADD
}

/* ------------------------------------------------------------ records */

lds_sim_access lds_sample_access(const lds_access_record *r, const lds_sample *s)
{
    lds_sim_access a = { (lds_sim_kind)r->kind, r->width, 1, r->profile.wave, s->active, s->addr };
    return a;
}

lds_access_record *lds_interp_record(lds_interp *in, const lds_stmt *s, unsigned width)
{
    for (size_t i = in->nrecords; i-- > in->first_unreported;)
        if (in->records[i]->stmt == s) {
            in->last = in->records[i];
            return in->last;
        }
    if (in->nrecords == in->caprecords) {
        in->caprecords = in->caprecords ? in->caprecords * 2 : 16;
        in->records = lds_xrealloc(in->records, sizeof *in->records * in->caprecords);
    }
    lds_access_record *r = lds_xrealloc(NULL, sizeof *r);
    memset(r, 0, sizeof *r);
    r->stmt = s;
    r->kind = s->access;
    r->width = width;
    r->profile = in->profile;
    r->show = in->show;
    r->explain = in->explain_all || in->explain_next;
    in->explain_next = false;
    /* one instruction is kept for explanations (and the REPL's explain),
     * more when --show lists them */
    r->capsamples = r->show != SHOW_SUMMARY ? LDS_MAX_SAMPLES : 1;
    r->samples = lds_xrealloc(NULL, sizeof *r->samples * r->capsamples);
    lds_metrics_init(&r->m);
    in->records[in->nrecords++] = r;
    in->last = r;
    return r;
}

void lds_interp_totals_from(const lds_interp *in, size_t first, lds_metrics *out)
{
    for (size_t i = first; i < in->nrecords; i++)
        lds_metrics_add(out, &in->records[i]->m);
}

void lds_interp_totals(const lds_interp *in, lds_metrics *out)
{
    lds_interp_totals_from(in, 0, out);
}

void lds_interp_context(lds_interp *in, int lane, const lds_outer_loop *loops,
                        unsigned nloops, bool with_wave, bool with_group)
{
    lds_diag *d = in->diag;
    size_t n = strlen(d->msg), size = sizeof d->msg;
    const char *sep = " (";
#define ADD(...) do { if (n < size) n += (size_t)snprintf(d->msg + n, size - n, __VA_ARGS__); sep = ", "; } while (0)
    if (lane >= 0)
        ADD("%slane %d", sep, lane);
    if (with_wave)
        ADD("%swave %lld", sep, (long long)in->env.wave);
    if (with_group)
        ADD("%sgroup %lld", sep, (long long)in->env.group);
    for (unsigned i = 0; i < in->nactive; i++)
        ADD("%s%s = %lld", sep, in->active[i].loop->var, (long long)in->env.loop[in->active[i].slot]);
    for (unsigned i = 0; i < nloops; i++)
        ADD("%s%s = %lld", sep, loops[i].loop->var, (long long)in->env.loop[loops[i].slot]);
    if (sep[0] == ',')
        ADD(")");
#undef ADD
}

/* ---------------------------------------------------------- helpers */

/* Resolve and evaluate an expression that must be uniform. */
static int uniform_int64(lds_interp *in, lds_expr *e, const char *what, int64_t *out)
{
    if (lds_resolve(&in->scope, e, NULL, NULL, in->diag) < 0)
        return -1;
    if (e->deps & (LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP)) {
        lds_diag_set(in->diag, e->loc, "%s must be the same for every lane", what);
        return -1;
    }
    return lds_eval_int64(&in->ev, e, out, what);
}

static int in_range(lds_interp *in, const lds_expr *e, int64_t v, int64_t lo, int64_t hi, const char *what)
{
    if (v >= lo && v <= hi)
        return 0;
    lds_diag_set(in->diag, e->loc, "%s must be in %lld..%lld, not %lld", what, (long long)lo, (long long)hi, (long long)v);
    return -1;
}

/* ------------------------------------------------------ the statements */

static int exec_arch(lds_interp *in, const lds_stmt *s)
{
    if (lds_interp_set_arch(in, s->word) == 0)
        return 0;
    char list[256];
    size_t n = 0;
    for (unsigned i = 0; i < lds_sim_profile_count() && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? " " : "", lds_sim_profile_at(i)->name);
    lds_diag_set(in->diag, s->loc, "unknown profile '%s'; known: %s", s->word, list);
    return -1;
}

static int set_phases(lds_interp *in, const lds_stmt *s)
{
    static const struct { const char *w; int lo, hi; } classes[] = {
        { "b8", LDS_WC_B8_B16, LDS_WC_B8_B16 }, { "b16", LDS_WC_B8_B16, LDS_WC_B8_B16 },
        { "b32", LDS_WC_B32, LDS_WC_B32 }, { "b64", LDS_WC_B64, LDS_WC_B64 },
        { "b96", LDS_WC_B96, LDS_WC_B96 }, { "b128", LDS_WC_B128_READ, LDS_WC_B128_WRITE },
        { "b128-read", LDS_WC_B128_READ, LDS_WC_B128_READ },
        { "b128-write", LDS_WC_B128_WRITE, LDS_WC_B128_WRITE },
    };
    char spec[LDS_SIM_SPEC_LEN];
    size_t len = strlen(s->word2);
    if (len + 2 > sizeof spec) {
        lds_diag_set(in->diag, s->loc, "lane-phase table too long");
        return -1;
    }
    /* a plain number N means contiguous groups of N */
    snprintf(spec, sizeof spec, "%s%s", s->word2, strspn(s->word2, "0123456789") == len ? "c" : "");
    uint8_t map[LDS_SIM_MAX_WAVE];
    const char *why = NULL;
    if (lds_sim_phase_map(spec, LDS_SIM_MAX_WAVE, map, &why) == 0) {
        lds_diag_set(in->diag, s->loc, "bad lane-phase table '%s': %s", s->word2, why);
        return -1;
    }
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        if (!strcmp(classes[i].w, s->name)) {
            for (int wc = classes[i].lo; wc <= classes[i].hi; wc++)
                memcpy(in->profile.phases[wc], spec, strlen(spec) + 1);
            return 0;
        }
    lds_diag_set(in->diag, s->loc, "set phases: unknown width '%s' (b8 b16 b32 b64 b96 b128 b128-read b128-write)", s->name);
    return -1;
}

static int set_choice(lds_interp *in, const lds_stmt *s, const char *a, const char *b, int *out)
{
    if (!strcmp(s->word2, a) || !strcmp(s->word2, b)) {
        *out = !strcmp(s->word2, b);
        return 0;
    }
    lds_diag_set(in->diag, s->loc, "set %s: expected '%s' or '%s', not '%s'", s->word, a, b, s->word2);
    return -1;
}

static int exec_set(lds_interp *in, lds_stmt *s)
{
    lds_sim_profile *p = &in->profile;
    int choice;
    int64_t v;
    if (!strcmp(s->word, "phases"))
        return set_phases(in, s);
    if (!strcmp(s->word, "r2")) {
        if (set_choice(in, s, "word", "strict", &choice) < 0)
            return -1;
        p->r2 = choice ? LDS_R2_STRICT : LDS_R2_WORD;
        return 0;
    }
    if (!strcmp(s->word, "r3")) {
        if (set_choice(in, s, "phases", "substeps", &choice) < 0)
            return -1;
        p->r3 = choice ? LDS_R3_SUBSTEPS : LDS_R3_PHASES;
        return 0;
    }
    if (!strcmp(s->word, "write_merge")) {
        if (set_choice(in, s, "no", "yes", &choice) < 0)
            return -1;
        p->write_merge = choice;
        return 0;
    }
    if (!s->e[0] || (strcmp(s->word, "banks") && strcmp(s->word, "bank_bytes") && strcmp(s->word, "wave")
                     && strcmp(s->word, "lds"))) {
        lds_diag_set(in->diag, s->loc, "unknown setting '%s' (banks, bank_bytes, wave, lds, r2, r3, write_merge, phases)", s->word);
        return -1;
    }
    if (uniform_int64(in, s->e[0], "the value", &v) < 0)
        return -1;
    if (!strcmp(s->word, "banks")) {
        if (in_range(in, s->e[0], v, 1, LDS_SIM_MAX_BANKS, "banks") < 0)
            return -1;
        p->banks = (unsigned)v;
    } else if (!strcmp(s->word, "bank_bytes")) {
        if (v != 4 && v != 8) {
            lds_diag_set(in->diag, s->e[0]->loc, "bank_bytes must be 4 or 8, not %lld", (long long)v);
            return -1;
        }
        p->bank_bytes = (unsigned)v;
    } else if (!strcmp(s->word, "wave")) {
        if (v != 16 && v != 32 && v != 64) {
            lds_diag_set(in->diag, s->e[0]->loc, "wave must be 16, 32 or 64, not %lld", (long long)v);
            return -1;
        }
        p->wave = (unsigned)v;
    } else {
        if (in_range(in, s->e[0], v, 16, (int64_t)1 << 40, "lds") < 0)
            return -1;
        p->lds_bytes = (uint64_t)v;
    }
    sync_env(in);
    return 0;
}

static int exec_rules(lds_interp *in, const lds_stmt *s)
{
    if (!strcmp(s->word, "seed")) {
        in->profile.r2 = LDS_R2_STRICT;
        in->profile.r3 = LDS_R3_SUBSTEPS;
    } else if (!strcmp(s->word, "calibrated")) {
        in->profile.r2 = LDS_R2_WORD;
        in->profile.r3 = LDS_R3_PHASES;
    } else {
        lds_diag_set(in->diag, s->loc, "rules: expected 'seed' or 'calibrated', not '%s'", s->word);
        return -1;
    }
    return 0;
}

static int exec_threads(lds_interp *in, lds_stmt *s)
{
    int64_t t[3] = { 1, 1, 1 }, total = 1;
    for (unsigned i = 0; i < s->ne; i++) {
        if (uniform_int64(in, s->e[i], "a thread count", &t[i]) < 0
            || in_range(in, s->e[i], t[i], 1, MAX_THREADS, "a thread count") < 0)
            return -1;
        total *= t[i];
        if (total > MAX_THREADS) {
            lds_diag_set(in->diag, s->loc, "more than %lld threads in a workgroup", (long long)MAX_THREADS);
            return -1;
        }
    }
    memcpy(in->threads, t, sizeof t);
    in->threads_given = true;
    sync_env(in);
    return 0;
}

static int exec_let(lds_interp *in, lds_stmt *s)
{
    if (lds_resolve(&in->scope, s->e[0], NULL, NULL, in->diag) < 0)
        return -1;
    if (s->e[0]->deps & (LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP)) {
        lds_sym *v = lds_scope_push(&in->scope, s->name, SYM_LET);
        v->expr = s->e[0];
        v->deps = s->e[0]->deps;
        return 0;
    }
    mpz_t val;
    mpz_init(val);
    int rc = lds_eval_mpz(&in->ev, s->e[0], val);
    if (rc == 0)
        lds_interp_define(in, s->name, val);
    mpz_clear(val);
    return rc;
}

static int exec_def(lds_interp *in, lds_stmt *s)
{
    for (unsigned i = 0; i < s->nparams; i++)
        for (unsigned k = 0; k < i; k++)
            if (!strcmp(s->params[i], s->params[k])) {
                lds_diag_set(in->diag, s->loc, "parameter '%s' is listed twice", s->params[i]);
                return -1;
            }
    if (lds_resolve(&in->scope, s->body, s, s->name, in->diag) < 0)
        return -1;
    lds_sym *f = lds_scope_push(&in->scope, s->name, SYM_DEF);
    f->def = s;
    f->deps = s->body->deps & ~LDS_DEP_PARAM;
    return 0;
}

static int exec_array(lds_interp *in, lds_stmt *s)
{
    int64_t dims[32], elems = 1, at = -1, size = -1;
    const lds_sym *layout = NULL;
    for (unsigned d = 0; d < s->ndims; d++) {
        if (uniform_int64(in, s->dims[d], "a dimension", &dims[d]) < 0
            || in_range(in, s->dims[d], dims[d], 1, (int64_t)1 << 40, "a dimension") < 0)
            return -1;
        if (__builtin_mul_overflow(elems, dims[d], &elems) || elems > ((int64_t)1 << 40)) {
            lds_diag_set(in->diag, s->dims[d]->loc, "the array has more than 2^40 elements");
            return -1;
        }
    }
    if (s->at && (uniform_int64(in, s->at, "the array's offset", &at) < 0
                  || in_range(in, s->at, at, 0, (int64_t)1 << 50, "the array's offset") < 0))
        return -1;
    if (s->layout) {
        layout = lds_scope_find(&in->scope, s->layout);
        if (!layout || layout->kind != SYM_DEF) {
            lds_diag_set(in->diag, s->layout_loc, "unknown layout function '%s' (define it with def %s(i, ...) = ...)", s->layout, s->layout);
            return -1;
        }
        if (layout->def->nparams != (s->ndims ? s->ndims : 1)) {
            lds_diag_set(in->diag, s->layout_loc, "layout '%s' takes %u arguments; the array has %u dimensions",
                         s->layout, layout->def->nparams, s->ndims);
            return -1;
        }
        if (layout->deps & (LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP)) {
            lds_diag_set(in->diag, s->layout_loc, "a layout may depend only on its indices, not on the lane");
            return -1;
        }
    }
    if (s->size && (uniform_int64(in, s->size, "the array's size", &size) < 0
                    || in_range(in, s->size, size, 1, (int64_t)1 << 40, "the array's size") < 0))
        return -1;
    lds_sym *a = lds_scope_push(&in->scope, s->name, SYM_ARRAY);
    a->array.elem_size = s->elem_size;
    a->array.type_name = s->type_name;
    a->array.ndims = s->ndims;
    a->array.dims = lds_xrealloc(NULL, sizeof(int64_t) * (s->ndims ? s->ndims : 1));
    memcpy(a->array.dims, dims, sizeof(int64_t) * s->ndims);
    a->array.elems = (uint64_t)(size > 0 ? size : elems);
    a->array.layout = layout;
    a->array.base = at >= 0 ? (uint64_t)at : (in->next_array_offset + 15) / 16 * 16;
    in->next_array_offset = a->array.base + a->array.elems * s->elem_size;
    return 0;
}

/* ------------------------------------------------------------- print */

static void print_per_lane(lds_interp *in, lds_expr *e, int64_t wave)
{
    FILE *out = in->print_out;
    unsigned w = in->profile.wave;
    int64_t total = in->threads[0] * in->threads[1] * in->threads[2];
    lds_num v;
    size_t width = 1;
    in->env.wave = wave;
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned lane = 0; lane < w; lane++) {
            in->env.lane = lane;
            int active = wave * (int64_t)w + (int64_t)lane < total;
            if (pass == 1 && lane % 8 == 0)
                fprintf(out, "%slane %2u..%-2u:", lane ? "\n" : "", lane, lane + 7 < w ? lane + 7 : w - 1);
            if (!active) {
                if (pass == 1)
                    fprintf(out, " %*s", (int)width, "-");
                continue;
            }
            if (lds_eval_value(&in->ev, e, &v) < 0)
                return;
            if (pass == 0) {
                size_t n = lds_num_width(&v);
                width = n > width ? n : width;
            } else {
                fprintf(out, " %*s", (int)(width - lds_num_width(&v)), "");
                lds_num_print(out, &v);
            }
        }
    }
    fputc('\n', out);
}

static int exec_print(lds_interp *in, lds_stmt *s)
{
    for (unsigned i = 0; i < s->nexprs; i++) {
        lds_expr *e = s->exprs[i];
        if (lds_resolve(&in->scope, e, NULL, NULL, in->diag) < 0)
            return -1;
        if (!(e->deps & (LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP))) {
            lds_num v;
            if (lds_eval_value(&in->ev, e, &v) < 0)
                return -1;
            lds_num_print(in->print_out, &v);
            fputc('\n', in->print_out);
            continue;
        }
        int64_t total = in->threads[0] * in->threads[1] * in->threads[2];
        int64_t waves = (e->deps & LDS_DEP_WAVE) ? (total + in->profile.wave - 1) / in->profile.wave : 1;
        in->env.group = 0;
        for (int64_t w = 0; w < waves && w < 64; w++) {
            if (waves > 1)
                fprintf(in->print_out, "wave %lld:\n", (long long)w);
            print_per_lane(in, e, w);
            if (in->diag->set) {
                lds_interp_context(in, (int)in->env.lane, NULL, 0, waves > 1, false);
                return -1;
            }
        }
        if (waves > 64)
            fprintf(in->print_out, "(%lld more waves not shown)\n", (long long)(waves - 64));
    }
    return 0;
}

/* ------------------------------------------------------------ expect */

static int metric_value(const lds_metrics *m, const char *name, mpz_t out)
{
    if (!strcmp(name, "ways"))
        mpz_set_ui(out, m->ways);
    else if (!strcmp(name, "cycles") || !strcmp(name, "wavefronts"))
        mpz_set(out, m->cycles);
    else if (!strcmp(name, "ideal"))
        mpz_set(out, m->ideal);
    else if (!strcmp(name, "excess") || !strcmp(name, "conflicts"))
        lds_metrics_excess(m, out);
    else if (!strcmp(name, "broadcasts"))
        mpz_set(out, m->broadcasts);
    else if (!strcmp(name, "instructions"))
        mpz_set(out, m->instructions);
    else
        return -1;
    return 0;
}

static int compare_holds(lds_tok_kind op, int c)
{
    switch (op) {
    case TK_EQ: return c == 0;
    case TK_NE: return c != 0;
    case TK_LT: return c < 0;
    case TK_LE: return c <= 0;
    case TK_GT: return c > 0;
    default: return c >= 0;
    }
}

static int exec_expect(lds_interp *in, lds_stmt *s)
{
    const char *name = s->metric;
    int total = strncmp(name, "total.", 6) == 0;
    lds_metrics sum;
    mpz_t actual, want;
    int rc = -1;
    if (total)
        name += 6;
    lds_metrics_init(&sum);
    mpz_inits(actual, want, NULL);
    if (total)
        lds_interp_totals(in, &sum);
    else if (in->last)
        lds_metrics_add(&sum, &in->last_run);
    if (metric_value(&sum, name, actual) < 0) {
        lds_diag_set(in->diag, s->loc, "unknown metric '%s' (ways cycles ideal excess broadcasts instructions, or total.cycles ...)", s->metric);
        goto out;
    }
    if (!total && !in->last) {
        lds_diag_set(in->diag, s->loc, "expect %s: no access statement before it", s->metric);
        goto out;
    }
    if (lds_resolve(&in->scope, s->e[0], NULL, NULL, in->diag) < 0 || lds_eval_mpz(&in->ev, s->e[0], want) < 0)
        goto out;
    if (in->nexpects == in->capexpects) {
        in->capexpects = in->capexpects ? in->capexpects * 2 : 16;
        in->expects = lds_xrealloc(in->expects, sizeof *in->expects * in->capexpects);
    }
    lds_expect_record *r = &in->expects[in->nexpects++];
    r->stmt = s;
    r->ok = compare_holds(s->cmp, mpz_cmp(actual, want));
    gmp_snprintf(r->actual, sizeof r->actual, "%Zd", actual);
    gmp_snprintf(r->expected, sizeof r->expected, "%Zd", want);
    if (!r->ok)
        in->expect_failed = true;
    if (in->sink && in->sink->expect)
        in->sink->expect(in->sink_ctx, in, r);
    rc = 0;
out:
    mpz_clears(actual, want, NULL);
    lds_metrics_clear(&sum);
    return rc;
}

static int exec_show(lds_interp *in, const lds_stmt *s)
{
    static const char *const levels[] = { "summary", "phases", "lanes", "grid" };
    for (int i = 0; i < 4; i++)
        if (!strcmp(s->word, levels[i])) {
            in->show = (lds_show)i;
            return 0;
        }
    lds_diag_set(in->diag, s->loc, "show: expected summary, phases, lanes or grid, not '%s'", s->word);
    return -1;
}

/* -------------------------------------------------------------- loops */

static int exec_block(lds_interp *in, lds_stmt *first);

/* A block whose body holds only accesses (and such blocks) is not run
 * iteration by iteration: its loops become dimensions of each access. */
static int is_pure(const lds_stmt *body)
{
    for (const lds_stmt *s = body; s; s = s->next)
        if (s->kind != S_ACCESS && !(s->kind == S_FOR && is_pure(s->body_stmts)))
            return 0;
    return 1;
}

static int exec_pure_for(lds_interp *in, lds_stmt *s, lds_outer_loop *outer, unsigned n)
{
    size_t mark = in->scope.n;
    unsigned slots = in->nslots;
    unsigned slot;
    int rc = lds_access_push_loop(in, &s->loops[0], &slot);
    if (rc == 0) {   /* n < LDS_MAX_LOOPS once the slot exists */
        outer[n].slot = slot;
        outer[n].loop = &s->loops[0];
    }
    for (lds_stmt *b = s->body_stmts; rc == 0 && b; b = b->next)
        rc = b->kind == S_ACCESS ? lds_access_run(in, b, outer, n + 1) : exec_pure_for(in, b, outer, n + 1);
    lds_scope_pop_to(&in->scope, mark);
    in->nslots = slots;
    return rc;
}

static int exec_for(lds_interp *in, lds_stmt *s)
{
    lds_outer_loop outer[LDS_MAX_LOOPS];
    if (is_pure(s->body_stmts))
        return exec_pure_for(in, s, outer, 0);
    const lds_loop *lp = &s->loops[0];
    int64_t lo, hi;
    if (uniform_int64(in, lp->lo, "a loop's start", &lo) < 0 || uniform_int64(in, lp->hi, "a loop's end", &hi) < 0)
        return -1;
    uint64_t left = in->max_steps - (in->steps < in->max_steps ? in->steps : in->max_steps);
    if (hi > lo && (uint64_t)hi - (uint64_t)lo > left) {
        lds_diag_set(in->diag, lp->loc, "this loop runs %llu times, one by one (its body is not only accesses), "
                     "more than --max-steps allows (%llu)",
                     (unsigned long long)((uint64_t)hi - (uint64_t)lo), (unsigned long long)in->max_steps);
        return -1;
    }
    size_t mark = in->scope.n;
    unsigned slots = in->nslots, slot;
    int rc = lds_access_push_loop(in, lp, &slot);
    if (rc == 0) {
        in->active[in->nactive].loop = lp;
        in->active[in->nactive++].slot = slot;
    }
    for (int64_t v = lo; rc == 0 && v < hi; v++) {
        if (++in->steps > in->max_steps) {
            lds_diag_set(in->diag, lp->loc, "more than %llu loop trips and instructions (--max-steps)",
                         (unsigned long long)in->max_steps);
            rc = -1;
            break;
        }
        in->env.loop[slot] = v;
        size_t body_mark = in->scope.n;
        rc = exec_block(in, s->body_stmts);
        lds_scope_pop_to(&in->scope, body_mark);
    }
    if (in->nslots != slots)   /* the loop variable was pushed */
        in->nactive--;
    lds_scope_pop_to(&in->scope, mark);
    in->nslots = slots;
    return rc;
}

/* ------------------------------------------------------------ dispatch */

static int exec_stmt(lds_interp *in, lds_stmt *s)
{
    int64_t v;
    switch (s->kind) {
    case S_ARCH: return exec_arch(in, s);
    case S_SET: return exec_set(in, s);
    case S_RULES: return exec_rules(in, s);
    case S_THREADS: return exec_threads(in, s);
    case S_GROUPS:
        if (uniform_int64(in, s->e[0], "the group count", &v) < 0 || in_range(in, s->e[0], v, 1, MAX_GROUPS, "groups") < 0)
            return -1;
        in->groups = v;
        sync_env(in);
        return 0;
    case S_LET: return exec_let(in, s);
    case S_DEF: return exec_def(in, s);
    case S_ARRAY: return exec_array(in, s);
    case S_ACCESS: return lds_access_run(in, s, NULL, 0);
    case S_FOR: return exec_for(in, s);
    case S_PRINT: return exec_print(in, s);
    case S_EXPECT: return exec_expect(in, s);
    case S_SHOW: return exec_show(in, s);
    case S_EXPLAIN:
        in->explain_next = true;
        return 0;
    }
    return 0;
}

static int exec_block(lds_interp *in, lds_stmt *first)
{
    for (lds_stmt *s = first; s; s = s->next)
        if (exec_stmt(in, s) < 0)
            return -1;
    return 0;
}

static void report_pending(lds_interp *in)
{
    for (size_t i = in->first_unreported; i < in->nrecords; i++) {
        in->records[i]->reported = true;
        if (in->sink && in->sink->access && !in->records[i]->failed)
            in->sink->access(in->sink_ctx, in, in->records[i]);
    }
    in->first_unreported = in->nrecords;
}

int lds_interp_run(lds_interp *in, const lds_stmt *first)
{
    for (lds_stmt *s = (lds_stmt *)first; s; s = s->next) {
        int rc = exec_stmt(in, s);
        report_pending(in);
        if (rc < 0)
            return -1;
    }
    return 0;
}
