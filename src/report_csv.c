/* src/report_csv.c - CSV, RFC 4180 (CRLF line ends), one row per access
 * of each run, in the columns lds-calc(1) lists:
 *
 *   [sweep labels...], exit, status, error, index, file, line, column,
 *   source, profile, rules, overrides, kind, width, bytes, confidence,
 *   instructions, ways, cycles, ideal, excess, broadcasts, unaligned,
 *   skipped, space, useful_bytes, fetched_bytes, efficiency
 *
 * (the last three for global accesses only, whose cycles are their
 * transactions).
 * A failed access has status "error", its message, and no numbers; a
 * run that failed outside any access has one row with the error alone,
 * so that every failed point of a sweep shows.  A run with suggest
 * statements writes their ranked layouts instead (suggestion_rows). */
#include "src/report_impl.h"

#include "sim/coalesce.h"

#include <string.h>

void lds_report_csv_field(FILE *out, const char *s)
{
    if (!s)
        s = "";
    size_t n = strlen(s);
    if (!strpbrk(s, ",\"")) {   /* (a line break is \x0a by the rule: no quotes for it) */
        lds_text_write(out, s, n);
        return;
    }
    fputc('"', out);
    for (const char *q = s; (q = strchr(s, '"')); s = q + 1) {
        lds_text_write(out, s, (size_t)(q + 1 - s));
        fputc('"', out);
    }
    lds_text_write(out, s, strlen(s));
    fputc('"', out);
}

void lds_report_csv_labels(const lds_reporter *r, FILE *out, bool header)
{
    for (unsigned i = 0; i < r->nlabels; i++) {
        lds_report_csv_field(out, header ? r->labels[i].name : r->labels[i].value);
        fputc(',', out);
    }
}

/* Whether the run's error is one of its failed accesses' own. */
static bool error_has_access(const lds_run_view *run)
{
    for (size_t i = run->first_access; i < run->res->n; i++)
        if (run->res->accesses[i]->failed)
            return true;
    return false;
}

static void access_row(lds_reporter *r, const lds_run_view *run, const lds_access_result *a)
{
    FILE *out = r->o.out;
    char over[LDS_SIM_OVERRIDES_LEN];
    lds_report_csv_labels(r, out, false);
    fprintf(out, "%d,%s,", run->status->exit, a->skipped ? "skipped" : a->failed ? "error" : "ok");
    lds_report_csv_field(out, a->failed ? a->error : "");
    fprintf(out, ",%u,", a->index);
    lds_report_csv_field(out, a->file);
    fprintf(out, ",%u,%u,", a->line, a->col);
    lds_report_csv_field(out, a->source);
    fputc(',', out);
    lds_report_csv_field(out, a->profile->name);
    lds_sim_profile_overrides(a->profile, over, sizeof over);
    fprintf(out, ",%s,", lds_sim_profile_rules(a->profile));
    lds_report_csv_field(out, over);
    lds_sim_confidence conf = a->global ? lds_sim_global_model_of(a->profile)->confidence : lds_access_confidence(a);
    if (a->width)
        fprintf(out, ",%s,b%u,%u,%s,", lds_access_kind_name(a->kind), a->width * 8, a->width,
                lds_sim_confidence_name(conf));
    else   /* a skipped access of a width lds-calc does not know: no width, no entry of the profile */
        fprintf(out, ",%s,,,%s,", lds_access_kind_name(a->kind), a->global ? lds_sim_confidence_name(conf) : "");
    const char *space = a->global ? "global" : "shared";
    if (a->failed) {
        fprintf(out, ",,,,,,,,%s,,,,", space);
        lds_report_csv_field(out, a->kernel);
        fputs("\r\n", out);
        return;
    }
    mpz_t excess;
    mpz_init(excess);
    lds_metrics_excess(&a->m, excess);
    gmp_fprintf(out, "%Zd,%llu,%Zd,%Zd,%Zd,%Zd,%Zd,%Zd,%s,", a->m.instructions, (unsigned long long)a->m.ways,
                a->m.cycles, a->m.ideal, excess, a->m.broadcasts, a->m.unaligned, a->m.skipped, space);
    if (a->global && a->m.global) {
        gmp_fprintf(out, "%Zd,%Zd,", a->m.global->useful, a->m.global->fetched);
        unsigned long h;   /* as JSON writes it */
        if (lds_report_efficiency(&a->m, &h))
            fprintf(out, "%lu.%02lu", h / 100, h % 100);
        fputc(',', out);
    } else {
        fputs(",,,", out);
    }
    lds_report_csv_field(out, a->kernel);   /* in a kernel file, its kernel; else empty */
    fputs("\r\n", out);
    mpz_clear(excess);
}

/* A run with suggest statements: one row per layout each tried, in
 * rank order (0: as declared), in the columns lds-calc(1) lists. */
static void suggestion_rows(lds_reporter *r, const lds_run_view *run)
{
    FILE *out = r->o.out;
    if (!r->csv_header_done) {
        lds_report_csv_labels(r, out, true);
        fputs("array,line,rank,label,layout,cute,triton,status,error,cycles,ideal,excess,ways,bytes,lds_used,lds\r\n",
              out);
        r->csv_header_done = true;
    }
    for (size_t i = run->first_suggestion; i < run->res->nsuggestions; i++) {
        const lds_suggestion *sg = run->res->suggestions[i];
        for (size_t k = 0; k < sg->ncand; k++) {
            const lds_suggest_candidate *c = &sg->cand[k];
            lds_report_csv_labels(r, out, false);
            lds_report_csv_field(out, sg->array);
            fprintf(out, ",%u,%zu,", sg->line, k);
            const char *text[] = { c->label, c->layout, c->cute, c->triton, c->error ? "error" : "ok", c->error };
            for (unsigned t = 0; t < 6; t++) {
                lds_report_csv_field(out, text[t]);
                fputc(',', out);
            }
            if (c->error)
                fprintf(out, ",,,,,,%llu\r\n", (unsigned long long)sg->capacity);
            else
                gmp_fprintf(out, "%Zd,%Zd,%Zd,%llu,%llu,%llu,%llu\r\n", c->cycles, c->ideal, c->excess,
                            (unsigned long long)c->ways, (unsigned long long)c->bytes,
                            (unsigned long long)c->lds_used, (unsigned long long)sg->capacity);
        }
    }
}

static void csv_end_run(lds_reporter *r, const lds_run_view *run)
{
    FILE *out = r->o.out;
    if (run->res->nsuggestions > run->first_suggestion) {
        suggestion_rows(r, run);
        return;
    }
    if (!r->csv_header_done) {
        lds_report_csv_labels(r, out, true);
        fputs("exit,status,error,index,file,line,column,source,profile,rules,overrides,kind,width,bytes,confidence,"
              "instructions,ways,cycles,ideal,excess,broadcasts,unaligned,skipped,space,useful_bytes,fetched_bytes,"
              "efficiency,kernel\r\n",
              out);
        r->csv_header_done = true;
    }
    for (size_t i = run->first_access; i < run->res->n; i++)
        access_row(r, run, run->res->accesses[i]);
    const lds_diag *err = run->status->error;
    if (err && !error_has_access(run)) {   /* the run failed outside any access */
        lds_report_csv_labels(r, out, false);
        fprintf(out, "%d,error,", run->status->exit);
        lds_report_csv_field(out, err->msg);
        fputs(",,", out);
        lds_report_csv_field(out, err->loc.src ? err->loc.src->name : "");
        fprintf(out, ",%u,%u,,,,,,,,,,,,,,,,,,,,,\r\n", err->loc.line, err->loc.col);
    }
}

const lds_format_ops lds_csv_ops = { NULL, csv_end_run, NULL, false };
