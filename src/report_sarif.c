/* src/report_sarif.c - --format sarif: SARIF 2.1.0 (OASIS), the log code
 * scanning reads in CI.  One run of lds-calc's tool with its rules;
 * one result per access that conflicts (lds-bank-conflict, a warning,
 * its fix in the message and in the properties), per access lds-calc
 * could not model (lds-not-modelled, a warning, as in --format
 * diagnostics: the totals leave it out) and per access that failed
 * (lds-error); per warning the kernel-file reader gave (lds-reader).  Every point of a sweep adds its results to the one log,
 * which is written when the last run ends.  The shape is checked against
 * doc/sarif-2.1.0-subset.schema.json by the tests. */
#include "config.h"

#include "src/report_impl.h"

#include <stdlib.h>
#include <string.h>

#include "sim/coalesce.h"

static const struct { const char *id, *name, *text, *level; } rules[] = {
    { "lds-bank-conflict", "BankConflict",
      "An access makes more shared-memory wavefronts than its phases need: lanes of one phase want different words "
      "of one bank.", "warning" },
    { "lds-not-modelled", "NotModelled",
      "lds-calc saw a shared- or global-memory access it cannot model (its index depends on data, say); its cost "
      "is not counted, so the totals are short of it.", "warning" },
    { "lds-error", "Error", "The simulation of an access stopped with an error.", "error" },
    { "lds-uncoalesced", "Uncoalesced",
      "A global-memory access fetches more transactions than its bytes need: its lanes' addresses are strided or "
      "scattered.", "warning" },
    { "lds-reader", "Reader",
      "lds-calc read the kernel file with a caveat: a header not found, a value no -D gives, a workgroup size "
      "assumed, a statement it does not follow.", "warning" },
};
enum { RULE_READER = 4 };

/* A file name as a URI reference (RFC 3986, section 4.2): each byte
 * that a path segment may not hold as it is (a space, '%', '#', '?', a
 * backslash, a control byte, every byte of a non-ASCII character) is
 * percent-encoded; a name whose first segment holds a ':' (C:x.cu,
 * col:1:2.cu) would read as a scheme, so it is written after "./"; one
 * that begins with "//" would read as an authority (a host), so it is
 * written as the file URI of that path (file:////srv/x.cu). */
static void uri(FILE *out, const char *file)
{
    lds_buf b = { 0 };
    file = file ? file : "";
    size_t first = strcspn(file, "/");
    if (file[first] == '/' && first == 0 && file[1] == '/')
        lds_buf_puts(&b, "file://");
    else if (memchr(file, ':', first))
        lds_buf_puts(&b, "./");
    for (const unsigned char *s = (const unsigned char *)file; *s; s++)
        if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || strchr("-._~/:@!$&'()*+,;=", *s))
            lds_buf_putc(&b, (char)*s);
        else
            lds_buf_printf(&b, "%%%02X", *s);
    lds_report_json_string(out, lds_buf_str(&b));
    lds_buf_free(&b);
}

static void sarif_begin(lds_reporter *r)
{
    FILE *out = r->o.out;
    fprintf(out, "{\"$schema\": \"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json\", "
                 "\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"lds-calc\", \"version\": \"%s\", "
                 "\"informationUri\": \"https://github.com/lds-calc/lds-calc\", \"rules\": [",
            PACKAGE_VERSION);
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        fprintf(out, "%s{\"id\": \"%s\", \"name\": \"%s\", \"shortDescription\": {\"text\": ", i ? ", " : "", rules[i].id,
                rules[i].name);
        lds_report_json_string(out, rules[i].text);
        fprintf(out, "}, \"defaultConfiguration\": {\"level\": \"%s\"}}", rules[i].level);
    }
    fputs("]}}, \"columnKind\": \"utf16CodeUnits\", \"results\": [", out);
}

static void result(lds_reporter *r, unsigned rule, const lds_access_result *a, const char *message,
                   const lds_suggestion *fix, const char *fix_text)
{
    FILE *out = r->o.out;
    if (r->runs_results++)
        fputs(", ", out);
    fprintf(out, "{\"ruleId\": \"%s\", \"ruleIndex\": %u, \"level\": \"%s\", \"message\": {\"text\": ", rules[rule].id,
            rule, rules[rule].level);
    lds_report_json_string(out, message);
    fputs("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
    uri(out, a->file);
    fprintf(out, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}", a->line ? a->line : 1, a->col ? a->col : 1);
    if (a->kernel) {   /* a kernel file's record: the kernel, as SARIF names a function */
        fputs(", \"logicalLocations\": [{\"name\": ", out);
        lds_report_json_string(out, a->kernel);
        fputs(", \"kind\": \"function\"}]", out);
    }
    fputs("}]", out);
    if (a->inlined_line) {   /* the access in the helper inlined at the result's place */
        fputs(", \"relatedLocations\": [{\"id\": 0, \"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
        uri(out, a->inlined_file);
        fprintf(out, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}, \"message\": {\"text\": ", a->inlined_line,
                a->inlined_col ? a->inlined_col : 1);
        lds_report_json_string(out, a->inlined_what ? a->inlined_what : "inlined");
        fputs("}}]", out);
    }
    fprintf(out, ", \"properties\": {\"kind\": \"%s\", \"array\": ", lds_access_kind_name(a->kind));
    lds_report_json_string(out, a->array);
    if (a->kernel) {
        fputs(", \"kernel\": ", out);
        lds_report_json_string(out, a->kernel);
    }
    fputs(", \"profile\": ", out);
    lds_report_json_string(out, a->profile->name);
    if (!a->failed && a->global) {   /* transactions, not wavefronts */
        gmp_fprintf(out, ", \"transactions\": %Zd, \"ideal\": %Zd, \"instructions\": %Zd", a->m.cycles, a->m.ideal,
                    a->m.instructions);
        unsigned long h;
        if (lds_report_efficiency(&a->m, &h))
            fprintf(out, ", \"efficiency\": %lu.%02lu", h / 100, h % 100);
    } else if (!a->failed) {
        gmp_fprintf(out, ", \"ways\": %llu, \"wavefronts\": %Zd, \"ideal\": %Zd, \"instructions\": %Zd",
                    (unsigned long long)a->m.ways, a->m.cycles, a->m.ideal, a->m.instructions);
        mpz_t excess;
        mpz_init(excess);
        lds_metrics_excess(&a->m, excess);
        gmp_fprintf(out, ", \"excess\": %Zd", excess);
        mpz_clear(excess);
    }
    if (fix_text) {
        fputs(", \"fix\": ", out);
        lds_report_json_string(out, fix_text);
        const lds_suggest_candidate *best = fix && fix->ncand > 1 ? &fix->cand[1] : NULL;
        if (best && !best->error && best->layout) {   /* a thread remap has none */
            fputs(", \"layout\": ", out);
            lds_report_json_string(out, best->layout);
            if (best->cute) {
                fputs(", \"library\": ", out);   /* CuTe or ck_tile */
                lds_report_json_string(out, best->cute);
            }
            if (best->triton) {
                fputs(", \"triton\": ", out);
                lds_report_json_string(out, best->triton);
            }
        }
    }
    fputs("}}", out);
}

/* A result of a message, not of an access: at the message's place. */
static void message_result(lds_reporter *r, unsigned rule, const lds_diag *d)
{
    FILE *out = r->o.out;
    if (r->runs_results++)
        fputs(", ", out);
    fprintf(out, "{\"ruleId\": \"%s\", \"ruleIndex\": %u, \"level\": \"%s\", \"message\": {\"text\": ", rules[rule].id,
            rule, rules[rule].level);
    lds_report_json_string(out, d->msg);
    fputs("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
    uri(out, d->loc.src ? d->loc.src->name : NULL);
    fprintf(out, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}}]}", d->loc.line ? d->loc.line : 1,
            d->loc.col ? d->loc.col : 1);
}

/* The front end's warnings, once for the log: results of lds-reader at
 * their place. */
static void reader_results(lds_reporter *r)
{
    for (size_t i = 0; i < r->o.nwarnings; i++)
        message_result(r, RULE_READER, &r->o.warnings[i]);
}

static void sarif_end_run(lds_reporter *r, const lds_run_view *run)
{
    if (!r->runs_begun++) {
        sarif_begin(r);
        reader_results(r);
    }
    const lds_diag *err = run->status->error;
    if (err && run->res->n == run->first_access)   /* a run that stopped before any access: its error */
        message_result(r, 2, err);
    for (size_t i = run->first_access; i < run->res->n; i++) {
        const lds_access_result *a = run->res->accesses[i];
        lds_buf m = { 0 };
        const char *kind = lds_access_kind_name(a->kind);
        if (a->failed) {
            lds_buf_printf(&m, "The %s of '%s' %s: %s", kind, a->array ? a->array : "?",
                           a->skipped ? "is not modelled" : "failed", a->error ? a->error : "");
            result(r, a->skipped ? 1 : 2, a, lds_buf_str(&m), NULL, NULL);
        } else if (a->global) {
            if (mpz_cmp(a->m.cycles, a->m.ideal) > 0) {
                char *cyc = lds_mpz_str(a->m.cycles), *ideal = lds_mpz_str(a->m.ideal);
                lds_buf_printf(&m, "Uncoalesced global %s on %s: %s %s where %s would do.", kind, a->profile->name, cyc,
                               lds_sim_global_model_of(a->profile)->unit_name, ideal);
                lds_free(cyc);
                lds_free(ideal);
                result(r, 3, a, lds_buf_str(&m), NULL, NULL);
            }
        } else if (a->m.ways > 1) {
            char *cyc = lds_mpz_str(a->m.cycles), *ideal = lds_mpz_str(a->m.ideal);
            lds_buf_printf(&m, "%llu-way bank conflict on %s of '%s'%s%s%s (%s wavefronts where %s would do) on %s.",
                           (unsigned long long)a->m.ways, kind, a->view ? a->view : a->array ? a->array : "?",
                           a->view ? " (in '" : "", a->view ? a->array : "", a->view ? "')" : "", cyc, ideal,
                           a->profile->name);
            lds_free(cyc);
            lds_free(ideal);
            const lds_suggestion *sg = lds_report_fix_of(run, i);
            lds_buf fix = { 0 };
            if (sg) {   /* the message says an array's fix once, the others point to it; the properties all carry it */
                lds_report_fix_text(&fix, sg, a);
                lds_buf again = { 0 };
                if (lds_report_fix_first(run, i) != i)
                    lds_report_fix_again(&again, run, i);
                lds_buf_printf(&m, " Fix: %s.", lds_buf_str(again.len ? &again : &fix));
                lds_buf_free(&again);
            }
            result(r, 0, a, lds_buf_str(&m), sg, sg ? lds_buf_str(&fix) : NULL);
            lds_buf_free(&fix);
        }
        lds_buf_free(&m);
    }
}

static void sarif_finish(lds_reporter *r)
{
    if (!r->runs_begun) {
        sarif_begin(r);
        reader_results(r);
    }
    fputs("]}]}\n", r->o.out);
}

const lds_format_ops lds_sarif_ops = { NULL, sarif_end_run, sarif_finish, false };
