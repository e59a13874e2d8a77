/* src/report_fix.c - the fix a diagnostic proposes for an access that
 * conflicts: the best layout the search found for its array (kept in the
 * results by lds_session_fixes), written as the code would be - a padded
 * declaration in the file's own language, else the layout in lds's
 * notation with CuTe's and Triton's spellings. */
#include "src/report_impl.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "src/suggest_print.h"

const lds_suggestion *lds_report_fix_of(const lds_run_view *run, size_t record)
{
    const lds_access_result *a = run->res->accesses[record];
    for (size_t i = run->first_suggestion; a->array && i < run->res->nsuggestions; i++) {
        const lds_suggestion *sg = run->res->suggestions[i];
        bool serves = !sg->serves_end || (record >= sg->serves_first && record < sg->serves_end);
        if (serves && !strcmp(sg->array, a->array))
            return sg;
    }
    return NULL;
}

/* Whether a record's report carries its array's fix: a shared-memory
 * access that conflicts. */
static bool gets_fix(const lds_access_result *a)
{
    return !a->failed && !a->skipped && !a->global && a->m.ways > 1;
}

size_t lds_report_fix_first(const lds_run_view *run, size_t record)
{
    const lds_suggestion *sg = lds_report_fix_of(run, record);
    for (size_t i = run->first_access; sg && i < record; i++)
        if (gets_fix(run->res->accesses[i]) && lds_report_fix_of(run, i) == sg)
            return i;
    return record;
}

void lds_report_fix_again(lds_buf *b, const lds_run_view *run, size_t record)
{
    const lds_access_result *a = run->res->accesses[record], *first = run->res->accesses[lds_report_fix_first(run, record)];
    lds_buf_printf(b, "the same fix as at %u:%u (one for all the accesses to '%s')", first->line, first->col,
                   a->view ? a->view : a->array);
}

/* An integer after KEY= in a Triton statement's text; -1 if none. */
static long long triton_arg(const char *t, const char *key)
{
    const char *k = strstr(t, key);
    return k ? strtoll(k + strlen(key), NULL, 10) : -1;
}

/* A Triton shared layout (suggest_candidates.c's statements) as the TTGIR
 * attribute a module writes for it; false for one it has no form for. */
static bool ttgir_attribute(lds_buf *b, const char *t)
{
    if (!strncmp(t, "SwizzledSharedLayout(", 21)) {
        lds_buf_printf(b, "#ttg.swizzled_shared<{vec = %lld, perPhase = %lld, maxPhase = %lld, order = [1, 0]}>",
                       triton_arg(t, "vec="), triton_arg(t, "per_phase="), triton_arg(t, "max_phase="));
        return true;
    }
    if (!strncmp(t, "NVMMASharedLayout(", 18)) {
        lds_buf_printf(b, "#ttg.nvmma_shared<{swizzlingByteWidth = %lld, transposed = false, elementBitWidth = %lld}>",
                       triton_arg(t, "swizzle_byte_width="), triton_arg(t, "element_bitwidth="));
        return true;
    }
    return false;
}

/* One candidate: its label, then its declaration or its layout. */
static void candidate(lds_buf *b, const lds_suggestion *sg, const lds_suggest_candidate *c, const lds_access_result *a)
{
    if (c->layout && lds_fix_in_kernel_terms(b, sg, c, a)) {   /* the kernel's terms first, the layout's after */
        lds_buf_printf(b, " (%s%s%s%s", a->view ? "in '" : "", a->view ? sg->array : "", a->view ? "': " : "", c->label);
        if (c->why)
            lds_buf_printf(b, ", %s", c->why);
        if (c->family == LDS_LAYOUT_CK_XOR && c->cute)   /* what a ck_tile kernel writes */
            lds_buf_printf(b, "; ck_tile: %s", c->cute);
        lds_buf_printf(b, ")");
        return;
    }
    lds_buf_printf(b, "%s", c->label);
    if (c->why)
        lds_buf_printf(b, " (%s)", c->why);
    if (!c->layout)
        return;   /* a thread remap: the layout stays, the label says what changes */
    lds_buf_printf(b, ": ");
    if (lds_fix_declaration(b, sg, c, a))
        return;
    lds_buf_printf(b, "layout %s", c->layout);
    if (c->cute)
        lds_buf_printf(b, "; %s: %s", c->family == LDS_LAYOUT_CK_XOR ? "ck_tile" : "CuTe", c->cute);
    if (c->triton && !strcmp(lds_access_lang_ext(a), "ttgir")) {   /* a TTGIR module's shared layout: its attribute */
        lds_buf_printf(b, "; TTGIR: ");
        if (ttgir_attribute(b, c->triton))
            return;
        lds_buf_printf(b, "(no attribute: Triton's %s)", c->triton);
    } else if (c->triton) {
        lds_buf_printf(b, "; Triton: %s", c->triton);
    }
}

static bool pads(const lds_suggest_candidate *c)
{
    return c->family == LDS_LAYOUT_PADDED || c->family == LDS_LAYOUT_PADDED_SWIZZLE
           || (c->family == LDS_LAYOUT_OWN_PADDED && c->pad);
}

bool lds_report_fix_text(lds_buf *b, const lds_suggestion *sg, const lds_access_result *a)
{
    const lds_suggest_candidate *before = &sg->cand[0], *best = sg->ncand > 1 ? &sg->cand[1] : NULL;
    if (!best || best->error || mpz_cmp(best->cycles, before->cycles) >= 0) {
        lds_buf_printf(b, "none of the %zu layouts tried for '%s' does better", sg->ncand ? sg->ncand - 1 : 0,
                       sg->array);
        return false;
    }
    /* among the layouts as good as the best: a padding (the declaration a
     * kernel's author changes) and a layout that spends no memory */
    const lds_suggest_candidate *pad = NULL, *other = NULL, *triton = NULL;
    for (size_t i = 1; i < sg->ncand; i++) {
        const lds_suggest_candidate *c = &sg->cand[i];
        if (c->error || mpz_cmp(c->cycles, best->cycles) || mpz_cmp(c->excess, best->excess))
            break;
        if (pads(c) && !pad)
            pad = c;
        else if (!pads(c) && !other)
            other = c;
        if (c->triton && !triton)
            triton = c;
    }
    if (triton && !strcmp(lds_access_lang_ext(a), "ttgir")) {   /* a TTGIR module: the layout it can write, Triton's */
        pad = NULL;
        other = triton;
    }
    candidate(b, sg, pad ? pad : other, a);
    if (pad && other) {
        lds_buf_printf(b, " (or ");
        candidate(b, sg, other, a);
        lds_buf_printf(b, ")");
    }
    char *cyc = lds_mpz_str(before->cycles), *after = lds_mpz_str(best->cycles);
    lds_buf_printf(b, " - %s over the %u access%s to '%s' (cycles %s -> %s)",
                   mpz_sgn(best->excess) ? "fewer conflicts" : "conflict-free", sg->naccess,
                   sg->naccess == 1 ? "" : "es", a && a->view ? a->view : sg->array, cyc, after);
    lds_free(cyc);
    lds_free(after);
    return true;
}
