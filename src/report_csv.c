/* src/report_csv.c - CSV rows, RFC 4180 (lds-calc(1), OUTPUT). */
#include "src/report_impl.h"

#include <string.h>

static void csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void csv_end_run(lds_reporter *r, const lds_results *res, size_t first_access, size_t first_expect)
{
    FILE *out = r->o.out;
    mpz_t excess;
    (void)first_expect;
    if (!r->csv_header_done) {
        for (unsigned i = 0; i < r->nlabels; i++) {
            csv_field(out, r->labels[i].name);
            fputc(',', out);
        }
        fputs("profile,line,source,kind,width,instructions,ways,cycles,ideal,excess,broadcasts\r\n", out);
        r->csv_header_done = true;
    }
    mpz_init(excess);
    for (size_t i = first_access; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        for (unsigned d = 0; d < r->nlabels; d++)
            fprintf(out, "%s,", r->labels[d].value);
        csv_field(out, a->profile->name);
        fprintf(out, ",%u,", a->line);
        csv_field(out, a->source);
        lds_metrics_excess(&a->m, excess);
        gmp_fprintf(out, ",%s,%u,%Zd,%llu,%Zd,%Zd,%Zd,%Zd\r\n", lds_access_kind_name(a->kind), a->width,
                    a->m.instructions, (unsigned long long)a->m.ways, a->m.cycles, a->m.ideal, excess, a->m.broadcasts);
    }
    mpz_clear(excess);
}

const lds_format_ops lds_csv_ops = { NULL, csv_end_run };
