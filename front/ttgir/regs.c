/* front/ttgir/regs.c - layouts as the TTGIR reader lowers them
 * (front/ttgir/ttgir_impl.h): a register layout as Triton's linear layout
 * (BlockedEncodingAttr::toLinearLayout: registers, lanes, warps, each in
 * `order`; a tensor larger than the CTA tile repeats it through more
 * registers, order[0]'s first; a smaller one broadcasts), the run of
 * elements a shared layout keeps together, the vector width Triton's
 * local_load/local_store lowering takes from the two (the lowest register
 * bases that step along that run, at most 128 bits), and a dot operand's
 * ldmatrix.x4 (the mma.m16n8k16 fragments, PTX ISA). */
#include "front/ttgir/ttgir_impl.h"

#include <stdio.h>
#include <stdlib.h>

static void add_basis(lds_ll *ll, lds_ll_in in, unsigned d, int64_t v)
{
    LDS_ASSERT(ll->n[in] < LDS_LL_MAX_BASES);
    for (unsigned k = 0; k < ll->rank; k++)
        ll->b[in][ll->n[in]][k] = k == d ? v : 0;
    ll->n[in]++;
}

/* A tensor larger than the tile `extent` repeats it through more
 * registers, dimension order[0] first; bases past a smaller tensor's
 * shape broadcast (0). */
static bool cover(lds_ll *ll, const tg_type *t, int64_t *extent, const int64_t *order)
{
    for (unsigned k = 0; k < t->rank; k++) {
        unsigned d = (unsigned)order[k];
        for (; extent[d] < t->shape[d]; extent[d] <<= 1) {
            if (ll->n[LDS_LL_REGISTER] == LDS_LL_MAX_BASES)
                return false;
            add_basis(ll, LDS_LL_REGISTER, d, extent[d]);
        }
    }
    for (int in = 0; in < LDS_LL_NIN; in++)
        for (unsigned k = 0; k < ll->n[in]; k++)
            for (unsigned d = 0; d < t->rank; d++)
                if (ll->b[in][k][d] >= t->shape[d])
                    ll->b[in][k][d] = 0;
    return true;
}

static bool blocked(const char *attr, const tg_type *t, lds_ll *ll)
{
    int64_t sz[3][TG_MAX_RANK], order[TG_MAX_RANK], extent[TG_MAX_RANK];
    static const char *const keys[3] = { "sizePerThread", "threadsPerWarp", "warpsPerCTA" };
    unsigned r = t->rank;
    for (int l = 0; l < 3; l++)
        if (tg_attr_ints(attr, keys[l], sz[l], TG_MAX_RANK) != r)
            return false;
    if (tg_attr_ints(attr, "order", order, TG_MAX_RANK) != r)
        return false;
    memset(ll, 0, sizeof *ll);
    ll->rank = r;
    for (unsigned d = 0; d < r; d++) {
        extent[d] = 1;
        if (order[d] < 0 || order[d] >= (int64_t)r)
            return false;
    }
    static const lds_ll_in level[3] = { LDS_LL_REGISTER, LDS_LL_LANE, LDS_LL_WARP };
    for (int l = 0; l < 3; l++)
        for (unsigned k = 0; k < r; k++) {
            unsigned d = (unsigned)order[k];
            if (lds_ll_log2(sz[l][d]) < 0 || sz[l][d] > 4096)
                return false;
            for (int64_t s = 1; s < sz[l][d]; s <<= 1)
                add_basis(ll, level[l], d, extent[d] * s);
            extent[d] *= sz[l][d];
        }
    return cover(ll, t, extent, order);
}

/* #ttg.nvidia_mma's accumulator (version 2: m16n8 tiles, version 3: m16
 * by instrShape's n; Triton's nvidiaMmaTile): a warp's 16 x n tile is
 * registers (0, 1) and (8, 0), then (0, 8), (0, 16) .. up to n; lanes
 * (0, 2) (0, 4) (1, 0) (2, 0) (4, 0); warps along n first for version 2,
 * along m first for version 3; then the tile repeated, n first. */
static bool mma_accumulator(const char *attr, const tg_type *t, lds_ll *ll)
{
    int64_t version, w[2], instr[3];
    unsigned ni = tg_attr_ints(attr, "instrShape", instr, 3);
    if (t->rank != 2 || !tg_attr_ints(attr, "versionMajor", &version, 1) || (version != 2 && version != 3)
        || tg_attr_ints(attr, "warpsPerCTA", w, 2) != 2 || ni < 2 || lds_ll_log2(instr[1]) < 3 || instr[0] != 16
        || lds_ll_log2(w[0]) < 0 || lds_ll_log2(w[1]) < 0)
        return false;
    memset(ll, 0, sizeof *ll);
    ll->rank = 2;
    add_basis(ll, LDS_LL_REGISTER, 1, 1);
    add_basis(ll, LDS_LL_REGISTER, 0, 8);
    for (int64_t n = 8; n < instr[1]; n <<= 1)
        add_basis(ll, LDS_LL_REGISTER, 1, n);
    add_basis(ll, LDS_LL_LANE, 1, 2);
    add_basis(ll, LDS_LL_LANE, 1, 4);
    for (int64_t m = 1; m < 8; m <<= 1)
        add_basis(ll, LDS_LL_LANE, 0, m);
    int64_t extent[2] = { 16, instr[1] }, order[2] = { 1, 0 };
    unsigned first = version == 2 ? 1 : 0;   /* the warps' faster dimension */
    for (unsigned k = 0; k < 2; k++) {
        unsigned d = k == 0 ? first : 1 - first;
        for (int64_t s = 1; s < w[d]; s <<= 1)
            add_basis(ll, LDS_LL_WARP, d, extent[d] * s);
        extent[d] *= w[d];
    }
    return cover(ll, t, extent, order);
}

/* Registers whose basis is zero hold copies (Triton's lowering drops them). */
static void drop_zero_registers(lds_ll *ll)
{
    unsigned n = 0;
    for (unsigned k = 0; k < ll->n[LDS_LL_REGISTER]; k++) {
        bool zero = true;
        for (unsigned d = 0; d < ll->rank; d++)
            zero &= ll->b[LDS_LL_REGISTER][k][d] == 0;
        if (!zero)
            memmove(ll->b[LDS_LL_REGISTER][n++], ll->b[LDS_LL_REGISTER][k], sizeof ll->b[LDS_LL_REGISTER][k]);
    }
    ll->n[LDS_LL_REGISTER] = n;
}

bool tg_reg_layout(const tg_module *m, const tg_type *t, lds_ll *ll, const char **why)
{
    const char *attr = tg_attr(m, t->enc);
    char kind[32];
    if (!attr) {
        *why = tg_fmt(m, "its tensor's layout '%s' is no attribute the module defines", t->enc ? t->enc : "(none)");
        return false;
    }
    tg_attr_kind(attr, kind, sizeof kind);
    bool ok = false;
    if (!strcmp(kind, "blocked")) {
        ok = blocked(attr, t, ll);
    } else if (!strcmp(kind, "nvidia_mma")) {
        ok = mma_accumulator(attr, t, ll);
    } else if (!strcmp(kind, "linear")) {
        size_t used;
        char err[160];
        const char *open = strchr(attr, '{');
        ok = open && lds_ll_parse(open, strlen(open), ll, &used, err, sizeof err) && ll->rank == t->rank;
    } else {
        *why = tg_fmt(m, "its register layout %s (#ttg.%s) is not lowered by the TTGIR reader (it lowers #ttg.blocked, "
                   "#ttg.linear, #ttg.nvidia_mma's accumulator, and a dot operand of an mma v2 parent)", t->enc, kind);
        return false;
    }
    if (!ok || ll->rank > 2) {
        *why = tg_fmt(m, "its register layout %s is not one the TTGIR reader lowers for this tensor (a #ttg.%s of 1 or 2 "
                   "dimensions, the tensor's)", t->enc, kind);
        return false;
    }
    drop_zero_registers(ll);
    return true;
}

/* ------------------------------------------------------------ shared */

bool tg_shared_run(const tg_module *m, const char *layout, const int64_t *shape, unsigned rank, unsigned elem_bits,
                   unsigned *dim, int64_t *run, const char **why)
{
    const char *attr = tg_attr(m, layout);
    char kind[32];
    if (!attr) {
        *why = tg_fmt(m, "its shared layout '%s' is no attribute the module defines", layout ? layout : "(none)");
        return false;
    }
    tg_attr_kind(attr, kind, sizeof kind);
    int64_t order[TG_MAX_RANK], v[2];
    if (!strcmp(kind, "swizzled_shared") || !strcmp(kind, "amd_rotating_shared") || !strcmp(kind, "shared")) {
        unsigned n = tg_attr_ints(attr, "order", order, TG_MAX_RANK);
        if (!n || n > rank || order[0] < 0 || order[0] >= (int64_t)n)
            goto unknown;
        *dim = rank - n + (unsigned)order[0];
        bool swizzled = tg_attr_ints(attr, "maxPhase", v, 1) && v[0] > 1;
        *run = swizzled ? (tg_attr_ints(attr, "vec", v, 1) ? v[0] : 1) : shape[*dim];
        if (strstr(attr, "hasLeadingOffset = true"))
            *run = 128 / elem_bits;
        return true;
    }
    if (!strcmp(kind, "nvmma_shared")) {
        if (rank < 2)
            goto unknown;
        *dim = strstr(attr, "transposed = true") ? rank - 2 : rank - 1;
        bool swizzled = tg_attr_ints(attr, "swizzlingByteWidth", v, 1) && v[0] > 0;
        *run = swizzled ? 128 / elem_bits : shape[*dim];
        return true;
    }
    if (!strcmp(kind, "padded_shared")) {
        unsigned n = tg_attr_ints(attr, "order", order, TG_MAX_RANK);
        *dim = n ? rank - n + (unsigned)order[0] : rank - 1;
        *run = shape[*dim];
        for (const char *q = strchr(attr, '['); q && *q && *q != '{'; q++)   /* [32:+4, 64:+8] */
            if (*q == '[' || *q == ',') {
                int64_t interval = strtoll(q + 1, NULL, 10);
                if (interval > 0 && interval < *run)
                    *run = interval;
            }
        return true;
    }
    if (!strcmp(kind, "shared_linear")) {
        lds_ll ll;
        size_t used;
        char err[160];
        const char *open = strchr(attr, '{');
        if (!open || !lds_ll_parse(open, strlen(open), &ll, &used, err, sizeof err) || !ll.n[LDS_LL_OFFSET])
            goto unknown;
        unsigned lead = rank - ll.rank, d = 0;
        while (d < ll.rank && ll.b[LDS_LL_OFFSET][0][d] != 1)
            d++;
        *dim = lead + d;
        *run = 1;
        for (unsigned k = 0; d < ll.rank && k < ll.n[LDS_LL_OFFSET] && ll.b[LDS_LL_OFFSET][k][d] == ((int64_t)1 << k); k++)
            *run <<= 1;
        return true;
    }
unknown:
    *why = tg_fmt(m, "its shared layout %s (#ttg.%s) is not one the TTGIR reader lowers", layout, kind);
    return false;
}

unsigned tg_vector(const lds_ll *ll, unsigned dim, int64_t run, unsigned elem_bits)
{
    unsigned vec = 1;
    for (unsigned k = 0; k < ll->n[LDS_LL_REGISTER]; k++) {
        bool step = true;
        for (unsigned d = 0; d < ll->rank; d++)
            step &= ll->b[LDS_LL_REGISTER][k][d] == (d == dim ? (int64_t)vec : 0);
        if (!step || (int64_t)vec * 2 > run || vec * 2 * elem_bits > 128)
            break;
        vec *= 2;
    }
    return vec;
}

void tg_ll_text(lds_buf *b, lds_ll *ll)
{
    static const lds_ll_in ins[3] = { LDS_LL_REGISTER, LDS_LL_LANE, LDS_LL_WARP };
    lds_buf_printf(b, "#ttg.linear<{");
    for (int i = 0; i < 3; i++) {
        lds_buf_printf(b, "%s%s = [", i ? ", " : "", lds_ll_in_name(ins[i]));
        for (unsigned k = 0; k < ll->n[ins[i]]; k++) {
            lds_buf_printf(b, "%s[", k ? ", " : "");
            for (unsigned d = 0; d < ll->rank; d++)
                lds_buf_printf(b, "%s%lld", d ? ", " : "", (long long)ll->b[ins[i]][k][d]);
            lds_buf_printf(b, "]");
        }
        lds_buf_printf(b, "]");
    }
    lds_buf_printf(b, ", block = []}>");
}

/* ---------------------------------------------------------- ldmatrix */

bool tg_dot_ldmatrix(const tg_module *m, const tg_type *t, unsigned elem_bits, tg_ldmatrix *plan, const char **why)
{
    const char *attr = tg_attr(m, t->enc);
    int64_t v[2];
    char kind[32];
    const char *par = attr ? strstr(attr, "parent") : NULL;
    if (par && (par = strchr(par, '#'))) {
        size_t n = strcspn(par, ",}> ");
        par = tg_attr(m, lds_arena_strndup(m->arena, par, n));
    }
    if (!par || strcmp(tg_attr_kind(par, kind, sizeof kind), "nvidia_mma") || !tg_attr_ints(par, "versionMajor", v, 1)
        || v[0] != 2) {
        *why = tg_fmt(m, "it loads a dot operand %s whose parent is no #ttg.nvidia_mma of version 2: the TTGIR reader "
                   "lowers only that one's (as ldmatrix)", t->enc);
        return false;
    }
    memset(plan, 0, sizeof *plan);
    plan->op = tg_attr_ints(attr, "opIdx", v, 1) ? (unsigned)v[0] : 9;
    int64_t kw = tg_attr_ints(attr, "kWidth", v, 1) ? v[0] : 0, w[2];
    if (plan->op > 1 || elem_bits != 16 || kw != 2 || t->rank != 2 || tg_attr_ints(par, "warpsPerCTA", w, 2) != 2
        || w[0] < 1 || w[1] < 1) {
        *why = tg_fmt(m, "it loads a dot operand %s that is not 16-bit with kWidth = 2 on a 2-D tile: Triton's lowering "
                   "of it (not ldmatrix) is not modelled", t->enc);
        return false;
    }
    plan->warps[0] = (unsigned)w[0];
    plan->warps[1] = (unsigned)w[1];
    plan->rows = t->shape[0];
    plan->cols = t->shape[1];
    int64_t mn = plan->op == 0 ? plan->rows : plan->cols, k = plan->op == 0 ? plan->cols : plan->rows;
    if (k % 16 || mn % (16 * w[plan->op])) {
        *why = tg_fmt(m, "it loads a dot operand %s whose tile does not fill whole 16 x 16 ldmatrix.x4 loads of every "
                   "warp", t->enc);
        return false;
    }
    return true;
}

void tg_ldmatrix_coords(const tg_ldmatrix *p, lds_buf *row, lds_buf *col, int64_t *ni, int64_t *nj)
{
    unsigned w0 = p->warps[0], w1 = p->warps[1], tpw = p->tpw;
    /* lanes 8q .. 8q+7 give the rows of matrix q; r: the row in it */
    const char *r = "tid % 8";
    lds_buf qb = { 0 };
    lds_buf_printf(&qb, "tid %% %u / 8", tpw);
    if (p->op == 0) {   /* A (m x k): matrix q is (m block q % 2, k block q / 2); warp (w / W1) % W0 along m */
        lds_buf_printf(row, "16 * (tid / %u / %u %% %u) + %u * ldm_i + 8 * (%s %% 2)", tpw, w1, w0, 16 * w0,
                       lds_buf_str(&qb));
        lds_buf_printf(col, "16 * ldm_j + 8 * (%s / 2)", lds_buf_str(&qb));
        lds_buf_printf(p->cdim == 1 ? row : col, " + %s", r);
        *ni = p->rows / (16 * w0);
        *nj = p->cols / 16;
    } else {            /* B (k x n): matrix q is (k block q % 2, n tile q / 2); warp w % W1 along n */
        lds_buf_printf(row, "16 * ldm_j + 8 * (%s %% 2)", lds_buf_str(&qb));
        lds_buf_printf(col, "8 * (tid / %u %% %u) + %u * (2 * ldm_i + %s / 2)", tpw, w1, 8 * w1, lds_buf_str(&qb));
        lds_buf_printf(p->cdim == 1 ? row : col, " + %s", r);
        *ni = p->cols / (16 * w1);
        *nj = p->rows / 16;
    }
    lds_buf_free(&qb);
}
