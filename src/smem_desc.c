/* src/smem_desc.c - wgmma's and tcgen05's shared-memory matrix
 * descriptors (src/smem_desc.h): the fields, and the canonical layouts
 * CuTe documents for them, written out for one element at a time.
 *
 * In 16-byte units (T elements a unit), with W the swizzle's row in units
 * (1 interleaved, 2, 4, 8 for 32, 64, 128 bytes), CuTe's canonical forms
 * (include/cute/atom/mma_traits_sm90_gmma.hpp, make_gmma_desc) are
 *
 *   K-major   interleaved: ((8,m),(T,k)):((1T,SBO),(1,LBO))
 *             swizzled:    ((8,m),(T,k)):((WT,SBO),(1,T))
 *   MN-major  interleaved: ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))
 *             swizzled:    ((T,W,m),(8,k)):((1,T,LBO),(WT,SBO))
 *
 * under Swizzle<log2 W,4,3> on the byte address (smem_ptr): the tensor
 * core swizzles the absolute shared-memory address, as TMA writes it, so
 * a start address inside a swizzled row (CUTLASS advances the start to
 * the next K block) reads the rows of the same pattern. */
#include "src/smem_desc.h"

#include <stdio.h>
#include <string.h>

static uint64_t field(uint64_t v, unsigned lo, unsigned bits)
{
    return (v >> lo) & ((UINT64_C(1) << bits) - 1);
}

bool lds_smem_desc_decode(uint64_t value, bool umma, lds_smem_desc *d, const char **why)
{
    memset(d, 0, sizeof *d);
    d->umma = umma;
    d->value = value;
    d->start = field(value, 0, 14) << 4;
    d->lbo = field(value, 16, 14) << 4;
    d->sbo = field(value, 32, 14) << 4;
    d->base_offset = (unsigned)field(value, 49, 3);
    d->atom = 16;
    if (!umma) {   /* reserved: 14-15, 30-31, 46-48, 52-61 */
        d->layout = (unsigned)field(value, 62, 2);
        static const char *const modes[] = { "INTERLEAVE", "SWIZZLE_128B", "SWIZZLE_64B", "SWIZZLE_32B" };
        static const unsigned widths[] = { 0, 128, 64, 32 };
        d->mode = modes[d->layout];
        d->swizzle = widths[d->layout];
        d->reserved = (field(value, 14, 2) || field(value, 30, 2) || field(value, 46, 3) || field(value, 52, 10));
        return true;
    }
    d->version = (unsigned)field(value, 46, 3);
    d->lbo_mode = (unsigned)field(value, 52, 1);
    d->layout = (unsigned)field(value, 61, 3);
    d->reserved = (field(value, 14, 2) || field(value, 30, 2) || field(value, 53, 8));
    switch (d->layout) {
    case 0: d->mode = "SWIZZLE_NONE"; break;
    case 1: d->mode = "SWIZZLE_128B_BASE32B"; d->swizzle = 128; d->atom = 32; break;
    case 2: d->mode = "SWIZZLE_128B"; d->swizzle = 128; break;
    case 4: d->mode = "SWIZZLE_64B"; d->swizzle = 64; break;
    case 6: d->mode = "SWIZZLE_32B"; d->swizzle = 32; break;
    default:
        *why = "a tcgen05 descriptor's swizzle (bits 61-63) is 0, 1, 2, 4 or 6 (PTX ISA); 3, 5 and 7 name none";
        return false;
    }
    return true;
}

const char *lds_smem_desc_unmodelled(const lds_smem_desc *d, const lds_smem_operand *op, char *buf, size_t size)
{
    unsigned e = op->elem_bytes;
    if (e != 1 && e != 2 && e != 4 && e != 8)
        snprintf(buf, size, "an operand's elements are 1, 2, 4 or 8 bytes");
    else if (d->base_offset)
        snprintf(buf, size, "a base offset (bits 49-51: %u) is not modelled; lds-calc reads descriptors whose base "
                 "offset is 0, as CUTLASS makes them", d->base_offset);
    else if (d->umma && d->lbo_mode)
        snprintf(buf, size, "the absolute leading-byte-offset mode (bit 52) is not modelled");
    else if (d->atom != 16)
        snprintf(buf, size, "%s's canonical layout is not modelled (CuTe's comments leave its K stride open)", d->mode);
    else if (!op->mn_major && (op->rows % 8 || (op->k * e) % 16))
        snprintf(buf, size, "a K-major operand has rows in multiples of 8 and K in whole 16-byte units (%u x %u "
                 "elements of %u bytes)", op->rows, op->k, e);
    else if (!op->mn_major && d->swizzle && op->k * e > d->swizzle)
        snprintf(buf, size, "a K-major %s operand's K (%u bytes) lies within its %u-byte swizzled row",
                 d->mode, op->k * e, d->swizzle);
    else if (op->mn_major && ((op->rows * e) % 16 || op->k % 8))
        snprintf(buf, size, "an MN-major operand has MN in whole 16-byte units and K in multiples of 8 (%u x %u "
                 "elements of %u bytes)", op->rows, op->k, e);
    else
        return NULL;
    return buf;
}

/* Swizzle<log2(W/16), 4, 3> on a byte address: its 16-byte unit within
 * the W-byte row XOR the 128-byte line's index. */
static uint64_t swizzle_address(uint64_t a, unsigned width)
{
    uint64_t units = width / 16;
    return width ? a ^ (((a >> 7) & (units - 1)) << 4) : a;
}

uint64_t lds_smem_desc_address(const lds_smem_desc *d, const lds_smem_operand *op, uint64_t mn, uint64_t k)
{
    uint64_t e = op->elem_bytes, t = 16 / e, w = d->swizzle ? d->swizzle / 16 : 1;
    uint64_t off;
    if (!op->mn_major) {   /* ((8,m),(T,k)) */
        uint64_t r8 = mn % 8, mb = mn / 8, kc = k / t, kt = k % t;
        off = r8 * w * 16 + mb * d->sbo + kc * (d->swizzle ? 16 : d->lbo) + kt * e;
    } else if (!d->swizzle) {   /* ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO)) */
        uint64_t mc = mn / t, mt = mn % t, k8 = k % 8, kb = k / 8;
        off = mc * d->sbo + k8 * 16 + kb * d->lbo + mt * e;
    } else {   /* ((T,W,m),(8,k)):((1,T,LBO),(WT,SBO)) */
        uint64_t mc = mn / t, mt = mn % t, k8 = k % 8, kb = k / 8;
        off = (mc % w) * 16 + (mc / w) * d->lbo + k8 * w * 16 + kb * d->sbo + mt * e;
    }
    return swizzle_address(d->start + off, d->swizzle);
}

void lds_smem_desc_describe(const lds_smem_desc *d, const lds_smem_operand *op, char *buf, size_t size)
{
    unsigned w = d->swizzle ? d->swizzle / 16 : 1, b = w == 8 ? 3 : w == 4 ? 2 : w == 2 ? 1 : 0;
    char sw[48] = "";
    if (d->swizzle)
        snprintf(sw, sizeof sw, "Swizzle<%u,4,3> on the byte address o ", b);
    if (!op->mn_major && !d->swizzle)
        snprintf(buf, size, "K-major %s: %s((8,m),(T,k)):((1T,SBO=%llu),(1,LBO=%llu)) from byte %llu, T = 16 bytes",
                 d->mode, sw, (unsigned long long)d->sbo, (unsigned long long)d->lbo, (unsigned long long)d->start);
    else if (!op->mn_major)
        snprintf(buf, size, "K-major %s: %s((8,m),(T,k)):((%uT,SBO=%llu),(1,T)) from byte %llu, T = 16 bytes", d->mode,
                 sw, w, (unsigned long long)d->sbo, (unsigned long long)d->start);
    else if (!d->swizzle)
        snprintf(buf, size, "MN-major %s: %s((T,1,m),(8,k)):((1,T,SBO=%llu),(1T,LBO=%llu)) from byte %llu, T = 16 bytes",
                 d->mode, sw, (unsigned long long)d->sbo, (unsigned long long)d->lbo, (unsigned long long)d->start);
    else
        snprintf(buf, size, "MN-major %s: %s((T,%u,m),(8,k)):((1,T,LBO=%llu),(%uT,SBO=%llu)) from byte %llu, T = 16 bytes",
                 d->mode, sw, w, (unsigned long long)d->lbo, w, (unsigned long long)d->sbo,
                 (unsigned long long)d->start);
}
