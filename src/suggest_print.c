/* src/suggest_print.c - a suggestion as text: the ranked layouts, ready
 * to paste, each with its metrics before and after; and --explain's
 * one-line fix. */
#include "src/suggest_print.h"

#include <stdbool.h>

/* Layouts with the same numbers shown as one entry. */
#define SHOWN 5

static bool same_numbers(const lds_suggest_candidate *a, const lds_suggest_candidate *b)
{
    return !a->error && !b->error && !mpz_cmp(a->cycles, b->cycles) && !mpz_cmp(a->excess, b->excess)
           && a->bytes == b->bytes;
}

/* A layout no better than one of its own family ranked above it (a
 * wider padding after a narrower one) is left out of the text; so is a
 * padding under a swizzle no better than any layout above it: it is
 * worth its complexity only where it wins. */
static bool dominated(const lds_suggestion *sg, size_t upto, size_t i)
{
    const lds_suggest_candidate *c = &sg->cand[i];
    for (size_t k = 1; k < upto; k++) {   /* every layout ranked above it */
        const lds_suggest_candidate *s = &sg->cand[k];
        bool rival = s->family == c->family || c->family == LDS_LAYOUT_PADDED_SWIZZLE;
        if (rival && mpz_cmp(s->cycles, c->cycles) <= 0
            && mpz_cmp(s->excess, c->excess) <= 0 && s->bytes <= c->bytes)
            return true;
    }
    return false;
}

/* " (+124 B)": what a layout's bytes differ from the array's as declared */
static void bytes_delta(FILE *out, const lds_suggest_candidate *c, const lds_suggest_candidate *before)
{
    if (before && c->bytes != before->bytes)
        fprintf(out, " (%+lld B)", (long long)(c->bytes - before->bytes));
}

static void numbers(FILE *out, const lds_suggest_candidate *c, const lds_suggest_candidate *before)
{
    gmp_fprintf(out, "cycles %Zd, excess %Zd, worst %llu-way%s, %llu B", c->cycles, c->excess,
                (unsigned long long)c->ways, mpz_sgn(c->excess) ? "" : " (conflict-free)",
                (unsigned long long)c->bytes);
    bytes_delta(out, c, before);
}

static void label(FILE *out, const lds_suggest_candidate *c)
{
    fputs(c->label, out);
    if (c->why)
        fprintf(out, " (%s)", c->why);
}

static void entry(FILE *out, const lds_suggestion *sg, size_t i, unsigned rank)
{
    const lds_suggest_candidate *c = &sg->cand[i], *before = &sg->cand[0];
    fprintf(out, "  %u. ", rank);
    label(out, c);
    fputs(": ", out);
    numbers(out, c, before);
    fputc('\n', out);
    if (c->family != LDS_LAYOUT_REMAP)   /* a remap keeps the layout; its label says what changes */
        fprintf(out, "       layout %s_layout = %s\n", sg->array, c->layout);
    if (c->cute)
        fprintf(out, "       %s: %s\n", c->family == LDS_LAYOUT_CK_XOR ? "ck_tile" : "CuTe", c->cute);
    if (c->triton)
        fprintf(out, "       Triton: %s\n", c->triton);
    for (unsigned k = 0; k < sg->naccess && k < 8; k++)
        gmp_fprintf(out, "       line %u: %s: %llu-way -> %llu-way, cycles %Zd -> %Zd\n", sg->access_line[k],
                    sg->access_source[k], (unsigned long long)before->access_ways[k],
                    (unsigned long long)c->access_ways[k], before->access_cycles[k], c->access_cycles[k]);
    if (sg->naccess > 8)
        fprintf(out, "       (and %u more accesses)\n", sg->naccess - 8);
}

void lds_suggest_print(FILE *out, const lds_suggestion *sg)
{
    size_t tried = sg->ncand - 1, failed = 0, combined = 0;
    for (size_t i = 1; i < sg->ncand; i++) {
        failed += sg->cand[i].error != NULL;
        combined += sg->cand[i].family == LDS_LAYOUT_PADDED_SWIZZLE;
    }
    fprintf(out, "suggest %s (line %u): %u access%s to %s (%s, %llu B) on %s; %zu %s tried", sg->array, sg->line,
            sg->naccess, sg->naccess == 1 ? "" : "es", sg->array, sg->shape, (unsigned long long)sg->cand[0].bytes,
            sg->profile, tried, sg->fixed ? "thread remaps" : "layouts");
    if (combined)
        fprintf(out, ", %zu of them paddings under swizzles", combined);
    fprintf(out, "%s, each simulated in full\n", sg->truncated ? " (the search's limit: more were not)" : "");
    if (sg->fixed)
        fprintf(out, "  the layout is fixed: %s; thread remaps of the accesses are tried instead\n", sg->fixed);
    if (sg->stmatrix)
        fputs("  or stmatrix (sm90 and later): each lane gives a 16-byte row, one 8x8 matrix of 16-bit elements a "
              "phase, conflict-free where a matrix's 8 rows lie in 8 different 16-byte bank groups, as the 128-byte "
              "swizzles place them; not simulated: write the store as stmatrix.x4 and run again\n", out);
    fputs("  as declared: ", out);
    numbers(out, &sg->cand[0], NULL);
    fputc('\n', out);
    unsigned rank = 0;
    for (size_t i = 1; i < sg->ncand && rank < SHOWN && !sg->cand[i].error;) {
        if (mpz_cmp(sg->cand[i].cycles, sg->cand[0].cycles) >= 0)
            break;   /* no better than the array as it is */
        if (rank >= 2 && mpz_cmp(sg->cand[i].cycles, sg->cand[1].cycles) > 0)
            break;   /* the best, its rivals, and one runner-up */
        if (dominated(sg, i, i)) {
            i++;
            continue;
        }
        entry(out, sg, i, ++rank);
        size_t j = i + 1;
        while (j < sg->ncand && same_numbers(&sg->cand[i], &sg->cand[j]))
            j++;
        if (j > i + 1) {
            fprintf(out, "       the same numbers: %s", sg->cand[i + 1].label);
            if (j > i + 2)
                fprintf(out, ", %s", sg->cand[i + 2].label);
            if (j > i + 3)
                fprintf(out, " and %zu more", j - i - 3);
            fputc('\n', out);
        }
        i = j;
    }
    if (!rank)
        fprintf(out, "  no %s tried does better than the array as declared\n", sg->fixed ? "remap" : "layout");
    if (failed)
        fprintf(out, "  %zu layouts could not run here (%s)\n", failed, sg->cand[sg->ncand - 1].error);
    if (rank && sg->capacity)
        fprintf(out, "  shared memory with 1.: %llu B of %llu KiB on %s (%.1f%%)\n",
                (unsigned long long)sg->cand[1].lds_used, (unsigned long long)(sg->capacity / 1024), sg->profile,
                100.0 * (double)sg->cand[1].lds_used / (double)sg->capacity);
}

/* a layout that spends shared memory on padding */
static bool pads(const lds_suggest_candidate *c)
{
    return c->family == LDS_LAYOUT_PADDED || c->family == LDS_LAYOUT_PADDED_SWIZZLE
           || (c->family == LDS_LAYOUT_OWN_PADDED && c->pad);
}

void lds_suggest_print_fix(FILE *out, const lds_suggestion *sg)
{
    const lds_suggest_candidate *before = &sg->cand[0], *best = sg->ncand > 1 ? &sg->cand[1] : NULL;
    if (!best)
        return;   /* no layout to try: a one-element array */
    if (best->error || mpz_cmp(best->cycles, before->cycles) >= 0) {
        fprintf(out, "  fix for %s: none of the %zu layouts tried does better\n", sg->array, sg->ncand - 1);
        return;
    }
    /* the best, and the best of another family (a padding against a
     * swizzle) when it does as well */
    const lds_suggest_candidate *other = NULL;
    bool best_pads = pads(best);
    for (size_t i = 2; i < sg->ncand && !other; i++) {
        const lds_suggest_candidate *c = &sg->cand[i];
        if (c->error || mpz_cmp(c->cycles, best->cycles) || mpz_cmp(c->excess, best->excess))
            break;
        if (pads(c) != best_pads)
            other = c;
    }
    fprintf(out, "  fix for %s: ", sg->array);
    label(out, best);
    if (best->layout)
        fprintf(out, ", layout %s", best->layout);
    bytes_delta(out, best, before);
    if (other) {
        fputs("; or ", out);
        label(out, other);
        bytes_delta(out, other, before);
    }
    gmp_fprintf(out, ": %s%s (cycles %Zd -> %Zd); suggest %s ranks all %zu\n", other ? "both " : "",
                mpz_sgn(best->excess) ? "fewer conflicts" : "conflict-free", before->cycles, best->cycles, sg->array,
                sg->ncand - 1);
}
