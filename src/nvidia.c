/* src/nvidia.c - NVIDIA's hardware layouts and asynchronous data paths at
 * run time (lds(5), LAYOUTS and INSTRUCTIONS).
 *
 * A layout written for the hardware (TMA's, CuTe's GMMA atoms, a swizzle
 * on CuTe's smem pointer) swizzles the absolute shared-memory address:
 * the element offsets its def gives hold only for an array whose base is
 * a multiple of the pattern's period, and only for the element size the
 * byte swizzle was converted for.  The array's declaration checks both. */
#include "src/nvidia.h"

#include <string.h>

#include "src/address.h"
#include "base/check.h"
#include "src/smem_desc.h"

/* A Swizzle on element offsets with the parameters of one on the byte
 * address (M >= 4, M + S = 7: 16-byte or wider chunks XORed with the
 * 128-byte line, as TMA and wgmma swizzle): on elements wider than a byte
 * the two differ, and the text does not say which it means. */
static void warn_element_swizzle(lds_interp *in, const lds_stmt *s, const lds_layout_info *li)
{
    const int64_t *bms = li->hw.elem_swizzle;
    unsigned e = 0, size = s->u.array.elem_size;
    if (!bms[0] || size < 2 || (size & (size - 1)) || !in->warn)
        return;
    while ((1u << e) < size)
        e++;
    lds_diag w = { 0 };
    if (bms[1] >= e)
        lds_diag_set(&w, s->u.array.layout_loc,
                     "layout '%s' applies Swizzle<%lld,%lld,%lld> to element offsets (CuTe's composition, as "
                     "written): on %u-byte elements that moves %lld-byte chunks by bits %lld-%lld of the byte offset. "
                     "TMA, wgmma and CuTe's GMMA atoms apply it to the byte address, which on %u-byte elements is "
                     "Swizzle<%lld,%lld,%lld>: write 'Sw<%lld,%lld,%lld> o smem_ptr[%ub](unset) o ...' for that",
                     s->u.array.layout, (long long)bms[0], (long long)bms[1], (long long)bms[2], size,
                     (long long)size << bms[1], (long long)(bms[1] + bms[2] + e),
                     (long long)(bms[1] + bms[2] + bms[0] + e - 1), size, (long long)bms[0], (long long)(bms[1] - e),
                     (long long)bms[2], (long long)bms[0], (long long)bms[1], (long long)bms[2], size * 8);
    w.warning = 1;
    if (w.msg[0])
        in->warn(in->warn_ctx, &w);
}

int lds_nv_array_base(lds_interp *in, const lds_stmt *s, const lds_layout_info *li, int64_t at, uint64_t next,
                      uint64_t *base)
{
    uint64_t align = 16;   /* auto placement: after the previous array, 16-byte aligned */
    if (li && li->hw.elem_bytes && li->hw.elem_bytes != s->u.array.elem_size) {
        lds_diag_set(in->diag, s->u.array.layout_loc,
                     "%s '%s' is written for %u-byte elements (its swizzle acts on byte addresses); '%s' has "
                     "%u-byte elements",
                     li->notation, s->u.array.layout, li->hw.elem_bytes, s->u.array.name, s->u.array.elem_size);
        return -1;
    }
    if (li)
        warn_element_swizzle(in, s, li);
    uint64_t need = li && !s->u.array.global ? li->hw.base_align : 0;
    if (at < 0) {
        if (need > align)
            align = need;
        *base = s->u.array.global ? 0 : (next + align - 1) / align * align;
        return 0;
    }
    if (need > 1 && (uint64_t)at % need) {
        lds_diag_set(in->diag, s->u.array.at->loc,
                     "'%s' at byte %lld: its layout '%s' needs a base that is a multiple of %llu bytes (%s); at any "
                     "other base the hardware's pattern is not the one the layout gives",
                     s->u.array.name, (long long)at, s->u.array.layout, (unsigned long long)need, li->hw.why);
        return -1;
    }
    *base = (uint64_t)at;
    return 0;
}

/* ------------------------------------------------ data-path statements */

/* The indices of s's target, each the same for the whole workgroup (the
 * statement is issued once for it) and within its dimension; the slice's
 * trailing ones 0. */
static int uniform_indices(lds_interp *in, const lds_stmt *s, int64_t *idx)
{
    const lds_target *t = &s->u.access.target;
    const lds_array *a = &t->array->array;
    unsigned n = a->ndims ? a->ndims : 1;
    for (unsigned d = 0; d < n; d++)
        idx[d] = 0;
    for (unsigned d = 0; d < t->nidx; d++) {
        if (t->idx[d]->deps & LDS_DEP_VARYING) {
            lds_diag_set(in->diag, t->idx[d]->loc,
                         "%s is issued once for the workgroup: its indices may not depend on the lane, wave or group",
                         s->u.access.form->name);
            return -1;
        }
        int64_t dim = a->ndims ? a->dims[d] : 1;
        if (lds_eval_int64(&in->ev, t->idx[d], &idx[d], "an index") < 0)
            return -1;
        if (idx[d] < 0 || idx[d] >= dim) {
            lds_diag_set(in->diag, t->idx[d]->loc, "index %lld is outside '%s''s dimension %u (0..%lld)",
                         (long long)idx[d], t->array->name, d, (long long)dim - 1);
            return -1;
        }
    }
    return 0;
}

/* Per workgroup, each execution: n instructions, `lines` wavefronts, all ideal. */
static void count(lds_interp *in, lds_metrics *m, uint64_t cycles, uint64_t ideal, uint64_t ways)
{
    mpz_t g;
    mpz_init_set_si(g, in->groups);
    mpz_add(m->instructions, m->instructions, g);
    mpz_addmul_ui(m->cycles, g, cycles);
    mpz_addmul_ui(m->ideal, g, ideal);
    if (ways > m->ways)
        m->ways = ways;
    mpz_clear(g);
}

/* Whether a copy's shared-memory address is off the alignment the PTX
 * ISA asks of it (the diag set). */
static bool misaligned(lds_interp *in, const lds_stmt *s, uint64_t start, uint64_t align, const char *whose,
                       const char *section)
{
    if (start % align == 0)
        return false;
    lds_diag_set(in->diag, s->u.access.target.loc,
                 "%s: it starts at shared-memory byte %llu; %s shared-memory address is %llu-byte aligned (PTX ISA, %s)",
                 s->u.access.form->name, (unsigned long long)start, whose, (unsigned long long)align, section);
    return true;
}

/* cp.async.bulk.tensor: the box (the array, or the sub-tile its leading
 * indices start) as TMA writes it, dense before its swizzle; cp.async.bulk:
 * `bytes` contiguous bytes from the element named.  The addresses the PTX
 * ISA asks for: 128-byte aligned for a tensor copy, 16 for a bulk one. */
static int bulk_run(lds_interp *in, const lds_stmt *s, lds_metrics *m)
{
    const lds_nv_access *nv = s->u.access.nv;
    const lds_sym *sym = s->u.access.target.array;
    const lds_array *a = &sym->array;
    const lds_layout_info *li = a->layout ? a->layout->def->u.def.layout : NULL;
    const char *name = s->u.access.form->name;
    int64_t idx[LDS_MAX_DIMS];
    if (a->global) {
        lds_diag_set(in->diag, s->u.access.target.loc, "%s: '%s' is in global memory; name the shared-memory array",
                     name, sym->name);
        return -1;
    }
    if (uniform_indices(in, s, idx) < 0)
        return -1;
    unsigned n = a->ndims ? a->ndims : 1;
    uint64_t start, bytes, lin = 0, elems = 1;
    if (nv->kind == LDS_NV_BULK_TENSOR) {
        if (li && (!li->notation || strncmp(li->notation, "TMA ", 4))) {
            lds_diag_set(in->diag, s->u.access.target.loc,
                         "%s writes its box as TMA lays it out: '%s' has layout '%s' (%s); give it a TMA(...) layout "
                         "(a row-major array is TMA's SWIZZLE_NONE)",
                         name, sym->name, a->layout->name, li->notation ? li->notation : "a def");
            return -1;
        }
        for (unsigned d = 0; d < n; d++) {
            int64_t dim = a->ndims ? a->dims[d] : 1;
            lin = lin * (uint64_t)dim + (uint64_t)idx[d];
            if (d >= s->u.access.target.nidx)
                elems *= (uint64_t)dim;
        }
        start = a->base + lin * a->elem_size;
        bytes = elems * a->elem_size;
        uint64_t row = (uint64_t)(a->ndims ? a->dims[n - 1] : 1) * a->elem_size;
        if (!li && row % 16) {
            lds_diag_set(in->diag, s->u.access.target.loc, "%s: a TMA box's rows are whole 16-byte units; '%s''s are %llu bytes",
                         name, sym->name, (unsigned long long)row);
            return -1;
        }
        if (misaligned(in, s, start, 128, "a tensor copy's", "cp.async.bulk.tensor"))
            return -1;
    } else {
        int64_t off;
        if (lds_element_offset(&in->ev, sym, idx, n, s->u.access.target.loc, &off) < 0)
            return -1;
        start = a->base + (uint64_t)off * a->elem_size;
        bytes = nv->bytes;
        if (misaligned(in, s, start, 16, "a bulk copy's", "cp.async.bulk"))
            return -1;
        if (start + bytes > a->base + a->elems * a->elem_size) {
            lds_diag_set(in->diag, s->u.access.target.loc, "%s: %llu bytes from byte %llu run past the end of '%s'",
                         name, (unsigned long long)bytes, (unsigned long long)start, sym->name);
            return -1;
        }
    }
    uint64_t lines = (start + bytes - 1) / 128 - start / 128 + 1;
    count(in, m, lines, lines, 1);
    return 0;
}

/* The array's byte address of operand element (mn, k), or -1 (diag set). */
static int operand_address(lds_interp *in, const lds_stmt *s, const int64_t *origin, uint64_t mn, uint64_t k,
                           uint64_t *out)
{
    const lds_nv_access *nv = s->u.access.nv;
    const lds_sym *sym = s->u.access.target.array;
    unsigned n = sym->array.ndims;
    int64_t idx[LDS_MAX_DIMS];
    memcpy(idx, origin, sizeof idx[0] * n);
    idx[n - 2] += (int64_t)(nv->transposed ? k : mn);
    idx[n - 1] += (int64_t)(nv->transposed ? mn : k);
    int64_t off;
    if (lds_element_offset(&in->ev, sym, idx, n, s->loc, &off) < 0)
        return -1;
    *out = sym->array.base + (uint64_t)off * sym->array.elem_size;
    return 0;
}

/* The operand fits the array from its origin, in elements of its size. */
static int operand_fits(lds_interp *in, const lds_stmt *s, const int64_t *origin)
{
    const lds_nv_access *nv = s->u.access.nv;
    const lds_sym *sym = s->u.access.target.array;
    const lds_array *a = &sym->array;
    unsigned n = a->ndims;
    if (a->elem_size != nv->op.elem_bytes) {
        lds_diag_set(in->diag, s->u.access.target.loc, "descriptor '%s' is for %u-byte elements; '%s' has %u-byte elements",
                     nv->desc_name, nv->op.elem_bytes, sym->name, a->elem_size);
        return -1;
    }
    uint64_t ext[2] = { nv->transposed ? nv->op.k : nv->op.rows, nv->transposed ? nv->op.rows : nv->op.k };
    for (unsigned d = 0; d < 2; d++)
        if ((uint64_t)origin[n - 2 + d] + ext[d] > (uint64_t)a->dims[n - 2 + d]) {
            lds_diag_set(in->diag, s->u.access.target.loc,
                         "descriptor '%s' reads %u x %u elements (MN x K%s) from there, past '%s''s dimension %u (%lld)",
                         nv->desc_name, nv->op.rows, nv->op.k, nv->transposed ? ", transposed" : "", sym->name,
                         n - 2 + d, (long long)a->dims[n - 2 + d]);
            return -1;
        }
    return 0;
}

/* The mismatch, with both layouts: the descriptor's in CuTe's words and
 * the array's, and the addresses of the first rows each gives at k = 0. */
static int mismatch(lds_interp *in, const lds_stmt *s, const int64_t *origin, uint64_t mn, uint64_t k, uint64_t want,
                    uint64_t have, uint64_t bad)
{
    const lds_nv_access *nv = s->u.access.nv;
    const lds_sym *sym = s->u.access.target.array;
    const lds_layout_info *li = sym->array.layout ? sym->array.layout->def->u.def.layout : NULL;
    char desc[320], rows_desc[160] = "", rows_array[160] = "";
    lds_smem_desc_describe(&nv->desc, &nv->op, desc, sizeof desc);
    size_t ld = 0, la = 0;
    uint64_t r0 = mn / 8 * 8;   /* the 8 rows around the first that differs, at its k */
    for (uint64_t r = r0; r < r0 + 8 && r < nv->op.rows; r++) {
        uint64_t h;
        if (operand_address(in, s, origin, r, k, &h) < 0)
            return -1;
        ld += (size_t)snprintf(rows_desc + ld, sizeof rows_desc - ld, " %llu",
                               (unsigned long long)lds_smem_desc_address(&nv->desc, &nv->op, r, k));
        la += (size_t)snprintf(rows_array + la, sizeof rows_array - la, " %llu", (unsigned long long)h);
    }
    char layout[160];
    if (sym->array.layout)
        snprintf(layout, sizeof layout, "layout '%s' (%s)", sym->array.layout->name,
                 li && li->notation ? li->notation : "a def");
    else
        snprintf(layout, sizeof layout, "row-major");
    lds_diag_set(in->diag, s->loc,
                 "descriptor '%s' does not read '%s' as it is laid out: the tensor core reads operand element "
                 "(mn %llu, k %llu) at byte %llu, where '%s' holds it at byte %llu (%llu of the %u x %u elements "
                 "differ). The descriptor: %s; '%s': %s from byte %llu. Elements mn %llu-%llu at k %llu through the "
                 "descriptor:%s; in '%s':%s",
                 nv->desc_name, sym->name, (unsigned long long)mn, (unsigned long long)k, (unsigned long long)want,
                 sym->name, (unsigned long long)have, (unsigned long long)bad, nv->op.rows, nv->op.k, desc, sym->name,
                 layout, (unsigned long long)sym->array.base, (unsigned long long)r0, (unsigned long long)r0 + 7,
                 (unsigned long long)k, rows_desc, sym->name, rows_array);
    return -1;
}

/* Every element the descriptor reads is the array's element it stands for. */
static int desc_check(lds_interp *in, const lds_stmt *s, const int64_t *origin)
{
    const lds_nv_access *nv = s->u.access.nv;
    uint64_t bad = 0, first_mn = 0, first_k = 0, want0 = 0, have0 = 0;
    for (uint64_t mn = 0; mn < nv->op.rows; mn++)
        for (uint64_t k = 0; k < nv->op.k; k++) {
            uint64_t have, want = lds_smem_desc_address(&nv->desc, &nv->op, mn, k);
            if (operand_address(in, s, origin, mn, k, &have) < 0)
                return -1;
            if (have != want && !bad++) {
                first_mn = mn, first_k = k;
                want0 = want, have0 = have;
            }
        }
    return bad ? mismatch(in, s, origin, first_mn, first_k, want0, have0, bad) : 0;
}

/* The operand's 16-byte rows in core-matrix order (8 consecutive rows a
 * core matrix), 32 an instruction: each core matrix a phase (the matrix
 * form of ldmatrix), counted once per workgroup and execution. */
static int desc_count(lds_interp *in, const lds_stmt *s, lds_access_result *rec, lds_metrics *m)
{
    const lds_nv_access *nv = s->u.access.nv;
    const lds_smem_operand *op = &nv->op;
    uint64_t t = 16 / op->elem_bytes;
    uint64_t units = op->mn_major ? op->rows / t * op->k : op->k / t * op->rows;
    uint64_t cycles = 0, ideal = 0, ways = 0;
    for (uint64_t first = 0; first < units; first += 32) {
        uint64_t addr[32];
        bool active[32];
        unsigned nlanes = units - first < 32 ? (unsigned)(units - first) : 32;
        for (unsigned l = 0; l < 32; l++) {
            uint64_t u = first + l, a = 0;
            if (l < nlanes)   /* K-major: u = kc * rows + mn; MN-major: u = mc * k + k */
                a = op->mn_major ? lds_smem_desc_address(&nv->desc, op, u / op->k * t, u % op->k)
                                 : lds_smem_desc_address(&nv->desc, op, u % op->rows, u / op->rows * t);
            addr[l] = a;
            active[l] = l < nlanes;
        }
        lds_sim_access acc = { LDS_ACCESS_READ, 16, 1, 32, active, addr, LDS_FORM_MATRIX, false, false, 0 };
        lds_sim_result res;
        const char *why = NULL;
        if (lds_sim_run(&in->profile, &acc, &res, &why) < 0) {
            lds_diag_set(in->diag, s->loc, "the profile's phase table is malformed: %s", why);
            return -1;
        }
        char label[64];
        snprintf(label, sizeof label, "rows %llu-%llu", (unsigned long long)first,
                 (unsigned long long)(first + nlanes - 1));
        lds_results_keep_sample(rec, &acc, &res, label);
        cycles += res.cycles;
        ideal += res.ideal;
        if (res.ways > ways)
            ways = res.ways;
    }
    count(in, m, cycles, ideal, ways);
    return 0;
}

static int desc_run(lds_interp *in, const lds_stmt *s, lds_access_result *rec, lds_metrics *m)
{
    const lds_sym *sym = s->u.access.target.array;
    int64_t origin[LDS_MAX_DIMS];
    if (sym->array.global) {
        lds_diag_set(in->diag, s->u.access.target.loc, "read_desc: '%s' is in global memory", sym->name);
        return -1;
    }
    if (uniform_indices(in, s, origin) < 0 || operand_fits(in, s, origin) < 0 || desc_check(in, s, origin) < 0)
        return -1;
    return desc_count(in, s, rec, m);
}

int lds_nv_run(lds_interp *in, const lds_stmt *s, lds_access_result *rec, lds_metrics *m)
{
    LDS_ASSERT(s->u.access.nv && s->u.access.nv->kind != LDS_NV_TMEM);
    return s->u.access.nv->kind == LDS_NV_DESC_READ ? desc_run(in, s, rec, m) : bulk_run(in, s, m);
}

/* tcgen05.ld/st @ TADDR: warp w of a warpgroup reaches TMEM lanes
 * 32 (w % 4) .. 32 (w % 4) + 31 only (PTX ISA, tcgen05 "Tensor Memory"
 * access restrictions); TADDR's lane is bits 16-31, one value a warp. */
int lds_nv_tmem_check(lds_interp *in, const lds_stmt *s)
{
    const lds_nv_access *nv = s->u.access.nv;
    const lds_expr *e = s->u.access.target.addr;
    int64_t threads = in->threads[0] * in->threads[1] * in->threads[2];
    int64_t waves = (threads + in->profile.wave - 1) / in->profile.wave;
    int64_t groups = e->deps & LDS_DEP_GROUP ? in->groups : 1;
    lds_env saved = in->env;
    int rc = 0;
    for (int64_t g = 0; rc == 0 && g < groups; g++)
        for (int64_t w = 0; rc == 0 && w < waves; w++) {
            if ((in->steps += 1) > in->max_steps) {
                lds_diag_set(in->diag, s->loc, "more than %llu steps (--max-steps)", (unsigned long long)in->max_steps);
                rc = -1;
                break;
            }
            int64_t first = 0, v = 0;
            for (int64_t lane = 0; rc == 0 && lane < (e->deps & LDS_DEP_LANE ? in->profile.wave : 1); lane++) {
                in->env.group = g, in->env.wave = w, in->env.lane = lane;
                if ((rc = lds_eval_int64(&in->ev, e, &v, "a tensor-memory address")) < 0)
                    break;
                if (lane == 0)
                    first = v;
                else if (v != first) {
                    lds_diag_set(in->diag, e->loc, "%s: the tensor-memory address is one value a warp (.sync.aligned); "
                                 "warp %lld gives %lld at lane 0 and %lld at lane %lld",
                                 s->u.access.form->name, (long long)w, (long long)first, (long long)v, (long long)lane);
                    rc = -1;
                }
            }
            if (rc < 0)
                break;
            int64_t tlane = (first >> 16) & 0xffff, lo = 32 * (w % 4);
            if (first < 0 || tlane < lo || tlane + (int64_t)nv->tmem_lanes > lo + 32) {
                lds_diag_set(in->diag, e->loc,
                             "%s: warp %lld reaches TMEM lanes %lld-%lld, but warp w of a warpgroup reaches lanes "
                             "32*(w%%4) .. 32*(w%%4)+31 only: %lld-%lld for this one (PTX ISA, tcgen05 tensor memory)",
                             s->u.access.form->name, (long long)w, (long long)tlane,
                             (long long)(tlane + nv->tmem_lanes - 1), (long long)lo, (long long)lo + 31);
                rc = -1;
            }
        }
    in->env = saved;
    return rc;
}
