/* src/results.c - records of a run. */
#include "src/results.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#include "base/strset.h"
#include "base/mem.h"

void lds_results_init(lds_results *r)
{
    memset(r, 0, sizeof *r);
}

/* The order of cost: the most ways, then the most cycles. */
static bool costlier(const lds_sample_result *x, const lds_sample_result *than)
{
    return x->ways > than->ways || (x->ways == than->ways && x->cycles > than->cycles);
}

static void free_sample(lds_sample *s)
{
    lds_free(s->label);
    lds_free(s->active);
    lds_free(s->addr);
    lds_free(s->result.phase);
}

static void drop_worst(lds_access_result *a)
{
    if (a->worst)
        free_sample(a->worst);
    lds_free(a->worst);
    a->worst = NULL;
}

void lds_results_clear_samples(lds_access_result *a)
{
    for (unsigned i = 0; i < a->nsamples; i++)
        free_sample(&a->samples[i]);
    a->nsamples = 0;
    drop_worst(a);
}

void lds_results_drop_samples(lds_access_result *a)
{
    for (unsigned i = 0; i < a->nsamples; i++)
        free_sample(&a->samples[i]);
    lds_free(a->samples);
    a->samples = NULL;
    a->nsamples = a->capsamples = 0;
    drop_worst(a);
}

void lds_results_free(lds_results *r)
{
    for (size_t i = 0; i < r->n; i++) {
        lds_access_result *a = r->accesses[i];
        lds_results_drop_samples(a);
        lds_metrics_clear(&a->m);
        lds_free(a->source);
        lds_free(a->note);
        if (a->form)
            lds_free((char *)a->form->name);
        lds_free(a->form);
        lds_free(a->error);
        lds_free(a);
    }
    lds_free(r->accesses);
    for (size_t i = 0; i < r->nexpects; i++) {
        lds_free(r->expects[i].source);
        lds_free(r->expects[i].actual);
        lds_free(r->expects[i].expected);
    }
    lds_free(r->expects);
    for (size_t i = 0; i < r->nlayouts; i++)
        lds_layout_result_free(r->layouts[i]);
    lds_free(r->layouts);
    for (size_t i = 0; i < r->nsuggestions; i++)
        lds_suggestion_free(r->suggestions[i]);
    lds_free(r->suggestions);
    for (size_t i = 0; i < r->nprofiles; i++)
        lds_free(r->profiles[i]);
    lds_free(r->profiles);
    for (size_t i = 0; i < r->nstrings; i++)
        lds_free(r->strings[i]);
    lds_free(r->strings);
    lds_free(r->string_slot);
    lds_free(r->ended_kernels);
    memset(r, 0, sizeof *r);
}

/* The last `keep` of the n items of list, the others freed: their count. */
static size_t keep_latest(void **list, size_t n, size_t keep)
{
    if (n <= keep)
        return n;
    for (size_t i = 0; i < n - keep; i++)
        lds_free(list[i]);
    memmove(list, list + (n - keep), keep * sizeof *list);
    return keep;
}

void lds_results_take_pools(lds_results *r, lds_results_pools *out)
{
    out->profiles = r->profiles;
    out->nprofiles = keep_latest((void **)r->profiles, r->nprofiles, LDS_RESULTS_POOL_KEEP);
    out->strings = r->strings;
    out->nstrings = keep_latest((void **)r->strings, r->nstrings, LDS_RESULTS_POOL_KEEP);
    r->profiles = NULL;
    r->strings = NULL;
    r->nprofiles = r->nstrings = r->capstrings = 0;
    lds_free(r->string_slot);   /* rebuilt where the strings go */
    r->string_slot = NULL;
    r->nslots = 0;
}

void lds_results_give_pools(lds_results *r, const lds_results_pools *p)
{
    r->profiles = p->profiles;
    r->nprofiles = p->nprofiles;
    r->strings = p->strings;
    r->nstrings = r->capstrings = p->nstrings;
}

const lds_sim_profile *lds_results_profile(lds_results *r, const lds_sim_profile *p)
{
    for (size_t i = r->nprofiles; i-- > 0;)
        if (lds_sim_profile_equal(r->profiles[i], p))
            return r->profiles[i];
    r->profiles = lds_xreallocarray(r->profiles, r->nprofiles + 1, sizeof *r->profiles);
    lds_sim_profile *copy = lds_xmalloc(sizeof *copy);
    memcpy(copy, p, sizeof *copy);
    r->profiles[r->nprofiles++] = copy;
    return copy;
}

/* The interned strings' hash. */
static size_t string_hash(const char *s)
{
    return (size_t)lds_str_hash(s);
}

/* The slot of s in r's table: the one holding it, or the empty one where
 * it goes. */
static size_t *string_slot_of(const lds_results *r, const char *s)
{
    size_t mask = r->nslots - 1;
    for (size_t k = string_hash(s) & mask;; k = (k + 1) & mask)
        if (!r->string_slot[k] || strcmp(r->strings[r->string_slot[k] - 1], s) == 0)
            return &r->string_slot[k];
}

/* Rebuild the table for r's strings, at least twice their count (a file
 * of 14,000 kernels interns 14,000 names: a search per record, not a
 * walk over every name). */
static void rehash_strings(lds_results *r)
{
    lds_free(r->string_slot);
    r->nslots = 16;
    while (r->nslots < 2 * (r->nstrings + 1))
        r->nslots *= 2;
    r->string_slot = lds_xcalloc(r->nslots, sizeof *r->string_slot);
    for (size_t i = 0; i < r->nstrings; i++)
        *string_slot_of(r, r->strings[i]) = i + 1;
}

const char *lds_results_string(lds_results *r, const char *s)
{
    if (!s)
        return NULL;
    if (r->nslots < 2 * (r->nstrings + 1))
        rehash_strings(r);
    size_t *slot = string_slot_of(r, s);
    if (*slot)
        return r->strings[*slot - 1];
    r->strings = lds_xgrow(r->strings, r->nstrings, &r->capstrings, sizeof *r->strings, 16);
    r->strings[r->nstrings] = lds_xstrdup(s);
    *slot = ++r->nstrings;
    return r->strings[r->nstrings - 1];
}

lds_access_result *lds_results_add_access(lds_results *r, const void *key, const lds_sim_profile *profile,
                                          unsigned samples)
{
    r->accesses = lds_xgrow(r->accesses, r->n, &r->cap, sizeof *r->accesses, 16);
    lds_access_result *a = lds_xcalloc(1, sizeof *a);
    a->naddr = 1;
    a->key = key;
    a->profile = lds_results_profile(r, profile);
    a->capsamples = samples;
    if (samples)
        a->samples = lds_xcalloc(samples, sizeof *a->samples);
    lds_metrics_init(&a->m);
    r->accesses[r->n++] = a;
    return a;
}

void lds_results_take_samples(lds_access_result *to, lds_access_result *from)
{
    for (unsigned i = 0; i < from->nsamples; i++) {
        if (to->nsamples < to->capsamples)
            to->samples[to->nsamples++] = from->samples[i];
        else
            free_sample(&from->samples[i]);
    }
    from->nsamples = 0;
    if (from->worst && (!to->worst || costlier(&from->worst->result, &to->worst->result))) {
        drop_worst(to);
        to->worst = from->worst;
        from->worst = NULL;
    }
    drop_worst(from);
}

lds_expect_result *lds_results_add_expect(lds_results *r)
{
    r->expects = lds_xgrow(r->expects, r->nexpects, &r->capexpects, sizeof *r->expects, 16);
    lds_expect_result *e = &r->expects[r->nexpects++];
    memset(e, 0, sizeof *e);
    return e;
}

void lds_results_add_layout(lds_results *r, lds_layout_result *pic)
{
    r->layouts = lds_xgrow(r->layouts, r->nlayouts, &r->caplayouts, sizeof *r->layouts, 8);
    r->layouts[r->nlayouts++] = pic;
    r->layout_cells += (uint64_t)pic->rows * pic->cols;
}

void lds_layout_result_free(lds_layout_result *pic)
{
    if (!pic)
        return;
    lds_free(pic->array);
    lds_free(pic->heading);
    lds_free(pic->banks_caption);
    lds_free(pic->lanes_caption);
    lds_free(pic->bank);
    lds_free(pic->lane);
    lds_free(pic);
}

void lds_results_begin_kernel(lds_results *r, const char *kernel)
{
    if (r->lds.arrays) {
        r->ended_kernels = lds_xgrow(r->ended_kernels, r->nended_kernels, &r->capended_kernels,
                                     sizeof *r->ended_kernels, 4);
        r->ended_kernels[r->nended_kernels++] = r->lds;
    }
    memset(&r->lds, 0, sizeof r->lds);
    r->lds.kernel = kernel;
    r->kernels++;
}

void lds_results_add_suggestion(lds_results *r, lds_suggestion *sg)
{
    r->suggestions = lds_xgrow(r->suggestions, r->nsuggestions, &r->capsuggestions, sizeof *r->suggestions, 4);
    r->suggestions[r->nsuggestions++] = sg;
}

void lds_suggestion_free_candidate(lds_suggest_candidate *c)
{
    lds_free(c->label);
    lds_free(c->layout);
    lds_free(c->cute);
    lds_free(c->triton);
    lds_free(c->why);
    lds_free(c->error);
    lds_free(c->access_cycles);
    lds_free(c->access_ways);
    memset(c, 0, sizeof *c);
}

void lds_suggestion_free(lds_suggestion *sg)
{
    if (!sg)
        return;
    for (size_t i = 0; i < sg->ncand; i++) {
        lds_suggest_candidate *c = &sg->cand[i];
        for (unsigned k = 0; c->access_cycles && k < sg->naccess; k++)
            mpz_clear(c->access_cycles[k]);
        mpz_clears(c->cycles, c->ideal, c->excess, NULL);
        lds_suggestion_free_candidate(c);
    }
    lds_free(sg->cand);
    for (unsigned k = 0; k < sg->naccess; k++)
        lds_free(sg->access_source[k]);
    lds_free(sg->access_source);
    lds_free(sg->access_line);
    lds_free(sg->array);
    lds_free(sg->shape);
    lds_free(sg->fixed);
    lds_free(sg);
}

static void fill_sample(lds_sample *s, const lds_sim_access *acc, const lds_sim_result *res, const char *label)
{
    s->label = lds_xstrdup(label);
    s->nlanes = acc->nlanes;
    s->naddr = acc->naddr;
    s->active = lds_xmalloc(sizeof *s->active * acc->nlanes);
    memcpy(s->active, acc->active, sizeof *s->active * acc->nlanes);
    s->addr = lds_xreallocarray(NULL, (size_t)acc->nlanes * acc->naddr, sizeof *s->addr);
    memcpy(s->addr, acc->addr, sizeof *s->addr * acc->nlanes * acc->naddr);
    s->result.cycles = res->cycles;
    s->result.ideal = res->ideal;
    s->result.ways = res->ways;
    s->result.broadcasts = res->broadcasts;
    s->result.useful = res->useful;
    s->result.lines = res->lines;
    s->result.nphases = res->nphases;
    s->result.phase = lds_xreallocarray(NULL, res->nphases ? res->nphases : 1, sizeof *s->result.phase);
    memcpy(s->result.phase, res->phase, sizeof *res->phase * res->nphases);
}

void lds_results_keep_sample(lds_access_result *a, const lds_sim_access *acc, const lds_sim_result *res,
                             const char *label)
{
    if (a->nsamples >= a->capsamples)
        return;
    fill_sample(&a->samples[a->nsamples++], acc, res, label);
}

bool lds_results_is_worst(const lds_access_result *a, const lds_sim_result *res)
{
    if (!a->keep_worst)
        return false;
    if (!a->worst)
        return true;
    lds_sample_result r = { .ways = res->ways, .cycles = res->cycles };
    return costlier(&r, &a->worst->result);
}

void lds_results_keep_worst(lds_access_result *a, const lds_sim_access *acc, const lds_sim_result *res,
                            const char *label)
{
    drop_worst(a);
    a->worst = lds_xcalloc(1, sizeof *a->worst);
    fill_sample(a->worst, acc, res, label);
}

const lds_sample *lds_access_shown(const lds_access_result *a)
{
    if (!a->nsamples)
        return a->worst;
    return a->worst && costlier(&a->worst->result, &a->samples[0].result) ? a->worst : &a->samples[0];
}

const lds_sample *lds_access_drawn(const lds_access_result *a, unsigned k)
{
    return a->show == SHOW_SUMMARY ? lds_access_shown(a) : &a->samples[k];
}

const char *lds_access_counter_op(const lds_access_result *a)
{
    return a->form ? a->form->counter_op : NULL;
}

lds_sim_access lds_sample_access(const lds_access_result *a, const lds_sample *s)
{
    lds_sim_access acc = { (lds_sim_kind)a->kind, a->width, s->naddr, s->nlanes, s->active, s->addr,
                           lds_form_on(a->form, a->profile), a->global, false, 0 };
    if (acc.form == LDS_FORM_CAS_LOOP) {   /* the sample is the loop's first LDS.64 */
        acc.kind = LDS_ACCESS_READ;
        acc.form = LDS_FORM_PLAIN;
    }
    return acc;
}

void lds_results_totals(const lds_results *r, size_t first, bool global, lds_metrics *out)
{
    for (size_t i = first; i < r->n; i++)
        if (!r->accesses[i]->failed && r->accesses[i]->global == global)
            lds_metrics_add(out, &r->accesses[i]->m);
}

static bool same_op(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

void lds_access_idle_instructions(const lds_access_result *a, mpz_t out)
{
    if (a->profile->predicate_idle)
        mpz_mul_ui(out, a->m.skipped, a->parts);
    else
        mpz_set_ui(out, 0);
}

size_t lds_results_group_totals(const lds_results *r, size_t first, bool by_kind, lds_total **out)
{
    lds_total *t = NULL;
    size_t n = 0;
    for (size_t i = first; i < r->n; i++) {
        const lds_access_result *a = r->accesses[i];
        int kind = by_kind ? (int)a->kind : -1;
        const char *op = by_kind ? lds_access_counter_op(a) : NULL;
        if (a->failed)
            continue;
        size_t g = 0;
        while (g < n && !(t[g].profile == a->profile && t[g].kind == kind && same_op(t[g].counter_op, op)
                          && t[g].global == a->global))
            g++;
        if (g == n) {
            t = lds_xreallocarray(t, n + 1, sizeof *t);
            t[n].profile = a->profile;
            t[n].global = a->global;
            t[n].kind = kind;
            t[n].counter_op = op;
            mpz_init(t[n].idle);
            lds_metrics_init(&t[n++].m);
        }
        lds_metrics_add(&t[g].m, &a->m);
        mpz_t idle;
        mpz_init(idle);
        lds_access_idle_instructions(a, idle);
        mpz_add(t[g].idle, t[g].idle, idle);
        mpz_clear(idle);
    }
    *out = t;
    return n;
}

void lds_totals_free(lds_total *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        lds_metrics_clear(&t[i].m);
        mpz_clear(t[i].idle);
    }
    lds_free(t);
}

void lds_footprint_print(FILE *out, const lds_footprint *fp, bool named)
{
    uint64_t permille = fp->capacity ? fp->used * 1000 / fp->capacity : 0;
    fputs("shared memory", out);
    if (named && fp->kernel)
        fprintf(out, " of %s", fp->kernel);
    fprintf(out, ": %llu B of %llu KiB on %s (%llu.%llu%%) in %u array%s", (unsigned long long)fp->used,
            (unsigned long long)(fp->capacity / 1024), fp->profile, (unsigned long long)(permille / 10),
            (unsigned long long)(permille % 10), fp->arrays, fp->arrays == 1 ? "" : "s");
    if (fp->padding)
        fprintf(out, ", %llu B of it alignment and padding", (unsigned long long)fp->padding);
    fputc('\n', out);
}
