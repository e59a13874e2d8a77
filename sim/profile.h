/* sim/profile.h - hardware profiles as data (doc/rules.md section 4):
 * banks, wave size, LDS size, and per instruction class - (read, write,
 * atomic) x width - the lane-phase table, the bank period, and where
 * each entry comes from and how sure it is. */
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
typedef enum { LDS_ACCESS_READ, LDS_ACCESS_WRITE, LDS_ACCESS_ATOMIC, LDS_ACCESS_KINDS } lds_sim_kind;

/* The widths a profile's tables are kept for (b8 and b16 share one). */
typedef enum {
    LDS_WC_B16,
    LDS_WC_B32,
    LDS_WC_B64,
    LDS_WC_B96,
    LDS_WC_B128,
    LDS_WC_COUNT
} lds_sim_width_class;

/* How sure an entry is; reports and explanations say "measured" only for
 * LDS_CONF_MEASURED (counters), "timed" for latency probes. */
typedef enum {
    LDS_CONF_TEXTBOOK,     /* the textbook model, no hardware behind it */
    LDS_CONF_DOCUMENTED,   /* the vendor says so */
    LDS_CONF_MEASURED,     /* hardware counters on this part */
    LDS_CONF_INFERRED,     /* carried over from another part or width */
    LDS_CONF_SET,          /* overridden by the program (set phases/banks) */
    LDS_CONF_TIMED         /* latency probes on this part (which lanes
                              slow each other down), not counters */
} lds_sim_confidence;

/* A text of the profiles (a source, a title, a pair rule's phases) by
 * number: the built-in tables hold numbers, not pointers, so that the
 * loader relocates none of their pages when the program starts (44 KB
 * of tables, a page fault a page in every run).  0: none. */
typedef uint16_t lds_sim_text;
enum {
    LDS_SIM_TEXT_NONE,
    LDS_SIM_TEXT_SET,     /* "set in the program" */
    LDS_SIM_TEXT_32C,     /* "32c": a pair rule's phases */
    LDS_SIM_TEXT_16C,     /* "16c" */
    LDS_SIM_TEXT_TABLE    /* the first of sim/profile_texts.c's own */
};
/* The text numbered t; NULL for LDS_SIM_TEXT_NONE or a number past the
 * last. */
const char *lds_sim_text_of(lds_sim_text t);

/* A rule an instruction class follows beyond its table: how sure it is
 * and where it comes from (or, where it does not apply, why not). */
typedef struct {
    lds_sim_confidence confidence;
    lds_sim_text source;
} lds_sim_rule;

/* The geometry of one instruction class. */
typedef struct {
    char phases[LDS_SIM_SPEC_LEN];   /* "32c" (contiguous groups of 32) or
                                        lane groups "0-3,20-23|4-7,16-19";
                                        a table over lanes 0..P-1 repeats
                                        for later lanes, shifted by P */
    unsigned banks;                  /* bank period in words; 0: the
                                        profile's bank count */
    lds_sim_confidence confidence;
    lds_sim_text source;             /* where the entry comes from */
    /* The pair rule (NVIDIA loads): when every active lane n whose
     * partner n^1 is active has its partner's address (or the same holds
     * for n^2), the instruction runs in these phases instead (NONE: no
     * such rule for this class). */
    lds_sim_text paired;
    lds_sim_rule pair;
    /* Whether an address that is not a multiple of the next power of two
     * at or above the width is left out of the bank check (measured on
     * gfx950 loads); elsewhere every word counts. */
    bool unaligned_free;
    lds_sim_rule unaligned;
    /* A two-address access (ds_read2) whose two addresses each run in
     * phases of their own, address 0's first: the table is per address. */
    bool per_address;
    /* A wide access whose lanes' words are served a bank word at a time:
     * the k-th word of every lane of a phase together, one pass per word
     * (as the literal R3's sub-steps, but in the table's phases): where
     * the registers hold the k-th word of all lanes together (Intel). */
    bool word_steps;
} lds_sim_entry;

typedef enum { LDS_VENDOR_NONE, LDS_VENDOR_NVIDIA, LDS_VENDOR_AMD, LDS_VENDOR_INTEL } lds_sim_vendor;

/* Which global-memory model a profile's global accesses follow
 * (sim/coalesce.c holds the models, each with its source). */
typedef enum {
    LDS_GLOBAL_TEXTBOOK,   /* 32-byte sectors of 128-byte lines */
    LDS_GLOBAL_NVIDIA,     /* the same, documented */
    LDS_GLOBAL_CDNA2,      /* 64-byte transactions, 64-byte lines */
    LDS_GLOBAL_CDNA3,      /* 64-byte transactions, 128-byte lines */
    LDS_GLOBAL_RDNA,       /* 128-byte lines */
    LDS_GLOBAL_INTEL       /* 64-byte lines */
} lds_sim_global_family;

typedef struct lds_sim_profile {
    char name[24];
    lds_sim_vendor vendor;   /* whose hardware: its profiler's counters */
    lds_sim_global_family global;   /* its global-memory model */
    char target[12];         /* the compiler's name for it (sm_90, gfx1100):
                                a probe's target, the predefined macros;
                                "" where there is none */
    bool gfx11_names;        /* AMD: the gfx11+ spellings of the LDS
                                instructions (ds_load_b32, not ds_read_b32) */
    lds_sim_text title;      /* the hardware, in words */
    unsigned banks;          /* number of banks */
    unsigned bank_bytes;     /* bytes per bank word */
    unsigned wave;           /* lanes per wave: 16, 32 or 64 */
    uint64_t lds_bytes;      /* shared memory per workgroup */
    bool write_merge;        /* same-word writes merge (one lane wins) */
    bool natural_align;      /* b64/b128 need a % width == 0 (NVIDIA) */
    bool has_b96;            /* a 96-bit shared-memory instruction exists */
    unsigned max_atomic;     /* widest atomic, bytes: 8, or 16 where the
                                ISA has 128-bit cas/exch (PTX 8.3, sm_90) */
    lds_sim_r2 r2;
    lds_sim_r3 r3;
    /* A wave none of whose lanes is active: it issues the instruction
     * anyway, predicated off (true), or branches around it (false: the
     * default; what nvcc does for loads; it predicates short stores). */
    bool predicate_idle;
    lds_sim_entry geometry[LDS_ACCESS_KINDS][LDS_WC_COUNT];
    /* ds_read2_b64 where the vendor documents it apart (gfx942: each of a
     * lane's two 8-byte reads in its own 16-lane phase); phases "": as
     * the b128 read of the same bytes */
    lds_sim_entry read2_b64;
    /* LDS split into partitions (gfx1250's segments) that waves of
     * different SIMD pairs contend for: how many, of how many bytes, and
     * the rule with its standing; 0: one LDS. */
    unsigned partitions;
    uint64_t partition_bytes;
    lds_sim_rule partition;
    lds_sim_text summary;    /* the profile's confidence in one line */
    lds_sim_text source;     /* its general sources */
} lds_sim_profile;

/* Whose hardware a profile describes (its profiler's counter names). */
lds_sim_vendor lds_sim_profile_vendor(const lds_sim_profile *p);

/* Whether two profiles describe the same hardware model: every field
 * that changes a number or a report (the phase tables as text, not the
 * bytes after their end). */
bool lds_sim_profile_equal(const lds_sim_profile *a, const lds_sim_profile *b);

/* Number of built-in profiles and the i-th one. */
unsigned lds_sim_profile_count(void);
const lds_sim_profile *lds_sim_profile_at(unsigned i);
/* Look a profile up by its name or another name for it (sm_90a, H100,
 * MI300X, gfx1100, RX 7900 XTX: case, blanks and - _ . do not matter);
 * NULL if unknown. */
const lds_sim_profile *lds_sim_profile_find(const char *name);
/* The i-th other name and (in *profile) the profile it stands for; NULL
 * past the last. */
const char *lds_sim_profile_alias_at(unsigned i, const char **profile);

/* Room for the longest description of overrides. */
#define LDS_SIM_OVERRIDES_LEN (160 + LDS_ACCESS_KINDS * LDS_WC_COUNT * (LDS_SIM_SPEC_LEN + 48))
/* "banks=16, r2=strict, phases write b64=8c, banks write b64=32": how p
 * differs from the built-in profile of its name ("" if not at all). */
void lds_sim_profile_overrides(const lds_sim_profile *p, char *buf, size_t size);
/* "calibrated" (r2 word, r3 phases), "seed" (strict, substeps) or "mixed". */
const char *lds_sim_profile_rules(const lds_sim_profile *p);

/* Width class of an access of `width` bytes. */
lds_sim_width_class lds_sim_width_class_of(unsigned width);
/* "b8/b16", "b32", ... */
const char *lds_sim_width_class_name(lds_sim_width_class wc);
/* "read", "write", "atomic". */
const char *lds_sim_kind_name(lds_sim_kind kind);
/* The entry an access of `kind` and `width` bytes uses. */
const lds_sim_entry *lds_sim_entry_of(const lds_sim_profile *p, lds_sim_kind kind, unsigned width);
/* The entry an access of `naddr` addresses of `width` bytes each runs
 * with: the profile's own for ds_read2_b64 where it has one, else the
 * entry of the bytes a lane moves (width x naddr). */
const lds_sim_entry *lds_sim_entry_for(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, unsigned naddr);
/* Its bank period in words. */
unsigned lds_sim_entry_banks(const lds_sim_profile *p, const lds_sim_entry *e);
/* "measured", "documented", "inferred", ... */
const char *lds_sim_confidence_name(lds_sim_confidence c);
/* Whether an entry is an inference, not documented or measured (reports
 * carry a note for the entries they use). */
bool lds_sim_entry_uncertain(const lds_sim_entry *e);

#endif
