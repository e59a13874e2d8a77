/* sim/profile.c - the built-in hardware profiles (doc/rules.md section 4).
 *
 * Every entry - one instruction class of one part - carries its lane-phase
 * table, its bank period, a confidence and a source.  "measured" is kept
 * for entries that reproduce hardware counters on that part; anything
 * carried over from another part or width is "inferred", and says from
 * where. */
#include "sim/profile.h"
#include "sim/profile_texts.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#define KIB 1024u

/* One entry: phases, bank period (0: the profile's banks), confidence,
 * source, then its rules (UN, PAIR) as designated initializers. */
#define E(ph, bk, conf, src, ...) { .phases = ph, .banks = bk, .confidence = LDS_CONF_##conf, .source = src, __VA_ARGS__ }
/* Whether misaligned addresses are left out of the bank check, and why. */
#define UN(free, conf, src) .unaligned_free = free, .unaligned = { LDS_CONF_##conf, src }
/* The pair rule's phases, and why. */
#define PAIR(ph, conf, src) .paired = ph, .pair = { LDS_CONF_##conf, src }
/* One kind's entries: b8/b16, b32, b64, b96, b128. */
#define ROW(b16, b32, b64, b96, b128) { b16, b32, b64, b96, b128 }

/* Each vendor's rule for misaligned addresses.  Every name given as a
 * source here is a text of sim/profile_texts.c, by number. */
#define TEXTBOOK_UN UN(false, TEXTBOOK, TEXTBOOK_UN_SRC)
#define NV_UN UN(false, DOCUMENTED, NV_UN_SRC)
#define AMD_UN_FREE UN(true, MEASURED, AMD_UNALIGNED)
#define AMD_UN_COUNTED UN(false, INFERRED, AMD_UN_COUNTED_SRC)
#define XE_UN UN(false, DOCUMENTED, XE_UN_SRC)

/* --------------------------------------------------------- geometry */

#define TB(ph) E(ph, 0, TEXTBOOK, TEXTBOOK_SRC, TEXTBOOK_UN)
#define TEXTBOOK_ROW(b128) ROW(TB("32c"), TB("32c"), TB("16c"), TB("8c"), TB(b128))
#define TEXTBOOK_GEOMETRY { TEXTBOOK_ROW("8c"), TEXTBOOK_ROW("8c"), TEXTBOOK_ROW("8c") }

/* NVIDIA: wide/src64/src128 give the b64 and b128 entries' standing;
 * the loads carry the pair rule with its confidence and source for b64
 * (c64, s64) and b128 (c128, s128); stores and atomics never pair. */
#define NV_ROW(narrow, nsrc, wide, src64, src128) \
    ROW(E("32c", 0, narrow, nsrc, NV_UN), E("32c", 0, narrow, nsrc, NV_UN), \
        E("16c", 0, wide, src64, NV_UN), E("8c", 0, DOCUMENTED, NV_B96, NV_UN), E("8c", 0, wide, src128, NV_UN))
#define NV_READ_ROW(narrow, nsrc, wide, src64, src128, c64, s64, c128, s128) \
    ROW(E("32c", 0, narrow, nsrc, NV_UN), E("32c", 0, narrow, nsrc, NV_UN), \
        E("16c", 0, wide, src64, NV_UN, PAIR(LDS_SIM_TEXT_32C, c64, s64)), E("8c", 0, DOCUMENTED, NV_B96, NV_UN), \
        E("8c", 0, wide, src128, NV_UN, PAIR(LDS_SIM_TEXT_16C, c128, s128)))
/* Atomics of 64 bits and more are as the guide describes them on every
 * part: only b32 atomics were measured (on sm90). */
#define NV_GEOMETRY(narrow, nsrc, wide, src64, src128, c64, s64, c128, s128) \
    { NV_READ_ROW(narrow, nsrc, wide, src64, src128, c64, s64, c128, s128), \
      NV_ROW(narrow, nsrc, wide, src64, src128), NV_ROW(narrow, nsrc, DOCUMENTED, NV_B64, NV_B128) }

/* The AMD non-contiguous ds_read_b128 groups (CK docs, Triton #11365). */
#define GFX942_B128_READ "0-3,20-23|4-7,16-19|8-11,28-31|12-15,24-27"
#define GFX950_B128_READ "0-3,12-15,20-23,24-27|4-7,8-11,16-19,28-31"

/* gfx942, and the parts inferred from it: nconf/nsrc give the b8-b32
 * entries' standing on that part, rconf/rsrc the b128 reads', wconf/wsrc
 * the b128 writes'.  Atomics use the read tables. */
#define CDNA3_READ_ROW(nconf, nsrc, c32, s32, c64, s64, rconf, rsrc) \
    ROW(E("32c", 0, nconf, nsrc, AMD_UN_COUNTED), E("32c", 0, c32, s32, AMD_UN_COUNTED), \
        E("16c", 0, c64, s64, AMD_UN_COUNTED), E(GFX942_B128_READ, 0, INFERRED, GFX942_B96, AMD_UN_COUNTED), \
        E(GFX942_B128_READ, 0, rconf, rsrc, AMD_UN_COUNTED))
/* ... and c32/s32, c64/s64 the b32 and b64 reads' (measured on gfx942). */
#define CDNA3_GEOMETRY(nconf, nsrc, c32, s32, c64, s64, rconf, rsrc, wconf, wsrc) \
    { CDNA3_READ_ROW(nconf, nsrc, c32, s32, c64, s64, rconf, rsrc), \
      ROW(E("32c", 0, nconf, nsrc, AMD_UN_COUNTED), E("32c", 0, nconf, nsrc, AMD_UN_COUNTED), \
          E("16c", 0, INFERRED, AMD_128B, AMD_UN_COUNTED), E("8c", 0, INFERRED, AMD_128B, AMD_UN_COUNTED), \
          E("8c", 0, wconf, wsrc, AMD_UN_COUNTED)), \
      CDNA3_READ_ROW(nconf, nsrc, nconf, nsrc, INFERRED, AMD_128B, rconf, rsrc) }

#define GFX950_GEOMETRY \
    { ROW(E("32c", 0, INFERRED, GFX950_NARROW, AMD_UN_COUNTED), E("64c", 0, INFERRED, GFX950_NARROW, AMD_UN_COUNTED), \
          E("32c", 0, MEASURED, GFX950_READ64, AMD_UN_FREE), \
          E(GFX942_B128_READ, 32, MEASURED, GFX950_READ96, AMD_UN_FREE), \
          E(GFX950_B128_READ, 0, MEASURED, GFX950_READ128, AMD_UN_FREE)), \
      ROW(E("32c", 0, INFERRED, GFX950_WRITE_INF, AMD_UN_COUNTED), E("64c", 0, INFERRED, GFX950_WRITE_INF, AMD_UN_COUNTED), \
          E("16c", 32, MEASURED, GFX950_WRITE64, UN(true, MEASURED, GFX950_WRITE64_UN)), \
          E("16c", 0, INFERRED, GFX950_WRITE_INF, AMD_UN_COUNTED), \
          E("8c", 0, INFERRED, GFX950_WRITE_INF, AMD_UN_COUNTED)), \
      ROW(E("32c", 0, INFERRED, GFX950_NARROW, AMD_UN_COUNTED), E("64c", 0, INFERRED, GFX950_NARROW, AMD_UN_COUNTED), \
          E("32c", 0, INFERRED, GFX950_ATOMIC64, AMD_UN_COUNTED), \
          E(GFX942_B128_READ, 32, INFERRED, GFX950_READ96, AMD_UN_COUNTED), \
          E(GFX950_B128_READ, 0, INFERRED, GFX950_READ128, AMD_UN_COUNTED)) }

#define RDNA_ROW(b128, b128src) \
    ROW(E("32c", 0, INFERRED, RDNA_INF, AMD_UN_COUNTED), E("32c", 0, INFERRED, RDNA_INF, AMD_UN_COUNTED), \
        E("16c", 0, INFERRED, RDNA_INF, AMD_UN_COUNTED), E("8c", 0, INFERRED, RDNA_INF, AMD_UN_COUNTED), \
        E(b128, 0, INFERRED, b128src, AMD_UN_COUNTED))
#define RDNA_GEOMETRY(read128, read128src) \
    { RDNA_ROW(read128, read128src), RDNA_ROW("8c", RDNA_INF), RDNA_ROW(read128, read128src) }
/* RDNA3 and RDNA4: the b32, b64 and b128 reads timed by latency probes
 * (s32, s64, s128), the rest inferred. */
#define RDNA_TIMED_GEOMETRY(read128, s32, s64, s128, inf128) \
    { ROW(E("32c", 0, INFERRED, RDNA_INF, AMD_UN_COUNTED), E("32c", 0, TIMED, s32, AMD_UN_COUNTED), \
          E("16c", 0, TIMED, s64, AMD_UN_COUNTED), E("8c", 0, INFERRED, RDNA_INF, AMD_UN_COUNTED), \
          E(read128, 0, TIMED, s128, AMD_UN_COUNTED)), \
      RDNA_ROW("8c", RDNA_INF), RDNA_ROW(read128, inf128) }

/* gfx1250: 64 banks (as gfx950) and wave32, 256 bytes a pass: b8-b64
 * in one phase of the wave, b96/b128 in phases of 16 lanes; all inferred. */
#define GFX1250_ROW(src) \
    ROW(E("32c", 0, INFERRED, src, AMD_UN_COUNTED), E("32c", 0, INFERRED, src, AMD_UN_COUNTED), \
        E("32c", 0, INFERRED, src, AMD_UN_COUNTED), E("16c", 0, INFERRED, src, AMD_UN_COUNTED), \
        E("16c", 0, INFERRED, src, AMD_UN_COUNTED))
#define GFX1250_GEOMETRY { GFX1250_ROW(GFX1250_INF), GFX1250_ROW(GFX1250_INF), GFX1250_ROW(GFX1250_INF) }

#define XE_ROW \
    ROW(E("16c", 0, DOCUMENTED, XE_GUIDE, XE_UN), E("16c", 0, DOCUMENTED, XE_GUIDE, XE_UN), \
        E("8c", 0, INFERRED, XE_WIDE, XE_UN), E("4c", 0, INFERRED, XE_WIDE, XE_UN), E("4c", 0, INFERRED, XE_WIDE, XE_UN))

/* Intel's newer parts: b8-b32 as the guide's 16 banks x 4 bytes (nconf,
 * nsrc), the wider classes served a word at a time across the SIMD16
 * phase (wsrc: sycl-tla #631's blocked 128-bit stores conflict). */
#define XE_WS(conf, src) E("16c", 0, conf, src, XE_UN, .word_steps = true)
#define XE2_ROW \
    ROW(E("16c", 0, INFERRED, XE2_NARROW, XE_UN), E("16c", 0, INFERRED, XE2_NARROW, XE_UN), \
        XE_WS(INFERRED, XE2_WIDE), XE_WS(INFERRED, XE2_WIDE), XE_WS(INFERRED, XE2_WIDE))
/* Xe-HPC: 64 banks of 8 bytes (Intel engineers), one SIMD16 phase for
 * every width (16 lanes x 16 bytes fit one 512-byte pass). */
#define XE_HPC_ROW \
    ROW(E("16c", 0, DOCUMENTED, XE_HPC_BANKS, XE_UN), E("16c", 0, DOCUMENTED, XE_HPC_BANKS, XE_UN), \
        E("16c", 0, INFERRED, XE_HPC_WIDE, XE_UN), E("16c", 0, INFERRED, XE_HPC_WIDE, XE_UN), \
        E("16c", 0, INFERRED, XE_HPC_WIDE, XE_UN))
/* Gen9-Gen11: the OpenCL guide's 16 banks x 4 bytes, documented for b32. */
#define GEN9_ROW \
    ROW(E("16c", 0, DOCUMENTED, GEN9_GUIDE, XE_UN), E("16c", 0, DOCUMENTED, GEN9_GUIDE, XE_UN), \
        E("8c", 0, INFERRED, XE_WIDE, XE_UN), E("4c", 0, INFERRED, XE_WIDE, XE_UN), E("4c", 0, INFERRED, XE_WIDE, XE_UN))
#define INTEL(nm, what, bk, bb, kib, row, summ, src) \
    { .name = nm, .vendor = LDS_VENDOR_INTEL, .global = LDS_GLOBAL_INTEL, .title = what, .banks = bk, .bank_bytes = bb, \
      .wave = 16, .lds_bytes = (kib) * KIB, .write_merge = false, .natural_align = false, .has_b96 = true, \
      .max_atomic = 8, .r2 = LDS_R2_WORD, .r3 = LDS_R3_PHASES, .geometry = { row, row, row }, .summary = summ, \
      .source = src }

/* ---------------------------------------------------------- profiles */

#define NV(nm, tgt, kib, atomic, narrow, nsrc, wide, src64, src128, c64, s64, c128, s128, what, summ) \
    { .name = nm, .vendor = LDS_VENDOR_NVIDIA, .global = LDS_GLOBAL_NVIDIA, .target = tgt, .title = what, .banks = 32, .bank_bytes = 4, .wave = 32, .lds_bytes = (kib) * KIB, \
      .write_merge = true, .natural_align = true, .has_b96 = false, .max_atomic = atomic, \
      .r2 = LDS_R2_WORD, .r3 = LDS_R3_PHASES, .geometry = NV_GEOMETRY(narrow, nsrc, wide, src64, src128, c64, s64, c128, s128), \
      .summary = summ, \
      .source = NV_GUIDE }


/* read2: the ds_read2_b64 entry (NO_READ2: as the b128 read of its bytes) */
/* tgt: the processor (rdna3: gfx1100, its first); gm: the global model;
 * g11: the gfx11+ instruction spellings. */
#define AMD(nm, tgt, gm, g11, bk, wv, kib, geom, what, summ, src, read2) \
    { .name = nm, .vendor = LDS_VENDOR_AMD, .global = LDS_GLOBAL_##gm, .target = tgt, .gfx11_names = g11, .title = what, .banks = bk, .bank_bytes = 4, .wave = wv, .lds_bytes = (kib) * KIB, \
      .write_merge = true, .natural_align = false, .has_b96 = true, .max_atomic = 8, \
      .r2 = LDS_R2_WORD, .r3 = LDS_R3_PHASES, .geometry = geom, .summary = summ, .source = src, .read2_b64 = read2 }
#define NO_READ2 { .phases = "" }

static const lds_sim_profile profiles[] = {
    { .name = "generic", .vendor = LDS_VENDOR_NONE, .global = LDS_GLOBAL_TEXTBOOK, .title = GENERIC_TITLE, .banks = 32, .bank_bytes = 4, .wave = 32,
      .lds_bytes = 64 * KIB, .write_merge = true, .natural_align = false, .has_b96 = true, .max_atomic = 8,
      .r2 = LDS_R2_WORD, .r3 = LDS_R3_PHASES, .geometry = TEXTBOOK_GEOMETRY,
      .summary = GENERIC_SUMMARY, .source = TEXTBOOK_SRC },
    NV("sm70", "sm_70", 96, 8, DOCUMENTED, NV_GUIDE, DOCUMENTED, NV_B64, NV_B128, INFERRED, NV_PAIR_CC7_B64, DOCUMENTED, NV_PAIR_CC7,
       SM70_TITLE, NV_CC7),
    NV("sm75", "sm_75", 64, 8, DOCUMENTED, NV_GUIDE, DOCUMENTED, NV_B64, NV_B128, INFERRED, NV_PAIR_CC7_B64, DOCUMENTED, NV_PAIR_CC7,
       SM75_TITLE, NV_CC7),
    NV("sm80", "sm_80", 164, 8, DOCUMENTED, NV_GUIDE, DOCUMENTED, NV_B64, NV_B128, INFERRED, NV_PAIR_INF, INFERRED, NV_PAIR_INF,
       SM80_TITLE, NV_DOCUMENTED),
    NV("sm86", "sm_86", 100, 8, DOCUMENTED, NV_GUIDE, DOCUMENTED, NV_B64, NV_B128, INFERRED, NV_PAIR_INF, INFERRED, NV_PAIR_INF,
       SM86_TITLE, NV_DOCUMENTED),
    NV("sm89", "sm_89", 100, 8, DOCUMENTED, NV_GUIDE, DOCUMENTED, NV_B64, NV_B128, INFERRED, NV_PAIR_INF, INFERRED, NV_PAIR_INF,
       SM89_TITLE, NV_DOCUMENTED),
    NV("sm90", "sm_90", 228, 16, MEASURED, NV_SM90_NARROW, MEASURED, NV_SM90_B64, NV_SM90_B128, MEASURED, NV_PAIR_SM90, MEASURED, NV_PAIR_SM90,
       SM90_TITLE, NV_MEASURED),
    NV("sm100", "sm_100", 228, 16, DOCUMENTED, NV_GUIDE, INFERRED, NV_SM100_B64, NV_SM100_B128, INFERRED, NV_PAIR_INF, INFERRED, NV_PAIR_INF,
       SM100_TITLE, NV_NEWER),
    NV("sm120", "sm_120", 100, 16, DOCUMENTED, NV_GUIDE, INFERRED, NV_SM120_SRC, NV_SM120_B128, INFERRED, NV_PAIR_INF, INFERRED, NV_PAIR_INF,
       SM120_TITLE, NV_NEWER),
    AMD("gfx908", "gfx908", CDNA2, false, 32, 64, 64,
        CDNA3_GEOMETRY(DOCUMENTED, GFX908_LDS, DOCUMENTED, GFX908_LDS, INFERRED, AMD_128B, INFERRED, GFX908_INF,
                       INFERRED, GFX908_INF),
        GFX908_TITLE, GFX908_SUMMARY, GFX908_LDS, NO_READ2),
        AMD("gfx90a", "gfx90a", CDNA2, false, 32, 64, 64,
        CDNA3_GEOMETRY(DOCUMENTED, AMD_HALF_WAVES, DOCUMENTED, AMD_HALF_WAVES, INFERRED, AMD_128B, INFERRED, GFX90A_INF,
                       INFERRED, GFX90A_INF),
        GFX90A_TITLE, GFX90A_SUMMARY,
        GFX90A_SRC, NO_READ2),
    AMD("gfx942", "gfx942", CDNA3, false, 32, 64, 64,
        CDNA3_GEOMETRY(DOCUMENTED, AMD_HALF_WAVES, MEASURED, GFX942_READ32, MEASURED, GFX942_READ64, MEASURED,
                       GFX942_READ128, DOCUMENTED, AMD_CK_WRITE),
        GFX942_TITLE, GFX942_SUMMARY,
        GFX942_SRC,
        E("16c", 0, DOCUMENTED, GFX942_READ2_B64, AMD_UN_COUNTED, .per_address = true)),
    AMD("gfx950", "gfx950", CDNA3, false, 64, 64, 160, GFX950_GEOMETRY, GFX950_TITLE,
        GFX950_SUMMARY,
        GFX950_SRC, NO_READ2),
    { .name = "gfx1250", .vendor = LDS_VENDOR_AMD, .global = LDS_GLOBAL_CDNA3, .target = "gfx1250", .gfx11_names = true,
      .title = GFX1250_TITLE, .banks = 64, .bank_bytes = 4, .wave = 32, .lds_bytes = 320 * KIB, .write_merge = true,
      .natural_align = false, .has_b96 = true, .max_atomic = 8, .r2 = LDS_R2_WORD, .r3 = LDS_R3_PHASES,
      .geometry = GFX1250_GEOMETRY, .partitions = 5, .partition_bytes = 64 * KIB,
      .partition = { LDS_CONF_DOCUMENTED, GFX1250_PARTITIONS }, .summary = GFX1250_SUMMARY, .source = GFX1250_SRC },
        AMD("rdna2", "gfx1030", RDNA, false, 32, 32, 64, RDNA_GEOMETRY("8c", RDNA2_READ128), RDNA2_TITLE,
        RDNA2_SUMMARY, RDNA_INF,
        NO_READ2),
    AMD("rdna3", "gfx1100", RDNA, true, 32, 32, 64,
        RDNA_TIMED_GEOMETRY(GFX942_B128_READ, RDNA3_READ32, RDNA3_READ64, RDNA3_READ128_T, RDNA3_READ128), RDNA3_TITLE,
        RDNA_TIMED_SUMMARY, RDNA_INF, NO_READ2),
    AMD("rdna4", "gfx1200", RDNA, true, 32, 32, 64,
        RDNA_TIMED_GEOMETRY("8c", RDNA4_READ32, RDNA4_READ64, RDNA4_READ128_T, RDNA4_READ128), RDNA4_TITLE,
        RDNA_TIMED_SUMMARY, RDNA_INF, NO_READ2),
    INTEL("gen9", GEN9_TITLE, 16, 4, 64, GEN9_ROW, GEN9_SUMMARY, GEN9_GUIDE),
        { .name = "xe-hpg", .vendor = LDS_VENDOR_INTEL, .global = LDS_GLOBAL_INTEL, .title = XE_TITLE, .banks = 16, .bank_bytes = 4, .wave = 16,
      .lds_bytes = 64 * KIB, .write_merge = false, .natural_align = false, .has_b96 = true, .max_atomic = 8,
      .r2 = LDS_R2_WORD, .r3 = LDS_R3_PHASES, .geometry = { XE_ROW, XE_ROW, XE_ROW },
      .summary = XE_SUMMARY, .source = XE_GUIDE },
    INTEL("xe2", XE2_TITLE, 16, 4, 128, XE2_ROW, XE2_SUMMARY, XE2_NARROW),
    INTEL("xe-hpc", XE_HPC_TITLE, 64, 8, 128, XE_HPC_ROW, XE_HPC_SUMMARY, XE_HPC_BANKS),
};

unsigned lds_sim_profile_count(void)
{
    return (unsigned)(sizeof profiles / sizeof profiles[0]);
}

const lds_sim_profile *lds_sim_profile_at(unsigned i)
{
    return i < lds_sim_profile_count() ? &profiles[i] : NULL;
}

/* Other names for the profiles: nvcc's and LLVM's target names, the
 * architecture families, and products (each product's architecture from
 * its vendor's specification pages).  Looked up case-insensitively with
 * blanks, '-', '_' and '.' dropped, so "RX 7900 XTX", "sm_90a" and
 * "MI300X" all match. */
static const struct { const char *alias, *profile; } aliases[] = {
    { "volta", "sm70" }, { "V100", "sm70" }, { "turing", "sm75" }, { "T4", "sm75" }, { "RTX 2080", "sm75" },
    { "A100", "sm80" }, { "A30", "sm80" }, { "A10", "sm86" }, { "A40", "sm86" }, { "RTX 3090", "sm86" },
    { "RTX A6000", "sm86" }, { "ada", "sm89" }, { "L4", "sm89" }, { "L40", "sm89" }, { "L40S", "sm89" },
    { "RTX 4090", "sm89" }, { "hopper", "sm90" }, { "H100", "sm90" }, { "H200", "sm90" }, { "H800", "sm90" },
    { "GH200", "sm90" }, { "B200", "sm100" }, { "GB200", "sm100" }, { "B100", "sm100" },
    { "RTX 5090", "sm120" }, { "RTX 5080", "sm120" }, { "RTX 5070", "sm120" }, { "RTX PRO 6000", "sm120" },
    { "cdna2", "gfx90a" }, { "MI200", "gfx90a" }, { "MI210", "gfx90a" }, { "MI250", "gfx90a" },
    { "MI250X", "gfx90a" }, { "cdna3", "gfx942" }, { "gfx940", "gfx942" }, { "gfx941", "gfx942" },
    { "MI300", "gfx942" }, { "MI300X", "gfx942" }, { "MI300A", "gfx942" }, { "MI325X", "gfx942" },
    { "cdna4", "gfx950" }, { "MI350", "gfx950" }, { "MI350X", "gfx950" }, { "MI355X", "gfx950" },
    { "gfx1030", "rdna2" }, { "gfx1031", "rdna2" }, { "gfx1032", "rdna2" }, { "RX 6800", "rdna2" },
    { "RX 6800 XT", "rdna2" }, { "RX 6900 XT", "rdna2" }, { "RX 6700 XT", "rdna2" }, { "gfx1100", "rdna3" }, { "gfx1101", "rdna3" }, { "gfx1102", "rdna3" }, { "gfx1103", "rdna3" },
    { "gfx1150", "rdna3" }, { "gfx1151", "rdna3" }, { "RX 7900 XTX", "rdna3" }, { "RX 7900 XT", "rdna3" },
    { "RX 7900 GRE", "rdna3" }, { "RX 7800 XT", "rdna3" }, { "RX 7600", "rdna3" }, { "W7900", "rdna3" },
    { "gfx1200", "rdna4" }, { "gfx1201", "rdna4" }, { "RX 9070 XT", "rdna4" }, { "RX 9070", "rdna4" },
    { "RX 9060 XT", "rdna4" }, { "xe", "xe-hpg" }, { "Arc A770", "xe-hpg" }, { "Arc A750", "xe-hpg" },
    { "A770", "xe-hpg" }, { "dg2", "xe-hpg" }, { "acm-g10", "xe-hpg" },
    { "cdna", "gfx908" }, { "cdna1", "gfx908" }, { "MI100", "gfx908" }, { "arcturus", "gfx908" },
    { "gen11", "gen9" }, { "skylake", "gen9" }, { "kaby lake", "gen9" }, { "coffee lake", "gen9" }, { "ice lake", "gen9" },
    { "UHD 630", "gen9" }, { "HD 530", "gen9" }, { "Iris Plus", "gen9" },
    { "xe2-hpg", "xe2" }, { "xe2-lpg", "xe2" }, { "bmg", "xe2" }, { "battlemage", "xe2" }, { "lunar lake", "xe2" },
    { "lnl", "xe2" }, { "Arc B580", "xe2" }, { "Arc B570", "xe2" }, { "B580", "xe2" }, { "Arc Pro B60", "xe2" },
    { "pvc", "xe-hpc" }, { "ponte vecchio", "xe-hpc" }, { "Max 1550", "xe-hpc" }, { "Max 1100", "xe-hpc" },
    { "Data Center GPU Max", "xe-hpc" },
};

/* Lower case, blanks - _ . dropped; false if it does not fit. */
static bool normalize(const char *in, char *out, size_t size)
{
    size_t n = 0;
    for (; *in; in++) {
        if (*in == ' ' || *in == '-' || *in == '_' || *in == '.' || *in == '\t')
            continue;
        if (n + 1 >= size)
            return false;
        out[n++] = (char)tolower((unsigned char)*in);
    }
    out[n] = '\0';
    return true;
}

static const lds_sim_profile *find_normalized(const char *key)
{
    char norm[64];
    for (unsigned i = 0; i < lds_sim_profile_count(); i++)
        if (normalize(profiles[i].name, norm, sizeof norm) && !strcmp(norm, key))
            return &profiles[i];
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (normalize(aliases[i].alias, norm, sizeof norm) && !strcmp(norm, key))
            return lds_sim_profile_find(aliases[i].profile);
    return NULL;
}

const lds_sim_profile *lds_sim_profile_find(const char *name)
{
    for (unsigned i = 0; i < lds_sim_profile_count(); i++)
        if (strcmp(profiles[i].name, name) == 0)
            return &profiles[i];
    char key[64];
    if (!normalize(name, key, sizeof key) || !key[0])
        return NULL;
    const lds_sim_profile *p = find_normalized(key);
    if (p)
        return p;
    /* nvcc: compute_90 is sm_90; sm_90a and sm_100f are sm90 and sm100
     * (the suffix adds instructions, not a different shared memory) */
    if (!strncmp(key, "compute", 7)) {
        memmove(key + 2, key + 7, strlen(key + 7) + 1);
        key[0] = 's', key[1] = 'm';
        if ((p = find_normalized(key)) != NULL)
            return p;
    }
    size_t n = strlen(key);
    if (n > 3 && !strncmp(key, "sm", 2) && (key[n - 1] == 'a' || key[n - 1] == 'f') && isdigit((unsigned char)key[n - 2])) {
        key[n - 1] = '\0';
        return find_normalized(key);
    }
    return NULL;
}

const char *lds_sim_profile_alias_at(unsigned i, const char **profile)
{
    if (i >= sizeof aliases / sizeof aliases[0])
        return NULL;
    if (profile)
        *profile = aliases[i].profile;
    return aliases[i].alias;
}

lds_sim_width_class lds_sim_width_class_of(unsigned width)
{
    if (width <= 2)
        return LDS_WC_B16;
    if (width <= 4)
        return LDS_WC_B32;
    if (width <= 8)
        return LDS_WC_B64;
    if (width <= 12)
        return LDS_WC_B96;
    return LDS_WC_B128;
}

const char *lds_sim_width_class_name(lds_sim_width_class wc)
{
    static const char *const names[LDS_WC_COUNT] = { "b8/b16", "b32", "b64", "b96", "b128" };
    return wc < LDS_WC_COUNT ? names[wc] : "?";
}

const char *lds_sim_kind_name(lds_sim_kind kind)
{
    return kind == LDS_ACCESS_READ ? "read" : kind == LDS_ACCESS_WRITE ? "write" : "atomic";
}

const lds_sim_entry *lds_sim_entry_of(const lds_sim_profile *p, lds_sim_kind kind, unsigned width)
{
    return &p->geometry[kind < LDS_ACCESS_KINDS ? kind : LDS_ACCESS_READ][lds_sim_width_class_of(width)];
}

const lds_sim_entry *lds_sim_entry_for(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, unsigned naddr)
{
    if (naddr == 2 && width == 8 && kind == LDS_ACCESS_READ && p->read2_b64.phases[0])
        return &p->read2_b64;
    return lds_sim_entry_of(p, kind, width * naddr);
}

unsigned lds_sim_entry_banks(const lds_sim_profile *p, const lds_sim_entry *e)
{
    return e->banks ? e->banks : p->banks;
}

const char *lds_sim_confidence_name(lds_sim_confidence c)
{
    static const char *const names[] = { "textbook", "documented", "measured", "inferred", "set", "timed" };
    _Static_assert(sizeof names / sizeof names[0] == LDS_CONF_TIMED + 1, "a name for every lds_sim_confidence");
    return c <= LDS_CONF_TIMED ? names[c] : "?";
}

bool lds_sim_entry_uncertain(const lds_sim_entry *e)
{
    return e->confidence == LDS_CONF_INFERRED;
}

const char *lds_sim_profile_rules(const lds_sim_profile *p)
{
    if (p->r2 == LDS_R2_WORD && p->r3 == LDS_R3_PHASES)
        return "calibrated";
    if (p->r2 == LDS_R2_STRICT && p->r3 == LDS_R3_SUBSTEPS)
        return "seed";
    return "mixed";
}

/* Append to buf at *n (snprintf's rules: never past size). */
static void add(char *buf, size_t size, size_t *n, const char *what, const char *value)
{
    if (*n < size)
        *n += (size_t)snprintf(buf + *n, size - *n, "%s%s=%s", *n ? ", " : "", what, value);
}

static void add_number(char *buf, size_t size, size_t *n, const char *what, uint64_t value)
{
    char v[24];
    snprintf(v, sizeof v, "%llu", (unsigned long long)value);
    add(buf, size, n, what, v);
}

/* Whether entry (k, wc) of p differs from b's in its phases (what = 0)
 * or its own bank period (what = 1). */
static bool entry_differs(const lds_sim_profile *p, const lds_sim_profile *b, int k, int wc, int what)
{
    const lds_sim_entry *e = &p->geometry[k][wc], *be = &b->geometry[k][wc];
    if (what == 0)
        return strcmp(e->phases, be->phases) != 0;
    return e->banks && lds_sim_entry_banks(p, e) != lds_sim_entry_banks(b, be);
}

/* Whether every kind of width class wc differs the same way. */
static bool same_for_all_kinds(const lds_sim_profile *p, const lds_sim_profile *b, int wc, int what)
{
    for (int k = 0; k < LDS_ACCESS_KINDS; k++) {
        const lds_sim_entry *e = &p->geometry[k][wc], *e0 = &p->geometry[0][wc];
        if (!entry_differs(p, b, k, wc, what)
            || (what == 0 ? strcmp(e->phases, e0->phases) != 0 : e->banks != e0->banks))
            return false;
    }
    return true;
}

/* "phases b64=8c" (every kind), "phases write b64=16c", "banks write
 * b64=32": the entries' overrides, named as the set statements that make
 * them are written. */
static void add_entry_overrides(const lds_sim_profile *p, const lds_sim_profile *b, char *buf, size_t size,
                                size_t *n)
{
    for (int what = 0; what < 2; what++)
        for (int wc = 0; wc < LDS_WC_COUNT; wc++) {
            const char *width = wc == LDS_WC_B16 ? "b16" : lds_sim_width_class_name((lds_sim_width_class)wc);
            bool all = same_for_all_kinds(p, b, wc, what);
            for (int k = 0; k < LDS_ACCESS_KINDS; k++) {
                const lds_sim_entry *e = &p->geometry[k][wc];
                char name[48];
                if (!entry_differs(p, b, k, wc, what) || (all && k > 0))
                    continue;
                snprintf(name, sizeof name, "%s%s%s %s", what == 0 ? "phases" : "banks", all ? "" : " ",
                         all ? "" : lds_sim_kind_name((lds_sim_kind)k), width);
                if (what == 0)
                    add(buf, size, n, name, e->phases);
                else
                    add_number(buf, size, n, name, e->banks);
            }
        }
}

void lds_sim_profile_overrides(const lds_sim_profile *p, char *buf, size_t size)
{
    const lds_sim_profile *b = lds_sim_profile_find(p->name);
    size_t n = 0;
    buf[0] = '\0';
    if (!b)
        return;
    if (p->banks != b->banks)
        add_number(buf, size, &n, "banks", p->banks);
    if (p->bank_bytes != b->bank_bytes)
        add_number(buf, size, &n, "bank_bytes", p->bank_bytes);
    if (p->wave != b->wave)
        add_number(buf, size, &n, "wave", p->wave);
    if (p->lds_bytes != b->lds_bytes)
        add_number(buf, size, &n, "lds", p->lds_bytes);
    if (p->r2 != b->r2)
        add(buf, size, &n, "r2", p->r2 == LDS_R2_STRICT ? "strict" : "word");
    if (p->r3 != b->r3)
        add(buf, size, &n, "r3", p->r3 == LDS_R3_SUBSTEPS ? "substeps" : "phases");
    if (p->write_merge != b->write_merge)
        add(buf, size, &n, "write_merge", p->write_merge ? "yes" : "no");
    if (p->predicate_idle != b->predicate_idle)
        add(buf, size, &n, "idle_waves", p->predicate_idle ? "predicate" : "branch");
    add_entry_overrides(p, b, buf, size, &n);
}

lds_sim_vendor lds_sim_profile_vendor(const lds_sim_profile *p)
{
    return p->vendor;
}

static bool same_rule(const lds_sim_rule *a, const lds_sim_rule *b)
{
    return a->confidence == b->confidence && a->source == b->source;
}

bool lds_sim_profile_equal(const lds_sim_profile *a, const lds_sim_profile *b)
{
    if (!memcmp(a, b, sizeof *a))   /* a copy: the common case */
        return true;
    if (strcmp(a->name, b->name) || a->vendor != b->vendor || a->global != b->global || strcmp(a->target, b->target)
        || a->gfx11_names != b->gfx11_names || a->title != b->title || a->banks != b->banks
        || a->bank_bytes != b->bank_bytes || a->wave != b->wave || a->lds_bytes != b->lds_bytes
        || a->write_merge != b->write_merge || a->natural_align != b->natural_align || a->has_b96 != b->has_b96
        || a->max_atomic != b->max_atomic || a->r2 != b->r2 || a->r3 != b->r3 || a->predicate_idle != b->predicate_idle
        || a->summary != b->summary || a->source != b->source || a->partitions != b->partitions
        || a->partition_bytes != b->partition_bytes || !same_rule(&a->partition, &b->partition))
        return false;
    if (strcmp(a->read2_b64.phases, b->read2_b64.phases) || a->read2_b64.source != b->read2_b64.source)
        return false;
    for (unsigned k = 0; k < LDS_ACCESS_KINDS; k++)
        for (unsigned w = 0; w < LDS_WC_COUNT; w++) {
            const lds_sim_entry *x = &a->geometry[k][w], *y = &b->geometry[k][w];
            if (strcmp(x->phases, y->phases) || x->banks != y->banks || x->confidence != y->confidence
                || x->per_address != y->per_address || x->word_steps != y->word_steps
                || x->source != y->source || x->paired != y->paired
                || !same_rule(&x->pair, &y->pair) || x->unaligned_free != y->unaligned_free
                || !same_rule(&x->unaligned, &y->unaligned))
                return false;
        }
    return true;
}
