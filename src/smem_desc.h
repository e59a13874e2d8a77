/* src/smem_desc.h - the 64-bit shared-memory matrix descriptors of
 * wgmma (sm90) and tcgen05.mma (UMMA, sm100): their fields, and the
 * layout they make the tensor core read (lds(5), desc). */
#ifndef LDS_SMEM_DESC_H
#define LDS_SMEM_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* PTX ISA, "Matrix Descriptor Format" (wgmma, asynchronous warpgroup
 * level matrix shared memory layout) and "Shared memory descriptor"
 * (tcgen05): bits 0-13 start address >> 4, 16-29 leading dimension byte
 * offset >> 4, 32-45 stride dimension byte offset >> 4, 49-51 base
 * offset; wgmma's layout type in bits 62-63 (0 interleave, 1 128B, 2 64B,
 * 3 32B); tcgen05's fixed 0b001 in bits 46-48 (the version), the leading
 * byte offset mode in bit 52 and the swizzle in bits 61-63 (0 none, 1
 * 128B with 32-byte atoms, 2 128B, 4 64B, 6 32B). */
typedef struct {
    bool umma;                /* tcgen05's format, else wgmma's */
    uint64_t value;
    uint64_t start, lbo, sbo; /* bytes (the fields times 16) */
    unsigned base_offset;     /* bits 49-51 */
    unsigned layout;          /* the layout/swizzle field as written */
    unsigned version;         /* tcgen05: bits 46-48 (0b001) */
    unsigned lbo_mode;        /* tcgen05: bit 52 (0 relative, 1 absolute) */
    unsigned reserved;        /* set bits the format leaves 0, or 0 */
    unsigned swizzle;         /* bytes a swizzled row spans: 32, 64, 128; 0 none */
    unsigned atom;            /* bytes a swizzle moves: 16, or 32 (128B_BASE32B) */
    const char *mode;         /* "SWIZZLE_128B", "INTERLEAVE" ... */
} lds_smem_desc;

/* Decode value; false with why set when the layout field names no layout
 * (tcgen05's 3, 5, 7). */
bool lds_smem_desc_decode(uint64_t value, bool umma, lds_smem_desc *d, const char **why);

/* The operand the descriptor describes, as wgmma and tcgen05.mma read it:
 * K-major (K contiguous in 16-byte rows) or MN-major, of elem_bytes-byte
 * elements, rows (MN) by k (K) elements. */
typedef struct {
    bool mn_major;
    unsigned elem_bytes;
    unsigned rows, k;
} lds_smem_operand;

/* Why the descriptor cannot describe that operand as CuTe's canonical
 * layouts do (include/cute/atom/mma_traits_sm90_gmma.hpp, make_gmma_desc;
 * cute/arch/mma_sm100_desc.hpp, make_umma_desc), or NULL: a base offset
 * or an absolute leading byte offset (not modelled), 128B_BASE32B
 * (its canonical layout is not documented), a K-major operand wider than
 * its swizzle's row, sizes not whole 16-byte rows and 8-row core matrices. */
const char *lds_smem_desc_unmodelled(const lds_smem_desc *d, const lds_smem_operand *op, char *buf, size_t size);

/* The shared-memory byte address the tensor core reads operand element
 * (mn, k) at: the canonical layout from the start address, then the
 * swizzle on the address bits. */
uint64_t lds_smem_desc_address(const lds_smem_desc *d, const lds_smem_operand *op, uint64_t mn, uint64_t k);

/* The layout in CuTe's words, in 16-byte units (T = 16 bytes): "K-major
 * SWIZZLE_128B: Swizzle<3,4,3> o ((8,m),(T,2)):((8T,SBO=1024),(1,T)) from
 * byte 1024". */
void lds_smem_desc_describe(const lds_smem_desc *d, const lds_smem_operand *op, char *buf, size_t size);

/* What an NVIDIA asynchronous-data-path statement adds to its access
 * (lds(5), INSTRUCTIONS): src/nvidia.c runs it instead of the lanes. */
typedef enum {
    LDS_NV_BULK_TENSOR = 1,   /* cp.async.bulk.tensor: a TMA box */
    LDS_NV_BULK,              /* cp.async.bulk: contiguous bytes */
    LDS_NV_DESC_READ,         /* read_desc: wgmma/tcgen05.mma reading an operand */
    LDS_NV_TMEM               /* tcgen05.ld/st: tensor memory, checked only */
} lds_nv_kind;

typedef struct lds_nv_access {
    lds_nv_kind kind;
    bool to_shared;           /* bulk: shared memory is written (a load) */
    uint64_t bytes;           /* LDS_NV_BULK: bytes copied */
    const char *desc_name;    /* LDS_NV_DESC_READ */
    lds_smem_desc desc;
    lds_smem_operand op;
    bool transposed;          /* the array holds the operand as [K][MN] */
    unsigned tmem_lanes;      /* LDS_NV_TMEM: lanes a warp's access spans (32, 16) */
} lds_nv_access;

#endif
