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
