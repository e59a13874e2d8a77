/* sim/profile_texts.c - the built-in profiles' texts: where each table
 * entry comes from (its sources), and each profile's title, summary and
 * general sources, looked up by number (lds_sim_text_of). */
#include "sim/profile_texts.h"

/* ---------------------------------------------------------- sources */

#define T_TEXTBOOK_SRC "the textbook model: 32 banks of 4 bytes, one phase per 128 bytes"
#define T_TEXTBOOK_UN_SRC "the textbook model counts every word a lane touches"

#define T_NV_GUIDE "CUDA C++ Programming Guide, compute capability 5.x and later: 32 banks of 4 bytes, one word per bank per pass, same-word broadcast on reads, one writer on writes"
#define T_NV_B64 "128 bytes per shared-memory pass (NVIDIA engineer, NVIDIA developer forum t/77228): a warp's b64 access takes two half-warp passes"
#define T_NV_B128 "NVIDIA GTC 2019 talk S9593: 128-bit accesses are processed in quarter-warps (threads 0-7, 8-15, ...), quoted in Dao-AILab/flash-attention#738"
#define T_NV_B96 "no such instruction: PTX has .v2 and .v4 shared accesses only; a 12-byte element is three b32 instructions"
#define T_NV_SM100_B64 "inferred from sm90 (no Blackwell measurement found): " T_NV_B64
#define T_NV_SM100_B128 "inferred from sm90 (no Blackwell measurement found): " T_NV_B128
#define T_NV_SM120_SRC "inferred from sm100; published Nsight Compute measurements on CC 12.0 (RTX 50) agree with the sm100 tables"
#define T_NV_SM120_B128 "inferred from sm100: which lanes share a pass is not measured on CC 12.0; Nsight Compute on CC 12.0 agrees with the pass count (WingEdge777/vitamin-cuda samples/bank_conflict_ncu: 4 warps of contiguous float4 loads and stores, 16 wavefronts each way, 0 conflicts; at 16,384 blocks the hardware ld counter read 4,004 conflicts in 266,148 wavefronts, the launch-size drift of doc/rules.md section 7)"
#define T_NV_H200 "this project's Nsight Compute measurements on an NVIDIA H200 (measurements/h200-sm90, 2026-11-26)"
#define T_NV_SM90_NARROW T_NV_H200 ": every b8, b16 and b32 load, store and 32-bit atomic pattern agrees with " T_NV_GUIDE
#define T_NV_SM90_B64 T_NV_H200 ": strided and broadcast b64 loads and stores agree with two half-warp passes (" T_NV_B64 ")"
#define T_NV_SM90_B128 T_NV_H200 ": strided and broadcast b128 loads and stores agree with quarter-warp passes (" T_NV_B128 ")"
#define T_NV_PAIR_RULE "b64 and b128 loads whose active lanes pair up on equal addresses (lane n with n^1, or with n^2; a partner that is inactive breaks nothing; one unequal pair cancels it) run as one group of 32 lanes (b64) or two half-warps (b128); n^4, n^8, n^16 do not count; stores never pair"
#define T_NV_PAIR_SM90 T_NV_H200 ": " T_NV_PAIR_RULE
#define T_NV_PAIR_CC7 "NVIDIA developer forum t/77228 (NVIDIA engineer): on CC 7.0-7.5 an LDS.128 whose active threads pair up on equal addresses (T_n == T_n^1, or T_n == T_n^2) takes 2 requests, not 4; the H200 measured the same (measurements/h200-sm90)"
#define T_NV_PAIR_CC7_B64 "inferred for CC 7.x b64 loads from the H200's measurement (b64 pairs too) and the forum's LDS.128 statement (t/77228)"
#define T_NV_PAIR_INF "inferred from sm90 (measurements/h200-sm90; forum t/77228 states it for CC 7.x LDS.128), not measured on this part: " T_NV_PAIR_RULE
#define T_NV_UN_SRC "misaligned b64/b128 addresses are an error (natural alignment required)"

#define T_AMD_HALF_WAVES "AMD GCN and CDNA guides: 32 banks of 4 bytes, lanes 0-31 and 32-63 checked separately; CDNA3 ISA: 32 banks"
#define T_AMD_128B "inferred: 128 bytes a pass, as b32 and b128 (not measured)"
#define T_AMD_CK_WRITE "AMD Composable Kernel docs and ROCm blog 'Avoiding LDS Bank Conflicts on AMD GPUs Using CK-Tile Framework': ds_write_b128 in groups of 8 contiguous lanes"
#define T_GFX942_READ128 "seed 003's SQ_LDS_BANK_CONFLICT counters on MI300 (reproduced); AMD Composable Kernel docs and ROCm CK-Tile blog; Triton #11365"
#define T_NOD_LDS "nod-ai/amd-shark-ai docs/empirical-lds/"
#define T_CDNA3_INFO T_NOD_LDS "cdna3info.md (MI300X): rocprof bank-conflict counts of 64 reads at each stride, and their latency"
#define T_GFX942_READ32 T_CDNA3_INFO ": ds_read_b32 at strides of 4-128 bytes counts 0, 2, 6, 14, 30, 62 a read, two phases of 32 lanes over 32 banks; " T_AMD_HALF_WAVES
#define T_GFX942_READ64 T_CDNA3_INFO ": ds_read_b64 at strides of 8-128 bytes counts 0, 4, 12, 28, 60 a read, four phases of 16 contiguous lanes; timing agrees (tingqli/pyhip archive/bank-conflict: lane groups 0-15, 16-31, 32-47, 48-63 on MI300)"
#define T_GFX942_B96 "inferred: gfx950's measured ds_read_b96 uses gfx942's ds_read_b128 groups over 32 banks (not measured on gfx942)"
#define T_GFX90A_INF "inferred from gfx942 (not measured on MI200)"
#define T_HK "HipKittens LDS phase and bank solvers: rocprofv3 SQ_LDS_BANK_CONFLICT on one wave64 instruction on gfx950 (HazyResearch HipKittens, analysis/paper_experiments/phases/"
#define T_GFX950_READ128 T_HK "ds_read_b128)"
#define T_GFX950_READ96 T_HK "ds_read_b96): 8 lanes a phase, bank period 32 words"
#define T_GFX950_READ64 T_HK "ds_read_b64): 32 contiguous lanes a phase over 64 banks"
#define T_GFX950_WRITE64 T_HK "ds_write_b64): 16 contiguous lanes a phase, bank period 32 words; a wave on one bank counts 60 = 4 x 15"
#define T_GFX950_NARROW "inferred: 64 banks (Triton #9662; HipKittens' bank solver), 256 bytes a pass as ds_read_b64 (not measured for this width)"
#define T_GFX950_WRITE_INF "inferred from gfx942 over 64 banks (not measured; the one measured write, ds_write_b64, runs at a 32-word bank period)"
#define T_AMD_UNALIGNED "HipKittens on gfx950: b128 reads at word 61-63 or 65-67, b64 reads at word 63 or 65 and b96 reads at word 30, 31, 33 or 63, beside a lane at word 0, count 0 bank conflicts; ROCm counter docs: SQ_LDS_UNALIGNED_STALL counts the cycles of unaligned accesses on their own"
#define T_GFX950_WRITE64_UN T_HK "ds_write_b64/bank_results.txt): lane 1 stepped through the words beside lane 0 at word 0 conflicts at words 32, 64 and 96 only, never at the odd words where its 8 bytes straddle an 8-byte boundary: such a lane is left out of the bank check, as in the gfx950 loads"
#define T_AMD_UN_COUNTED_SRC "not measured for this class: a misaligned address counts every word it touches (the rule of gfx950's b64, b96 and b128 loads and its b64 store does not carry over: on gfx942 it broke a measured ck_tile kernel, a tile padded to 34 f16 a row, 786,432 SQ_LDS_BANK_CONFLICT, which counting every word reproduces)"
#define T_RDNA_INF "inferred: 32 banks of 4 bytes a CU as GCN (no RDNA counter measurement found)"
#define T_RDNA3_READ128 "inferred from CDNA3's ds_read_b128 groups (no RDNA3 counter measurement found)"
#define T_RDNA4_READ128 "inferred: 8 contiguous lanes as ds_write_b128 (no RDNA4 counter measurement found)"
#define T_RDNA_TIMED "latency probes (two lanes on one bank slow the read only when they share a phase); no counter measurement: "
#define T_RDNA3_INFO T_NOD_LDS "rdna3info.md (W7900, gfx1100), " T_RDNA_TIMED
#define T_RDNA3_READ32 T_RDNA3_INFO "ds_read_b32 in one phase of 32 lanes over 32 banks (the stride sweep saturates at 128 bytes)"
#define T_RDNA3_READ64 T_RDNA3_INFO "ds_read_b64 in two phases of 16 lanes, 0-15 and 16-31"
#define T_RDNA3_READ128_T T_RDNA3_INFO "ds_read_b128 in four phases of 8 lanes, {0-3,20-23} {4-7,16-19} {8-11,28-31} {12-15,24-27}: CDNA3's groups"
#define T_RDNA4_INFO T_NOD_LDS "rdna4info.md (RX 9070 XT, gfx1201), " T_RDNA_TIMED "rocprof's bank-conflict counters read 0 on gfx1201 (ROCm/rocm-systems#5953); "
#define T_RDNA4_READ32 T_RDNA4_INFO "ds_read_b32 in one phase of 32 lanes over 32 banks"
#define T_RDNA4_READ64 T_RDNA4_INFO "ds_read_b64 in two phases of 16 lanes, 0-15 and 16-31"
#define T_RDNA4_READ128_T T_RDNA4_INFO "ds_read_b128 in four phases of 8 contiguous lanes"
#define T_RDNA2_READ128 "inferred: 8 contiguous lanes as ds_write_b128 (no RDNA2 measurement found; the CDNA3 and RDNA3 groups are not carried back to gfx10)"

#define T_XE_GUIDE "Intel oneAPI GPU Optimization Guide, 'Shared Local Memory': 16 banks of 4 bytes; Intel OpenCL guide: writes to one bank always serialise"
#define T_XE_WIDE "inferred: 64 bytes a pass, as b32 (not documented)"
#define T_XE_UN_SRC "every word a lane touches counts"

#define T_GFX908_LDS "AMD Instinct MI100 ISA reference guide (CDNA1, 2020), Data Share Operations, and ROCm's MI100 microarchitecture page: 64 KiB of LDS a CU in 32 banks of 4 bytes, as on GCN; " T_AMD_HALF_WAVES
#define T_GFX908_INF "inferred from gfx942 (the same 32-bank LDS; not measured on MI100)"
#define T_GFX1250_INF "inferred: 64 banks of 4 bytes (ROCm's HIP hardware-implementation notes give 64 banks from CDNA4 on) and 256 bytes a pass as gfx950, so a wave32's b8-b64 access in one phase and b96/b128 in phases of 16 lanes; no gfx1250 measurement found"
#define T_GFX1250_PARTITIONS "ROCm/rocm-libraries#9388 (hipBLASLt on gfx1250): the 320 KiB LDS is 5 segments of 64 KiB reached through ports that pairs of SIMDs share; waves of two SIMD pairs reading one segment at once serialise at its port (a segment conflict); triton-lang/triton#9314, #9741, #10145 lay tensors out in separate partitions to avoid it. A conflict is between waves running at the same time, which lds-calc (one wave at a time) does not count"
#define T_GFX1250_SRC "LLVM AMDGPU (gfx1250: 320 KiB of LDS a workgroup, wave32, ds_load_tr*); ROCm/rocm-libraries#9388 (5 x 64 KiB segments); the bank tables inferred"

#define T_GEN9_GUIDE "Intel OpenCL developer guide for Intel Processor Graphics (Gen9-Gen11): SLM in 16 banks of 4 bytes, 64 bytes a clock; reading one address in a bank is a broadcast, different addresses in one bank conflict, and writes to one bank always conflict, even to one address"
#define T_XE2_NARROW "inferred for Xe2: Intel oneAPI GPU Optimization Guide, 'Shared Local Memory' (16 banks of 4 bytes); intel/sycl-tla#631 notes that the guide's 4-byte bank width may not be Xe2's. Same-address writes: the OpenCL guide (Gen9-Gen11) says writes to one bank always conflict, even to one address, while the oneAPI guide describes a conflict as different addresses in one bank; the guides disagree, and lds-calc follows the explicit statement (writes never merge; set write_merge yes for the other reading)"
#define T_XE2_WIDE "inferred from intel/sycl-tla#631: blocked 128-bit SLM stores (store.slm.d32x4, d64x2: a work-item's 16 bytes together) conflict where striped ones do not, which a lane's words served together in 64-byte passes would not give; served as the registers hold them, the k-th word of all 16 lanes together, one pass a word (no counter measured)"
#define T_XE_HPC_BANKS "Intel engineers in intel/intel-xpu-backend-for-triton#2769 and #2797: Ponte Vecchio's SLM has 64 banks of 8 bytes; the oneAPI GPU Optimization Guide states 4-byte banks (intel/sycl-tla#631 doubts that part of the guide): the sources disagree, lds-calc follows the engineers. Same-address writes: the OpenCL guide says writes to one bank always conflict, the oneAPI guide describes conflicts as different addresses; lds-calc keeps writes unmerged"
#define T_XE_HPC_WIDE "inferred: 16 lanes x 16 bytes fit one 512-byte pass of 64 x 8-byte banks; intel/sycl-tla#631 reports conflicts for blocked 128-bit SLM stores on BMG/PVC, which this geometry does not give (unresolved, not measured)"

/* ------------------------------------------------- titles, summaries */

#define T_GENERIC_TITLE "textbook 32-bank shared memory"
#define T_GENERIC_SUMMARY "textbook"
#define T_SM70_TITLE "NVIDIA Volta (V100)"
#define T_SM75_TITLE "NVIDIA Turing"
#define T_SM80_TITLE "NVIDIA Ampere (A100)"
#define T_SM86_TITLE "NVIDIA Ampere (GA10x)"
#define T_SM89_TITLE "NVIDIA Ada Lovelace"
#define T_SM90_TITLE "NVIDIA Hopper (H100, H200)"
#define T_SM100_TITLE "NVIDIA Blackwell (B200)"
#define T_SM120_TITLE "NVIDIA consumer Blackwell (RTX 50)"
#define T_GFX90A_TITLE "AMD Instinct MI200 (CDNA2)"
#define T_GFX942_TITLE "AMD Instinct MI300 (CDNA3)"
#define T_GFX950_TITLE "AMD Instinct MI350/MI355 (CDNA4)"
#define T_RDNA2_TITLE "AMD RDNA2 (gfx1030: RX 6800/6900), wave32"
#define T_RDNA3_TITLE "AMD RDNA3 (gfx11), wave32"
#define T_RDNA4_TITLE "AMD RDNA4 (gfx12), wave32"
#define T_XE_TITLE "Intel Arc (Xe-HPG), SIMD16"
#define T_GFX908_TITLE "AMD Instinct MI100 (CDNA1)"
#define T_GFX1250_TITLE "AMD gfx1250 (LLVM target), wave32, LDS in 5 partitions"
#define T_GEN9_TITLE "Intel Processor Graphics Gen9/Gen11, SIMD16"
#define T_XE2_TITLE "Intel Xe2 (Battlemage, Lunar Lake), SIMD16"
#define T_XE_HPC_TITLE "Intel Xe-HPC (Data Center GPU Max, Ponte Vecchio), SIMD16"
#define T_GFX908_SUMMARY "documented b32 (32 banks); wide tables inferred from gfx942"
#define T_GFX1250_SUMMARY "inferred tables (64 banks); documented 5 x 64 KiB partitions, not counted"
#define T_GEN9_SUMMARY "documented for b32 (16 banks x 4 B, OpenCL guide); writes never merge"
#define T_XE2_SUMMARY "inferred (16 banks x 4 B; wide accesses a word at a time); writes never merge"
#define T_XE_HPC_SUMMARY "documented 64 banks x 8 B (Intel engineers; the oneAPI guide says 4 B); writes never merge"
#define T_GFX90A_SUMMARY "inferred from gfx942 beyond b32"
#define T_GFX942_SUMMARY "measured b32/b64/b128 reads; documented b32 and b128 writes"
#define T_GFX950_SUMMARY "measured reads b64/b96/b128 and write b64; the rest inferred"
#define T_RDNA2_SUMMARY "inferred (32 banks of 4 bytes a CU are documented for GCN; no RDNA2 counter measurement found)"
#define T_XE_SUMMARY "documented for b32 (16 banks x 4 B); writes never merge"
#define T_RDNA_SUMMARY "inferred (no RDNA counter measurement found)"
#define T_RDNA_TIMED_SUMMARY "b32/b64/b128 reads timed by latency probes (nod-ai); no counters; the rest inferred"
#define T_GFX90A_SRC T_AMD_HALF_WAVES "; wide tables inferred from gfx942"
#define T_GFX942_SRC T_AMD_HALF_WAVES "; " T_AMD_CK_WRITE "; " T_GFX942_READ128
#define T_GFX950_SRC "HipKittens gfx950 LDS measurements; Triton #9662 (64 banks) and #11365 (b128 groups)"
#define T_GFX950_ATOMIC64 "inferred from ds_read_b64 (not measured for atomics)"
#define T_NV_CC7 "documented (CUDA guide, NVIDIA talks and engineers, the LDS.128 pair rule); b64 pairing inferred from the H200"
#define T_NV_DOCUMENTED "documented (CUDA guide, NVIDIA talks and engineers); the H200's pair rule inferred"
#define T_NV_NEWER "documented for b32 (CUDA guide); wide tables and the pair rule inferred from sm90"
#define T_NV_MEASURED "measured (H200, Nsight Compute: b8-b128 loads and stores, atomics, ldmatrix, stmatrix, cp.async)"
#define T_GFX942_READ2_B64 "AMD engineers' LDS guide (as this project's docs/rules.md section 7 quotes it; not located in this session's stored sources): each of a lane's two 8-byte reads of ds_read2_b64 is served in its own 16-lane phase; documented, not measured"

static const char *const texts[] = {
    [LDS_SIM_TEXT_SET] = "set in the program",
    [LDS_SIM_TEXT_32C] = "32c",
    [LDS_SIM_TEXT_16C] = "16c",
#define TEXT_STRING(name) [name] = T_##name,
    PROFILE_TEXTS(TEXT_STRING)
#undef TEXT_STRING
};

const char *lds_sim_text_of(lds_sim_text t)
{
    return t < PROFILE_TEXTS_END ? texts[t] : NULL;
}
