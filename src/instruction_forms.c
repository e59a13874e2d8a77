/* src/instruction_forms.c - the instruction forms modelled as something
 * other than the plain access of their width, for --arch-info and lds(5),
 * INSTRUCTIONS: on whose parts, as what, how sure, and from where. */
#include "src/instructions.h"

const lds_instruction_form lds_instruction_forms[] = {
    { LDS_VENDOR_NVIDIA, "ldmatrix.x1/.x2/.x4, LDSM.16.M88", "b128 reads of lanes 0-7/0-15/0-31, one matrix a phase, "
      "never paired", "measured on sm90, inferred elsewhere",
      "PTX ISA, ldmatrix (lanes 8i..8i+7 give matrix i's 16-byte rows); this project's H200 measurements "
      "(measurements/h200-sm90: 20 patterns, .x1/.x2/.x4 and .trans, swizzled or not, all agree; ldmatrix.x4 @ 0 takes 4)" },
    { LDS_VENDOR_NVIDIA, "stmatrix.x1/.x2/.x4 (sm90+)", "b128 writes of lanes 0-7/0-15/0-31, one matrix a phase",
      "measured on sm90, inferred elsewhere", "PTX ISA, stmatrix; this project's H200 measurements (6 patterns agree)" },
    { LDS_VENDOR_NVIDIA, "cp.async[.ca] b32/b64 (sm80+)",
      "a store of that width whose lanes on one address are never merged", "measured on sm90, inferred elsewhere",
      "this project's H200 measurements (docs/rules.md section 7: 16 lanes on each of two addresses took 32 "
      "wavefronts; measurements/h200-sm90 lines 166-169 agree); the global read is not modelled (cp.async.bulk and TMA: below)" },
    { LDS_VENDOR_NVIDIA, "cp.async[.cg] b128 (sm80+)",
      "one wavefront per distinct 128-byte line, no bank conflict: what Nsight's SASS-level ldgsts counters report; "
      "the hardware LSU counters do not see it. Its limit: where a group of 8 lanes' 16-byte copies straddles a "
      "128-byte line the hardware can take more (one of eleven .cg patterns measured on an H200 took 9 wavefronts "
      "where this rule gives 5); no rule for that is modelled, the record's note says so",
      "measured on sm90 where each 8-lane group stays within a line, inferred elsewhere",
      "this project's H200 measurements (measurements/h200-sm90, lines 170-173; the straddling pattern: issue 52); "
      "cp.async.ca b128 is served as the small copies are (inferred)" },
    { LDS_VENDOR_NVIDIA, "cp.async.bulk.tensor (TMA), cp.async.bulk (sm90+)",
      "the data path, not lanes (which lanes and phases TMA's writes take is not published): one wavefront per "
      "128-byte shared-memory line of the box or bytes, no bank conflict, one instruction a workgroup; the box laid "
      "out as the array's TMA(...) layout", "inferred",
      "PTX ISA, cp.async.bulk.tensor (shared-memory address 128-byte aligned) and cp.async.bulk (16); CUDA Driver "
      "API, cuTensorMapEncodeTiled and CUtensorMapSwizzle (the layout written)" },
    { LDS_VENDOR_NVIDIA, "read_desc: wgmma and tcgen05.mma operands through a shared-memory descriptor",
      "16-byte rows, 8 a core matrix, each core matrix a phase as ldmatrix's matrices; one instruction a workgroup, "
      "under Nsight's op_gmma l1tex names; every element checked against the array's layout", "inferred",
      "PTX ISA, Matrix Descriptor Format (wgmma) and Shared memory descriptor (tcgen05); CuTe's canonical layouts "
      "(make_gmma_desc, make_umma_desc)" },
    { LDS_VENDOR_NVIDIA, "tcgen05.ld, tcgen05.st (sm100)",
      "tensor memory, not counted; checked: warp w of a warpgroup reaches TMEM lanes 32 (w % 4) .. + 31 only, and its "
      "address is one value a warp", "documented", "PTX ISA, tcgen05 tensor memory access restrictions" },
    { LDS_VENDOR_NVIDIA, "atom.shared/red.shared of 64 bits but cas and exch, ATOMS.ADD.64 and kin",
      "a loop: LDS.64, then ATOMS.CAST.SPIN.64 retried by the lanes that failed (after an LDS.64 of those lanes); "
      "the CAS in half-warps, 2 wavefronts each, no bank conflict; a lane fails when its address was updated by "
      "the same instruction or a bank it needs holds another word (lowest lane first)",
      "measured on sm90 (3 patterns, measurements/h200-sm90 lines 131-133), inferred elsewhere",
      "this project's H200 measurements (measurements/h200-sm90): nvcc emits LDS.64 + ATOMS.CAST.SPIN.64 for "
      "atom.shared.add.u64; lane*8: 2 instructions, lane*16: 4, one address: 64" },
    { LDS_VENDOR_AMD, "ds_read2*, ds_write2*, ds_load_2addr*, ds_store_2addr*",
      "two addresses a lane, in the phases of the access of the bytes a lane moves (b64, b128)", "inferred",
      "LLVM AMDGPU documentation (offset0/offset1 in units of the width, x64 for st64); grouping not measured" },
    { LDS_VENDOR_AMD, "ds_read_b64_tr_b16/b8/b4, ds_read_b96_tr_b6 (gfx950), ds_load_tr* (gfx1250)",
      "a read of the width (8, 12, 16 bytes) a lane; the 6-bit forms 16-byte aligned", "inferred",
      "CDNA4 ISA, MFMA transpose loads (each lane reads at its own address); rocRoller's 128-bit padding for b6" },
    { LDS_VENDOR_AMD, "global_load_lds_*, buffer_load_* lds (loads into LDS; dwordx3/x4 gfx950)",
      "a write of the width at the wave's base + lane x width (the base written without lane)",
      "addresses documented, phases inferred",
      "AMD CDNA3 ISA, MUBUF/global loads with the LDS bit (LDS address = M0 + instruction offset + lane id x size); "
      "LLVM AMDGPU assembler (gfx950's global_load_lds_dwordx3/x4); the DMA write path's phases are unpublished" },
    { LDS_VENDOR_NONE, NULL, NULL, NULL, NULL },
};
