/* src/instructions.h - instruction names as access statements (lds(5),
 * INSTRUCTIONS). */
#ifndef LDS_INSTRUCTIONS_H
#define LDS_INSTRUCTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/profile.h"
#include "src/vocab.h"

typedef struct {
    lds_access_kind kind;
    unsigned width;           /* bytes per lane address; 0: a width word follows */
    bool needs_width;         /* cp.async: 4, 8 or 16 bytes, written after it */
    unsigned lanes;           /* only lanes 0 .. lanes-1 give addresses (0: all) */
    unsigned stride;          /* ds_read2/ds_write2: offset0/offset1 unit in
                                 elements (1, or 64 for st64); 0: one address */
    unsigned align;           /* bytes each address must be a multiple of
                                 (0: the width's rule on the profile) */
    const char *counter_op;   /* Nsight Compute's op for it when that is
                                 not ld/st/atom (ldsm, stsm, ldgsts); NULL */
    unsigned sim_form;        /* an lds_sim_form: how it runs unlike the plain
                                 access of its width (0: it does not) */
    int async_level;          /* cp.async: 1 .ca, 2 .cg, 0 neither written */
    bool global;              /* a global-memory instruction (global_load_b128,
                                 ld.global.v4.f32, LDG.E.128) */
    char note[1024];          /* how it is modelled, when that is not plain ("": plain); the
                                 longest, cp.async.cg's, is near 500 bytes */
    unsigned nv_kind;         /* an lds_nv_kind (src/smem_desc.h): TMA and
                                 bulk copies, tcgen05.ld/st; 0: none */
    bool to_shared;           /* a bulk copy into shared memory (else out of it) */
    unsigned tmem_lanes;      /* tcgen05.ld/st: TMEM lanes a warp's access spans */
    bool lds_dma;             /* AMD's loads into LDS (global_load_lds_dword,
                                 buffer_load_dword ... lds): a write whose
                                 address is the wave's base + lane x width */
} lds_instruction;

/* Whether name is an instruction (ds_read_b128, ds_load_u16, ds_add_u32,
 * LDS.128, ld.shared.v4.f32, ldmatrix.x4, cp.async, ...), and what. */
bool lds_instruction_lookup(const char *name, unsigned len, lds_instruction *out);
/* The global-memory names (src/instructions_global.c): AMD's
 * global_/buffer_ loads, stores and atomics, SASS's LDG and STG (PTX's
 * ld.global and kin are parsed with ld.shared). */
bool lds_instruction_global(const char *name, unsigned len, lds_instruction *out);

/* A global load made a load into LDS: buffer_load_dword followed by the
 * word lds (AMD's MUBUF lds bit).  False, with ins unchanged, where the
 * width is not one such a load has (1, 2, 4 bytes; 12 and 16 on gfx950). */
bool lds_instruction_to_lds(lds_instruction *ins);
/* cp.async of `width` bytes at cache level `level` (1 .ca, 2 .cg, 0
 * neither): its lds_sim_form, and its note into note. */
unsigned lds_instruction_async_form(unsigned width, int level, char *note, size_t size);

/* The instruction forms that are modelled as something other than the
 * plain access of their width, for --arch-info and lds(5): on whose
 * parts, as what, how sure, and from where. */
typedef struct {
    lds_sim_vendor vendor;
    const char *names;
    const char *modelled_as;
    const char *confidence;   /* "documented" or "inferred" */
    const char *source;
} lds_instruction_form;
extern const lds_instruction_form lds_instruction_forms[];   /* ends with names NULL */

/* Instruction names for "did you mean" (NULL-terminated). */
extern const char *const lds_instruction_examples[];

#endif
