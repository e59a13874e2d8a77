/* src/parse_nvidia.c - NVIDIA's hardware layouts in the `layout` statement
 * (lds(5), LAYOUTS):
 *
 *   layout NAME = GMMA::Layout_K_SW128_Atom<half_t>
 *   layout NAME = tile_to_shape(GMMA::Layout_MN_SW64_Atom<float>, (64,32))
 *   layout NAME = Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)
 *   layout NAME = TMA(swizzle=SWIZZLE_128B, box=[64,64], elem=f16)
 *
 * The swizzles of these layouts act on the shared-memory byte address,
 * not on the element offset: CuTe's GMMA and UMMA atoms swizzle through
 * the smem pointer (include/cute/pointer_flagged.hpp: make_tensor puts the
 * swizzle on the pointer; as_position_independent_swizzle_tensor recasts
 * it "from acting on byte-addressed pointers to elements of type-T"), and
 * TMA writes its box swizzled by address bits (CUDA Driver API,
 * CUtensorMapSwizzle: "Swizzle 16B chunks within 128B span").  A byte
 * swizzle Swizzle<B,M,S> on elements of 2^e bytes is the element swizzle
 * Swizzle<B,M-e,S> when the array starts where the pattern does: at a
 * multiple of 2^(B+M+S) bytes (the highest address bit it reads), which
 * the array's declaration then checks (src/exec.c). */
#include "src/parse_layout.h"

#include <stdio.h>
#include <string.h>

#include "base/check.h"
#include "src/types.h"

/* ------------------------------------------------------------ helpers */

/* log2 of a power of two (element sizes, spans, chunks) */
static unsigned log2u(uint64_t v)
{
    LDS_ASSERT(v && !(v & (v - 1)));
    return (unsigned)__builtin_ctzll(v);
}

/* The highest address bit a swizzle reads or writes, plus one. */
static int64_t swizzle_top_bit(const int64_t bms[3])
{
    return (bms[2] >= 0 ? bms[1] + bms[2] : bms[1]) + bms[0];
}

/* Whether the raw text right after the current token starts with s. */
static bool raw_follows(const parser *p, const char *s)
{
    const char *after = p->tok.start + p->tok.len;
    size_t n = strlen(s);
    return (size_t)(p->lx.end - after) >= n && !memcmp(after, s, n);
}

/* NAME ('::' NAME)* into buf (C++'s scope, "cute::GMMA::Layout_K_SW128_Atom"). */
static int scoped_name(parser *p, char *buf, size_t cap, lds_loc *loc)
{
    size_t len = 0;
    *loc = p->tok.loc;
    for (;;) {
        if (p->tok.kind != TK_NAME || len + p->tok.len + 3 > cap) {
            pr_error_at_tok(p, "a name");
            return -1;
        }
        memcpy(buf + len, p->tok.start, p->tok.len);
        len += p->tok.len;
        buf[len] = '\0';
        bool more = raw_follows(p, "::");
        pr_advance(p);
        if (!more)
            return 0;
        pr_advance(p);   /* the two ':' tokens */
        pr_advance(p);
        memcpy(buf + len, "::", 3);
        len += 2;
    }
}

/* The name without its scopes: "Layout_K_SW128_Atom". */
static const char *unscoped(const char *name)
{
    const char *s = strrchr(name, ':');
    return s ? s + 1 : name;
}

int pr_element_bytes(const char *name)
{
    static const struct { const char *name; int bytes; } cute[] = {
        { "half_t", 2 }, { "bfloat16_t", 2 }, { "tfloat32_t", 4 }, { "float_e4m3_t", 1 }, { "float_e5m2_t", 1 },
        { "float_ue8m0_t", 1 }, { "float_ue4m3_t", 1 }, { "int4b_t", -1 }, { "uint4b_t", -1 }, { "float_e2m1_t", -1 },
        { "float_e2m3_t", -1 }, { "float_e3m2_t", -1 }, { "uint1b_t", -1 }, { "int2b_t", -1 }, { "uint2b_t", -1 },
        { "uint128_t", 16 },
    };
    const char *t = unscoped(name);
    for (size_t i = 0; i < sizeof cute / sizeof cute[0]; i++)
        if (!strcmp(t, cute[i].name))
            return cute[i].bytes;
    return (int)lds_type_size(t, (unsigned)strlen(t));
}

/* -------------------------------------------------- byte-address swizzles */

int pr_cute_bytes_to_elements(parser *p, pr_cute *c, unsigned elem_bytes, const char *what)
{
    LDS_ASSERT(elem_bytes && !(elem_bytes & (elem_bytes - 1)));
    unsigned e = log2u(elem_bytes);
    int64_t top = 0;
    const int64_t *widest = NULL;
    for (unsigned k = 0; c->swizzled && k <= c->nouter; k++) {
        int64_t *bms = k ? c->outer[k - 1] : c->bms;
        if (bms[0] == 0)
            continue;   /* Swizzle<0,M,S> moves nothing */
        if (bms[1] < (int64_t)e || (bms[2] < 0 && bms[1] + bms[2] < (int64_t)e)) {
            lds_diag_set(p->diag, c->swizzle_loc,
                         "%s: Swizzle<%lld,%lld,%lld> moves bytes within a %u-byte element (its lowest bit is %lld)",
                         what, (long long)bms[0], (long long)bms[1], (long long)bms[2], elem_bytes,
                         (long long)(bms[2] < 0 ? bms[1] + bms[2] : bms[1]));
            return -1;
        }
        if (swizzle_top_bit(bms) > top) {
            top = swizzle_top_bit(bms);
            widest = bms;
        }
        bms[1] -= e;
    }
    c->hw.elem_bytes = elem_bytes;
    if (widest && top < 40) {
        char why[200];
        snprintf(why, sizeof why,
                 "%s reads the shared-memory byte address up to bit %lld, so the pattern starts again every %llu bytes",
                 what, (long long)top - 1, 1ull << top);
        c->hw.base_align = (uint64_t)1 << top;
        c->hw.why = lds_arena_strndup(p->arena, why, strlen(why));
    }
    return 0;
}

bool pr_cute_print_middle(parser *p, unsigned *elem_bytes, int *rc)
{
    *rc = 0;
    if ((lds_tok_is(&p->tok, "_0") || (p->tok.kind == TK_INT && p->tok.len == 1 && p->tok.start[0] == '0'))
        && raw_follows(p, " o ")) {   /* CuTe's offset 0: the swizzle is on element offsets */
        pr_advance(p);
        pr_advance(p);
        return true;
    }
    if (!lds_tok_is(&p->tok, "smem_ptr"))
        return false;
    /* smem_ptr[16b](unset): the text CuTe's print gives, read as it is
     * (the lexer takes no "16b") */
    const char *s = p->tok.start + p->tok.len, *end = p->lx.end;
    unsigned bits = 0;
    if (s < end && *s == '[')
        for (s++; s < end && *s >= '0' && *s <= '9' && bits < 4096; s++)
            bits = bits * 10 + (unsigned)(*s - '0');
    static const char tail[] = "b](unset)";
    if ((size_t)(end - s) < sizeof tail - 1 || memcmp(s, tail, sizeof tail - 1) || bits < 8 || bits % 8
        || (bits & (bits - 1))) {
        lds_diag_set(p->diag, p->tok.loc,
                     "CuTe's pointer in a composed layout is smem_ptr[Nb](unset), N the element's bits (8, 16, 32, 64)");
        *rc = -1;
        return true;
    }
    *elem_bytes = bits / 8;
    p->lx.p = s + sizeof tail - 1;   /* past the pointer's text, on its line */
    pr_advance(p);
    if (!lds_tok_is(&p->tok, "o")) {
        pr_error_at_tok(p, "'o' and the layout after smem_ptr[...]");
        *rc = -1;
        return true;
    }
    pr_advance(p);
    return true;
}

/* ---------------------------------------------- composed swizzles */

int pr_cute_compose_swizzle(parser *p, pr_cute *c, const int64_t bms[3], lds_loc loc)
{
    if (!c->swizzled) {
        c->swizzled = true;
        memcpy(c->bms, bms, sizeof c->bms);
        c->swizzle_loc = loc;
        return 0;
    }
    if (c->nouter == PR_MAX_SWIZZLES - 1) {
        lds_diag_set(p->diag, loc, "more than %d swizzles composed in one layout", PR_MAX_SWIZZLES);
        return -1;
    }
    memcpy(c->outer[c->nouter++], bms, sizeof c->outer[0]);
    return 0;
}

int pr_parse_swizzled(parser *p, pr_cute *c, int (*body)(parser *p, pr_cute *c))
{
    int64_t written[PR_MAX_SWIZZLES][3];
    lds_loc written_loc[PR_MAX_SWIZZLES];
    unsigned n = 0, elem_bytes = 0;
    while (lds_tok_is(&p->tok, "Swizzle") || lds_tok_is(&p->tok, "Sw")) {
        if (n == PR_MAX_SWIZZLES) {
            lds_diag_set(p->diag, p->tok.loc, "more than %d swizzles composed in one layout", PR_MAX_SWIZZLES);
            return -1;
        }
        written_loc[n] = p->tok.loc;
        pr_advance(p);
        if (pr_expect_tok(p, TK_LT, "'<' after Swizzle (Swizzle<B,M,S>)") < 0 || pr_parse_swizzle_args(p, written[n++]) < 0
            || pr_expect_tok(p, TK_GT, "'>' to close Swizzle<B,M,S>") < 0)
            return -1;
        if (!lds_tok_is(&p->tok, "o")) {
            pr_error_at_tok(p, "'o' and the layout the swizzle is composed with (Swizzle<B,M,S> o SHAPE:STRIDE)");
            return -1;
        }
        pr_advance(p);
        int rc = 0;
        if (pr_cute_print_middle(p, &elem_bytes, &rc)) {   /* the pointer: the layout follows */
            if (rc < 0)
                return -1;
            break;
        }
    }
    int rc = body(p, c);
    for (unsigned k = n; rc == 0 && k-- > 0;)   /* the innermost first */
        rc = pr_cute_compose_swizzle(p, c, written[k], written_loc[k]);
    if (rc == 0 && elem_bytes)
        rc = pr_cute_bytes_to_elements(p, c, elem_bytes, "a swizzle on the byte address (smem_ptr)");
    return rc;
}

/* ------------------------------------------------------- GMMA atoms */

/* CuTe's GMMA layout atoms (include/cute/atom/mma_traits_sm90_gmma.hpp,
 * Layout_{MN,K}_{INTER,SW32,SW64,SW128}_Atom_Bits) and UMMA's 32-byte-atom
 * one (mma_traits_sm100.hpp, Layout_MN_SW128_32B_Atom_Bits): in bits, an
 * 8-row (K-major) or 8-column (MN-major) tile `bits` wide, under the byte
 * swizzle Swizzle<B,M,S>; UMMA's is 4 wide. */
static const struct {
    const char *name;
    bool mn_major;
    unsigned bits, other;     /* the contiguous extent in bits, the other mode's */
    int64_t bms[3];
} gmma_atoms[] = {
    { "Layout_K_INTER_Atom", false, 128, 8, { 0, 4, 3 } },   { "Layout_K_SW32_Atom", false, 256, 8, { 1, 4, 3 } },
    { "Layout_K_SW64_Atom", false, 512, 8, { 2, 4, 3 } },    { "Layout_K_SW128_Atom", false, 1024, 8, { 3, 4, 3 } },
    { "Layout_MN_INTER_Atom", true, 128, 8, { 0, 4, 3 } },   { "Layout_MN_SW32_Atom", true, 256, 8, { 1, 4, 3 } },
    { "Layout_MN_SW64_Atom", true, 512, 8, { 2, 4, 3 } },    { "Layout_MN_SW128_Atom", true, 1024, 8, { 3, 4, 3 } },
    { "Layout_MN_SW128_32B_Atom", true, 1024, 4, { 2, 5, 2 } },
};

static int gmma_atom_index(const char *name)
{
    const char *t = unscoped(name);
    for (size_t i = 0; i < sizeof gmma_atoms / sizeof gmma_atoms[0]; i++)
        if (!strcmp(t, gmma_atoms[i].name))
            return (int)i;
    return -1;
}

bool pr_gmma_atom_starts(parser *p)
{
    const lds_token *t = &p->tok;
    if (t->kind != TK_NAME)
        return false;
    static const char *const scopes[] = { "GMMA", "UMMA", "SM90", "SM100", "cute", NULL };
    for (const char *const *s = scopes; *s; s++)
        if (lds_tok_is(t, *s) && raw_follows(p, "::"))
            return true;
    char name[64];
    if (t->len >= sizeof name)
        return false;
    memcpy(name, t->start, t->len);
    name[t->len] = '\0';
    return gmma_atom_index(name) >= 0;
}

int pr_parse_gmma_atom(parser *p, pr_cute *c)
{
    char name[128], type[128];
    lds_loc loc, type_loc;
    if (scoped_name(p, name, sizeof name, &loc) < 0)
        return -1;
    int i = gmma_atom_index(name);
    if (i < 0) {
        lds_diag_set(p->diag, loc, "'%s' is not a GMMA layout atom: GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> "
                     "or UMMA::Layout_MN_SW128_32B_Atom<T>", name);
        return -1;
    }
    if (pr_expect_tok(p, TK_LT, "'<' and the element type (GMMA::Layout_K_SW128_Atom<half_t>)") < 0
        || scoped_name(p, type, sizeof type, &type_loc) < 0 || pr_expect_tok(p, TK_GT, "'>' after the element type") < 0)
        return -1;
    if (p->tok.kind == TK_LBRACE) {   /* Layout_K_SW128_Atom<half_t>{} */
        pr_advance(p);
        if (pr_expect_tok(p, TK_RBRACE, "'}'") < 0)
            return -1;
    }
    int bytes = pr_element_bytes(type);
    if (bytes <= 0 || bytes > 8) {
        lds_diag_set(p->diag, type_loc, bytes < 0 ? "%s: sub-byte elements are not modelled"
                                                  : "%s: a GMMA atom's element is a type of 1, 2, 4 or 8 bytes (half_t, float, ...)",
                     type);
        return -1;
    }
    int64_t wide = gmma_atoms[i].bits / 8 / (unsigned)bytes, other = gmma_atoms[i].other;
    memset(c, 0, sizeof *c);
    lds_loc at = loc;
    bool mn = gmma_atoms[i].mn_major;   /* (wide, other):(1, wide), or (other, wide):(wide, 1) */
    int64_t shape[2] = { mn ? wide : other, mn ? other : wide }, stride[2] = { mn ? 1 : wide, mn ? wide : 1 };
    for (unsigned k = 0; k < 2; k++) {
        c->shape.mode_first[k] = c->stride.mode_first[k] = k;
        if (pr_tuple_leaf(p, &c->shape, at, shape[k]) < 0 || pr_tuple_leaf(p, &c->stride, at, stride[k]) < 0)
            return -1;
    }
    c->shape.nmodes = c->stride.nmodes = 2;
    c->shape.mode_first[2] = c->stride.mode_first[2] = 2;
    snprintf(c->shape.shape, sizeof c->shape.shape, "(i,i)");
    snprintf(c->stride.shape, sizeof c->stride.shape, "(i,i)");
    c->shape.shape_len = c->stride.shape_len = 5;
    if (gmma_atoms[i].bms[0] && pr_cute_compose_swizzle(p, c, gmma_atoms[i].bms, loc) < 0)
        return -1;
    char what[320];
    snprintf(what, sizeof what, "%s<%s> (Swizzle<%lld,%lld,%lld> on the byte address)", unscoped(name),
             unscoped(type), (long long)gmma_atoms[i].bms[0], (long long)gmma_atoms[i].bms[1],
             (long long)gmma_atoms[i].bms[2]);
    return pr_cute_bytes_to_elements(p, c, (unsigned)bytes, lds_arena_strndup(p->arena, what, strlen(what)));
}

/* ------------------------------------------------------------- TMA */

/* CUtensorMapSwizzle (CUDA Driver API, cuTensorMapEncodeTiled): a mode
 * swizzles `atom`-byte chunks within a `span`-byte span; the chunk index
 * is XORed with the 128-byte line's index modulo the chunks a span, which
 * is Swizzle<log2(span/atom), log2(atom), log2(128/atom)> on the byte
 * address (CuTe's Swizzle<1,4,3>, <2,4,3>, <3,4,3> for 32B, 64B, 128B and
 * <2,5,2> for 128B_ATOM_32B: copy_traits_sm90_tma_swizzle.hpp); FLIP_8B
 * also swaps the 8-byte halves of each 16 bytes on odd lines
 * (Swizzle<1,3,4>). */
typedef struct {
    const char *name;         /* after CU_TENSOR_MAP_SWIZZLE_ */
    unsigned span, atom;      /* bytes; span 0: none */
    bool flip;
    const char *confidence;
} tma_mode;

static const tma_mode tma_modes[] = {
    { "NONE", 0, 0, false, "documented" },
    { "32B", 32, 16, false, "documented" },
    { "64B", 64, 16, false, "documented" },
    { "128B", 128, 16, false, "documented" },
    { "128B_ATOM_32B", 128, 32, false, "documented" },
    { "128B_ATOM_32B_FLIP_8B", 128, 32, true, "inferred: the driver's one line, the odd rows taken as odd 128-byte lines" },
    { "128B_ATOM_64B", 128, 64, false, "inferred: the driver's one line read as the other modes are" },
};

bool pr_tma_layout_starts(const lds_token *t)
{
    return lds_tok_is(t, "TMA");
}

/* swizzle=SWIZZLE_128B (or CU_TENSOR_MAP_SWIZZLE_128B, or 0/32/64/128 bytes) */
static const tma_mode *tma_mode_of(parser *p, const pr_kwarg *a)
{
    if (!a->word && !a->list && a->n == 1)
        for (size_t i = 0; i < 4; i++)
            if (a->v[0] == tma_modes[i].span)
                return &tma_modes[i];
    const char *w = a->word ? a->word : "";
    if (!strncmp(w, "CU_TENSOR_MAP_", 14))
        w += 14;
    if (!strncmp(w, "SWIZZLE_", 8))
        w += 8;
    for (size_t i = 0; a->word && i < sizeof tma_modes / sizeof tma_modes[0]; i++)
        if (!strcmp(w, tma_modes[i].name))
            return &tma_modes[i];
    lds_diag_set(p->diag, a->loc,
                 "TMA's swizzle is SWIZZLE_NONE, SWIZZLE_32B, SWIZZLE_64B, SWIZZLE_128B, SWIZZLE_128B_ATOM_32B, "
                 "SWIZZLE_128B_ATOM_32B_FLIP_8B or SWIZZLE_128B_ATOM_64B (CUtensorMapSwizzle), or 0, 32, 64, 128 bytes");
    return NULL;
}

/* elem=f16 (any lds type) or CUtensorMapDataType's FLOAT16 ...; elem_bytes=2 */
static int tma_elem_bytes(parser *p, const pr_kwargs *k, lds_loc loc)
{
    static const struct { const char *name; int bytes; } driver[] = {
        { "UINT8", 1 }, { "UINT16", 2 }, { "UINT32", 4 }, { "INT32", 4 }, { "UINT64", 8 }, { "INT64", 8 },
        { "FLOAT16", 2 }, { "FLOAT32", 4 }, { "FLOAT64", 8 }, { "BFLOAT16", 2 }, { "FLOAT32_FTZ", 4 },
        { "TFLOAT32", 4 }, { "TFLOAT32_FTZ", 4 }, { "16U4_ALIGN8B", -1 }, { "16U4_ALIGN16B", -1 }, { "16U6_ALIGN16B", -1 },
    };
    const pr_kwarg *a = pr_kwarg_find(k, "elem|dtype");
    const pr_kwarg *b = pr_kwarg_find(k, "elem_bytes");
    if (!a && !b) {
        lds_diag_set(p->diag, loc, "TMA(...) needs the element type: elem=f16 (or elem_bytes=2)");
        return -1;
    }
    int bytes = 0;
    if (b)
        bytes = !b->word && !b->list && b->n == 1 ? (int)b->v[0] : 0;
    else if (a->word) {
        const char *w = a->word;
        if (!strncmp(w, "CU_TENSOR_MAP_DATA_TYPE_", 24))
            w += 24;
        for (size_t i = 0; i < sizeof driver / sizeof driver[0] && !bytes; i++)
            if (!strcmp(w, driver[i].name))
                bytes = driver[i].bytes;
        if (!bytes)
            bytes = pr_element_bytes(a->word);
    }
    if (bytes < 0) {
        lds_diag_set(p->diag, (a ? a : b)->loc, "TMA's packed 4- and 6-bit types are not modelled");
        return -1;
    }
    if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8) {
        lds_diag_set(p->diag, (b ? b : a)->loc,
                     "a TMA element is 1, 2, 4 or 8 bytes (CUtensorMapDataType): elem=u8, f16, f32, f64 ...");
        return -1;
    }
    return bytes;
}

/* box=[d0, ..., dn], outer first (the driver's boxDim reversed): 1..5
 * sizes of 1..256, the contiguous one a multiple of 16 bytes and, under a
 * swizzle, within its span (cuTensorMapEncodeTiled's requirements). */
static int tma_box(parser *p, const pr_kwargs *k, lds_loc loc, const tma_mode *m, int bytes, lds_layout_info *info)
{
    const pr_kwarg *box = pr_kwarg_need(p, k, "box|box_dim|shape", loc, "TMA(...)");
    if (!box)
        return -1;
    if (!box->list || box->n < 1 || box->n > 5) {
        lds_diag_set(p->diag, box->loc, "a TMA box is a list of 1 to 5 sizes, the contiguous one last: box=[64, 64]");
        return -1;
    }
    for (unsigned d = 0; d < box->n; d++)
        if (box->v[d] < 1 || box->v[d] > 256) {
            lds_diag_set(p->diag, box->loc, "a TMA box's sizes are 1..256 (cuTensorMapEncodeTiled's boxDim); %lld given",
                         (long long)box->v[d]);
            return -1;
        }
    int64_t inner = box->v[box->n - 1] * bytes;
    if (inner % 16) {
        lds_diag_set(p->diag, box->loc,
                     "the box's contiguous dimension is %lld bytes; TMA needs a multiple of 16 (boxDim[0] * element size)",
                     (long long)inner);
        return -1;
    }
    if (m->span && inner > m->span) {
        lds_diag_set(p->diag, box->loc,
                     "the box's contiguous dimension is %lld bytes; SWIZZLE_%s needs it within its %u-byte span "
                     "(cuTensorMapEncodeTiled)",
                     (long long)inner, m->name, m->span);
        return -1;
    }
    info->rank = box->n;
    memcpy(info->shape, box->v, sizeof(int64_t) * box->n);
    info->exact_shape = true;
    return 0;
}

/* A byte swizzle as an element swizzle call over x. */
static lds_expr *swizzle_call(parser *p, lds_loc loc, int64_t b, int64_t m, int64_t s, lds_expr *x)
{
    lds_expr *call = pr_new_expr(p, E_CALL, loc);
    call->name = "swizzle";
    call->nargs = 4;
    call->args = lds_arena_alloc(p->arena, sizeof *call->args * 4);
    call->args[0] = pr_lnum(p, loc, b);
    call->args[1] = pr_lnum(p, loc, m);
    call->args[2] = pr_lnum(p, loc, s);
    call->args[3] = x;
    return x ? pr_check_height(p, call) : NULL;
}

int pr_parse_tma_layout(parser *p, lds_stmt *def)
{
    static const char *const keys[] = { "swizzle", "box|box_dim|shape", "elem|dtype", "elem_bytes", NULL };
    lds_loc loc = p->tok.loc;
    pr_advance(p);
    pr_kwargs *k = lds_arena_alloc(p->arena, sizeof *k);
    if (pr_parse_kwargs(p, k, keys, "TMA") < 0)
        return -1;
    const pr_kwarg *sw = pr_kwarg_need(p, k, "swizzle", loc, "TMA(...)");
    const tma_mode *m = sw ? tma_mode_of(p, sw) : NULL;
    int bytes = m ? tma_elem_bytes(p, k, loc) : -1;
    lds_layout_info *info = lds_arena_alloc(p->arena, sizeof *info);
    memset(info, 0, sizeof *info);
    if (bytes < 0 || tma_box(p, k, loc, m, bytes, info) < 0)
        return -1;
    const char **params = pr_index_params(p, info->rank);
    lds_expr *lin = NULL;   /* the box's row-major element index */
    int64_t elems = 1;
    for (unsigned d = info->rank; d-- > 0;) {
        lds_expr *term = pr_lbin(p, loc, OP_MUL, pr_lparam(p, loc, params[d]), pr_lnum(p, loc, elems));
        lin = lin ? pr_lbin(p, loc, OP_ADD, lin, term) : term;
        elems *= info->shape[d];   /* at most 256^5 */
    }
    char notation[64];
    snprintf(notation, sizeof notation, "TMA SWIZZLE_%s", m->name);
    info->notation = lds_arena_strndup(p->arena, notation, strlen(notation));
    info->cosize = elems;
    info->hw.elem_bytes = (unsigned)bytes;
    unsigned e = log2u((uint64_t)bytes);
    if (m->span) {
        int64_t b = log2u(m->span / m->atom), mm = log2u(m->atom), s = log2u(128 / m->atom);
        lin = swizzle_call(p, loc, b, mm - e, s, lin);
        if (m->flip)   /* the 8-byte halves of each 16 bytes swap on odd 128-byte lines */
            lin = swizzle_call(p, loc, 1, 3 - e, 4, lin);
        info->hw.base_align = (uint64_t)1 << (b + mm + s > 8 ? b + mm + s : 8);
        char why[240];
        snprintf(why, sizeof why,
                 "TMA's CU_TENSOR_MAP_SWIZZLE_%s swizzles %u-byte chunks by bits %lld-%lld of the shared-memory "
                 "address (%s), so the pattern starts again every %llu bytes",
                 m->name, m->atom, (long long)(mm + s), (long long)(b + mm + s - 1), m->confidence,
                 (unsigned long long)info->hw.base_align);
        info->hw.why = lds_arena_strndup(p->arena, why, strlen(why));
        int64_t line = 128 / bytes;   /* a swizzle moves chunks within a 128-byte line: reserve whole lines */
        info->cosize = (elems + line - 1) / line * line;
    }
    if (!lin)
        return -1;
    def->u.def.params = params;
    def->u.def.nparams = info->rank;
    def->u.def.body = lin;
    def->u.def.layout = info;
    return 0;
}

