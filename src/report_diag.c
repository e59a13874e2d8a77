/* src/report_diag.c - --format diagnostics: one warning per access that
 * conflicts, in the form compilers print and editors parse,
 *
 *   kernel.cu:22:31: warning: 32-way bank conflict on read of 'tile'
 *       (32 wavefronts where 1 would do) [lds-bank-conflict]
 *   kernel.cu:22:31: note: pad rows by 1 element: __shared__ float
 *       tile[32][33]; - conflict-free over ...
 *
 * (each on one line); a global access that fetches more than its bytes
 * need is a warning [lds-uncoalesced]; an access lds-calc could not model
 * is a warning of its own [lds-not-modelled], one that failed an error
 * [lds-error].  In a kernel file, the warnings of each kernel follow a
 * line naming it, as compilers name a function:
 *
 *   kernel.cu: In kernel 'transpose': */
#include "src/report_impl.h"

#include <stdlib.h>
#include <string.h>

#include "sim/coalesce.h"

/* The place of a diagnostic of record a; first, where a's kernel is not
 * the one the last diagnostic was in (*last), the line naming it. */
static void where(FILE *out, const lds_access_result *a, const char **last)
{
    if (a->kernel && (!*last || strcmp(*last, a->kernel))) {
        lds_fput_text(out, a->file ? a->file : "");
        fputs(": In kernel '", out);
        lds_fput_text(out, a->kernel);
        fputs("':\n", out);
    }
    *last = a->kernel;
    lds_fput_text(out, a->file ? a->file : "");
    fprintf(out, ":%u:%u: ", a->line, a->col);
}

/* After a's diagnostic: where its access is in the helper inlined at
 * a's place, as compilers note inlined code. */
static void inlined_at(FILE *out, const lds_access_result *a)
{
    if (!a->inlined_line)
        return;
    lds_fput_text(out, a->inlined_file ? a->inlined_file : "");
    fprintf(out, ":%u:%u: note: the access is here, %s at %u:%u\n", a->inlined_line, a->inlined_col,
            a->inlined_what ? a->inlined_what : "inlined", a->line, a->col);
}

static void diag_end_run(lds_reporter *r, const lds_run_view *run)
{
    FILE *out = r->o.out;
    const char *kernel = NULL;   /* of the last diagnostic */
    for (size_t i = run->first_access; i < run->res->n; i++) {
        const lds_access_result *a = run->res->accesses[i];
        const char *kind = lds_access_kind_name(a->kind);
        if (a->skipped || a->failed) {
            where(out, a, &kernel);
            fprintf(out, "%s: %s of '", a->skipped ? "warning" : "error", kind);
            lds_fput_text(out, a->array ? a->array : "?");
            fprintf(out, "' %s: ", a->skipped ? "not modelled" : "failed");
            lds_fput_text(out, a->error ? a->error : "");
            fprintf(out, " [%s]\n", a->skipped ? "lds-not-modelled" : "lds-error");
            inlined_at(out, a);
            continue;
        }
        if (a->global) {   /* global memory: fetched bytes it does not use */
            if (mpz_cmp(a->m.cycles, a->m.ideal) <= 0)
                continue;
            where(out, a, &kernel);
            gmp_fprintf(out, "warning: uncoalesced global %s (%Zd %s where %Zd would do, efficiency ", kind, a->m.cycles,
                        lds_sim_global_model_of(a->profile)->unit_name, a->m.ideal);
            lds_report_efficiency_text(out, &a->m);
            fputs(") [lds-uncoalesced]\n", out);
            inlined_at(out, a);
            continue;
        }
        if (a->m.ways <= 1)
            continue;
        where(out, a, &kernel);
        gmp_fprintf(out, "warning: %llu-way bank conflict on %s of '", (unsigned long long)a->m.ways, kind);
        lds_fput_text(out, a->view ? a->view : a->array ? a->array : "?");
        if (a->view) {
            fputs("' (in '", out);
            lds_fput_text(out, a->array);
        }
        gmp_fprintf(out, "'%s (%Zd wavefronts where %Zd would do) [lds-bank-conflict]\n", a->view ? ")" : "", a->m.cycles,
                    a->m.ideal);
        inlined_at(out, a);
        const lds_suggestion *sg = lds_report_fix_of(run, i);
        if (!sg)
            continue;
        lds_buf b = { 0 };
        if (lds_report_fix_first(run, i) == i)
            lds_report_fix_text(&b, sg, a);
        else
            lds_report_fix_again(&b, run, i);
        where(out, a, &kernel);
        fputs("note: ", out);
        lds_fput_text(out, lds_buf_str(&b));
        fputc('\n', out);
        lds_buf_free(&b);
    }
}

const lds_format_ops lds_diagnostics_ops = { NULL, diag_end_run, NULL, false };
