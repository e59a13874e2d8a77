/* src/report_counters.c - --format=counters: the prediction in the
 * profilers' own names (src/counters.h), one CSV row per counter, to diff
 * against `ncu --csv` or rocprof output:
 *
 *   [sweep labels...], exit, index, file, line, column, source, profile,
 *   profiler, counter, value
 *
 * First each access's counters, then the run's totals per profile (index
 * "total").  Profiles without a profiler's names (generic, Intel) give no
 * rows. */
#include "src/report_impl.h"

#include "src/counters.h"

static void rows(lds_reporter *r, const lds_run_view *run, const char *index, const lds_access_result *a,
                 const lds_sim_profile *p, lds_counter *c, unsigned n)
{
    FILE *out = r->o.out;
    for (unsigned i = 0; i < n; i++) {
        lds_report_csv_labels(r, out, false);
        fprintf(out, "%d,%s,", run->status->exit, index);
        lds_report_csv_field(out, a ? a->file : "");
        if (a)
            fprintf(out, ",%u,%u,", a->line, a->col);
        else
            fputs(",,,", out);
        lds_report_csv_field(out, a ? a->source : "");
        fputc(',', out);
        lds_report_csv_field(out, p->name);
        fprintf(out, ",%s,%s,", lds_counters_profiler(p), c[i].name);
        lds_counter_print(out, &c[i]);
        fputs("\r\n", out);
    }
    lds_counters_clear(c, n);
}

static void counters_end_run(lds_reporter *r, const lds_run_view *run)
{
    FILE *out = r->o.out;
    char index[16];
    if (!r->csv_header_done) {
        lds_report_csv_labels(r, out, true);
        fputs("exit,index,file,line,column,source,profile,profiler,counter,value\r\n", out);
        r->csv_header_done = true;
    }
    for (size_t i = run->first_access; i < run->res->n; i++) {
        const lds_access_result *a = run->res->accesses[i];
        snprintf(index, sizeof index, "%u", a->index);
        lds_counter c[LDS_MAX_COUNTERS];
        if (!a->failed)
            rows(r, run, index, a, a->profile, c, lds_access_counters(a, c));
    }
    lds_total *t, *k;
    size_t n = lds_results_group_totals(run->res, run->first_access, false, &t);
    size_t nk = lds_results_group_totals(run->res, run->first_access, true, &k);
    for (size_t g = 0; g < n; g++) {
        lds_counter c[LDS_MAX_TOTAL_COUNTERS];
        rows(r, run, "total", NULL, t[g].profile, c, lds_counters_of_total(t[g].profile, t[g].global, k, nk, &t[g].m, c));
    }
    lds_totals_free(t, n);
    lds_totals_free(k, nk);
}

const lds_format_ops lds_counters_ops = { NULL, counters_end_run, NULL, false };
