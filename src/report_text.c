/* src/report_text.c - the text report, streamed: a header when the
 * profile changes, one line per access as it finishes, the views and
 * explanations asked for, and the run's total. */
#include "src/report_impl.h"

#include <stdlib.h>
#include <string.h>

#include "src/explain.h"
#include "base/strset.h"
#include "base/mem.h"
#include "src/notes.h"
#include "src/suggest_print.h"

static void header(lds_reporter *r, const lds_access_result *a)
{
    char line[sizeof r->last_header];
    const lds_sim_profile *p = a->profile;
    lds_report_header_line(p, line, sizeof line);
    if (strcmp(line, r->last_header) == 0)
        return;
    fputs(line, r->o.out);
    memcpy(r->last_header, line, sizeof line);
    r->nsaid = 0;
}

/* Whether a general note was said under the current header (and remember
 * it if not). */
static bool said_already(lds_reporter *r, const char *note)
{
    uint64_t h = lds_str_hash(note);
    for (unsigned i = 0; i < r->nsaid; i++)
        if (r->said[i] == h)
            return true;
    if (r->nsaid < sizeof r->said / sizeof r->said[0])
        r->said[r->nsaid++] = h;
    return false;
}

static void text_notes(lds_reporter *r, const lds_access_result *a)
{
    lds_notes notes;
    lds_access_notes(a, &notes);
    for (unsigned i = 0; i < notes.n; i++)
        if (!notes.general[i] || !said_already(r, notes.text[i]))
            fprintf(r->o.out, "  note: %s\n", notes.text[i]);
}

/* A kernel file's records follow a line naming their kernel. */
static void kernel_heading(lds_reporter *r, const lds_access_result *a)
{
    if (!a->kernel || (r->text_kernel && !strcmp(r->text_kernel, a->kernel)))
        return;
    lds_free(r->text_kernel);
    r->text_kernel = lds_xstrdup(a->kernel);
    fputs("kernel ", r->o.out);
    lds_fput_text(r->o.out, a->kernel);
    fputs(":\n", r->o.out);
}

/* "L:C: ", or "FILE:L:C: " for a line of another file than the one
 * read: a header the kernel file includes, the source file of a PTX
 * instruction. */
static void text_place(FILE *out, const lds_access_result *a)
{
    if (a->in_other_file && a->file) {
        lds_fput_text(out, a->file);
        fputc(':', out);
    }
    fprintf(out, "%u:%u: ", a->line, a->col);
}

static void text_access(lds_reporter *r, const lds_access_result *a)
{
    FILE *out = r->o.out;
    if (a->skipped) {
        header(r, a);
        kernel_heading(r, a);
        lds_report_labels_prefix(r, out);
        text_place(out, a);
        fprintf(out, "%s: %s: not modelled: ", lds_access_kind_name(a->kind), a->source);
        lds_fput_text(out, a->error);
        fputc('\n', out);
        return;
    }
    if (a->failed)
        return;   /* its error is the message */
    header(r, a);
    kernel_heading(r, a);
    lds_report_labels_prefix(r, out);
    if (a->lowered)   /* a kernel's line may hold several accesses: the column and kind tell them apart */
    {
        text_place(out, a);
        fprintf(out, "%s: %s: ", lds_access_kind_name(a->kind), a->source);
    } else
        fprintf(out, "%u: %s: ", a->line, a->source);
    if (mpz_sgn(a->m.instructions) == 0) {
        fprintf(out, "no instructions");
        if (mpz_sgn(a->m.skipped) > 0) {
            fprintf(out, " (");
            lds_report_number(r, out, a->m.skipped);
            fprintf(out, " wave%s with no active lane)", mpz_cmp_ui(a->m.skipped, 1) == 0 ? "" : "s");
        }
        fputc('\n', out);
        return;
    }
    if (a->global) {
        fputs("global, ", out);
        lds_report_global_text(r, out, &a->m, a->profile);
    } else {
        fprintf(out, "%llu-way%s, ", (unsigned long long)a->m.ways, a->m.ways <= 1 ? " (conflict-free)" : "");
        lds_report_metrics_text(r, out, &a->m);
    }
    fputc('\n', out);
    text_notes(r, a);
    for (unsigned i = 0; a->show != SHOW_SUMMARY && i < a->nsamples; i++) {
        const lds_sample *s = &a->samples[i];
        unsigned same = i;   /* the instructions after it with its pattern */
        while (same + 1 < a->nsamples && lds_view_same_pattern(a, s, &a->samples[same + 1]))
            same++;
        if (same > i) {   /* one picture for the run of them */
            fprintf(out, "  instructions %u-%u (%s to %s): the same pattern\n", i + 1, same + 1,
                    s->label[0] ? s->label : "first", a->samples[same].label[0] ? a->samples[same].label : "last");
        } else {
            fprintf(out, "  instruction %u%s%s%s:\n", i + 1, s->label[0] ? " (" : "", s->label, s->label[0] ? ")" : "");
        }
        if (a->global)
            lds_view_global(out, a, s, a->show);
        else if (a->show == SHOW_LANES)
            lds_view_lanes(out, a, s);
        else if (a->show == SHOW_PHASES)
            lds_view_phases(out, a, s);
        else
            lds_view_grid(out, a, s);
        i = same;
    }
    if (a->explain)
        lds_explain_access(out, a, "  - ");
    if (a->show != SHOW_SUMMARY && a->simulated > a->nsamples)
        fprintf(out, "  (%llu more instructions simulated, not shown)\n",
                (unsigned long long)(a->simulated - a->nsamples));
}

/* "sm80" or "sm80, banks=16": a profile with its overrides. */
void lds_report_profile_label(const lds_sim_profile *p, char *buf, size_t size)
{
    char over[LDS_SIM_OVERRIDES_LEN];
    lds_sim_profile_overrides(p, over, sizeof over);
    snprintf(buf, size, "%s%s%s", p->name, over[0] ? ", " : "", over);
}

/* The run's totals, one line per profile (never summed across them), when
 * it has more than one access statement. */
static void text_footprint_line(lds_reporter *r, const lds_footprint *fp, bool named)
{
    lds_report_labels_prefix(r, r->o.out);
    lds_footprint_print(r->o.out, fp, named);
}

/* "shared memory: 8448 B of 64 KiB on generic (12.9%) in 2 arrays, 64 B
 * of it alignment and padding", for a run that declared arrays and
 * accessed memory: one line a kernel, each named where the run has
 * several (their arrays all start at byte 0). */
static void text_footprint(lds_reporter *r, const lds_run_view *run)
{
    const lds_results *res = run->res;
    if (res->n == run->first_access)
        return;
    bool kernels = res->kernels != run->first_kernel, several = res->kernels - run->first_kernel > 1;
    for (size_t i = run->first_ended_kernel; i < res->nended_kernels; i++)
        text_footprint_line(r, &res->ended_kernels[i], several);
    const lds_footprint *fp = &res->lds;
    /* the count restarts with each kernel */
    bool declared = kernels ? fp->arrays > 0 : fp->arrays != run->first_array;
    if (declared && fp->capacity)
        text_footprint_line(r, fp, several);
}

static void text_end_run(lds_reporter *r, const lds_run_view *run)
{
    const lds_results *res = run->res;
    for (size_t i = run->first_suggestion; i < res->nsuggestions; i++)
        lds_suggest_print(r->o.out, res->suggestions[i]);
    text_footprint(r, run);
    size_t not_modelled = 0;
    for (size_t i = run->first_access; i < res->n; i++)
        not_modelled += res->accesses[i]->skipped;
    if (not_modelled) {   /* the totals below are partial: say so */
        lds_report_labels_prefix(r, r->o.out);
        fprintf(r->o.out, "not modelled: %zu access%s, left out of the totals\n", not_modelled,
                not_modelled == 1 ? "" : "es");
    }
    if (lds_report_has_global(run))
        lds_report_memtable(r, run, false);
    if (res->n - run->first_access <= 1)
        return;
    lds_total *t;
    size_t n = lds_results_group_totals(res, run->first_access, false, &t);
    for (size_t g = 0; g < n; g++) {
        char label[LDS_SIM_OVERRIDES_LEN + 32];
        lds_report_labels_prefix(r, r->o.out);
        lds_report_profile_label(t[g].profile, label, sizeof label);
        const char *space = t[g].global ? "global" : NULL;
        if (n > 1)
            fprintf(r->o.out, "total (%s%s%s): ", space ? space : "", space ? ", " : "", label);
        else
            fprintf(r->o.out, "total%s%s%s: ", space ? " (" : "", space ? space : "", space ? ")" : "");
        if (t[g].global)
            lds_report_global_text(r, r->o.out, &t[g].m, t[g].profile);
        else
            lds_report_metrics_text(r, r->o.out, &t[g].m);
        fputc('\n', r->o.out);
    }
    lds_totals_free(t, n);
}

const lds_format_ops lds_text_ops = { text_access, text_end_run, NULL, false };
