/* src/report_memtable.c - the memory table seed 003 draws for a kernel:
 * its global loads and stores next to its LDS reads and writes, one row
 * per kind of access and instruction form, with the instructions, the
 * transactions (global) or wavefronts (LDS) against the fewest that would
 * do, and the efficiency or the worst bank conflict.  Text and Markdown
 * print it after a run that has a global access. */
#include "src/report_impl.h"

#include <string.h>

typedef struct {
    const char *kernel;           /* interned: compared as pointers */
    bool global;
    lds_access_kind kind;
    const char *form;             /* the instruction's name, or NULL: the width */
    unsigned width;
    lds_metrics m;
} row;

#define MAX_ROWS 32

static bool same(const row *r, const lds_access_result *a)
{
    const char *f = a->form ? a->form->name : NULL;
    return r->kernel == a->kernel && r->global == a->global && r->kind == a->kind && r->width == a->width
           && (r->form == f || (r->form && f && !strcmp(r->form, f)));
}

/* The rows of `kernel`'s accesses that did not fail, global ones first. */
static unsigned rows_of(const lds_run_view *run, const char *kernel, row *rows)
{
    unsigned n = 0;
    for (int pass = 1; pass >= 0; pass--)
        for (size_t i = run->first_access; i < run->res->n; i++) {
            const lds_access_result *a = run->res->accesses[i];
            if (a->failed || a->global != (pass == 1) || a->kernel != kernel)
                continue;
            unsigned k = 0;
            while (k < n && !same(&rows[k], a))
                k++;
            if (k == n) {
                if (n == MAX_ROWS)
                    continue;
                rows[n].kernel = a->kernel;
                rows[n].global = a->global;
                rows[n].kind = a->kind;
                rows[n].form = a->form ? a->form->name : NULL;
                rows[n].width = a->width;
                lds_metrics_init(&rows[n++].m);
            }
            lds_metrics_add(&rows[k].m, &a->m);
        }
    return n;
}

bool lds_report_has_global(const lds_run_view *run)
{
    for (size_t i = run->first_access; i < run->res->n; i++)
        if (run->res->accesses[i]->global && !run->res->accesses[i]->failed)
            return true;
    return false;
}

static const char *kind_words(const row *r)
{
    static const char *const words[2][3] = { { "LDS reads", "LDS writes", "LDS atomics" },
                                             { "global loads", "global stores", "global atomics" } };
    return words[r->global][r->kind];
}

/* One kernel's table. */
static void kernel_table(lds_reporter *r, const lds_run_view *run, const char *k, bool markdown)
{
    row rows[MAX_ROWS];
    unsigned n = rows_of(run, k, rows);
    FILE *out = r->o.out;
    if (!n)
        return;
    if (markdown)
        fprintf(out, "\n### Memory table%s%s\n\n| memory | instruction | instructions | transactions or wavefronts | "
                     "ideal | efficiency or ways |\n|---|---|---:|---:|---:|---|\n",
                k ? ": " : "", k ? k : "");
    else
        fprintf(out, "memory table%s%s:\n", k ? " of " : "", k ? k : "");
    for (unsigned i = 0; i < n; i++) {
        const row *w = &rows[i];
        char form[64];
        if (w->form)
            snprintf(form, sizeof form, "%s", w->form);
        else
            snprintf(form, sizeof form, "b%u", w->width * 8);
        if (markdown)
            gmp_fprintf(out, "| %s | `%s` | %Zd | %Zd | %Zd | ", kind_words(w), form, w->m.instructions, w->m.cycles,
                        w->m.ideal);
        else
            gmp_fprintf(out, "  %-15s %-22s %12Zd instructions, %12Zd %s for %Zd, ", kind_words(w), form,
                        w->m.instructions, w->m.cycles, w->global ? "transactions" : "wavefronts", w->m.ideal);
        if (w->global)
            lds_report_efficiency_text(out, &w->m);
        else if (w->m.ways <= 1)
            fputs("conflict-free", out);
        else
            fprintf(out, "%llu-way", (unsigned long long)w->m.ways);
        fputs(markdown ? " |\n" : "\n", out);
        lds_metrics_clear(&rows[i].m);
    }
}

void lds_report_memtable(lds_reporter *r, const lds_run_view *run, bool markdown)
{
    const char *done[64];   /* the kernels, in the order they ran */
    unsigned nk = 0;
    for (size_t i = run->first_access; i < run->res->n; i++) {
        const char *k = run->res->accesses[i]->kernel;
        bool seen = false;
        for (unsigned j = 0; j < nk && !seen; j++)
            seen = done[j] == k;
        if (seen || nk == 64)
            continue;
        done[nk++] = k;
        kernel_table(r, run, k, markdown);
    }
}
