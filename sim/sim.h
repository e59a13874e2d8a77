/* sim/sim.h - one wave-wide shared-memory instruction through R1-R3
 * (doc/rules.md).  Pure: no language, no GMP.
 *
 * sim/ is the only place that knows the rules: which words a lane's
 * access touches in each phase, which lanes form a phase, whether lanes
 * on one word merge, and what a phase costs.  Reports, explanations and
 * pictures ask these functions; they never re-derive. */
#ifndef LDS_SIM_SIM_H
#define LDS_SIM_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/profile.h"

/* Addresses a lane may bring to one instruction (ds_read2: two). */
#define LDS_SIM_MAX_ADDRS 2
/* Words one lane touches: up to 2 addresses of up to 4 words each. */
#define LDS_SIM_MAX_LANE_WORDS 8
/* Phases with an active lane: at most one per lane and sub-step (b128
 * under the literal rules: 4 sub-steps of each half-wave). */
#define LDS_SIM_MAX_PHASES (LDS_SIM_MAX_WAVE * 4)
/* Lane-word accesses one phase can hold. */
#define LDS_SIM_MAX_CELLS (LDS_SIM_MAX_WAVE * LDS_SIM_MAX_LANE_WORDS)

/* One phase of one instruction: which lanes it holds and what it cost. */
typedef struct {
    uint64_t lanes;        /* bit i: lane i takes part (active) */
    unsigned substep;      /* sub-step (literal R3), else 0 */
    unsigned cost;         /* cycles: max over banks */
    unsigned worst_bank;   /* the (lowest) bank that set the cost */
    unsigned accesses;     /* lane-word accesses */
    unsigned distinct;     /* distinct units served (words, or word+offset) */
} lds_sim_phase;

typedef struct lds_sim_result {
    uint64_t cycles;       /* sum of phase costs */
    uint64_t ideal;        /* phases with an active lane */
    uint64_t ways;         /* max phase cost */
    uint64_t broadcasts;   /* accesses served by another lane's word */
    uint64_t unaligned;    /* lane addresses left out of the bank check
                              (lds_sim_unaligned) */
    bool paired;           /* served in half-waves by the pairing rule */
    uint64_t useful;       /* global: the bytes the lanes asked for, each once */
    uint64_t lines;        /* global: first-level cache lines touched */
    /* the fields above are the totals (src/memo.c copies them as one) */
    unsigned nphases;      /* phases with an active lane, listed below */
    lds_sim_phase phase[LDS_SIM_MAX_PHASES];
} lds_sim_result;

/* How an instruction departs from the plain access of its kind and
 * width (the instruction decides it; the profile says how sure it is). */
typedef enum {
    LDS_FORM_PLAIN,
    LDS_FORM_MATRIX,       /* ldmatrix/stmatrix: one 8x8 matrix a phase, and
                              the pair rule never joins them (measured on
                              sm90: ldmatrix.x4 @ 0 takes 4 wavefronts) */
    LDS_FORM_NO_MERGE,     /* cp.async of 4 or 8 bytes: lanes on one address
                              are served one by one (measured on sm90) */
    LDS_FORM_LINES,        /* cp.async.cg of 16 bytes: one wavefront per
                              distinct 128-byte line, no bank check (what
                              Nsight's ldgsts counters report on sm90) */
    LDS_FORM_CAS_LOOP      /* a 64-bit atomic NVIDIA has no shared instruction
                              for: LDS.64 and ATOMS.CAST.SPIN.64, retried
                              (lds_sim_cas_loop) */
} lds_sim_form;

/* One instruction: every lane's addresses.  Lane l's addresses are
 * addr[l * naddr] .. addr[l * naddr + naddr - 1], each covering `width`
 * bytes. */
typedef struct lds_sim_access {
    lds_sim_kind kind;
    unsigned width;        /* bytes per address: 1, 2, 4, 8, 12 or 16 */
    unsigned naddr;        /* addresses per lane: 1, or 2 (ds_read2/ds_write2) */
    unsigned nlanes;       /* <= profile wave */
    const bool *active;    /* [nlanes] */
    const uint64_t *addr;  /* [nlanes * naddr] byte addresses */
    lds_sim_form form;
    bool global;           /* global memory: coalesced (sim/coalesce.h), not banked */
    bool has_mask;         /* active_mask holds active[] as bits (lane l
                              bit l): a caller that has them saves the
                              simulator the conversion; else 0 */
    uint64_t active_mask;
} lds_sim_access;

/* How one instruction is split and banked: R3's lane-phase table and the
 * bank period it sees (issue: a 64-bank part can serve some instructions
 * with a 32-word period).  substeps: one bank word of each lane at a
 * time: the literal R3 (in half-waves of contiguous lanes), or a class
 * whose entry serves words so (word_steps, in its table's phases). */
typedef struct {
    const char *phases;    /* "8c" or lane groups "0-3,20-23|..." */
    unsigned banks;        /* the bank period in words */
    unsigned bank_bytes;
    bool substeps;
    unsigned nsubsteps;    /* sub-steps per phase (substeps), or passes
                              (one per address: per_address), else 1 */
    bool per_address;      /* each address of a lane in phases of its own
                              (the phase's substep is the address) */
    bool paired;           /* the pairing rule replaced the table (below) */
} lds_sim_geometry;

/* The geometry of an access of `kind` and `width` on profile p: its
 * profile entry (sim/profile.h). */
lds_sim_geometry lds_sim_geometry_of(const lds_sim_profile *p, lds_sim_kind kind, unsigned width);
/* The same for `naddr` addresses a lane, `width` bytes in all (ds_read2:
 * the profile's own entry where it documents one). */
lds_sim_geometry lds_sim_geometry_for(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, unsigned naddr);
/* The geometry one instruction runs with: its entry's, or the entry's
 * paired phases when the pair rule applies to its addresses (loads whose
 * active lanes pair up on equal addresses, lane n with n^1 or with n^2;
 * the entry's `paired`). */
lds_sim_geometry lds_sim_access_geometry(const lds_sim_profile *p, const lds_sim_access *a);
/* Whether an address of `width` bytes is one the bank check leaves out:
 * a b64, b96 or b128 address that is not a multiple of the power of two
 * at or above its width, in a class where those cost no bank conflict
 * (its entry's unaligned_free: measured on gfx950 loads). */
bool lds_sim_unaligned(const lds_sim_profile *p, lds_sim_kind kind, unsigned width, uint64_t addr);

/* Bytes of a line, the unit LDS_FORM_LINES counts. */
#define LDS_SIM_LINE_BYTES 128

/* Whether an access's numbers depend on which lanes share an address
 * (so that a shortcut may shift every lane's address only alike): where
 * lanes merge, where the pair rule may apply, and for a CAS loop. */
bool lds_sim_equality_matters(const lds_sim_profile *p, lds_sim_kind kind, lds_sim_form form);

/* A 64-bit atomic run as a compare-and-swap loop (LDS_FORM_CAS_LOOP):
 * the loads' totals, and the CASes' (whose wavefronts are all ideal). */
typedef struct {
    uint64_t iterations;   /* LDS.64 and ATOMS.CAST.SPIN.64, this many each */
    struct {
        uint64_t cycles, ideal, ways, broadcasts, paired;
    } loads;
    uint64_t cas_cycles;
} lds_sim_loop;

/* Run the loop of access a (its kind and form aside).  Returns 0, or -1
 * with *why set when a phase table is malformed. */
int lds_sim_cas_loop(const lds_sim_profile *p, const lds_sim_access *a, lds_sim_loop *out, const char **why);

/* Simulate one instruction.  Returns 0, or -1 with *why set when the
 * profile's phase table for this width is malformed. */
int lds_sim_run(const lds_sim_profile *p, const lds_sim_access *a,
                lds_sim_result *out, const char **why);

/* What every instruction of one class (profile, kind, width, addresses a
 * lane, form) looks up in the profile, found once by a caller that
 * simulates many of them (src/instr.c). */
typedef struct {
    lds_sim_geometry g;          /* the class's geometry */
    const char *paired;          /* the phases of the pair rule, when it
                                    can apply to the class; else NULL */
    bool unaligned_free;         /* its unaligned addresses leave the check */
    bool merge;                  /* lanes on one unit are served together */
    bool one_word;               /* a phase may take the one-word path
                                    (sim/oneword.h): one address a lane,
                                    no sub-steps, at most a bank word */
    /* R3's lane groups of g.phases and of paired, as lane masks, parsed
     * once (0 groups: the table is malformed; the run says why) */
    unsigned ngroups, npaired_groups;
    uint64_t groups[LDS_SIM_MAX_GROUPS], paired_groups[LDS_SIM_MAX_GROUPS];
} lds_sim_class;
void lds_sim_class_of(const lds_sim_profile *p, const lds_sim_access *a, lds_sim_class *c);
/* Whether the tables of class c parsed (its own and the pair rule's):
 * then lds_sim_run_class cannot fail for an instruction of the class. */
bool lds_sim_class_tables_parse(const lds_sim_class *c);
/* lds_sim_run for an instruction of class c (a's class). */
int lds_sim_run_class(const lds_sim_profile *p, const lds_sim_access *a, const lds_sim_class *c,
                      lds_sim_result *out, const char **why);

/* Whether lanes on the same unit are served together (a broadcast on
 * reads, one writer on writes).  Atomics never merge; writes on a profile
 * without write_merge never merge. */
bool lds_sim_merges(const lds_sim_profile *p, lds_sim_kind kind);

/* The same for one instruction: cp.async's small copies never merge. */
bool lds_sim_access_merges(const lds_sim_profile *p, const lds_sim_access *a);

/* The words lane `lane` touches in phase ph (all its words, or under the
 * literal R3 the one word of the phase's sub-step); returns how many (at
 * most LDS_SIM_MAX_LANE_WORDS). */
unsigned lds_sim_lane_words(const lds_sim_profile *p, const lds_sim_access *a,
                            const lds_sim_phase *ph, unsigned lane,
                            uint64_t words[LDS_SIM_MAX_LANE_WORDS]);

/* The word an address falls in. */
uint64_t lds_sim_word_of(const lds_sim_profile *p, uint64_t addr);
/* The bank of word w for this access. */
unsigned lds_sim_bank_of(const lds_sim_profile *p, const lds_sim_access *a, uint64_t w);

/* One lane-word access of a phase, as the pictures show it. */
typedef struct {
    unsigned lane;
    uint64_t word;
    unsigned bank;
    bool conflict;         /* its bank serves more than one unit: costs extra */
    bool shared;           /* not a conflict, and another access is on the
                              same unit (a broadcast, or one writer) */
} lds_sim_cell;

/* The lane-word accesses of phase ph, by lane then word; returns how many
 * (at most LDS_SIM_MAX_CELLS). */
unsigned lds_sim_phase_cells(const lds_sim_profile *p, const lds_sim_access *a,
                             const lds_sim_phase *ph, lds_sim_cell *cells);

/* Per-bank view of one phase: hits[bank] (lane-word accesses) and
 * distinct[bank] (units the bank must serve); arrays hold the access's
 * bank count (lds_sim_geometry_of(...).banks) entries. */
void lds_sim_phase_banks(const lds_sim_profile *p, const lds_sim_access *a,
                         const lds_sim_phase *ph, unsigned *hits,
                         unsigned *distinct);

/* The words a full phase of an access of `kind` and `width` brings: the
 * lanes of its first lane group times the words of one lane (0 if the
 * table is malformed).  A phase that fills the banks has as many. */
unsigned lds_sim_phase_words(const lds_sim_profile *p, lds_sim_kind kind, unsigned width);

/* Greatest common divisor (gcd(0, 0) = 0). */
uint64_t lds_sim_gcd(uint64_t a, uint64_t b);

/* Whether an address is aligned for `width` on this profile (doc/rules.md section 1). */
bool lds_sim_aligned(const lds_sim_profile *p, unsigned width, uint64_t addr);
/* Required alignment in bytes. */
unsigned lds_sim_alignment(const lds_sim_profile *p, unsigned width);

#endif
