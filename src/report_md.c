/* src/report_md.c - the run as a Markdown document for a tutorial: the
 * profile, the program, a results table, the checks, for each access
 * its explanation and picture, the layout pictures and the suggest
 * statements' rankings. */
#include "src/report_impl.h"

#include "sim/coalesce.h"

#include <stdbool.h>
#include <string.h>

#include "src/explain.h"
#include "src/layout_draw.h"
#include "src/notes.h"
#include "src/suggest_print.h"

/* Inline code that a table cell can hold (user text by its rule). */
static void md_code(FILE *out, const char *s)
{
    fputc('`', out);
    for (size_t left = strlen(s); left;) {
        size_t n = lds_text_char_len((const unsigned char *)s, left);
        if (*s == '|')
            fputs("\\|", out);
        else if (*s != '`')
            lds_text_write(out, s, n ? n : 1);
        n += !n;
        s += n;
        left -= n;
    }
    fputc('`', out);
}

/* A program's text in the fence: its lines by the rule of user text
 * (a CR before a line's end is part of the line end). */
static void md_listing(FILE *out, const char *text, size_t len)
{
    while (len) {
        const char *nl = memchr(text, '\n', len);
        size_t line = nl ? (size_t)(nl - text) : len;
        lds_text_write(out, text, line && text[line - 1] == '\r' ? line - 1 : line);
        fputc('\n', out);
        line += nl != NULL;
        text += line;
        len -= line;
    }
}

/* A code fence longer than any run of backticks in the program, so that
 * no line of it can close the fence (CommonMark). */
static unsigned fence_length(const lds_reporter *r)
{
    unsigned longest = 0;
    for (unsigned i = 0; i < r->o.nsources; i++) {
        const lds_source *src = r->o.sources[i];
        unsigned run = 0;
        for (size_t k = 0; src && k < src->len; k++) {
            run = src->text[k] == '`' ? run + 1 : 0;
            longest = run > longest ? run : longest;
        }
    }
    return longest >= 3 ? longest + 1 : 3;
}

static void put_fence(FILE *out, unsigned n)
{
    while (n--)
        fputc('`', out);
    fputc('\n', out);
}

static void program_block(lds_reporter *r, FILE *out)
{
    unsigned fence = fence_length(r);
    fprintf(out, "## Program\n\n");
    put_fence(out, fence);
    for (unsigned i = 0; i < r->o.nsources; i++) {
        const lds_source *src = r->o.sources[i];
        if (!src)
            continue;
        md_listing(out, src->text, src->len);
    }
    put_fence(out, fence);
    fputc('\n', out);
}

/* Whether the run's records ran under more than one profile. */
static bool several_profiles(const lds_results *res, size_t first)
{
    for (size_t i = first + 1; i < res->n; i++)
        if (res->accesses[i]->profile != res->accesses[first]->profile)
            return true;
    return false;
}

/* Whether the run has a global access (then the tables go by space). */
static bool has_global(const lds_results *res, size_t first)
{
    for (size_t i = first; i < res->n; i++)
        if (res->accesses[i]->global && !res->accesses[i]->failed)
            return true;
    return false;
}

/* Whether the run's records come from a kernel file (then the tables
 * name each one's kernel). */
static bool has_kernels(const lds_results *res, size_t first)
{
    for (size_t i = first; i < res->n; i++)
        if (res->accesses[i]->kernel)
            return true;
    return false;
}

/* A row's first cells: its line, its kernel where the table has them,
 * its source. */
static void row_start(FILE *out, const lds_access_result *a, bool kernels)
{
    fprintf(out, "| %u | ", a->line);
    if (kernels) {
        md_code(out, a->kernel ? a->kernel : "");
        fputs(" | ", out);
    }
    md_code(out, a->source);
}

/* The accesses lds-calc could not model, and why: counted nowhere, so
 * listed here. */
static void not_modelled_table(const lds_results *res, size_t first, bool kernels, FILE *out)
{
    bool any = false;
    for (size_t i = first; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        if (!a->skipped)
            continue;
        if (!any)
            fprintf(out, "\n### Not modelled\n\n| line |%s access | kind | why |\n|---:|%s---|---|---|\n",
                    kernels ? " kernel |" : "", kernels ? "---|" : "");
        any = true;
        row_start(out, a, kernels);
        fprintf(out, " | %s | ", lds_access_kind_name(a->kind));
        md_code(out, a->error ? a->error : "");
        fputs(" |\n", out);
    }
}

/* The global accesses as seed 003 tables them: transactions, the fewest
 * that would do, efficiency, instructions. */
static void global_table(const lds_results *res, size_t first, bool profiles, bool kernels, FILE *out)
{
    char label[LDS_SIM_OVERRIDES_LEN + 32];
    fprintf(out, "### Global memory\n\n| line |%s access |%s transactions | ideal | efficiency | instructions |\n",
            kernels ? " kernel |" : "", profiles ? " profile |" : "");
    fprintf(out, "|---:|%s---|%s---:|---:|---:|---:|\n", kernels ? "---|" : "", profiles ? "---|" : "");
    for (size_t i = first; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        if (a->failed || !a->global)
            continue;
        row_start(out, a, kernels);
        if (profiles) {
            lds_report_profile_label(a->profile, label, sizeof label);
            fprintf(out, " | %s", label);
        }
        gmp_fprintf(out, " | %Zd %s | %Zd | ", a->m.cycles, lds_sim_global_model_of(a->profile)->unit_name, a->m.ideal);
        lds_report_efficiency_text(out, &a->m);
        gmp_fprintf(out, " | %Zd |\n", a->m.instructions);
    }
    fprintf(out, "\n### Shared memory\n\n");
}

static void results_table(const lds_results *res, size_t first, FILE *out)
{
    bool profiles = several_profiles(res, first), global = has_global(res, first), kernels = has_kernels(res, first);
    char label[LDS_SIM_OVERRIDES_LEN + 32];
    mpz_t excess;
    mpz_init(excess);
    if (global)
        global_table(res, first, profiles, kernels, out);
    fprintf(out, "| line |%s access |%s ways | cycles | ideal | excess | instructions |\n", kernels ? " kernel |" : "",
            profiles ? " profile |" : "");
    fprintf(out, "|---:|%s---|%s---:|---:|---:|---:|---:|\n", kernels ? "---|" : "", profiles ? "---|" : "");
    for (size_t i = first; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        if (a->failed || a->global)
            continue;
        lds_metrics_excess(&a->m, excess);
        row_start(out, a, kernels);
        if (profiles) {
            lds_report_profile_label(a->profile, label, sizeof label);
            fprintf(out, " | %s", label);
        }
        gmp_fprintf(out, " | %llu | %Zd | %Zd | %Zd | %Zd |\n", (unsigned long long)a->m.ways, a->m.cycles, a->m.ideal,
                    excess, a->m.instructions);
    }
    lds_total *t;
    size_t n = lds_results_group_totals(res, first, false, &t);
    for (size_t g = 0; g < n; g++) {   /* never summed across profiles, nor across memories */
        lds_metrics_excess(&t[g].m, excess);
        lds_report_profile_label(t[g].profile, label, sizeof label);
        fprintf(out, "\n**Total%s%s%s%s%s:** ", n > 1 || t[g].global ? " (" : "", t[g].global ? "global" : "",
                t[g].global && n > 1 ? ", " : "", n > 1 ? label : "", n > 1 || t[g].global ? ")" : "");
        if (t[g].global) {
            gmp_fprintf(out, "%Zd %s for %Zd ideal, efficiency ", t[g].m.cycles,
                        lds_sim_global_model_of(t[g].profile)->unit_name, t[g].m.ideal);
            lds_report_efficiency_text(out, &t[g].m);
            gmp_fprintf(out, ", in %Zd instructions.\n", t[g].m.instructions);
            continue;
        }
        gmp_fprintf(out, "%Zd cycles for %Zd ideal, excess %Zd, in %Zd instructions.\n", t[g].m.cycles, t[g].m.ideal,
                    excess, t[g].m.instructions);
    }
    lds_totals_free(t, n);
    mpz_clear(excess);
    not_modelled_table(res, first, kernels, out);
}

/* Each profile the run used, once. */
static void profiles_section(const lds_results *res, size_t first, FILE *out)
{
    const lds_sim_profile *seen[64];
    unsigned n = 0;
    if (res->n == first)
        seen[n++] = lds_sim_profile_find("generic");
    for (size_t i = first; i < res->n && n < 64; i++) {
        const lds_sim_profile *p = res->accesses[i]->profile;
        unsigned k = 0;
        while (k < n && seen[k] != p)
            k++;
        if (k == n)
            seen[n++] = p;
    }
    for (unsigned k = 0; k < n; k++) {
        const lds_sim_profile *p = seen[k];
        char over[LDS_SIM_OVERRIDES_LEN];
        lds_sim_profile_overrides(p, over, sizeof over);
        fprintf(out, "Profile **%s** (%s): %u banks of %u bytes, wave%u, rules %s%s%s.\n\n", p->name, lds_sim_text_of(p->title),
                p->banks, p->bank_bytes, p->wave, lds_sim_profile_rules(p), over[0] ? "; overrides: " : "", over);
    }
}

/* What the numbers rest on and leave out, each general note once. */
static void notes_section(const lds_results *res, size_t first, FILE *out)
{
    lds_notes all[2];   /* the general notes said so far, and the access's */
    bool any = false;
    all[0].n = 0;
    for (size_t i = first; i < res->n; i++) {
        lds_access_notes(res->accesses[i], &all[1]);
        for (unsigned k = 0; k < all[1].n; k++) {
            bool said = false;
            for (unsigned j = 0; j < all[0].n && all[1].general[k]; j++)
                said |= !strcmp(all[0].text[j], all[1].text[k]);
            if (said)
                continue;
            if (all[1].general[k] && all[0].n < LDS_MAX_NOTES)
                memcpy(all[0].text[all[0].n++], all[1].text[k], LDS_NOTE_LEN);
            if (!any)
                fprintf(out, "\n**Notes:**\n\n");
            any = true;
            fprintf(out, "- line %u: %s.\n", res->accesses[i]->line, all[1].text[k]);
        }
    }
}

static void why_section(lds_reporter *r, const lds_results *res, size_t first, FILE *out)
{
    char name[512];
    fprintf(out, "\n## Why\n");
    for (size_t i = first; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        if (a->failed)
            continue;
        fprintf(out, "\n### Line %u: ", a->line);
        md_code(out, a->source);
        fprintf(out, "\n\n");
        lds_explain_access(out, a, "- ");
        for (unsigned k = 0; k < lds_report_pictures_of(a); k++) {
            if (r->o.output_dir) {
                if (lds_report_write_picture(r, res, first, i, k, name, sizeof name) == 0)
                    fprintf(out, "\n![line %u: lanes against banks](%s/%s)\n", a->line, r->o.output_dir, name);
            } else {
                fprintf(out, "\n```\n");
                lds_view_grid(out, a, lds_access_drawn(a, k));
                fprintf(out, "```\n");
            }
        }
    }
}

/* The show layout pictures: linked SVG files with --output DIR, else text. */
static void layouts_section(lds_reporter *r, const lds_run_view *run, FILE *out)
{
    const lds_results *res = run->res;
    char name[512];
    if (res->nlayouts == run->first_layout)
        return;
    fprintf(out, "\n## Layouts\n");
    for (size_t i = run->first_layout; i < res->nlayouts; i++) {
        const lds_layout_result *pic = res->layouts[i];
        fprintf(out, "\n### Line %u: `show layout %s`\n\n", pic->line, pic->array);
        if (r->o.output_dir) {
            if (lds_report_write_layout(r, run, i, name, sizeof name) == 0)
                fprintf(out, "![%s](%s/%s)\n", pic->heading, r->o.output_dir, name);
        } else {
            fprintf(out, "```\n");
            lds_layout_draw_text(out, pic);
            fprintf(out, "```\n");
        }
    }
}

/* The suggest statements' rankings, as the text report prints them. */
static void suggestions_section(lds_reporter *r, const lds_run_view *run, FILE *out)
{
    const lds_results *res = run->res;
    if (res->nsuggestions == run->first_suggestion)
        return;
    unsigned fence = fence_length(r);   /* the accesses' sources are quoted */
    fprintf(out, "\n## Layouts to try\n");
    for (size_t i = run->first_suggestion; i < res->nsuggestions; i++) {
        const lds_suggestion *sg = res->suggestions[i];
        fprintf(out, "\n### Line %u: `suggest %s`\n\n", sg->line, sg->array);
        put_fence(out, fence);
        lds_suggest_print(out, sg);
        put_fence(out, fence);
    }
}

static void md_end_run(lds_reporter *r, const lds_run_view *run)
{
    FILE *out = r->o.out;
    const lds_results *res = run->res;
    size_t first_access = run->first_access, first_expect = run->first_expect;
    fprintf(out, "# lds-calc report");
    for (unsigned i = 0; i < r->nlabels; i++)
        fprintf(out, "%s%s = %s", i ? ", " : ": ", r->labels[i].name, r->labels[i].value);
    fprintf(out, "\n\n");
    profiles_section(res, first_access, out);
    program_block(r, out);
    fprintf(out, "## Results\n\n");
    results_table(res, first_access, out);
    if (lds_report_has_global(run))
        lds_report_memtable(r, run, true);
    notes_section(res, first_access, out);
    if (res->nexpects > first_expect) {
        fprintf(out, "\n**Checks:**\n\n");
        for (size_t i = first_expect; i < res->nexpects; i++) {
            const lds_expect_result *e = &res->expects[i];
            fprintf(out, "- %s line %u: ", e->ok ? "holds:" : "FAILS:", e->line);
            md_code(out, e->source);
            if (!e->ok)
                fprintf(out, " (it is %s)", e->actual);
            fputc('\n', out);
        }
    }
    why_section(r, res, first_access, out);
    layouts_section(r, run, out);
    suggestions_section(r, run, out);
}

const lds_format_ops lds_markdown_ops = { NULL, md_end_run, NULL, false };
