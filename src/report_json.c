/* src/report_json.c - one JSON document per run (lds-calc(1), OUTPUT). */
#include "src/report_impl.h"

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_end_run(lds_reporter *r, const lds_results *res, size_t first_access, size_t first_expect)
{
    FILE *out = r->o.out;
    const lds_sim_profile *p = res->n > first_access ? res->accesses[first_access]->profile : NULL;
    lds_sim_profile generic;
    mpz_t excess;
    if (!p) {
        generic = *lds_sim_profile_find("generic");
        p = &generic;
    }
    mpz_init(excess);
    fprintf(out, "{\"profile\": {\"name\": ");
    json_string(out, p->name);
    fprintf(out, ", \"banks\": %u, \"bank_bytes\": %u, \"wave\": %u, \"lds\": %llu, \"r2\": \"%s\", \"r3\": \"%s\"}",
            p->banks, p->bank_bytes, p->wave, (unsigned long long)p->lds_bytes,
            p->r2 == LDS_R2_STRICT ? "strict" : "word", p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases");
    if (r->nlabels) {
        fprintf(out, ", \"defines\": {");
        for (unsigned i = 0; i < r->nlabels; i++) {
            fprintf(out, "%s", i ? ", " : "");
            json_string(out, r->labels[i].name);
            fprintf(out, ": %s", r->labels[i].value);
        }
        fputc('}', out);
    }
    fprintf(out, ", \"accesses\": [");
    for (size_t i = first_access; i < res->n; i++) {
        const lds_access_result *a = res->accesses[i];
        lds_metrics_excess(&a->m, excess);
        fprintf(out, "%s{\"line\": %u, \"source\": ", i > first_access ? ", " : "", a->line);
        json_string(out, a->source);
        gmp_fprintf(out, ", \"kind\": \"%s\", \"width\": %u, \"instructions\": %Zd, \"ways\": %llu, \"cycles\": %Zd, "
                         "\"ideal\": %Zd, \"excess\": %Zd, \"broadcasts\": %Zd}",
                    lds_access_kind_name(a->kind), a->width, a->m.instructions, (unsigned long long)a->m.ways,
                    a->m.cycles, a->m.ideal, excess, a->m.broadcasts);
    }
    lds_metrics tot;
    lds_metrics_init(&tot);
    lds_results_totals(res, first_access, &tot);
    lds_metrics_excess(&tot, excess);
    gmp_fprintf(out, "], \"totals\": {\"instructions\": %Zd, \"cycles\": %Zd, \"ideal\": %Zd, \"excess\": %Zd}",
                tot.instructions, tot.cycles, tot.ideal, excess);
    fprintf(out, ", \"expects\": [");
    for (size_t i = first_expect; i < res->nexpects; i++) {
        fprintf(out, "%s{\"line\": %u, \"source\": ", i > first_expect ? ", " : "", res->expects[i].line);
        json_string(out, res->expects[i].source);
        fprintf(out, ", \"ok\": %s}", res->expects[i].ok ? "true" : "false");
    }
    fprintf(out, "]}\n");
    lds_metrics_clear(&tot);
    mpz_clear(excess);
}

const lds_format_ops lds_json_ops = { NULL, json_end_run };
