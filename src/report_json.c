/* src/report_json.c - one JSON document per run, on one line (JSON Lines
 * for a sweep).  The document's shape is doc/lds-calc.schema.json; every
 * integer is exact, however large (a JSON number of any length). */
#include "sim/coalesce.h"
#include "src/report_impl.h"

#include "src/notes.h"

#include "src/counters.h"

static void key(FILE *out, const char *k, bool first)
{
    if (!first)
        fputs(", ", out);
    lds_report_json_string(out, k);
    fputs(": ", out);
}

static void key_string(FILE *out, const char *k, const char *v)
{
    key(out, k, false);
    lds_report_json_string(out, v);
}

/* A string that may be absent: null. */
static void key_opt_string(FILE *out, const char *k, const char *v)
{
    key(out, k, false);
    if (v)
        lds_report_json_string(out, v);
    else
        fputs("null", out);
}

static void key_number(FILE *out, const char *k, mpz_srcptr v)
{
    key(out, k, false);
    mpz_out_str(out, 10, v);
}

static void key_bool(FILE *out, const char *k, bool v)
{
    key(out, k, false);
    fputs(v ? "true" : "false", out);
}

static void key_uint(FILE *out, const char *k, unsigned long long v)
{
    key(out, k, false);
    fprintf(out, "%llu", v);
}

/* "rules" and "overrides": what a profile ran with. */
static void rules_fields(FILE *out, const lds_sim_profile *p)
{
    char over[LDS_SIM_OVERRIDES_LEN];
    lds_sim_profile_overrides(p, over, sizeof over);
    key_string(out, "rules", lds_sim_profile_rules(p));
    key_string(out, "overrides", over);
}

static void metric_fields(FILE *out, const lds_metrics *m)
{
    mpz_t excess;
    mpz_init(excess);
    lds_metrics_excess(m, excess);
    key_number(out, "instructions", m->instructions);
    key_uint(out, "ways", (unsigned long long)m->ways);
    key_number(out, "cycles", m->cycles);
    key_number(out, "ideal", m->ideal);
    key_number(out, "excess", excess);
    key_number(out, "broadcasts", m->broadcasts);
    key_number(out, "unaligned", m->unaligned);
    key_number(out, "skipped", m->skipped);
    mpz_clear(excess);
}

/* "counters": the profilers' names of the metrics ({} if none). */
static void counters_object(FILE *out, lds_counter *c, unsigned n)
{
    key(out, "counters", false);
    fputc('{', out);
    for (unsigned i = 0; i < n; i++) {
        key(out, c[i].name, i == 0);
        lds_counter_print(out, &c[i]);
    }
    fputc('}', out);
    lds_counters_clear(c, n);
}

/* A global access's (or total's) own fields: its transactions in the
 * vendor's unit, the bytes, the efficiency, the lines; NVIDIA's
 * requests and sectors by their names. */
static void global_fields(FILE *out, const lds_metrics *m, const lds_sim_profile *p)
{
    const lds_sim_global_model *gm = lds_sim_global_model_of(p);
    key_number(out, "transactions", m->cycles);
    if (lds_sim_profile_vendor(p) == LDS_VENDOR_NVIDIA) {
        key_number(out, "requests", m->instructions);
        key_number(out, "sectors", m->cycles);
    }
    if (!m->global)
        return;
    key_number(out, "useful_bytes", m->global->useful);
    key_number(out, "fetched_bytes", m->global->fetched);
    key(out, "efficiency", false);   /* a percentage, to a hundredth, rounded down */
    unsigned long h;
    if (lds_report_efficiency(m, &h))
        fprintf(out, "%lu.%02lu", h / 100, h % 100);
    else
        fputs("null", out);
    key_number(out, "lines", m->global->lines);
    key_uint(out, "line_bytes", gm->line);
}

/* "coalescing": the model a global access ran with. */
static void coalescing_object(FILE *out, const lds_access_result *a)
{
    const lds_sim_global_model *gm = lds_sim_global_model_of(a->profile);
    key(out, "coalescing", false);
    fputc('{', out);
    key(out, "unit", true);
    lds_report_json_string(out, gm->unit_name);
    key_uint(out, "unit_bytes", gm->unit);
    key_uint(out, "line_bytes", gm->line);
    key_string(out, "confidence", lds_sim_confidence_name(gm->confidence));
    key_string(out, "source", gm->source);
    fputc('}', out);
}

/* "geometry": the profile entry the access ran with. */
static void geometry_object(FILE *out, const lds_access_result *a)
{
    const lds_sim_entry *e = lds_access_entry(a);
    key(out, "geometry", false);
    fputc('{', out);
    key(out, "phases", true);
    lds_report_json_string(out, e->phases);
    key_uint(out, "banks", lds_sim_entry_banks(a->profile, e));
    key_string(out, "confidence", lds_sim_confidence_name(lds_access_confidence(a)));   /* an inferred form's own */
    key_string(out, "source", lds_sim_text_of(e->source));
    fputc('}', out);
}

static void notes_array(FILE *out, const lds_access_result *a)
{
    lds_notes notes;
    lds_access_notes(a, &notes);
    key(out, "notes", false);
    fputc('[', out);
    for (unsigned i = 0; i < notes.n; i++) {
        fputs(i ? ", " : "", out);
        lds_report_json_string(out, notes.text[i]);
    }
    fputc(']', out);
}

static void access_doc(FILE *out, const lds_access_result *a, bool first)
{
    fprintf(out, "%s{", first ? "" : ", ");
    key(out, "index", true);
    fprintf(out, "%u", a->index);
    key_string(out, "file", a->file);
    key_uint(out, "line", a->line);
    key_uint(out, "column", a->col);
    key_string(out, "source", a->source);
    if (a->kernel)   /* a kernel file's: which kernel, as the memory tables say */
        key_string(out, "kernel", a->kernel);
    key_string(out, "profile", a->profile->name);
    rules_fields(out, a->profile);
    key_string(out, "kind", lds_access_kind_name(a->kind));
    key(out, "width", false);
    if (a->width)
        fprintf(out, "\"b%u\"", a->width * 8);
    else   /* a skipped access through a pointer to a type lds-calc does not know */
        fputs("null", out);
    key(out, "bytes", false);
    if (a->width)
        fprintf(out, "%u", a->width);
    else
        fputs("null", out);
    key_uint(out, "parts", a->parts);
    key_string(out, "space", a->global ? "global" : "shared");
    if (a->global)
        coalescing_object(out, a);
    else if (a->width)
        geometry_object(out, a);
    key_string(out, "status", a->skipped ? "skipped" : a->failed ? "error" : "ok");
    if (a->skipped) {
        key_string(out, "reason", a->error);
    } else if (a->failed) {
        key_string(out, "error", a->error);
    } else {
        metric_fields(out, &a->m);
        if (a->global)
            global_fields(out, &a->m, a->profile);
        lds_counter c[LDS_MAX_COUNTERS];
        counters_object(out, c, lds_access_counters(a, c));
    }
    notes_array(out, a);
    fputc('}', out);
}

/* Totals per profile; their counters per kind of access within it. */
static void totals_doc(FILE *out, const lds_run_view *run)
{
    lds_total *t, *k;
    size_t n = lds_results_group_totals(run->res, run->first_access, false, &t);
    size_t nk = lds_results_group_totals(run->res, run->first_access, true, &k);
    fputs(", \"totals\": [", out);
    for (size_t g = 0; g < n; g++) {
        fprintf(out, "%s{", g ? ", " : "");
        key(out, "profile", true);
        lds_report_json_string(out, t[g].profile->name);
        rules_fields(out, t[g].profile);
        key_string(out, "space", t[g].global ? "global" : "shared");
        metric_fields(out, &t[g].m);
        if (t[g].global)
            global_fields(out, &t[g].m, t[g].profile);
        lds_counter c[LDS_MAX_TOTAL_COUNTERS];
        counters_object(out, c, lds_counters_of_total(t[g].profile, t[g].global, k, nk, &t[g].m, c));
        fputc('}', out);
    }
    fputc(']', out);
    lds_totals_free(t, n);
    lds_totals_free(k, nk);
}

static void expect_doc(FILE *out, const lds_expect_result *e, bool first)
{
    fprintf(out, "%s{", first ? "" : ", ");
    key(out, "file", true);
    lds_report_json_string(out, e->file);
    key_uint(out, "line", e->line);
    key_uint(out, "column", e->col);
    key_string(out, "source", e->source);
    key_string(out, "metric", e->metric_name);
    key_bool(out, "total", e->total);
    key_string(out, "op", lds_op_name(e->cmp));
    key(out, "expected", false);
    fputs(e->expected, out);
    key(out, "actual", false);
    fputs(e->actual, out);
    key_bool(out, "ok", e->ok);
    fputc('}', out);
}

/* The distinct profiles the run's records ran under. */
static void profiles_doc(FILE *out, const lds_run_view *run)
{
    const lds_sim_profile *seen[64];
    unsigned n = 0;
    fputs(", \"profiles\": [", out);
    for (size_t i = run->first_access; i < run->res->n; i++) {
        const lds_sim_profile *p = run->res->accesses[i]->profile;
        unsigned k = 0;
        while (k < n && seen[k] != p)
            k++;
        if (k < n || n == 64)
            continue;
        seen[n++] = p;
        fprintf(out, "%s{", n > 1 ? ", " : "");
        key(out, "name", true);
        lds_report_json_string(out, p->name);
        key_string(out, "title", lds_sim_text_of(p->title));
        key_uint(out, "banks", p->banks);
        key_uint(out, "bank_bytes", p->bank_bytes);
        key_uint(out, "wave", p->wave);
        key_uint(out, "lds", (unsigned long long)p->lds_bytes);
        key_string(out, "r2", p->r2 == LDS_R2_STRICT ? "strict" : "word");
        key_string(out, "r3", p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases");
        rules_fields(out, p);
        key_string(out, "confidence", lds_sim_text_of(p->summary));
        fputc('}', out);
    }
    fputc(']', out);
}

/* A suggest statement's layouts: [0] as declared, then ranked. */
static void suggestion_doc(FILE *out, const lds_suggestion *sg, bool first)
{
    fprintf(out, "%s{", first ? "" : ", ");
    key(out, "array", true);
    lds_report_json_string(out, sg->array);
    key_string(out, "shape", sg->shape);
    key_string(out, "file", sg->file);
    key_uint(out, "line", sg->line);
    key_string(out, "profile", sg->profile);
    key_uint(out, "lds", (unsigned long long)sg->capacity);
    key_bool(out, "truncated", sg->truncated);
    fputs(", \"accesses\": [", out);
    for (unsigned k = 0; k < sg->naccess; k++) {
        fprintf(out, "%s{", k ? ", " : "");
        key(out, "line", true);
        fprintf(out, "%u", sg->access_line[k]);
        key_string(out, "source", sg->access_source[k]);
        fputc('}', out);
    }
    fputs("], \"candidates\": [", out);
    for (size_t i = 0; i < sg->ncand; i++) {
        const lds_suggest_candidate *c = &sg->cand[i];
        fprintf(out, "%s{", i ? ", " : "");
        key(out, "rank", true);
        fprintf(out, "%zu", i);
        key_string(out, "label", c->label);
        key_opt_string(out, "layout", c->layout);
        key_opt_string(out, "cute", c->cute);
        key_opt_string(out, "triton", c->triton);
        key_opt_string(out, "why", c->why);
        key_string(out, "status", c->error ? "error" : "ok");
        if (c->error) {
            key_string(out, "error", c->error);
        } else {
            key_number(out, "cycles", c->cycles);
            key_number(out, "ideal", c->ideal);
            key_number(out, "excess", c->excess);
            key_uint(out, "ways", c->ways);
            key_uint(out, "bytes", c->bytes);
            key_uint(out, "lds_used", c->lds_used);
            fputs(", \"per_access\": [", out);
            for (unsigned k = 0; k < sg->naccess; k++) {
                fprintf(out, "%s{", k ? ", " : "");
                key(out, "ways", true);
                fprintf(out, "%llu", (unsigned long long)c->access_ways[k]);
                key_number(out, "cycles", c->access_cycles[k]);
                fputc('}', out);
            }
            fputc(']', out);
        }
        fputc('}', out);
    }
    fputs("]}", out);
}

static void json_end_run(lds_reporter *r, const lds_run_view *run)
{
    FILE *out = r->o.out;
    const lds_diag *err = run->status->error;
    fputc('{', out);
    key(out, "format", true);
    lds_report_json_string(out, "lds-calc/2");
    key(out, "status", false);
    fprintf(out, "%d", run->status->exit);
    key(out, "error", false);
    if (!err) {
        fputs("null", out);
    } else {
        fputc('{', out);
        key(out, "file", true);
        lds_report_json_string(out, err->loc.src ? err->loc.src->name : NULL);
        key_uint(out, "line", err->loc.line);
        key_uint(out, "column", err->loc.col);
        key_string(out, "message", err->msg);
        fputc('}', out);
    }
    if (r->o.nwarnings) {   /* what the front end said of the files (a header not found, a value not given) */
        key(out, "warnings", false);
        fputc('[', out);
        for (size_t i = 0; i < r->o.nwarnings; i++) {
            const lds_diag *w = &r->o.warnings[i];
            fputs(i ? ", {" : "{", out);
            key(out, "file", true);
            lds_report_json_string(out, w->loc.src ? w->loc.src->name : NULL);
            key_uint(out, "line", w->loc.line);
            key_uint(out, "column", w->loc.col);
            key_string(out, "message", w->msg);
            fputc('}', out);
        }
        fputc(']', out);
    }
    if (r->nlabels) {
        key(out, "defines", false);
        fputc('{', out);
        for (unsigned i = 0; i < r->nlabels; i++) {
            key(out, r->labels[i].name, i == 0);
            if (r->labels[i].text)
                lds_report_json_string(out, r->labels[i].value);
            else
                fputs(r->labels[i].value, out);
        }
        fputc('}', out);
    }
    fputs(", \"accesses\": [", out);
    for (size_t i = run->first_access; i < run->res->n; i++)
        access_doc(out, run->res->accesses[i], i == run->first_access);
    fputc(']', out);
    totals_doc(out, run);
    fputs(", \"expects\": [", out);
    for (size_t i = run->first_expect; i < run->res->nexpects; i++)
        expect_doc(out, &run->res->expects[i], i == run->first_expect);
    fputc(']', out);
    profiles_doc(out, run);
    if (run->res->nsuggestions > run->first_suggestion) {
        fputs(", \"suggestions\": [", out);
        for (size_t i = run->first_suggestion; i < run->res->nsuggestions; i++)
            suggestion_doc(out, run->res->suggestions[i], i == run->first_suggestion);
        fputc(']', out);
    }
    fputs("}\n", out);
}

const lds_format_ops lds_json_ops = { NULL, json_end_run, NULL, false };
