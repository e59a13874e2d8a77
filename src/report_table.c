/* src/report_table.c - a sweep as a table, one row per point (and per
 * profile when a run has several), in text or Markdown: the point's
 * labels, the profile, its worst ways and its totals, and how the run
 * ended.  A failed point has no numbers, only its error. */
#include "src/report_impl.h"

#include <string.h>

static const char *const columns[] = { "profile", "ways", "cycles", "ideal", "excess", "instructions" };

/* How the run ended, in words. */
static void run_status(const lds_run_view *run, char *buf, size_t size)
{
    const lds_run_status *st = run->status;
    if (st->error)
        snprintf(buf, size, "error: %s", st->error->msg);
    else if (st->exit == 1)
        snprintf(buf, size, "check failed");
    else if (st->exit)
        snprintf(buf, size, "exit %d", st->exit);
    else
        snprintf(buf, size, "ok");
}

static unsigned label_width(const lds_reporter *r, unsigned i)
{
    size_t w = strlen(r->labels[i].name);
    return (unsigned)(w < 6 ? 6 : w);
}

static void text_header(lds_reporter *r)
{
    FILE *out = r->o.out;
    for (unsigned i = 0; i < r->nlabels; i++)
        fprintf(out, "%*s  ", (int)label_width(r, i), r->labels[i].name);
    fprintf(out, "%-10s %5s %14s %14s %14s %14s  status\n", columns[0], columns[1], columns[2], columns[3], columns[4],
            columns[5]);
}

/* Text right-aligned in `width` columns (or wider, as printf's %*s). */
static void put_right(FILE *out, const char *text, unsigned width)
{
    for (size_t n = strlen(text); n < width; n++)
        fputc(' ', out);
    fputs(text, out);
}

/* A number's digits; a number past 64 bits takes GMP's (*big, freed by
 * the caller with free_digits). */
static const char *digits_of(mpz_srcptr z, char buf[32], char **big)
{
    *big = NULL;
    if (!mpz_fits_ulong_p(z))
        return *big = mpz_get_str(NULL, 10, z);
    unsigned long v = mpz_get_ui(z);
    char *p = buf + 31;
    *p = '\0';
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    return p;
}

static void free_digits(char *big)
{
    if (big) {
        void (*free_fn)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &free_fn);
        free_fn(big, strlen(big) + 1);
    }
}

/* One row: the point, then either a group's numbers or none.  Written
 * without printf, whose format string is parsed a cell at a time: a
 * sweep of a million points writes eleven million cells. */
static void text_row(lds_reporter *r, const lds_total *t, const char *status)
{
    FILE *out = r->o.out;
    for (unsigned i = 0; i < r->nlabels; i++) {
        put_right(out, r->labels[i].value, label_width(r, i));
        fputs("  ", out);
    }
    if (!t) {
        fprintf(out, "%-10s %5s %14s %14s %14s %14s  %s\n", "-", "-", "-", "-", "-", "-", status);
        return;
    }
    char label[LDS_SIM_OVERRIDES_LEN + 32], buf[32], *big;
    lds_report_profile_label(t->profile, label, sizeof label);
    fputs(label, out);   /* %-10s */
    for (size_t n = strlen(label); n < 10; n++)
        fputc(' ', out);
    fputc(' ', out);
    mpz_t excess, ways;
    mpz_inits(excess, ways, NULL);
    mpz_set_ui(ways, (unsigned long)t->m.ways);
    put_right(out, digits_of(ways, buf, &big), 5);
    free_digits(big);
    lds_metrics_excess(&t->m, excess);
    mpz_srcptr cells[] = { t->m.cycles, t->m.ideal, excess, t->m.instructions };
    for (size_t c = 0; c < sizeof cells / sizeof cells[0]; c++) {
        fputc(' ', out);
        put_right(out, digits_of(cells[c], buf, &big), 14);
        free_digits(big);
    }
    fputs("  ", out);
    fputs(status, out);
    fputc('\n', out);
    mpz_clears(excess, ways, NULL);
}

static void md_header(lds_reporter *r)
{
    FILE *out = r->o.out;
    fprintf(out, "# lds-calc sweep\n\n|");
    for (unsigned i = 0; i < r->nlabels; i++)
        fprintf(out, " %s |", r->labels[i].name);
    for (size_t c = 0; c < sizeof columns / sizeof columns[0]; c++)
        fprintf(out, " %s |", columns[c]);
    fprintf(out, " status |\n|");
    for (unsigned i = 0; i < r->nlabels; i++)
        fprintf(out, "---:|");
    fprintf(out, "---|---:|---:|---:|---:|---:|---|\n");
}

static void md_row(lds_reporter *r, const lds_total *t, const char *status)
{
    FILE *out = r->o.out;
    fputc('|', out);
    for (unsigned i = 0; i < r->nlabels; i++)
        fprintf(out, " %s |", r->labels[i].value);
    if (!t) {
        fprintf(out, " - | - | - | - | - | - | ");
    } else {
        char label[LDS_SIM_OVERRIDES_LEN + 32];
        lds_report_profile_label(t->profile, label, sizeof label);
        mpz_t excess;
        mpz_init(excess);
        lds_metrics_excess(&t->m, excess);
        gmp_fprintf(out, " %s | %llu | %Zd | %Zd | %Zd | %Zd | ", label, (unsigned long long)t->m.ways, t->m.cycles,
                    t->m.ideal, excess, t->m.instructions);
        mpz_clear(excess);
    }
    for (const char *p = status; *p; p++) {   /* a cell holds no '|' or line break */
        if (*p == '|')
            fputs("\\|", out);
        else
            fputc(*p == '\n' ? ' ' : *p, out);
    }
    fputs(" |\n", out);
}

static void table_end_run(lds_reporter *r, const lds_run_view *run, void (*header)(lds_reporter *),
                          void (*row)(lds_reporter *, const lds_total *, const char *))
{
    char status[sizeof((lds_diag *)0)->msg + 16];
    if (r->runs == 0)
        header(r);
    run_status(run, status, sizeof status);
    lds_total *t;
    size_t n = lds_results_group_totals(run->res, run->first_access, false, &t);
    if (run->status->error || n == 0)
        row(r, NULL, status);
    else
        for (size_t g = 0; g < n; g++)
            row(r, &t[g], status);
    lds_totals_free(t, n);
}

static void text_end_run(lds_reporter *r, const lds_run_view *run)
{
    table_end_run(r, run, text_header, text_row);
}

static void md_end_run(lds_reporter *r, const lds_run_view *run)
{
    table_end_run(r, run, md_header, md_row);
}

const lds_format_ops lds_text_table_ops = { NULL, text_end_run, NULL, false };
const lds_format_ops lds_markdown_table_ops = { NULL, md_end_run, NULL, false };
