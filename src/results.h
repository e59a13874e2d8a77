/* src/results.h - what a run produced, as the reports read it: one
 * record per access statement (where it is, the profile and rules it ran
 * under, its metrics, the first instructions it simulated, and whether
 * it stopped on an error), one per expect, and the totals.  Nothing here
 * refers to the interpreter or the syntax tree: a record carries copies
 * of what it needs. */
#ifndef LDS_RESULTS_H
#define LDS_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>   /* before gmp.h, which declares its FILE functions only after it */
#include <gmp.h>

#include "sim/sim.h"
#include "src/metrics.h"
#include "src/vocab.h"

/* Instructions kept per access for --show phases|lanes|grid. */
#define LDS_MAX_SAMPLES 8

/* One simulated instruction, kept for the pictures and explanations:
 * the lanes' addresses and the simulator's result, phases sized to the
 * phases it had. */
/* --at: the instruction to show, by its coordinates (group, wave, loop
 * variables); a dimension not named takes its first value. */
typedef struct {
    const char *name;
    int64_t value;
} lds_at;

typedef struct {
    uint64_t cycles, ideal, ways, broadcasts;
    uint64_t useful, lines;       /* a global instruction's (sim/coalesce.h) */
    unsigned nphases;
    lds_sim_phase *phase;
} lds_sample_result;

typedef struct {
    char *label;                  /* its loop values, wave and group ("" if none) */
    int64_t group, wave;          /* which wave of which workgroup issued it */
    unsigned nlanes, naddr;
    bool *active;                 /* [nlanes] */
    uint64_t *addr;               /* [nlanes * naddr] */
    lds_sample_result result;
} lds_sample;

typedef struct lds_access_result {
    /* where */
    char *source;                 /* the statement, comments dropped */
    char *note;                   /* how its instruction is modelled, or NULL */
    unsigned naddr;               /* addresses per lane (2: ds_read2) */
    const char *file;             /* the source's name: a file, <arg1>, <stdin> */
    const char *array;            /* the array it accesses (interned), or NULL */
    const char *view;             /* the name the kernel's text gives it where
                                     that is not the array's (a pointer into it:
                                     sdata into __smem; interned), or NULL */
    unsigned line, col;
    unsigned index;               /* statement number in the run, from 1 */
    /* under what */
    const lds_sim_profile *profile;   /* with every override in force */
    /* what */
    lds_access_kind kind;
    lds_access_form *form;        /* its instruction's (a copy), or NULL */
    unsigned width;               /* bytes per address of each instruction */
    unsigned parts;               /* instructions per execution: 3 for a
                                     12-byte element split into b32s */
    lds_metrics m;
    lds_show show;                /* detail asked for its report */
    bool explain;
    bool lowered;                 /* from a kernel file: its source is the kernel's line */
    bool compiled;                /* ...from compiled code (PTX, AMDGPU assembly, TTGIR): its
                                     array is the bytes the code addresses, its width the
                                     element the source reads */
    bool in_other_file;           /* ...in another file than the one read: a header the kernel
                                     file includes, a PTX .loc's source (file names it) */
    bool global;                  /* global memory: coalesced (cycles are its
                                     transactions), not banked */
    const char *kernel;           /* the kernel statement it follows (interned), or NULL */
    const char *inlined_file;     /* lowered from an inlined helper: the record is at */
    unsigned inlined_line, inlined_col;   /*   the kernel's call, the access here in */
    const char *inlined_what;     /*   the helper ("in 'st_vec', inlined"; interned), or NULL */
    const char *lang;             /* that file's language as an extension ("cu"), or NULL */
    lds_sample *samples;          /* the first instructions simulated */
    unsigned nsamples, capsamples;
    bool keep_worst;              /* keep the costliest instruction too */
    lds_sample *worst;            /* ...the most ways, then the most cycles
                                     (the first of equals), or NULL */
    uint64_t simulated;           /* instructions simulated one by one */
    bool closed_form;             /* counted in closed form (src/closedform.c):
                                     one instruction simulated, every other
                                     proven to cost the same ... */
    bool not_closed_form;         /* ...or not, at another execution of the
                                     statement (a trip of a block loop) */
    bool failed;                  /* stopped by an error: metrics incomplete */
    bool skipped;                 /* a front end's access it could not model:
                                     failed too, error says why */
    char *error;                  /* the error's message, when failed */
    const void *key;              /* the statement it records (opaque) */
} lds_access_result;

/* How an instruction form runs on a profile: a CAS loop is NVIDIA's (AMD
 * has 64-bit LDS atomics), the other forms are what their instruction is. */
static inline lds_sim_form lds_form_on(const lds_access_form *f, const lds_sim_profile *p)
{
    lds_sim_form form = f ? (lds_sim_form)f->sim_form : LDS_FORM_PLAIN;
    return form == LDS_FORM_CAS_LOOP && lds_sim_profile_vendor(p) != LDS_VENDOR_NVIDIA ? LDS_FORM_PLAIN : form;
}

/* The bytes a lane moves in one instruction: its width, twice for a
 * two-address ds_read2/ds_write2. */
static inline unsigned lds_access_table_width(const lds_access_result *a)
{
    return a->width * a->naddr;
}

/* The profile entry (phase table, bank period, confidence, rules) the
 * access runs with: that of the bytes a lane moves, or the profile's own
 * for a two-address access where it documents one. */
static inline const lds_sim_entry *lds_access_entry(const lds_access_result *a)
{
    lds_sim_kind kind = lds_form_on(a->form, a->profile) == LDS_FORM_CAS_LOOP ? LDS_ACCESS_READ   /* its loads */
                                                                              : (lds_sim_kind)a->kind;
    return lds_sim_entry_for(a->profile, kind, a->width, a->naddr);
}

/* How sure the access's numbers are: its entry's confidence, unless its
 * instruction's numbers are an inference of their own. */
static inline lds_sim_confidence lds_access_confidence(const lds_access_result *a)
{
    return a->form && a->form->inferred ? LDS_CONF_INFERRED : lds_access_entry(a)->confidence;
}

typedef struct {
    char *source;
    const char *file;
    unsigned line, col;
    lds_metric metric;
    bool total;
    const char *metric_name;      /* as written (an alias, total.x) */
    lds_op cmp;
    bool ok;
    char *actual, *expected;      /* decimal, every digit */
} lds_expect_result;

/* Shared memory the arrays take: the footprint line of reports.  A
 * kernel's arrays start again from byte 0, so each kernel has its own. */
typedef struct {
    uint64_t used;                /* bytes from 0 to the end of the last array */
    uint64_t padding;             /* of which alignment gaps and layout padding */
    uint64_t capacity;            /* the LDS per workgroup of the profile in
                                     force at the last declaration */
    char profile[sizeof ((lds_sim_profile *)0)->name];   /* that profile's name (a
                                     copy: a later arch statement changes the
                                     interpreter's) */
    const char *kernel;           /* the kernel the arrays belong to (interned);
                                     NULL outside one */
    unsigned arrays;              /* declared so far */
} lds_footprint;

/* Print "shared memory: 8448 B of 64 KiB on generic (12.9%) in 2 arrays,
 * 64 B of it alignment and padding" and a newline; with the kernel's name
 * ("shared memory of transpose: ...") when `named` and the arrays belong
 * to one. */
void lds_footprint_print(FILE *out, const lds_footprint *fp, bool named);

/* A `show layout` picture (src/picture.c), for the reports that draw it
 * at the end (SVG, Markdown): the tile's elements, the first dimension
 * down and the rest across, each with its bank and the lane that touches
 * it in the first instruction of the last access to the array. */
typedef struct {
    char *array;                  /* the array's name */
    char *heading;                /* "layout of A (half[16][16] at byte 0), 16 x 16" */
    char *banks_caption;          /* "the bank of each element (32 banks of 4 bytes, sm80)" */
    char *lanes_caption;          /* "the lane that touches ... line 7: ...", or NULL */
    const char *file;             /* where the show statement is */
    unsigned line;
    unsigned rows, cols, banks, wave;
    int *bank;                    /* [rows * cols] */
    int *lane;                    /* [rows * cols]: -1 none; NULL with no access drawn */
} lds_layout_result;

/* The kinds of layout a suggest statement tries, simplest first. */
typedef enum {
    LDS_LAYOUT_DECLARED,          /* the array as the program declares it */
    LDS_LAYOUT_ROW_MAJOR,         /* no layout */
    LDS_LAYOUT_OWN_PADDED,        /* the declared CuTe layout, its largest stride padded (or unpadded) */
    LDS_LAYOUT_OWN_SWIZZLE,       /* a CuTe swizzle over the declared layout, unpadded */
    LDS_LAYOUT_PADDED,            /* row padding */
    LDS_LAYOUT_CK_XOR,            /* ck_tile's make_xor_transform */
    LDS_LAYOUT_CUTE_SWIZZLE,      /* CuTe's Swizzle<B,M,S> */
    LDS_LAYOUT_TRITON_SWIZZLED,   /* Triton's SwizzledSharedLayout */
    LDS_LAYOUT_NVMMA,             /* Triton's NVMMASharedLayout */
    LDS_LAYOUT_PADDED_SWIZZLE,    /* a row padding under a CuTe swizzle */
    LDS_LAYOUT_TMA,               /* another of TMA's swizzle modes for a TMA box */
    LDS_LAYOUT_REMAP              /* not a layout: a thread remap of the accesses,
                                     where the hardware fixes the layout */
} lds_layout_family;

/* One layout a suggest statement tried (src/suggest.c), simulated in full
 * over every access to the array. */
typedef struct {
    lds_layout_family family;
    char *label;                  /* "as declared", "pad rows by 1 element", "Swizzle<5,0,5>" */
    char *layout;                 /* the lds layout expression; NULL: as declared
                                     (and for a remap, which keeps it) */
    char *cute, *triton;          /* the same in CuTe's C++ and Triton's Python, or NULL */
    char *why;                    /* a padding's reason, or NULL */
    char *error;                  /* it could not run, and why: not ranked */
    unsigned pad;                 /* elements of row padding, 0: none */
    uint64_t row;                 /* elements of a row before its padding */
    unsigned swizzle[3];          /* CuTe Swizzle<B,M,S>; B 0: none */
    unsigned remap;               /* LDS_LAYOUT_REMAP: which (src/suggest_remap.c) */
    unsigned simplicity;          /* lower is simpler (the family first, then
                                     its parameters): the last tie-break */
    mpz_t cycles, ideal, excess;  /* over every access to the array */
    uint64_t ways;                /* the worst access's */
    uint64_t bytes;               /* the array's, padding included */
    uint64_t lds_used;            /* the program's shared memory with it */
    uint64_t *access_ways;        /* [naccess]: each access's */
    mpz_t *access_cycles;         /* [naccess] */
} lds_suggest_candidate;

/* A suggest statement's result: the layouts it tried, ranked. */
typedef struct {
    char *array;
    char *shape;                  /* "f32[32][32]" */
    const char *file;
    unsigned line;
    const char *profile;          /* the profile in force at the statement */
    char *fixed;                  /* what fixes the array's layout (thread
                                     remaps were tried, not layouts), or NULL */
    bool stmatrix;                /* and stmatrix is worth naming: a conflicting
                                     write of 16-bit elements on NVIDIA */
    uint64_t capacity;            /* its shared memory per workgroup */
    unsigned naccess;             /* accesses to the array before it */
    char **access_source;         /* [naccess] */
    unsigned *access_line;        /* [naccess] */
    lds_suggest_candidate *cand;  /* [0]: as declared; then the others, ranked
                                     (those that could not run last) */
    size_t ncand;
    bool truncated;               /* more candidates than the search tries */
    size_t serves_first, serves_end;  /* the access records a kept fix is
                                         for (one kernel's); end 0: all */
} lds_suggestion;

/* Elements all the kept layout pictures together may hold. */
#define LDS_MAX_KEPT_LAYOUT_CELLS (1u << 20)

typedef struct {
    lds_access_result **accesses;
    size_t n, cap;
    lds_layout_result **layouts;  /* show layout pictures kept for the report */
    size_t nlayouts, caplayouts;
    uint64_t layout_cells;        /* elements they hold */
    lds_suggestion **suggestions; /* suggest statements' results */
    size_t nsuggestions, capsuggestions;
    lds_footprint lds;            /* the current kernel's, or the program's */
    lds_footprint *ended_kernels; /* those of kernels that ended, where they
                                     declared arrays */
    size_t nended_kernels, capended_kernels;
    unsigned kernels;             /* kernels begun */
    lds_expect_result *expects;
    size_t nexpects, capexpects;
    lds_sim_profile **profiles;   /* distinct profiles the records point to */
    size_t nprofiles;
    char **strings;               /* interned names (files, arrays, kernels) */
    size_t nstrings, capstrings;
    size_t *string_slot;          /* a hash table of them: index + 1, 0 empty */
    size_t nslots;                /* a power of two, over twice nstrings; 0: none yet */
} lds_results;

void lds_results_init(lds_results *r);
void lds_results_free(lds_results *r);

/* The interned profiles and strings of results that are done with,
 * for the next results to start from: a sweep point's session is the
 * last one reopened, and a 2.8 KB profile copied per point was most of
 * what its record cost.  Invisible in the results: only
 * lds_results_profile and lds_results_string look in the pools. */
typedef struct {
    lds_sim_profile **profiles;
    size_t nprofiles;
    char **strings;
    size_t nstrings;
} lds_results_pools;
/* Take r's pools, the latest LDS_RESULTS_POOL_KEEP of each (the rest
 * freed): r then has none. */
#define LDS_RESULTS_POOL_KEEP 8
void lds_results_take_pools(lds_results *r, lds_results_pools *out);
/* Start r (just initialised) with pools p. */
void lds_results_give_pools(lds_results *r, const lds_results_pools *p);

/* The stable copy of profile p that records point to. */
const lds_sim_profile *lds_results_profile(lds_results *r, const lds_sim_profile *p);
/* An interned copy of a file name. */
const char *lds_results_string(lds_results *r, const char *s);

/* A new access record (profile interned, samples room for `samples`). */
lds_access_result *lds_results_add_access(lds_results *r, const void *key, const lds_sim_profile *profile,
                                          unsigned samples);
lds_expect_result *lds_results_add_expect(lds_results *r);
/* Keep a layout picture (the results own it from now on). */
void lds_results_add_layout(lds_results *r, lds_layout_result *pic);
void lds_layout_result_free(lds_layout_result *pic);
/* A kernel begins (name interned by the caller): the footprint so far is
 * the last kernel's, kept when it declared arrays; the new one is empty. */
void lds_results_begin_kernel(lds_results *r, const char *kernel);
/* Keep a suggestion (the results own it from now on). */
void lds_results_add_suggestion(lds_results *r, lds_suggestion *sg);
void lds_suggestion_free(lds_suggestion *sg);
/* A candidate's strings and per-access arrays (not its numbers: a
 * candidate never simulated has none). */
void lds_suggestion_free_candidate(lds_suggest_candidate *c);

/* Keep a simulated instruction in the record (if it has room). */
void lds_results_keep_sample(lds_access_result *a, const lds_sim_access *acc, const lds_sim_result *res,
                             const char *label);
/* Whether an instruction that cost res is the costliest of a record that
 * keeps its costliest so far (then keep it with lds_results_keep_worst). */
bool lds_results_is_worst(const lds_access_result *a, const lds_sim_result *res);
void lds_results_keep_worst(lds_access_result *a, const lds_sim_access *acc, const lds_sim_result *res,
                            const char *label);
/* The instruction --explain and a summary's picture show: the costliest
 * where it costs more than the first, else the first (NULL: none kept). */
const lds_sample *lds_access_shown(const lds_access_result *a);
/* The instruction picture k of an access draws: a summary's one is the
 * one shown, --show's are the first ones. */
const lds_sample *lds_access_drawn(const lds_access_result *a, unsigned k);
/* Move the instructions `from` kept to the end of `to`'s while it has
 * room (those are later ones: a worker's part of a range); drop the rest;
 * the costlier of the two costliest (`to`'s of equals: the earlier). */
void lds_results_take_samples(lds_access_result *to, lds_access_result *from);
/* Drop the kept instructions (after they have been reported). */
/* Forget the instructions kept, keeping room for as many. */
void lds_results_clear_samples(lds_access_result *a);
void lds_results_drop_samples(lds_access_result *a);
/* Nsight's op of the access when not ld/st/atom (ldsm ...), or NULL. */
const char *lds_access_counter_op(const lds_access_result *a);
/* The simulator's view of a kept instruction. */
lds_sim_access lds_sample_access(const lds_access_result *a, const lds_sample *s);

/* The instructions an access issued with every lane off: its idle waves
 * under set idle_waves predicate (skipped x parts), else 0.  Nsight's
 * _pred_on_any counters leave them out; its plain inst_executed and
 * rocprof's SQ_INSTS_LDS count them. */
void lds_access_idle_instructions(const lds_access_result *a, mpz_t out);

/* Totals of the records from `first` on that did not fail, of shared or
 * of global accesses (never both: a transaction is not a wavefront). */
void lds_results_totals(const lds_results *r, size_t first, bool global, lds_metrics *out);

/* Totals are never summed across profiles: one per profile (with its
 * overrides and rules), or per profile and kind of access (and the
 * profiler's op: ldmatrix is a read Nsight counts apart). */
typedef struct {
    const lds_sim_profile *profile;
    int kind;                     /* an lds_access_kind, or -1: every kind */
    const char *counter_op;       /* by kind: Nsight's op (ldsm ...), or NULL */
    bool global;                  /* of global accesses (shared and global
                                     never share a total) */
    lds_metrics m;
    mpz_t idle;                   /* of m.instructions, those issued with
                                     every lane off (lds_access_idle_instructions) */
} lds_total;

/* The totals of the records from `first` that did not fail, grouped, in
 * the order the groups first appear.  Returns how many; *out is
 * malloc'd: free it with lds_totals_free. */
size_t lds_results_group_totals(const lds_results *r, size_t first, bool by_kind, lds_total **out);
void lds_totals_free(lds_total *t, size_t n);

#endif
