/* src/suggest_candidates.c - the layouts suggest tries (see
 * src/suggest_candidates.h).
 *
 * An array [d0][d1]...[dn-1] is a tile of d0 rows of d1 x ... x dn-1
 * elements.  Every
 * candidate keeps each access's widest vector (max_width bytes)
 * contiguous and aligned: a padding keeps the row pitch a multiple of it,
 * a swizzle moves whole vectors (M >= log2 of the vector's elements). */
#include "src/suggest_candidates.h"

#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/limits.h"
#include "base/mem.h"

typedef struct {
    const lds_suggest_shape *sh;
    lds_suggest_candidate *out;
    size_t n, max;
    bool *truncated;
} gen;

static unsigned log2u(uint64_t v)
{
    unsigned k = 0;
    while (v > 1) {
        v >>= 1;
        k++;
    }
    return k;
}

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

/* simplicity: within the family, lower is simpler */
static lds_suggest_candidate *add(gen *g, lds_layout_family family, unsigned simplicity)
{
    if (g->n == g->max) {
        *g->truncated = true;
        return NULL;
    }
    lds_suggest_candidate *c = &g->out[g->n++];
    memset(c, 0, sizeof *c);
    c->family = family;
    c->simplicity = 1000 * (unsigned)family + simplicity;
    return c;
}

/* The elements of a row: all dimensions but the first. */
static uint64_t row_elems(const lds_suggest_shape *sh)
{
    uint64_t n = 1;
    for (unsigned d = 1; d < sh->ndims; d++)
        n *= (uint64_t)sh->dims[d];
    return n;
}

/* "(d0,d1,...):(pitch,s1,...,1)": row-major, a row (all but the first
 * dimension) starting every `pitch` elements.  A one-dimensional array
 * of N has rows of `row` elements: "((row,N/row)):((1,pitch))", one
 * mode that CuTe walks colexicographically (N:1 when not padded). */
static void cute_layout(lds_buf *b, const lds_suggest_shape *sh, uint64_t row, uint64_t pitch)
{
    unsigned n = sh->ndims;
    if (n == 1) {
        uint64_t N = (uint64_t)sh->dims[0];
        if (pitch == row)
            lds_buf_printf(b, "(%llu):(1)", (unsigned long long)N);
        else
            lds_buf_printf(b, "((%llu,%llu)):((1,%llu))", (unsigned long long)row, (unsigned long long)(N / row),
                           (unsigned long long)pitch);
        return;
    }
    uint64_t stride[LDS_MAX_DIMS];
    stride[n - 1] = 1;
    for (unsigned d = n - 1; d-- > 0;)
        stride[d] = d == 0 ? pitch : stride[d + 1] * (uint64_t)sh->dims[d + 1];
    lds_buf_putc(b, '(');
    for (unsigned d = 0; d < n; d++)
        lds_buf_printf(b, "%s%lld", d ? "," : "", (long long)sh->dims[d]);
    lds_buf_printf(b, "):(");
    for (unsigned d = 0; d < n; d++)
        lds_buf_printf(b, "%s%llu", d ? "," : "", (unsigned long long)stride[d]);
    lds_buf_putc(b, ')');
}

/* CuTe's C++ for that layout: Layout<Shape<_d0,...>, Stride<_s0,...>>{}
 * (for one dimension, the rank-2 layout a 1-D index walks the same way) */
static void cute_type(lds_buf *b, const lds_suggest_shape *sh, uint64_t row, uint64_t pitch)
{
    if (sh->ndims == 1) {
        uint64_t N = (uint64_t)sh->dims[0];
        if (pitch == row)
            lds_buf_printf(b, "Layout<Shape<_%llu>, Stride<_1>>{}", (unsigned long long)N);
        else
            lds_buf_printf(b, "Layout<Shape<_%llu,_%llu>, Stride<_1,_%llu>>{}", (unsigned long long)row,
                           (unsigned long long)(N / row), (unsigned long long)pitch);
        return;
    }
    lds_buf t = { 0 };
    cute_layout(&t, sh, row, pitch);
    const char *s = lds_buf_str(&t);
    lds_buf_printf(b, "Layout<Shape<");
    for (const char *p = s + 1; *p; p++) {   /* (a,b):(c,d) -> _a,_b>, Stride<_c,_d */
        if (*p == ')' && p[1] == ':') {
            lds_buf_printf(b, ">, Stride<");
            p += 2;
        } else if (*p == ')') {
            break;
        } else {
            if (p[-1] == '(' || p[-1] == ',')
                lds_buf_putc(b, '_');
            lds_buf_putc(b, *p);
        }
    }
    lds_buf_printf(b, ">>{}");
    lds_buf_free(&t);
}

/* Why a step of `pitch` elements (a row pitch: what = "row") spreads
 * the steps over the banks. */
static void step_why(lds_buf *b, const lds_suggest_shape *sh, uint64_t pitch, const char *what)
{
    uint64_t bytes = pitch * sh->elem_size;
    const char *name = strcmp(what, "row") ? "stride" : "row pitch";
    if (bytes % sh->profile->bank_bytes) {
        lds_buf_printf(b, "%s %llu bytes", name, (unsigned long long)bytes);
        return;
    }
    uint64_t words = lds_sim_word_of(sh->profile, bytes), common = lds_sim_gcd(words, sh->profile->banks);
    if (common == 1)
        lds_buf_printf(b, "%s %llu words, coprime with %u banks", name, (unsigned long long)words,
                       sh->profile->banks);
    else
        lds_buf_printf(b, "%s %llu words, %llu %ss to a bank cycle", name, (unsigned long long)words,
                       (unsigned long long)(sh->profile->banks / common), what);
}

static void pitch_why(lds_buf *b, const lds_suggest_shape *sh, uint64_t pitch)
{
    step_why(b, sh, pitch, "row");
}

/* What Swizzle<B,M,S> does to an element offset */
static void swizzle_why(lds_buf *b, const unsigned z[3])
{
    lds_buf_printf(b, "%u-element chunk ^= (offset >> %u) %% %u", 1u << z[1], z[1] + z[2], 1u << z[0]);
}

/* Swizzle<B,M,S> over the tile with rows of `row` elements `pitch`
 * apart: its lds layout and CuTe's C++ */
static void swizzle_texts(lds_suggest_candidate *c, const lds_suggest_shape *sh, uint64_t row, uint64_t pitch)
{
    const unsigned *z = c->swizzle;
    lds_buf b = { 0 };
    lds_buf_printf(&b, "Swizzle<%u,%u,%u> o ", z[0], z[1], z[2]);
    cute_layout(&b, sh, row, pitch);
    c->layout = lds_buf_take(&b);
    lds_buf_printf(&b, "composition(Swizzle<%u,%u,%u>{}, ", z[0], z[1], z[2]);
    cute_type(&b, sh, row, pitch);
    lds_buf_putc(&b, ')');
    c->cute = lds_buf_take(&b);
}

/* "pad rows by 2 elements", or for one dimension "pad every 32 elements
 * by 2" */
static void pad_label(lds_buf *b, const lds_suggest_shape *sh, uint64_t row, uint64_t p)
{
    if (sh->ndims == 1)
        lds_buf_printf(b, "pad every %llu elements by %llu", (unsigned long long)row, (unsigned long long)p);
    else
        lds_buf_printf(b, "pad rows by %llu element%s", (unsigned long long)p, p == 1 ? "" : "s");
}

/* Every padding of rows of C elements that keeps the widest access
 * aligned, 1 up to a bank row of elements. */
static void paddings_of(gen *g, uint64_t C)
{
    const lds_suggest_shape *sh = g->sh;
    uint64_t e = sh->elem_size, w = sh->max_width;
    uint64_t most = (uint64_t)sh->profile->banks * sh->profile->bank_bytes / e;   /* one row of every bank */
    for (uint64_t p = 1; p <= most; p++) {
        if ((C + p) * e % w)
            continue;   /* the widest access would straddle its alignment */
        lds_suggest_candidate *c = add(g, LDS_LAYOUT_PADDED, (unsigned)p);
        if (!c)
            return;
        c->pad = (unsigned)p;
        c->row = C;
        lds_buf b = { 0 };
        pad_label(&b, sh, C, p);
        c->label = lds_buf_take(&b);
        cute_layout(&b, sh, C, C + p);
        c->layout = lds_buf_take(&b);
        cute_type(&b, sh, C, C + p);
        c->cute = lds_buf_take(&b);
        if (sh->ndims <= 2 && pow2(C) && pow2(p)) {   /* Triton pads by powers of two */
            lds_buf_printf(&b, "PaddedSharedLayout(interval_padding_pairs=[[%llu, %llu]], ", (unsigned long long)C,
                           (unsigned long long)p);
            if (sh->ndims == 1)
                lds_buf_printf(&b, "order=[0], shape=[%lld])", (long long)sh->dims[0]);
            else
                lds_buf_printf(&b, "order=[1, 0], shape=[%lld, %lld])", (long long)sh->dims[0], (long long)C);
            c->triton = lds_buf_take(&b);
        }
        pitch_why(&b, sh, C + p);
        c->why = lds_buf_take(&b);
    }
}

/* A one-dimensional array has no rows of its own: its paddings pad
 * every C elements, C a power of two from a bank row of elements, at
 * most this many sizes. */
#define ROW_SIZES_1D 4

static void paddings(gen *g)
{
    const lds_suggest_shape *sh = g->sh;
    if (sh->ndims > 1) {
        paddings_of(g, row_elems(sh));
        return;
    }
    uint64_t N = (uint64_t)sh->dims[0];
    uint64_t C = (uint64_t)sh->profile->banks * sh->profile->bank_bytes / sh->elem_size;
    for (unsigned k = 0; k < ROW_SIZES_1D && C && C <= N / 2; k++, C *= 2)
        if (N % C == 0 && C * sh->elem_size % sh->max_width == 0)
            paddings_of(g, C);
}

/* CuTe's Swizzle<B,M,S> over the row-major tile: bits [M, M+B) of the
 * element offset XOR bits [M+S, M+S+B). */
static void swizzles(gen *g)
{
    const lds_suggest_shape *sh = g->sh;
    uint64_t C = row_elems(sh), N = C * (uint64_t)sh->dims[0];
    uint64_t vec = sh->max_width / sh->elem_size;
    if (!pow2(vec))
        return;
    unsigned m0 = log2u(vec), bits = log2u(N) + !pow2(N);
    for (unsigned B = 1; B <= 5; B++)
        for (unsigned M = m0; M <= m0 + 2; M++)
            for (unsigned S = B; M + S + B <= bits; S++) {
                if (N % (1ull << (M + B)))
                    continue;   /* the XOR could leave the tile */
                lds_suggest_candidate *c = add(g, LDS_LAYOUT_CUTE_SWIZZLE, 10 * B + (M - m0));
                if (!c)
                    return;
                c->swizzle[0] = B;
                c->swizzle[1] = M;
                c->swizzle[2] = S;
                lds_buf b = { 0 };
                lds_buf_printf(&b, "Swizzle<%u,%u,%u>", B, M, S);
                c->label = lds_buf_take(&b);
                swizzle_texts(c, sh, C, C);
                swizzle_why(&b, c->swizzle);
                c->why = lds_buf_take(&b);
            }
}

/* ck_tile's make_xor_transform: the column (or, for a [R][K0][KPack]
 * array, the vector index k0) XOR the row. */
static void ck_xor(gen *g)
{
    const lds_suggest_shape *sh = g->sh;
    const int64_t *d = sh->dims;
    bool two = sh->ndims == 2 && sh->max_width == sh->elem_size && pow2((uint64_t)d[1]);
    bool three = sh->ndims == 3 && pow2((uint64_t)d[1]) && (uint64_t)d[2] * sh->elem_size >= sh->max_width
                 && (uint64_t)d[2] * sh->elem_size % sh->max_width == 0;
    if (!two && !three)
        return;
    lds_suggest_candidate *c = add(g, LDS_LAYOUT_CK_XOR, 0);
    if (!c)
        return;
    lds_buf b = { 0 };
    c->label = lds_xstrdup(two ? "ck_tile XOR: column ^= row" : "ck_tile XOR: k0 ^= row");
    lds_buf_printf(&b, "make_xor_transform((%lld,%lld),(0,1)) o ", (long long)d[0], (long long)d[1]);
    cute_layout(&b, sh, row_elems(sh), row_elems(sh));
    c->layout = lds_buf_take(&b);
    lds_buf_printf(&b, "make_xor_transform(make_tuple(number<%lld>{}, number<%lld>{}))", (long long)d[0],
                   (long long)d[1]);
    c->cute = lds_buf_take(&b);   /* ck_tile's C++ */
}

static void triton_swizzled(gen *g)
{
    const lds_suggest_shape *sh = g->sh;
    uint64_t R = (uint64_t)sh->dims[0], C = (uint64_t)sh->dims[1], vec = sh->max_width / sh->elem_size;
    if (sh->ndims != 2 || !pow2(R) || !pow2(C) || !pow2(vec))
        return;
    for (uint64_t v = vec; v <= 8 * vec && v <= C; v *= 2)
        for (uint64_t per = 1; per <= 8; per *= 2)
            for (uint64_t maxp = 2; maxp <= 32 && maxp * v <= C; maxp *= 2) {
                lds_suggest_candidate *c = add(g, LDS_LAYOUT_TRITON_SWIZZLED, log2u(v) + log2u(per) + log2u(maxp));
                if (!c)
                    return;
                lds_buf b = { 0 };
                lds_buf_printf(&b, "SwizzledSharedLayout(vec=%llu, per_phase=%llu, max_phase=%llu, order=[1, 0], shape=[%llu, %llu])",
                               (unsigned long long)v, (unsigned long long)per, (unsigned long long)maxp,
                               (unsigned long long)R, (unsigned long long)C);
                c->layout = lds_xstrdup(lds_buf_str(&b));
                c->triton = lds_buf_take(&b);
                lds_buf_printf(&b, "Triton swizzled (vec %llu, per_phase %llu, max_phase %llu)", (unsigned long long)v,
                               (unsigned long long)per, (unsigned long long)maxp);
                c->label = lds_buf_take(&b);
            }
}

static void nvmma(gen *g)
{
    const lds_suggest_shape *sh = g->sh;
    uint64_t R = (uint64_t)sh->dims[0], row = (uint64_t)sh->dims[1] * sh->elem_size;
    if (lds_sim_profile_vendor(sh->profile) != LDS_VENDOR_NVIDIA || sh->ndims != 2 || R % 8)   /* NVMMA: NVIDIA only */
        return;
    for (unsigned sw = 32; sw <= 128; sw *= 2) {
        if (row % sw || sw < sh->max_width)
            continue;
        lds_suggest_candidate *c = add(g, LDS_LAYOUT_NVMMA, sw / 32);
        if (!c)
            return;
        lds_buf b = { 0 };
        lds_buf_printf(&b, "NVMMASharedLayout(swizzle_byte_width=%u, element_bitwidth=%u, shape=[%llu, %lld])", sw,
                       sh->elem_size * 8, (unsigned long long)R, (long long)sh->dims[1]);
        c->layout = lds_xstrdup(lds_buf_str(&b));
        c->triton = lds_buf_take(&b);
        lds_buf_printf(&b, "NVMMA %u-byte swizzle", sw);
        c->label = lds_buf_take(&b);
    }
}

/* ---------------------------------------------- the declared CuTe layout */

/* "(128,8):(1,132)": a CuTe form with these strides, each mode's leaves
 * in parentheses when it has several; with its swizzle when given. */
static void own_text(lds_buf *b, const lds_cute_form *f, const int64_t *stride, const unsigned *bms)
{
    if (bms)
        lds_buf_printf(b, "Swizzle<%u,%u,%u> o ", bms[0], bms[1], bms[2]);
    for (int half = 0; half < 2; half++) {
        const int64_t *v = half ? stride : f->shape;
        lds_buf_printf(b, "%s(", half ? ":" : "");
        for (unsigned k = 0; k < f->nmodes; k++) {
            unsigned first = f->mode_first[k], end = f->mode_first[k + 1];
            lds_buf_printf(b, "%s%s", k ? "," : "", end - first > 1 ? "(" : "");
            for (unsigned j = first; j < end; j++)
                lds_buf_printf(b, "%s%lld", j > first ? "," : "", (long long)v[j]);
            if (end - first > 1)
                lds_buf_putc(b, ')');
        }
        lds_buf_putc(b, ')');
    }
}

/* The same in CuTe's C++: Layout<Shape<_128,_8>, Stride<_1,_132>>{},
 * under composition(Swizzle<B,M,S>{}, ...) when swizzled. */
static void own_cpp(lds_buf *b, const lds_cute_form *f, const int64_t *stride, const unsigned *bms)
{
    if (bms)
        lds_buf_printf(b, "composition(Swizzle<%u,%u,%u>{}, ", bms[0], bms[1], bms[2]);
    lds_buf_printf(b, "Layout<");
    for (int half = 0; half < 2; half++) {
        const int64_t *v = half ? stride : f->shape;
        lds_buf_printf(b, "%s<", half ? ", Stride" : "Shape");
        for (unsigned k = 0; k < f->nmodes; k++) {
            unsigned first = f->mode_first[k], end = f->mode_first[k + 1];
            lds_buf_printf(b, "%s%s", k ? "," : "", end - first > 1 ? "Shape<" : "");
            for (unsigned j = first; j < end; j++)
                lds_buf_printf(b, "%s_%lld", j > first ? "," : "", (long long)v[j]);
            if (end - first > 1)
                lds_buf_putc(b, '>');
        }
        lds_buf_putc(b, '>');
    }
    lds_buf_printf(b, ">{}%s", bms ? ")" : "");
}

/* The declared layout without padding: its leaves, ordered by stride
 * (the last of equal ones last), take the strides of a compact layout in
 * that order.  Sets *outer to the leaf with the largest stride; false
 * when a stride is negative or zero (a broadcast mode) or the layout is
 * too large to tell. */
static bool own_compact(const lds_cute_form *f, int64_t *compact, unsigned *outer)
{
    bool done[LDS_CUTE_MAX_LEAVES] = { false };
    int64_t below = 1;
    for (unsigned n = 0; n < f->nleaves; n++) {
        unsigned pick = f->nleaves;
        for (unsigned j = 0; j < f->nleaves; j++)
            if (!done[j] && (pick == f->nleaves || f->stride[j] <= f->stride[pick]))
                pick = j;
        if (f->stride[pick] <= 0 && f->shape[pick] > 1)
            return false;
        done[pick] = true;
        compact[pick] = below;
        *outer = pick;
        if (__builtin_mul_overflow(below, f->shape[pick], &below) || below > LDS_MAX_ELEMS)
            return false;
    }
    return true;
}

/* Variations of the array's own CuTe layout: unpadded, its largest
 * stride padded (CuTe's sgemm tile (128,8):(1,129) becomes (1,132)), and
 * CuTe swizzles over it unpadded.  The declared layout itself is the
 * baseline, not a candidate. */
static void own_variations(gen *g)
{
    const lds_suggest_shape *sh = g->sh;
    const lds_cute_form *f = sh->own;
    int64_t compact[LDS_CUTE_MAX_LEAVES], stride[LDS_CUTE_MAX_LEAVES];
    unsigned outer = 0;
    if (!f || !f->nleaves || !own_compact(f, compact, &outer))
        return;
    uint64_t e = sh->elem_size, w = sh->max_width, size = 1;
    for (unsigned j = 0; j < f->nleaves; j++)
        size *= (uint64_t)f->shape[j];
    bool declared_compact = !memcmp(compact, f->stride, sizeof *compact * f->nleaves);
    uint64_t most = (uint64_t)sh->profile->banks * sh->profile->bank_bytes / e;
    for (uint64_t p = 0; p <= most; p++) {
        memcpy(stride, compact, sizeof *stride * f->nleaves);
        stride[outer] += (int64_t)p;
        if ((uint64_t)stride[outer] * e % w || (!f->swizzled && !memcmp(stride, f->stride, sizeof *stride * f->nleaves)))
            continue;   /* the widest access would straddle its alignment, or it is the declared layout */
        lds_suggest_candidate *c = add(g, LDS_LAYOUT_OWN_PADDED, (unsigned)p);
        if (!c)
            return;
        c->pad = (unsigned)p;
        c->row = (uint64_t)compact[outer];
        lds_buf b = { 0 };
        if (p)
            lds_buf_printf(&b, "your layout, stride %lld -> %lld", (long long)f->stride[outer], (long long)stride[outer]);
        else
            lds_buf_printf(&b, "your layout %s", declared_compact ? "without its swizzle" : "unpadded");
        c->label = lds_buf_take(&b);
        own_text(&b, f, stride, NULL);
        c->layout = lds_buf_take(&b);
        own_cpp(&b, f, stride, NULL);
        c->cute = lds_buf_take(&b);
        step_why(&b, sh, (uint64_t)stride[outer], "step");
        c->why = lds_buf_take(&b);
    }
    uint64_t vec = w / e;
    if (!pow2(vec))
        return;
    unsigned m0 = log2u(vec), bits = log2u(size) + !pow2(size);
    for (unsigned B = 1; B <= 5; B++)
        for (unsigned M = m0; M <= m0 + 2; M++)
            for (unsigned S = B; M + S + B <= bits; S++) {
                unsigned bms[3] = { B, M, S };
                if (size % (1ull << (M + B))
                    || (f->swizzled && declared_compact && f->bms[0] == B && f->bms[1] == M && f->bms[2] == S))
                    continue;   /* the XOR could leave the tile, or it is the declared layout */
                lds_suggest_candidate *c = add(g, LDS_LAYOUT_OWN_SWIZZLE, 10 * B + (M - m0));
                if (!c)
                    return;
                memcpy(c->swizzle, bms, sizeof c->swizzle);
                lds_buf b = { 0 };
                lds_buf_printf(&b, "Swizzle<%u,%u,%u> over your layout", B, M, S);
                c->label = lds_buf_take(&b);
                own_text(&b, f, compact, bms);
                c->layout = lds_buf_take(&b);
                own_cpp(&b, f, compact, bms);
                c->cute = lds_buf_take(&b);
                swizzle_why(&b, c->swizzle);
                c->why = lds_buf_take(&b);
            }
}

/* Up to `most` of the ranked candidates of one family, best first. */
static size_t best_of(const lds_suggest_candidate *ranked, size_t nranked, lds_layout_family family,
                      const lds_suggest_candidate **out, size_t most)
{
    size_t n = 0;
    for (size_t i = 0; i < nranked && n < most; i++)
        if (!ranked[i].error && ranked[i].family == family)
            out[n++] = &ranked[i];
    return n;
}

size_t lds_suggest_combinations(const lds_suggest_shape *sh, const lds_suggest_candidate *ranked, size_t nranked,
                                lds_suggest_candidate *out, size_t max, bool *truncated)
{
    gen g = { sh, out, 0, max, truncated };
    *truncated = false;
    const lds_suggest_candidate *pads[LDS_SUGGEST_COMBINE_EACH], *swizzles[LDS_SUGGEST_COMBINE_EACH];
    size_t np = best_of(ranked, nranked, LDS_LAYOUT_PADDED, pads, LDS_SUGGEST_COMBINE_EACH);
    size_t nz = best_of(ranked, nranked, LDS_LAYOUT_CUTE_SWIZZLE, swizzles, LDS_SUGGEST_COMBINE_EACH);
    for (size_t i = 0; i < np; i++)
        for (size_t k = 0; k < nz; k++) {
            /* simpler: built from better-ranked parts */
            lds_suggest_candidate *c = add(&g, LDS_LAYOUT_PADDED_SWIZZLE, (unsigned)(i + k));
            if (!c)
                return g.n;
            c->pad = pads[i]->pad;
            c->row = pads[i]->row;
            memcpy(c->swizzle, swizzles[k]->swizzle, sizeof c->swizzle);
            lds_buf b = { 0 };
            lds_buf_printf(&b, "%s over ", swizzles[k]->label);
            if (sh->ndims == 1)
                lds_buf_printf(&b, "every %llu elements padded by %u", (unsigned long long)c->row, c->pad);
            else
                lds_buf_printf(&b, "rows padded by %u element%s", c->pad, c->pad == 1 ? "" : "s");
            c->label = lds_buf_take(&b);
            swizzle_texts(c, sh, c->row, c->row + c->pad);
            pitch_why(&b, sh, c->row + c->pad);
            lds_buf_printf(&b, "; ");
            swizzle_why(&b, c->swizzle);
            c->why = lds_buf_take(&b);
        }
    return g.n;
}

size_t lds_suggest_candidates(const lds_suggest_shape *sh, lds_suggest_candidate *out, size_t max, bool *truncated)
{
    gen g = { sh, out, 0, max, truncated };
    *truncated = false;
    if (!sh->ndims || sh->max_width < sh->elem_size)
        return 0;
    if (sh->has_layout) {   /* the plain row-major tile */
        lds_suggest_candidate *c = add(&g, LDS_LAYOUT_ROW_MAJOR, 0);
        if (c) {
            lds_buf b = { 0 };
            c->label = lds_xstrdup("row-major, no layout");
            cute_layout(&b, sh, row_elems(sh), row_elems(sh));
            c->layout = lds_buf_take(&b);
        }
    }
    own_variations(&g);
    paddings(&g);
    ck_xor(&g);
    swizzles(&g);
    triton_swizzled(&g);
    nvmma(&g);
    return g.n;
}
