/* sim/profile_texts.h - the names of the built-in profiles' texts
 * (sources, titles, summaries), numbered for the tables of
 * sim/profile.c; the texts themselves are in sim/profile_texts.c.  For
 * those two files only. */
#ifndef LDS_SIM_PROFILE_TEXTS_H
#define LDS_SIM_PROFILE_TEXTS_H

#include "sim/profile.h"

/* Every text of the built-in profiles by name (sim/profile_texts.c has
 * them): the tables hold these numbers (lds_sim_text), so that no page of
 * them needs relocating when the program starts. */
#define PROFILE_TEXTS(X) \
    X(TEXTBOOK_SRC) \
    X(TEXTBOOK_UN_SRC) \
    X(NV_GUIDE) \
    X(NV_B64) \
    X(NV_B128) \
    X(NV_B96) \
    X(NV_SM100_B64) \
    X(NV_SM100_B128) \
    X(NV_SM120_SRC) \
    X(NV_SM120_B128) \
    X(NV_SM90_NARROW) \
    X(NV_SM90_B64) \
    X(NV_SM90_B128) \
    X(NV_PAIR_SM90) \
    X(NV_PAIR_CC7) \
    X(NV_PAIR_CC7_B64) \
    X(NV_PAIR_INF) \
    X(NV_UN_SRC) \
    X(AMD_HALF_WAVES) \
    X(AMD_128B) \
    X(AMD_CK_WRITE) \
    X(GFX942_READ128) \
    X(GFX942_READ32) \
    X(GFX942_READ64) \
    X(GFX942_B96) \
    X(GFX90A_INF) \
    X(GFX950_READ128) \
    X(GFX950_READ96) \
    X(GFX950_READ64) \
    X(GFX950_WRITE64) \
    X(GFX950_NARROW) \
    X(GFX950_WRITE_INF) \
    X(AMD_UNALIGNED) \
    X(GFX950_WRITE64_UN) \
    X(AMD_UN_COUNTED_SRC) \
    X(RDNA_INF) \
    X(RDNA3_READ128) \
    X(RDNA4_READ128) \
    X(RDNA2_READ128) \
    X(RDNA3_READ32) \
    X(RDNA3_READ64) \
    X(RDNA3_READ128_T) \
    X(RDNA4_READ32) \
    X(RDNA4_READ64) \
    X(RDNA4_READ128_T) \
    X(XE_GUIDE) \
    X(XE_WIDE) \
    X(XE_UN_SRC) \
    X(GEN9_GUIDE) \
    X(XE2_NARROW) \
    X(XE2_WIDE) \
    X(XE_HPC_BANKS) \
    X(XE_HPC_WIDE) \
    X(GFX908_LDS) \
    X(GFX908_INF) \
    X(GFX1250_INF) \
    X(GFX1250_PARTITIONS) \
    X(GFX1250_SRC) \
    X(GFX908_TITLE) \
    X(GFX1250_TITLE) \
    X(GEN9_TITLE) \
    X(XE2_TITLE) \
    X(XE_HPC_TITLE) \
    X(GFX908_SUMMARY) \
    X(GFX1250_SUMMARY) \
    X(GEN9_SUMMARY) \
    X(XE2_SUMMARY) \
    X(XE_HPC_SUMMARY) \
    X(NV_CC7) \
    X(NV_DOCUMENTED) \
    X(NV_NEWER) \
    X(NV_MEASURED) \
    X(GFX942_READ2_B64) \
    X(GENERIC_TITLE) \
    X(GENERIC_SUMMARY) \
    X(SM70_TITLE) \
    X(SM75_TITLE) \
    X(SM80_TITLE) \
    X(SM86_TITLE) \
    X(SM89_TITLE) \
    X(SM90_TITLE) \
    X(SM100_TITLE) \
    X(SM120_TITLE) \
    X(GFX90A_TITLE) \
    X(GFX942_TITLE) \
    X(GFX950_TITLE) \
    X(RDNA2_TITLE) \
    X(RDNA3_TITLE) \
    X(RDNA4_TITLE) \
    X(XE_TITLE) \
    X(GFX90A_SUMMARY) \
    X(GFX942_SUMMARY) \
    X(GFX950_SUMMARY) \
    X(RDNA2_SUMMARY) \
    X(XE_SUMMARY) \
    X(RDNA_SUMMARY) \
    X(RDNA_TIMED_SUMMARY) \
    X(GFX90A_SRC) \
    X(GFX942_SRC) \
    X(GFX950_SRC) \
    X(GFX950_ATOMIC64)

enum {
#define TEXT_NUMBER(name) name,
    PROFILE_TEXTS_FIRST = LDS_SIM_TEXT_TABLE - 1,
    PROFILE_TEXTS(TEXT_NUMBER)
#undef TEXT_NUMBER
    PROFILE_TEXTS_END
};

#endif
