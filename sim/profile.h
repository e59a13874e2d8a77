/* sim/profile.h - hardware profiles: banks, wave size, LDS size and the
 * lane-phase tables of doc/rules.md section 5, kept as data. */
#ifndef LDS_SIM_PROFILE_H
#define LDS_SIM_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LDS_SIM_MAX_WAVE 64
/* Most lane groups a table gives one wave: a table of period P with G
 * groups repeats ceil(wave / P) times, so at most wave + G - 1 < 2 * wave. */
#define LDS_SIM_MAX_GROUPS (2 * LDS_SIM_MAX_WAVE)
#define LDS_SIM_MAX_BANKS 1024
#define LDS_SIM_SPEC_LEN 96

typedef enum { LDS_R2_WORD, LDS_R2_STRICT } lds_sim_r2;
typedef enum { LDS_R3_PHASES, LDS_R3_SUBSTEPS } lds_sim_r3;
typedef enum { LDS_ACCESS_READ, LDS_ACCESS_WRITE, LDS_ACCESS_ATOMIC } lds_sim_kind;

/* The phase table a width uses.  b128 has separate read and write tables;
 * atomics use the table of their width (read side). */
typedef enum {
    LDS_WC_B8_B16,
    LDS_WC_B32,
    LDS_WC_B64,
    LDS_WC_B96,
    LDS_WC_B128_READ,
    LDS_WC_B128_WRITE,
    LDS_WC_COUNT
} lds_sim_width_class;

typedef struct lds_sim_profile {
    char name[24];
    unsigned banks;          /* number of banks */
    unsigned bank_bytes;     /* bytes per bank word */
    unsigned wave;           /* lanes per wave: 16, 32 or 64 */
    uint64_t lds_bytes;      /* shared memory per workgroup */
    bool write_merge;        /* same-word writes merge (one lane wins) */
    bool natural_align;      /* b64/b128 need a % width == 0 (NVIDIA) */
    unsigned max_atomic;     /* widest atomic, bytes: 8, or 16 where the
                                ISA has 128-bit cas/exch (PTX 8.3, sm_90) */
    lds_sim_r2 r2;
    lds_sim_r3 r3;
    /* Lane-phase table per width class: "32c" (contiguous groups of 32) or
     * groups of lane ranges separated by '|', e.g. "0-3,20-23|4-7,16-19";
     * a table over lanes 0..P-1 repeats for later lanes, shifted by P. */
    char phases[LDS_WC_COUNT][LDS_SIM_SPEC_LEN];
    const char *confidence;  /* textbook, documented, measured, ... */
    const char *source;      /* one line: where the numbers come from */
    const char *title;       /* the hardware, in words */
    bool uncertain;          /* inferred or probed, not measured counters:
                                reports say so */
} lds_sim_profile;

typedef enum { LDS_VENDOR_NONE, LDS_VENDOR_NVIDIA, LDS_VENDOR_AMD, LDS_VENDOR_INTEL } lds_sim_vendor;

/* Whose hardware a profile describes (its profiler's counter names). */
lds_sim_vendor lds_sim_profile_vendor(const lds_sim_profile *p);

/* Number of built-in profiles and the i-th one. */
unsigned lds_sim_profile_count(void);
const lds_sim_profile *lds_sim_profile_at(unsigned i);
/* Look a profile up by name; NULL if unknown. */
const lds_sim_profile *lds_sim_profile_find(const char *name);

/* Room for the longest description of overrides. */
#define LDS_SIM_OVERRIDES_LEN (128 + LDS_WC_COUNT * (LDS_SIM_SPEC_LEN + 24))
/* "banks=16, r2=strict, phases b64=8c": how p differs from the built-in
 * profile of its name ("" if not at all). */
void lds_sim_profile_overrides(const lds_sim_profile *p, char *buf, size_t size);
/* "calibrated" (r2 word, r3 phases), "seed" (strict, substeps) or "mixed". */
const char *lds_sim_profile_rules(const lds_sim_profile *p);

/* Width class of an access of `width` bytes. */
lds_sim_width_class lds_sim_width_class_of(lds_sim_kind kind, unsigned width);
const char *lds_sim_width_class_name(lds_sim_width_class wc);

#endif
