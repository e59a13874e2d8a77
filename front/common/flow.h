/* front/common/flow.h - a compiled kernel's control flow walked into lds
 * items, shared by the readers of compiled code (front/ptx, front/amdgcn);
 * only files of front/ include it.  A reader turns its function into
 * steps (fw_step: labels, branches, the rest), says what one step does
 * to the registers (fw_reader.exec) and where a record of it is placed
 * (fw_reader.mark); the rest is here.  Sections by owner, in the order
 * the phases run:
 *
 *   cfg.c     basic blocks, dominators, natural loops
 *   walk.c    a region of blocks in order: conditions, merges, loops
 *   loop.c    a loop: its registers' values by trip
 *   trips.c   a loop's trip count from the comparison that keeps it going
 *   item.c    items (accesses, skipped records), -D names, the driver
 *   emit.c    the items as lds text ('#line' marks, if, for)
 */
#ifndef LDS_FRONT_FLOW_H
#define LDS_FRONT_FLOW_H

#include "front/common/sym.h"
#include "base/diag.h"
#include "front/lowered.h"

/* The largest function lowered: basic blocks, blocks x loops (the loops'
 * block sets), blocks x registers (the registers each block holds). */
#define FW_MAX_BLOCKS (1u << 16)
#define FW_MAX_LOOP_CELLS ((uint64_t)1 << 26)
#define FW_MAX_REG_CELLS ((uint64_t)1 << 28)

/* ------------------------------------------------------------- steps */

/* What a step does to the control flow. */
typedef enum {
    FW_PLAIN,                     /* goes on to the next step */
    FW_LABEL,                     /* a label (a block may start here) */
    FW_BRANCH,                    /* to `target` (when conditional: where the reader's branch literal holds) */
    FW_EXIT,                      /* ends the function (when conditional: where the literal holds) */
    FW_UNFOLLOWED                 /* a transfer lds-calc does not follow: `why` */
} fw_kind;

typedef struct {
    fw_kind kind;
    unsigned line, col;           /* in the text */
    const char *label;            /* FW_LABEL: its name */
    const char *target;           /* FW_BRANCH: the label (NULL: one the reader could not read) */
    bool conditional;             /* FW_BRANCH, FW_EXIT: taken where the reader's literal holds */
    const char *why;              /* FW_UNFOLLOWED */
} fw_step;

/* -------------------------------------------------------------- cfg.c */

typedef struct {
    unsigned first, end;          /* its steps: [first, end) */
    int succ[2];                  /* the taken branch and the fall-through (-1: none) */
    bool conditional;             /* succ[0] is taken where the branch literal of step end - 1 holds */
    unsigned npreds;
    int *preds;
    int idom;                     /* its immediate dominator (-1: the entry) */
    unsigned rpo;                 /* its place in reverse postorder */
    bool reachable;
    int loop;                     /* the innermost loop it is in, or -1 */
    bool exits;                   /* it ends the function (ret, exit, trap) */
} fw_block;

typedef struct {
    int header;
    int parent;                   /* the loop around it, or -1 */
    unsigned depth;               /* 1: outermost */
    bool *in;                     /* in[b]: block b is in the loop */
    int *latches;                 /* blocks with an edge back to the header */
    unsigned nlatches;
    const char *why_not;          /* why it cannot be followed (irreducible, ...), or NULL */
    unsigned *body;               /* its blocks (nested loops' too) in the walk order */
    unsigned nbody;
} fw_loop;

typedef struct {
    fw_block *blocks;
    unsigned nblocks;
    unsigned *order;              /* the reachable blocks in reverse postorder */
    unsigned norder;
    unsigned *walk;               /* the same blocks in the order to walk them: each after all
                                     its forward predecessors, the earliest in the text first */
    fw_loop *loops;
    unsigned nloops;
    const char *why_not;          /* a control transfer lds-calc does not follow, or NULL */
    unsigned why_line, why_col;
    bool too_big;                 /* past FW_MAX_BLOCKS or FW_MAX_LOOP_CELLS: not built further */
} fw_cfg;

/* The blocks and loops of a function's steps (in the arena).  Never
 * fails: what it cannot follow it says in why_not, of the function or a
 * loop. */
void fw_cfg_build(lds_arena *a, const fw_step *steps, unsigned n, fw_cfg *g);
/* Whether block d dominates block b (both reachable). */
bool fw_cfg_dominates(const fw_cfg *g, int d, int b);
/* Whether block b is in loop l or a loop inside it. */
bool fw_cfg_in_loop(const fw_cfg *g, int b, int l);

/* ------------------------------------------------ the walk (walk.c on) */

/* What the lowering emits, in order: accesses, skipped records and loops
 * (each with its own items), each where it runs within its list. */
typedef enum { IT_ACCESS, IT_SKIP, IT_LOOP } fw_item_kind;

typedef struct fw_item {
    fw_item_kind kind;
    int at;                       /* its step (a loop's: its header's first instruction; -1: none) */
    pcond cond;                   /* where it runs, within the loop around it */
    const char *kind_word;        /* "read" "write" "atomic" */
    const char *name;             /* the array, "global", or the instruction */
    const char *text;             /* IT_ACCESS: the statement, no guard */
    const char *why;              /* IT_SKIP: why */
    unsigned skip_bytes;          /* IT_SKIP: its width in bytes (0: not known) */
    bool skip_global;             /* IT_SKIP: of global memory */
    unsigned why_line, why_col;   /* IT_SKIP: where it came from (0: nowhere) */
    const char *head;             /* IT_LOOP: "for k in 0..T" */
    const char *loop_why;         /* IT_LOOP: why its items are skipped (NULL: they are not) */
    unsigned loop_line, loop_col;
    struct fw_item *next;
    struct fw_item *body;         /* IT_LOOP */
} fw_item;

typedef struct fw_walk fw_walk;

/* What a reader tells the walk about its steps. */
typedef struct {
    /* Step `at`'s effect on the registers (env: nregs values, NULL where
     * never set), its items under cond. */
    void (*exec)(fw_walk *w, unsigned at, pv **env, pcond cond);
    /* The literal under which conditional step `at` branches (or exits):
     * a value, and whether it is negated. */
    pv *(*branch)(fw_walk *w, unsigned at, pv **env, bool *neg);
    /* Mark in set[] each register step `at` may write. */
    void (*assigns)(fw_walk *w, unsigned at, bool *set);
    /* The '#line' mark of step `at` (and the comment naming its source
     * place), indented: the one place that decides how a record is placed. */
    void (*mark)(fw_walk *w, unsigned at, lds_buf *out, unsigned indent);
    /* A register's name, for messages. */
    const char *(*reg_name)(const fw_walk *w, int reg);
    /* Optional, for a reader that stores some registers encoded (AMDGPU's
     * lane masks: all ones or zero, as a lane sees its bit): register reg,
     * carried by loop l as its placeholder number i, as a SYM_CARRIED
     * symbol of index i, and in *seen the value the body sees for it (an
     * expression of the symbol); NULL: a plain placeholder, seen as it is. */
    pv *(*carry)(fw_walk *w, int l, int reg, unsigned i, pv **seen);
    /* The value v of a register carry() encoded, as its placeholder's
     * level sees it (NULL: v is no such value). */
    pv *(*uncarry)(fw_walk *w, int l, int reg, pv *v);
} fw_reader;

struct fw_walk {
    const fw_reader *rd;
    pv_ctx *pc;
    lds_arena *arena;
    lds_diag *diag;
    const lds_source *src;
    void (*warn)(void *ctx, const lds_diag *w);   /* may be NULL */
    void *warn_ctx;
    csrc_define *defines;         /* -D names and values (marked used when read) */
    unsigned ndefines;
    const fw_step *steps;
    unsigned nsteps;
    unsigned nregs;
    pv *const *entry;             /* the registers' values where the function starts (NULL: none set) */
    fw_cfg g;
    pv *tid[3];                   /* the thread's ids, the workgroup's number (trips.c) */
    pv *group;
    long tdim[3];                 /* the workgroup's shape (0: not known) */
    bool emitting;                /* false in a loop's dry run: no items */
    fw_item **tail;               /* where the next item goes */
    unsigned accesses;
    const char **missing;         /* parameters an item needed and no -D gave */
    unsigned nmissing;
    size_t capmissing;
    unsigned loops;               /* loops named so far */
    unsigned depth;               /* loops being solved around the walk */
};

/* walk.c: the blocks of a region (a loop's, or the function's: l = -1)
 * in order from its entry with condition cin and registers env_in; its
 * exits go to `exits` (a loop's edges out: block, condition, registers)
 * and, for a loop, its back edges to `back`. */
typedef struct {
    int to;                       /* a block, or -1: the function's end */
    pcond c;
    pv **env;                     /* malloc'd */
} fw_edge;

typedef struct {
    fw_edge *v;
    unsigned n;
    size_t cap;
} fw_edges;

void fw_walk_region(fw_walk *w, int l, pcond cin, pv **env_in, fw_edges *exits, fw_edges *back);
void fw_edges_free(fw_edges *e);
pv **fw_env_copy(const fw_walk *w, pv *const *env);
/* The registers loop l (and the loops in it) assign. */
bool *fw_loop_assigns(fw_walk *w, int l);

/* loop.c: loop l entered under cin with env_in: its items (one loop
 * item), and its exits to the region around it. */
void fw_follow_loop(fw_walk *w, int l, pcond cin, pv **env_in, fw_edges *exits);

/* trips.c: the trips of a loop that goes on while cont (negated if
 * neg) holds in trip k0, as *trips; where threads differ, the condition
 * a thread runs trip k0 in, as *guard.  NULL, or why they are not known. */
const char *fw_affine_trips(fw_walk *w, pv *k0, pv *cont, bool neg, pv **trips, pcond *guard);

/* item.c: items and their reasons */
void fw_add_item(fw_walk *w, const fw_item *it);
/* A skipped item of step at: kind and name, why (with where, 0: none). */
void fw_add_skip(fw_walk *w, int at, pcond cond, const char *kind, const char *name, const char *why,
                 unsigned line, unsigned col);
/* The same, of a memory instruction whose width (bytes, 0: not known)
 * and memory (global or not) are known. */
void fw_add_skip_sized(fw_walk *w, int at, pcond cond, const char *kind, const char *name, const char *why,
                       unsigned line, unsigned col, unsigned bytes, bool global);
/* An access of step at: its statement (no guard). */
void fw_add_access(fw_walk *w, int at, pcond cond, const char *kind, const char *name, const char *text);
/* A global-memory access of `bytes`: its statement, and what a skipped
 * record of it says ('skipped read global b32 global: ...') where a loop
 * around it cannot run. */
void fw_add_global_access(fw_walk *w, int at, pcond cond, const char *kind, unsigned bytes, const char *text);
/* A parameter an item needs that no -D gives, for the kernel's warning. */
void fw_note_missing(fw_walk *w, const char *name);
/* Why an item under cond, or with value v, cannot be modelled (data, a
 * parameter no -D gives), or NULL; skip: a node to pass over (a global
 * address's allocation). */
const char *fw_why_not(fw_walk *w, pcond cond, const pv *v, const pv *skip, unsigned *line, unsigned *col);
/* The -D name of that name, or NULL. */
const csrc_define *fw_define(const fw_walk *w, const char *name);
/* "%s at L:C" text helpers, in the arena */
const char *fw_fmt(fw_walk *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *fw_reg_name(const fw_walk *w, int reg);
/* Register reg, read before anything set it: data saying so, at step at. */
pv *fw_unset(fw_walk *w, int reg, unsigned at);
/* The one term of v that is a symbol of kind k (or, params_too, a
 * parameter that is an allocation), with coefficient 1: an address's
 * base; NULL if there is none or more than one. */
pv *fw_base_term(const pv *v, pv_symkind k, bool params_too);
/* Kernel name's workgroup d (from: what gave it, NULL: nothing, one wave
 * assumed with a warning at line:col; given: --threads's text) checked
 * against 1 .. most and written to out as 'threads'; -1 with diag set
 * (at line:col) when out of range. */
int fw_threads(fw_walk *w, const char *name, const long long *d, const char *from, const char *given, unsigned line,
               unsigned col, long long most, lds_buf *out);
/* A file's kernels handed back: *out and *n, or (rc < 0) the done ones freed, -1. */
int fw_hand_back(csrc_lowered *res, unsigned done, int rc, csrc_lowered **out, unsigned *n);
/* A kernel lowered: the warning of the -D names it needs, and res made of
 * its name and place, the text in out (taken) and its accesses. */
void fw_finish(fw_walk *w, const char *name, unsigned line, unsigned col, lds_buf *out, csrc_lowered *res);
/* A path's last part (the file a '.file' or '.loc' names, as a record's
 * comment shows it). */
const char *fw_base_name(const char *path);
/* s as an lds name: letters, digits and _, not one of lds's words. */
const char *fw_lds_name(fw_walk *w, const char *s);
/* The source name a mangled one carries (_Z7reduce3PKfPfj is reduce3, a
 * local static _ZZ...E4tile is tile), or NULL. */
const char *fw_demangled(lds_arena *a, const char *s);
/* The warning that lists the -D names the kernel needs (at line:col). */
void fw_warn_missing(fw_walk *w, const char *kernel, unsigned line, unsigned col);
/* Walk the function's steps into items and write them to out: -1 with
 * diag set where it is larger than lds-calc follows (what: the
 * function's name, at line:col). */
int fw_run(fw_walk *w, const char *what, unsigned line, unsigned col, lds_buf *out);

/* emit.c: the items as lds text */
void fw_emit(fw_walk *w, const fw_item *items, lds_buf *out);

#endif
