/* src/suggest_print.c - a suggestion as text: the ranked layouts, ready
 * to paste, each with its metrics before and after; and --explain's
 * one-line fix. */
#include "src/suggest_print.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "src/types.h"

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

/* The language a record's file is written in: the kernel file's, else
 * by its name ("" for none). */
const char *lds_access_lang_ext(const lds_access_result *a)
{
    if (a->lang)
        return a->lang;
    const char *dot = a->file && a->file[0] != '<' ? strrchr(a->file, '.') : NULL;
    return dot ? dot + 1 : "";
}

/* lds's element type as the file's language writes it. */
static const char *c_type(const char *lds, const char *ext)
{
    bool hlsl = !strcmp(ext, "hlsl") || !strcmp(ext, "fx"), glsl = !strcmp(ext, "comp") || !strcmp(ext, "glsl");
    bool opencl = !strcmp(ext, "cl");
    static const struct { const char *lds, *cuda, *hlsl, *glsl, *opencl; } types[] = {
        { "f32", "float", "float", "float", "float" }, { "f64", "double", "double", "double", "double" },
        { "f16", "__half", "half", "float16_t", "half" }, { "bf16", "__nv_bfloat16", "uint16_t", "uint16_t", "ushort" },
        { "i32", "int", "int", "int", "int" }, { "u32", "unsigned int", "uint", "uint", "uint" },
        { "i16", "short", "int16_t", "int16_t", "short" }, { "u16", "unsigned short", "uint16_t", "uint16_t", "ushort" },
        { "i8", "signed char", "int8_t", "int8_t", "char" }, { "u8", "unsigned char", "uint8_t", "uint8_t", "uchar" },
        { "i64", "long long", "int64_t", "int64_t", "long" },
        { "u64", "unsigned long long", "uint64_t", "uint64_t", "ulong" },
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(types[i].lds, lds))
            return hlsl ? types[i].hlsl : glsl ? types[i].glsl : opencl ? types[i].opencl : types[i].cuda;
    return lds;
}

bool lds_fix_declaration(lds_buf *b, const lds_suggestion *sg, const lds_suggest_candidate *c,
                               const lds_access_result *a)
{
    if (c->family != LDS_LAYOUT_PADDED || !c->row)
        return false;
    const char *open = strchr(sg->shape, '[');
    if (!open || !strchr(open + 1, '['))
        return false;   /* one dimension: padded every few elements, no declaration says it */
    const char *last = strrchr(sg->shape, '[');
    const char *ext = lds_access_lang_ext(a);
    char type[32];
    snprintf(type, sizeof type, "%.*s", (int)(open - sg->shape), sg->shape);
    bool lds = !strcmp(ext, "lds") || !*ext;
    if (lds) {
        lds_buf_printf(b, "array %s %s%.*s[%llu]", type, sg->array, (int)(last - open), open,
                       (unsigned long long)(c->row + c->pad));
        return true;
    }
    const char *word = !strcmp(ext, "hlsl") || !strcmp(ext, "fx")    ? "groupshared"
                     : !strcmp(ext, "comp") || !strcmp(ext, "glsl") ? "shared"
                     : !strcmp(ext, "cl")                           ? "__local"
                                                                    : "__shared__";
    lds_buf_printf(b, "%s %s %s%.*s[%llu];", word, c_type(type, ext), sg->array, (int)(last - open), open,
                   (unsigned long long)(c->row + c->pad));
    return true;
}

/* The array's one dimension and element size, from its shape
 * ("f32[512]": 512, 4); false for more dimensions. */
static bool one_dim(const lds_suggestion *sg, uint64_t *n, unsigned *elem)
{
    const char *open = strchr(sg->shape, '[');
    if (!open || strchr(open + 1, '['))
        return false;
    *elem = lds_type_size(sg->shape, (unsigned)(open - sg->shape));
    char *end;
    *n = strtoull(open + 1, &end, 10);
    return *elem && *end == ']';
}

/* ck_tile's XOR of a 2-D array as the kernel indexes it: the column ^
 * (row % columns), "tile[r][c ^ r] for tile[r][c]" where no row reaches
 * the columns (lds(5), make_xor_transform). */
static bool xor_in_kernel_terms(lds_buf *b, const lds_suggestion *sg)
{
    unsigned long long rows, cols;
    const char *open = strchr(sg->shape, '[');
    if (!open || sscanf(open, "[%llu][%llu]", &rows, &cols) != 2 || strchr(strchr(open + 1, '[') + 1, '['))
        return false;
    if (rows <= cols)
        lds_buf_printf(b, "%s[r][c ^ r] for %s[r][c]", sg->array, sg->array);
    else
        lds_buf_printf(b, "%s[r][c ^ (r %% %llu)] for %s[r][c]", sg->array, cols, sg->array);
    return true;
}

/* A one-dimensional array's fix in the kernel's own terms, on the name
 * its accesses use (a pointer into the array: that pointer) and in the
 * elements they read (a byte array read as floats: floats; compiled
 * code's byte arrays in the width the access reads, the element of the
 * source it was compiled from): the index
 * rewritten, "partial[i + i / 32]" for a padding (with the elements it
 * takes), "partial[i ^ ((i >> 5) & 15)]" for a swizzle.  False where the
 * layout is of another family, or the elements read do not divide it. */
bool lds_fix_in_kernel_terms(lds_buf *b, const lds_suggestion *sg, const lds_suggest_candidate *c,
                        const lds_access_result *a)
{
    uint64_t n;
    unsigned elem;
    if (a && a->lowered && !a->view && c->family == LDS_LAYOUT_CK_XOR)
        return xor_in_kernel_terms(b, sg);
    if (!a || !a->lowered || !one_dim(sg, &n, &elem))
        return false;
    const char *name = a->view ? a->view : sg->array;
    unsigned unit = a->width > elem && a->width % elem == 0 && (a->view || a->compiled) ? a->width : elem;
    uint64_t k = unit / elem;   /* the array's elements in one the kernel reads */
    unsigned shift = (unsigned)__builtin_ctzll(k);
    if (c->family == LDS_LAYOUT_PADDED && c->row && c->row % k == 0 && c->pad % k == 0) {
        uint64_t row = c->row / k, pad = c->pad / k;
        lds_buf_printf(b, "%s[i + i / %llu", name, (unsigned long long)row);
        if (pad > 1)
            lds_buf_printf(b, " * %llu", (unsigned long long)pad);
        lds_buf_printf(b, "] for %s[i], %llu elements of %u bytes (%llu B)", name,
                       (unsigned long long)((c->bytes + unit - 1) / unit), unit, (unsigned long long)c->bytes);
        return true;
    }
    unsigned bits = c->swizzle[0], base = c->swizzle[1], sh = c->swizzle[2];
    if (c->family != LDS_LAYOUT_CUTE_SWIZZLE || !bits || (k & (k - 1)) || base < shift)
        return false;
    base -= shift;
    unsigned long long mask = (1ull << bits) - 1;
    if (base)
        lds_buf_printf(b, "%s[i ^ (((i >> %u) & %llu) << %u)] for %s[i]", name, base + sh, mask, base, name);
    else
        lds_buf_printf(b, "%s[i ^ ((i >> %u) & %llu)] for %s[i]", name, sh, mask, name);
    (void)n;
    return true;
}

/* a layout that spends shared memory on padding */
static bool pads(const lds_suggest_candidate *c)
{
    return c->family == LDS_LAYOUT_PADDED || c->family == LDS_LAYOUT_PADDED_SWIZZLE
           || (c->family == LDS_LAYOUT_OWN_PADDED && c->pad);
}

void lds_fixes_said_free(lds_fixes_said *f)
{
    for (size_t i = 0; i < f->n; i++) {
        lds_free(f->v[i].array);
        lds_free(f->v[i].kernel);
        lds_free(f->v[i].choice);
    }
    lds_free(f->v);
    memset(f, 0, sizeof *f);
}

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* Whether this fix, choosing `choice`, was printed before for its array
 * (then *where is that place); else it is noted as printed at loc. */
static bool said_before(lds_fixes_said *said, const char *array, const char *kernel, const char *choice, lds_loc loc,
                        const lds_fix_said **where)
{
    if (!said)
        return false;
    for (size_t i = 0; i < said->n; i++) {
        lds_fix_said *f = &said->v[i];
        if (!strcmp(f->array, array) && same_text(f->kernel, kernel)) {
            if (!strcmp(f->choice, choice)) {
                *where = f;
                return true;
            }
            lds_free(f->choice);   /* a new choice: said again, from here on */
            f->choice = lds_xstrdup(choice);
            f->line = loc.line;
            f->col = loc.col;
            return false;
        }
    }
    said->v = lds_xgrow(said->v, said->n, &said->cap, sizeof *said->v, 4);
    said->v[said->n++] = (lds_fix_said){ .array = lds_xstrdup(array), .kernel = kernel ? lds_xstrdup(kernel) : NULL,
                                         .choice = lds_xstrdup(choice), .line = loc.line, .col = loc.col };
    return false;
}

/* One candidate of the fix line: in the kernel's terms where it has them
 * (the layout's label after), else its label and lds layout. */
static void fix_candidate(FILE *out, const lds_suggestion *sg, const lds_suggest_candidate *c,
                          const lds_access_result *rec, bool layout)
{
    lds_buf b = { 0 };
    if (rec && rec->lowered && lds_fix_declaration(&b, sg, c, rec)) {   /* a padded 2-D array, declared */
        label(out, c);
        fprintf(out, ": %s", lds_buf_str(&b));
    } else if (c->layout && lds_fix_in_kernel_terms(&b, sg, c, rec)) {
        fprintf(out, "%s (", lds_buf_str(&b));
        label(out, c);
        fputc(')', out);
    } else {
        label(out, c);
        if (layout && c->layout)
            fprintf(out, ", layout %s", c->layout);
    }
    lds_buf_free(&b);
}

void lds_suggest_print_fix(FILE *out, const lds_suggestion *sg, const lds_access_result *rec, lds_fixes_said *said,
                           lds_loc loc)
{
    const lds_suggest_candidate *before = &sg->cand[0], *best = sg->ncand > 1 ? &sg->cand[1] : NULL;
    if (!best)
        return;   /* no layout to try: a one-element array */
    const char *name = rec && rec->view ? rec->view : sg->array;
    bool none = best->error || mpz_cmp(best->cycles, before->cycles) >= 0;
    /* the best, and the best of another family (a padding against a
     * swizzle) when it does as well */
    const lds_suggest_candidate *other = NULL;
    bool best_pads = pads(best);
    for (size_t i = 2; i < sg->ncand && !other && !none; i++) {
        const lds_suggest_candidate *c = &sg->cand[i];
        if (c->error || mpz_cmp(c->cycles, best->cycles) || mpz_cmp(c->excess, best->excess))
            break;
        if (pads(c) != best_pads)
            other = c;
    }
    lds_buf choice = { 0 };
    lds_buf_printf(&choice, "%s|%s", none ? "" : best->label, other ? other->label : "");
    const lds_fix_said *was;
    bool again = said_before(said, sg->array, rec ? rec->kernel : NULL, lds_buf_str(&choice), loc, &was);
    lds_buf_free(&choice);
    if (none) {
        fprintf(out, "  fix for %s: none of the %zu layouts tried does better", name, sg->ncand - 1);
        if (again)
            fprintf(out, " (as at %u:%u)", was->line, was->col);
        fputc('\n', out);
        return;
    }
    if (again) {
        gmp_fprintf(out, "  fix for %s: the same as at %u:%u (cycles %Zd -> %Zd over the %u accesses so far)\n", name,
                    was->line, was->col, before->cycles, best->cycles, sg->naccess);
        return;
    }
    fprintf(out, "  fix for %s: ", name);
    fix_candidate(out, sg, best, rec, true);
    bytes_delta(out, best, before);
    if (other) {
        fputs("; or ", out);
        fix_candidate(out, sg, other, rec, false);
        bytes_delta(out, other, before);
    }
    gmp_fprintf(out, ": %s%s (cycles %Zd -> %Zd); suggest %s ranks all %zu\n", other ? "both " : "",
                mpz_sgn(best->excess) ? "fewer conflicts" : "conflict-free", before->cycles, best->cycles, sg->array,
                sg->ncand - 1);
}
