/* src/ast.h - the syntax tree of an lds program.
 *
 * The parser builds it; resolution (src/resolve.c) then fills the
 * annotations marked below (symbols, dependencies), once per run, before
 * a statement executes.  Execution reads the tree and never changes it. */
#ifndef LDS_AST_H
#define LDS_AST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>   /* before gmp.h, which declares its FILE functions only after it */
#include <gmp.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/limits.h"
#include "src/vocab.h"

struct lds_sym;
struct lds_nv_access;

/* What an expression depends on: bits for the per-lane names, one per
 * loop slot (the loop's nesting depth), and one for def parameters. */
#define LDS_DEP_LANE ((uint64_t)1)
#define LDS_DEP_WAVE ((uint64_t)2)
#define LDS_DEP_GROUP ((uint64_t)4)
#define LDS_DEP_LOOP(slot) ((uint64_t)1 << (3 + (slot)))
#define LDS_DEP_PARAM ((uint64_t)1 << 63)
/* Depends on where in the dispatch it is evaluated (not uniform). */
#define LDS_DEP_VARYING (LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP)

typedef enum { E_NUM, E_NAME, E_UNARY, E_BINARY, E_COND, E_CALL } lds_expr_kind;

typedef struct lds_expr {
    lds_expr_kind kind;
    lds_loc loc;
    lds_op op;                /* E_UNARY, E_BINARY */
    int64_t value;            /* E_NUM, when big is NULL */
    mpz_ptr big;              /* E_NUM beyond 64 bits */
    const char *name;         /* E_NAME, E_CALL */
    struct lds_expr *a, *b, *c;   /* operands; E_COND: a ? b : c */
    struct lds_expr **args;   /* E_CALL */
    unsigned nargs;
    unsigned height;          /* levels of nodes below and including this */
    /* resolution */
    struct lds_sym *sym;      /* E_NAME: the name's symbol; E_CALL: the def */
    int param;                /* E_NAME: index of a def parameter, or -1 */
    int builtin;              /* E_CALL: a built-in function, or -1 */
    uint64_t deps;            /* LDS_DEP_* bits */
} lds_expr;

typedef enum {
    S_ARCH, S_SET, S_RULES, S_THREADS, S_GROUPS, S_LET, S_DEF, S_ARRAY,
    S_ACCESS, S_FOR, S_PRINT, S_EXPECT, S_SHOW, S_EXPLAIN, S_SUGGEST, S_IF, S_SKIPPED,
    S_NOP,  /* does nothing when run: a TTGIR alias the parser kept */
    S_KERNEL  /* a kernel starts: its shared memory is laid out afresh */
} lds_stmt_kind;

typedef enum { T_ELEM, T_ANON, T_ADDR } lds_target_kind;
typedef enum { RULES_CALIBRATED, RULES_SEED } lds_rules;
typedef enum {
    SET_BANKS, SET_BANK_BYTES, SET_WAVE, SET_LDS, SET_R2, SET_R3, SET_WRITE_MERGE, SET_IDLE_WAVES, SET_PHASES
} lds_setting;

typedef struct {
    const char *var;
    lds_loc loc;
    lds_expr *lo, *hi;        /* half-open LO..HI */
    /* the while form (for V = INIT while COND next NEXT): cond non-NULL,
     * lo is INIT, hi unused; every part uniform */
    lds_expr *cond, *next;
    /* 'as NAME = EXPR, ...' (the for ... in block): the names an
     * instruction's place is given by, from the variable (a kernel file's
     * own variables, where its loop counts trips); names of nothing else */
    unsigned nshown;
    const char **shown_name;
    lds_expr **shown;
    struct lds_sym *sym;      /* resolution: the loop variable */
} lds_loop;

typedef struct {
    lds_target_kind kind;
    lds_loc loc;
    const char *name;         /* T_ELEM: the array; T_ANON: the type */
    lds_expr **idx;           /* T_ELEM indices; T_ANON: idx[0] */
    unsigned nidx;
    bool slice;               /* T_ELEM: fewer indices than dimensions name
                                 the sub-tile they start (a bulk copy's) */
    unsigned elem_size;       /* T_ANON */
    lds_expr *addr;           /* T_ADDR */
    struct lds_sym *array;    /* resolution, T_ELEM: the array */
} lds_target;

/* A CuTe layout as a layout statement wrote it (tile_to_shape worked
 * out): its top-level modes, each a run of leaves, and its swizzle.
 * suggest varies it: its largest stride padded, swizzles over it. */
typedef struct {
    unsigned nmodes, nleaves;
    unsigned mode_first[LDS_MAX_PARAMS + 1];   /* mode k: leaves [mode_first[k], mode_first[k + 1]) */
    int64_t shape[LDS_CUTE_MAX_LEAVES], stride[LDS_CUTE_MAX_LEAVES];
    bool swizzled;
    int64_t bms[3];           /* Swizzle<B,M,S> */
} lds_cute_form;

/* What a layout written for the hardware asks of the array it lays out
 * (src/parse_nvidia.c): its element size, where a swizzle acts on byte
 * addresses, and the alignment of the array's base, where it acts on the
 * absolute shared-memory address (TMA, CuTe's smem_ptr swizzles). */
typedef struct {
    unsigned elem_bytes;      /* 0: any element size */
    uint64_t base_align;      /* bytes the base must be a multiple of; 0: any */
    const char *why;          /* base_align's rule, for its message */
    int64_t elem_swizzle[3];  /* a Swizzle on element offsets that has a
                                 byte-address swizzle's parameters (B 0:
                                 none): warned about on elements wider than
                                 a byte, where the two differ */
} lds_layout_hw;

/* What a `layout` or `fragment` statement knows of its def beyond the
 * body: the tile it was written for and the elements it spans. */
typedef struct {
    const char *notation;     /* "CuTe", "Triton SwizzledSharedLayout", ... */
    unsigned rank;            /* exact_shape: the tile's dimensions */
    int64_t shape[LDS_MAX_DIMS];
    bool exact_shape;         /* an array laid out by it must be this shape */
    int64_t cosize;           /* 1 + its largest offset over the tile; 0: unknown;
                                 -1: more than 64 bits hold */
    const lds_cute_form *cute;   /* a CuTe layout's form (not ck_tile's xor), or NULL */
    lds_layout_hw hw;
} lds_layout_info;

typedef struct lds_stmt {
    lds_stmt_kind kind;
    lds_loc loc;
    const char *source;       /* its text, comments and line breaks dropped (a
                                 statement lowered from a kernel: the kernel's line) */
    bool lowered;             /* lowered from a kernel file: placed in its text */
    const char *written;      /* lowered: the name the kernel subscripts at its
                                 place (sdata of sdata[i], a pointer into
                                 __smem), or NULL */
    lds_loc related;          /* lowered: a second place its record names
                                 (the helper's line of an inlined access, the
                                 PTX instruction of a source line; src NULL:
                                 none), and what that place is */
    const char *related_what;
    const char *related_source;   /* lowered: the kernel statement at related */
    struct lds_stmt *next;
    union {
        struct { const char *name; lds_loc name_loc; } arch;
        struct {
            lds_setting key;
            lds_expr *value;          /* banks bank_bytes wave lds */
            const char *word;         /* r2 r3 write_merge: the value */
            const char *kind;         /* phases, banks: the instruction
                                         class, "read", ... (NULL: every
                                         kind) and width (banks: NULL for
                                         the profile's bank count) */
            const char *width;
            const char *table;        /* phases: the table */
            lds_loc word_loc;         /* the width (or the value word) */
        } set;
        struct { lds_rules which; } rules;
        struct { lds_expr *dim[3]; unsigned n; } threads;
        struct { lds_expr *count; } groups;
        struct { const char *name; lds_loc name_loc; lds_expr *value; struct lds_sym *sym; } let;
        struct {
            const char *name;
            lds_loc name_loc;
            const char **params;
            unsigned nparams;
            lds_expr *body;
            const lds_layout_info *layout;   /* a layout statement's, or NULL */
            struct lds_sym *sym;
        } def;
        struct {
            const char *name;
            lds_loc name_loc;
            unsigned elem_size;
            const char *type_name;
            lds_expr **dims;
            unsigned ndims;
            lds_expr *at, *size;      /* optional */
            bool global;              /* array global ...: in global memory */
            const char *layout;       /* a def's name, or NULL */
            lds_loc layout_loc;
            struct lds_sym *sym;
            struct lds_sym *layout_sym;
            const struct lds_sym *previous;   /* resolution: an array of this
                                                 name the same program declared */
        } array;
        struct {
            lds_access_kind kind;
            unsigned width;           /* bytes; 0: the element's size */
            bool width_of_type;       /* the width written as an element type
                                         (read float3 X[i][0]): an element of
                                         that type named whole, as without a width */
            lds_target target;
            lds_expr *cond;           /* optional */
            const char *note;         /* how an instruction (ldmatrix, cp.async)
                                         is modelled, or NULL */
            unsigned naddr;           /* addresses per lane: 1, or 2 (ds_read2) */
            bool global_written;      /* read global ..., a global instruction */
            bool pasted;              /* from a pasted C statement (src/parse_kernel.c) */
            bool global;              /* resolution: global memory (as written,
                                         or its array's) */
            int64_t offset[2];        /* naddr 2: bytes added to the target */
            const lds_access_form *form;   /* an instruction's, or NULL */
            const struct lds_nv_access *nv;  /* an NVIDIA data path's (src/nvidia.c), or NULL */
            lds_expr *dma_base;       /* a load into LDS: the wave's base as written
                                         (the target's address is it + lane x width),
                                         or NULL */
            lds_loop *loops;
            unsigned nloops;
        } access;
        struct { lds_loop loop; struct lds_stmt *body; } loop;
        /* if COND { then } else { otherwise }: COND uniform (per-lane
         * conditions go on the accesses) */
        struct { lds_expr *cond; struct lds_stmt *then, *otherwise; } branch;
        /* skipped KIND [global] [WIDTH] NAME: WHY - an access a front end
         * saw and could not model (its index depends on data, say): a
         * record with no numbers; width 0: not written (the array's
         * element where NAME is one, else not known) */
        struct { lds_access_kind kind; const char *array; const char *why; unsigned width; bool global; } skipped;
        struct { const char *name; } kernel;
        struct { lds_expr **values; unsigned n; } print;
        struct {
            lds_metric metric;
            const char *metric_name;  /* as written */
            bool total;
            lds_op cmp;
            lds_expr *value;
        } expect;
        struct {
            lds_show level;
            const char *array;        /* show layout NAME: the array, else NULL */
            lds_loc array_loc;
            struct lds_sym *array_sym;
        } show;
        struct {
            const char *array;        /* suggest NAME */
            lds_loc array_loc;
            struct lds_sym *array_sym;
        } suggest;
    } u;
} lds_stmt;

typedef struct {
    lds_arena *arena;
    lds_stmt *first;
    const lds_source *src;    /* the text it was parsed from */
} lds_program;

#endif
