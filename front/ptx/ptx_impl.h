/* front/ptx/ptx_impl.h - what the phases of the PTX reader share; only
 * files of front/ptx/ include it (tests/layering.py checks).  Sections by
 * owner, in the order the phases run:
 *
 *   parse.c   PTX text to a module: files, .loc places, variables,
 *             functions with their parameters, registers, instructions
 *   val.c     symbolic values: hash-consed expressions with their
 *             intervals, folded as they are built; printed as lds text
 *   cond.c    path conditions: sums of products of branch literals
 *   cfg.c     basic blocks, dominators, natural loops
 *   eval.c    an instruction's effect on the registers
 *   access.c  memory instructions as accesses, skipped records
 *   param.c   kernel parameters as -D names
 *   walk.c    a region of blocks in order: conditions, merges, loops
 *   loop.c    a loop: its registers' values by trip
 *   trips.c   a loop's trip count from the comparison that keeps it going
 *   emit.c    the items as lds text ('#line' marks, if, for)
 *   lower.c   the driver: a .entry's arrays, parameters, workgroup
 */
#ifndef LDS_PTX_IMPL_H
#define LDS_PTX_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "front/ptx/ptx.h"
#include "base/arena.h"
#include "base/buf.h"
#include "base/check.h"
#include "base/diag.h"
#include "base/mem.h"

__extension__ typedef __int128 pw;   /* values and bounds: 64-bit registers of either signedness, exactly */

/* ------------------------------------------------------------ parse.c */

enum { PTX_MAX_PARTS = 16, PTX_MAX_OPS = 40, PTX_MAX_VEC = 256 }   /* wgmma m64n256 f32: 128 accumulators in one vector */;
/* The most threads along one axis of a workgroup. */
#define LDS_PTX_MAX_THREADS ((long long)1 << 31)
/* The most bytes a dynamic shared array may be given (-D NAME_size). */
#define LDS_PTX_MAX_SHARED ((long long)1 << 40)
/* The largest function lowered: basic blocks, blocks x loops (the loops'
 * block sets), blocks x registers (the registers each block holds). */
#define PTX_MAX_BLOCKS (1u << 16)
#define PTX_MAX_LOOP_CELLS ((uint64_t)1 << 26)
#define PTX_MAX_REG_CELLS ((uint64_t)1 << 28)

/* The special registers lds-calc follows (ORDER PSREG: parse.c's names). */
typedef enum {
    PS_TID_X, PS_TID_Y, PS_TID_Z, PS_NTID_X, PS_NTID_Y, PS_NTID_Z, PS_LANEID, PS_WARPID, PS_NWARPID,
    PS_CTAID_X, PS_CTAID_Y, PS_CTAID_Z, PS_NCTAID_X, PS_NCTAID_Y, PS_NCTAID_Z, PS_OTHER, PS_COUNT
} ptx_special;

typedef enum { OP_REG, OP_SPECIAL, OP_IMM, OP_FIMM, OP_SYM, OP_ADDR, OP_VEC, OP_SINK } ptx_opkind;

typedef struct ptx_operand {
    ptx_opkind kind;
    bool neg;                     /* !%p */
    int reg;                      /* OP_REG, OP_ADDR's base register: its index (-1: none) */
    int reg2;                     /* setp's %p|%q: the second destination (-1: none) */
    ptx_special special;          /* OP_SPECIAL (PS_OTHER: its name in sym) */
    pw imm;                       /* OP_IMM; OP_ADDR's offset; OP_SYM's offset */
    const char *sym;              /* OP_SYM, OP_ADDR's base symbol, OP_SPECIAL's name */
    struct ptx_operand *elems;    /* OP_VEC */
    unsigned nelems;
} ptx_operand;

typedef struct {
    unsigned line, col;           /* in the PTX text */
    int place;                    /* the .loc in force (module places), or -1 */
    const char *label;            /* a label: its name (then opcode is NULL) */
    const char *opcode;           /* "ld.shared.v4.f32" */
    const char *parts[PTX_MAX_PARTS];   /* split at '.': "ld" "shared" "v4" "f32" */
    unsigned nparts;
    bool guarded, guard_neg;
    int guard;                    /* @%p: the register */
    ptx_operand *ops;
    unsigned nops;
} ptx_ins;

/* A .loc: file, line and column of the source; the function it is in and
 * where that was inlined (another place), when the .loc says. */
typedef struct {
    unsigned file, line, col;
    const char *func;             /* function_name's string, or NULL */
    int outer;                    /* inlined_at: a place, or -1 */
} ptx_place;

typedef enum { SP_SHARED, SP_GLOBAL, SP_CONST, SP_LOCAL, SP_OTHER } ptx_space;

typedef struct {
    const char *name;
    ptx_space space;
    unsigned align;
    int64_t bytes;                /* its size; -1: unsized (extern ... name[]) */
    bool is_extern;
    unsigned line, col;
} ptx_var;

typedef struct {
    const char *name;
    unsigned bytes;               /* its size: 4 for .u32, N for .b8 name[N] */
    bool is_signed, is_float, is_array, is_pointer;
    unsigned line, col;
} ptx_param;

typedef struct {
    const char *name;
    unsigned bits;                /* its declared width (1 for .pred) */
    unsigned scope;               /* the { } block that declared it (0: the function's) */
    bool closed;                  /* that block has ended: its name no longer finds it */
} ptx_reg;

typedef struct ptx_func {
    const char *name;
    bool entry;
    bool defined;                 /* it has a body (not a declaration) */
    unsigned line, col;
    ptx_param *params;
    unsigned nparams;
    long reqntid[3], maxntid[3];  /* 0: not given */
    ptx_ins *ins;
    unsigned nins;
    ptx_var *vars;                /* its own .shared (and .local) variables */
    unsigned nvars;
    ptx_reg *regs;
    unsigned nregs;
    struct ptx_func *next;
} ptx_func;

typedef struct {
    unsigned id;
    const char *name;
    const lds_source *src;        /* the file read (ptx_lower_options.sources), or NULL */
} ptx_file;

typedef struct {
    const char *label;
    const char *text;
} ptx_string;

typedef struct {
    const lds_source *src;
    ptx_file *files;
    unsigned nfiles;
    ptx_place *places;
    unsigned nplaces;
    ptx_var *vars;                /* module-level variables */
    unsigned nvars;
    ptx_func *funcs;              /* .entry and .func, in order */
    ptx_string *strings;          /* .section .debug_str labels */
    unsigned nstrings;
} ptx_module;

/* Read src into m (allocated in a).  -1 with diag set on text that is not
 * PTX as lds-calc reads it. */
int ptx_parse(const lds_source *src, lds_arena *a, ptx_module *m, lds_diag *diag);
/* The parser's state and tokens (lex.c, parse.c, body.c only). */
typedef enum { T_EOF, T_WORD, T_NUM, T_FLOAT, T_STR, T_PUNCT } ptx_tkind;

typedef struct {
    ptx_tkind kind;
    const char *p;
    unsigned len;
    unsigned line, col;
    pw num;                       /* T_NUM */
} ptx_tok;

/* A register declaration: %r<17> is prefix "%r", count 17; %tmp, count 0. */
typedef struct {
    const char *prefix;
    unsigned len, count, bits;
    unsigned scope;               /* the { } block it is in */
} ptx_regdecl;

typedef struct {
    const lds_source *src;
    lds_arena *a;
    lds_diag *diag;
    ptx_module *m;
    const char *p, *end;
    unsigned line;
    const char *line_start;
    ptx_tok t;                    /* the current token */
    ptx_func *f;                  /* the function being read */
    ptx_func **tail;              /* where the module's next function goes */
    ptx_regdecl *decls;           /* the declarations of the blocks open now */
    unsigned ndecls;
    unsigned scopes[64], nscopes, next_scope;   /* the blocks open now (inline asm's { }) */
    int *regmap, *regnext;        /* the function's registers by name: chains, newest first */
    size_t regmap_cap;
    size_t capdecls, capins, capregs, capplaces;
    unsigned asm_begins, asm_ends;   /* '// begin inline asm' and '// end inline asm'
                                        comments passed (the .locs between them are the
                                        asm text's lines: pl_body) */
    bool failed;
} ptx_parser;

/* lex.c: the next token; whether the current one is s (and take it) */
void pl_next(ptx_parser *P);
bool pl_is(const ptx_parser *P, const char *s);
bool pl_accept(ptx_parser *P, const char *s);
int pl_expect(ptx_parser *P, const char *s);
const char *pl_str(ptx_parser *P);             /* the current token's text, in the arena */
const char *pl_found(ptx_parser *P);           /* ... for a message */
int pl_fail(ptx_parser *P, const char *fmt, ...) __attribute__((format(printf, 2, 3)));   /* -1, diag set (once) */
int pl_number(ptx_parser *P, pw *out);         /* [-]integer */
void pl_skip_statement(ptx_parser *P);         /* past the next ';' at this depth */
void pl_skip_line(ptx_parser *P);
void pl_skip_braces(ptx_parser *P);            /* a balanced { ... } */
/* parse.c: a variable declaration at its state space; a type's bytes */
int pl_variable(ptx_parser *P, bool is_extern, ptx_var **vars, unsigned *nvars, size_t *cap);
unsigned pl_type_bytes(const char *t, unsigned n);
/* body.c: a function's { body } */
int pl_body(ptx_parser *P);
void ptx_module_free(ptx_module *m);

/* The special register of a name ("%tid.x"), or PS_OTHER. */
ptx_special ptx_special_of(const char *name);
/* The string a .debug_str label holds, or NULL. */
const char *ptx_string_of(const ptx_module *m, const char *label);
/* The name of file id, or NULL. */
const char *ptx_file_name(const ptx_module *m, unsigned id);
/* Whether the instruction's opcode has the part p ("shared", "v4"). */
bool ptx_has_part(const ptx_ins *in, const char *p);

/* -------------------------------------------------------------- val.c */

/* What a value depends on (ORed up from its operands). */
enum {
    DEP_LANE = 1,                 /* the thread: tid.x, lane, ... */
    DEP_GROUP = 2,                /* the workgroup: group */
    DEP_PARAM = 4,                /* a -D name */
    DEP_LOOP = 8,                 /* a loop's trip number */
    DEP_CARRIED = 16,             /* a loop-carried register, before its loop is solved */
    DEP_DATA = 32                 /* data: absorbs whatever it is combined with */
};

typedef enum {
    PV_CONST, PV_SYM, PV_DATA, PV_LIN, PV_MUL, PV_DIV, PV_REM, PV_SHL, PV_SHR, PV_AND, PV_OR, PV_XOR, PV_MIN,
    PV_MAX, PV_CMP, PV_LAND, PV_LOR, PV_NOT, PV_SEL, PV_WRAP
} pv_op;

typedef enum { CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_EQ, CMP_NE } pv_rel;

typedef struct pv pv;
typedef struct {
    pw coef;
    pv *v;
} pv_term;

/* What a symbol stands for (PV_SYM). */
typedef enum {
    SYM_NAME,                     /* a name lds knows: tid.x, group, a loop's trip, a -D name */
    SYM_PARAM,                    /* a kernel parameter: its -D name (missing: none given); 64 bits: maybe a pointer */
    SYM_SHARED,                   /* the shared address of array `index` (its offset, written as a number) */
    SYM_REGION,                   /* the address of global allocation `index`: (index << 40) */
    SYM_WINDOW,                   /* where shared memory lies in the generic address space */
    SYM_CARRIED                   /* a register a loop changes, before the loop is solved */
} pv_symkind;

struct pv {
    pv_op op;
    pv_symkind sym;               /* PV_SYM */
    int index;                    /* PV_SYM: the array, the allocation; a 64-bit parameter's allocation (0: none) */
    unsigned size;                /* nodes of its tree (saturating): bounds its text */
    unsigned seen;                /* a walk's mark */
    pv *memo;                     /* pv_subst's result, while seen is its mark */
    unsigned char deps;
    unsigned char cmp;            /* PV_CMP: a pv_rel */
    unsigned char bits;           /* PV_WRAP: the width */
    bool sgn;                     /* PV_WRAP: signed */
    bool missing;                 /* PV_DATA: a parameter no -D gives */
    unsigned id;                  /* creation order: terms sort by it */
    unsigned height;
    pw k;                         /* PV_CONST's value; PV_LIN's constant */
    pw lo, hi;                    /* every value it takes lies in [lo, hi] */
    const char *text;             /* PV_SYM: how lds writes it; PV_DATA: why it is data */
    unsigned serial;              /* PV_SYM: tells apart symbols of one text */
    unsigned line, col;           /* PV_DATA: where it became data (0: nowhere in particular) */
    pv *a, *b, *c;
    pv_term *terms;               /* PV_LIN */
    unsigned nterms;
};

#define PV_INF ((pw)1 << 100)
/* A SYM_PARAM's index that marks it the size of an extern shared array. */
#define PTX_EXTERN_SIZE (-1)

typedef struct pv_table pv_table;

/* The values of one lowering: nodes and their table live in the arena. */
typedef struct {
    lds_arena *arena;
    pv_table *table;
    unsigned next_id;
    unsigned next_serial;
    unsigned epoch;               /* for pv.seen */
    bool overflow;                /* an expression grew past the height or size written out */
    bool exhausted;               /* more values than PV_MAX_NODES: every new one is `spent` */
    pv *spent;                    /* the data every value is once the budget is spent */
} pv_ctx;

/* The most values one kernel's lowering makes (each some 170 bytes). */
#define PV_MAX_NODES (1u << 21)

void pv_init(pv_ctx *c, lds_arena *a);
void pv_fini(pv_ctx *c);
pv *pv_const(pv_ctx *c, pw k);
/* A name lds knows (tid.x, group, a -D name, a loop variable), its
 * dependence and its range. */
pv *pv_sym(pv_ctx *c, const char *text, unsigned char deps, pw lo, pw hi);
/* A symbol of another kind (never folded into a constant): a parameter
 * (missing: no -D gives it; index: its allocation when 64 bits wide), an
 * array's or an allocation's address, a loop-carried register. */
pv *pv_symbol(pv_ctx *c, pv_symkind kind, const char *text, int index, unsigned char deps, pw lo, pw hi,
              bool missing);
/* data, saying why and where (line 0: no place); missing: a -D name not given */
pv *pv_data(pv_ctx *c, const char *why, unsigned line, unsigned col, bool missing);
pv *pv_add(pv_ctx *c, pv *a, pv *b);
pv *pv_sub(pv_ctx *c, pv *a, pv *b);
pv *pv_scale(pv_ctx *c, pv *a, pw k);
pv *pv_mul(pv_ctx *c, pv *a, pv *b);
pv *pv_bin(pv_ctx *c, pv_op op, pv *a, pv *b);   /* DIV REM SHL SHR AND OR XOR MIN MAX LAND LOR */
pv *pv_cmp(pv_ctx *c, pv_rel op, pv *a, pv *b);
pv *pv_not(pv_ctx *c, pv *a);                   /* logical not */
pv *pv_sel(pv_ctx *c, pv *cond, pv *a, pv *b);
/* a as a `bits`-wide integer of that signedness: itself where it is
 * within the range, else wrapped into it */
pv *pv_wrap(pv_ctx *c, pv *a, unsigned bits, bool sgn);
bool pv_is_const(const pv *v, pw k);
/* The value with every symbol that is `from` replaced by `to` (symbols
 * found as pv_find finds them). */
pv *pv_subst(pv_ctx *c, pv *v, pv *const *from, pv *const *to, unsigned n);
/* Its value where the symbols `from` take the values `to`: false if it
 * depends on anything else, or divides by zero. */
bool pv_eval(const pv *v, pv *const *from, const pw *to, unsigned n, pw *out);
/* Whether v names node x anywhere. */
bool pv_uses(const pv *v, const pv *x);
/* v as an affine function of symbol k: *base + *step * k, with base and
 * step free of k; false if it is not. */
bool pv_affine_in(pv_ctx *c, pv *v, const pv *k, pv **base, pv **step);
/* The lds text of v (in the arena). */
const char *pv_text(pv_ctx *c, const pv *v);
/* A decimal integer (in the arena). */
const char *pv_num(pv_ctx *c, pw k);
/* The first data node v rests on, or NULL. */
const pv *pv_data_of(pv_ctx *c, const pv *v);
/* The first parameter v needs that no -D gives, outside the allocation
 * base of a global address (skip: that node, or NULL), or NULL. */
const pv *pv_missing_of(pv_ctx *c, const pv *v, const pv *skip);
/* Where symbol v is among xs (-1: not there).  Beyond 16 of them only
 * xs[v->index] is looked at: a loop's placeholders are numbered so. */
int pv_find(const pv *v, pv *const *xs, unsigned n);
/* fn(ctx, s) for each symbol s of that kind v uses, once each. */
void pv_collect(pv_ctx *c, const pv *v, pv_symkind kind, void (*fn)(void *ctx, const pv *sym), void *ctx);
/* Whether v uses any of the n nodes xs (symbols, as pv_find finds them). */
bool pv_uses_any(pv_ctx *c, const pv *v, pv *const *xs, unsigned n);
/* The constant terms and those that do not vary with the thread or the
 * workgroup, and the rest: v == *uniform + *varying. */
void pv_split_uniform(pv_ctx *c, pv *v, pv **uniform, pv **varying);

/* val.c's helpers for fold.c (and only it): the node equal to a
 * prototype; a prototype over up to three operands; the data among them;
 * saturating arithmetic on bounds; bit lengths; exact division of a
 * linear form all of whose coefficients are multiples of d. */
pv *pvi_intern(pv_ctx *c, const pv *proto);
pv pvi_proto(pv_op op, pv *a, pv *b, pv *x);
pv *pvi_absorb(pv *a, pv *b, pv *x);
pw pvi_sat(pw x);
pw pvi_mul_sat(pw a, pw b);
unsigned pvi_bitlen(pw x);
bool pvi_multiples(const pv *v, pw d);
pv *pvi_divide(pv_ctx *c, pv *v, pw d);

/* ------------------------------------------------------------- cond.c */

/* A literal: a condition (a value, non-zero is true), or its negation. */
typedef struct {
    pv *v;
    bool neg;
} pc_lit;

/* A condition as a sum of products: true where any term holds, a term
 * where all its literals do.  No terms: false; one empty term: true.
 * A condition that grew past the limits is `unknown`. */
typedef struct pcond {
    unsigned nterms;
    struct pc_term *terms;
    bool unknown;
} pcond;

typedef struct pc_term {
    unsigned n;
    pc_lit *lits;
} pc_term;

pcond pc_true(void);
pcond pc_false(void);
pcond pc_lit1(pv_ctx *c, pv *v, bool neg);
pcond pc_and(pv_ctx *c, pcond a, pcond b);
pcond pc_or(pv_ctx *c, pcond a, pcond b);
bool pc_is_true(pcond a);
bool pc_is_false(pcond a);
bool pc_equal(pcond a, pcond b);
/* The literals every term has, and what is left of the condition without
 * them (a == common && rest). */
void pc_factor(pv_ctx *c, pcond a, pcond *common, pcond *rest);
/* As a value (1 or 0). */
pv *pc_value(pv_ctx *c, pcond a);
/* The first data node a literal rests on, or NULL. */
const pv *pc_data_of(pv_ctx *c, pcond a);
/* Each literal with `from` replaced by `to` (pv_subst). */
pcond pc_subst(pv_ctx *c, pcond a, pv *const *from, pv *const *to, unsigned n);

/* -------------------------------------------------------------- cfg.c */

typedef struct {
    unsigned first, end;          /* its instructions: [first, end) */
    int succ[2];                  /* the taken branch and the fall-through (-1: none) */
    int guard;                    /* the register that picks succ[0] (-1: succ[0] is unconditional) */
    bool guard_neg;
    unsigned npreds;
    int *preds;
    int idom;                     /* its immediate dominator (-1: the entry) */
    unsigned rpo;                 /* its place in reverse postorder */
    bool reachable;
    int loop;                     /* the innermost loop it is in, or -1 */
    bool exits;                   /* it ends the function (ret, exit, trap) */
} ptx_block;

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
} ptx_loop;

typedef struct {
    ptx_block *blocks;
    unsigned nblocks;
    unsigned *order;              /* the reachable blocks in reverse postorder */
    unsigned norder;
    unsigned *walk;               /* the same blocks in the order to walk them: each after all
                                     its forward predecessors, the earliest in the text first */
    ptx_loop *loops;
    unsigned nloops;
    const char *why_not;          /* a control transfer lds-calc does not follow, or NULL */
    unsigned why_line, why_col;
    bool too_big;                 /* past PTX_MAX_BLOCKS or PTX_MAX_LOOP_CELLS: not built further */
} ptx_cfg;

/* The blocks and loops of f (in the arena).  Never fails: what it cannot
 * follow it says in why_not, of the function or a loop. */
void ptx_cfg_build(lds_arena *a, const ptx_func *f, ptx_cfg *g);
/* Whether block d dominates block b (both reachable). */
bool ptx_cfg_dominates(const ptx_cfg *g, int d, int b);
/* Whether block b is in loop l or a loop inside it. */
bool ptx_cfg_in_loop(const ptx_cfg *g, int b, int l);


/* ------------------------------------------------ the walk (eval.c on) */

/* What the lowering emits, in order: accesses, skipped records and loops
 * (each with its own items), each where it runs within its list. */
typedef enum { IT_ACCESS, IT_SKIP, IT_LOOP } ptx_item_kind;

typedef struct ptx_item {
    ptx_item_kind kind;
    const ptx_ins *in;            /* its instruction (a loop's: its header's first) */
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
    struct ptx_item *body;        /* IT_LOOP */
    struct ptx_item *next;
} ptx_item;

/* A shared array as lowered: a variable laid out at its offset. */
typedef struct {
    const ptx_var *var;
    const char *name;             /* its lds name */
    int64_t offset, bytes;
    pv *base;                     /* its address (SYM_SHARED) */
} ptx_array;

/* A kernel parameter, or a field of a struct parameter, as read. */
typedef struct {
    unsigned param;
    int64_t offset;
    unsigned bytes;
    pv *v;
} ptx_pread;

typedef struct ptx_walk {
    pv_ctx *pc;
    lds_arena *arena;
    const ptx_module *m;
    const ptx_func *f;
    const ptx_cfg *g;
    const ptx_lower_options *o;
    lds_diag *diag;
    pv *special[PS_COUNT];
    pv *window;                   /* the shared window in generic addresses */
    ptx_array *arrays;
    unsigned narrays;
    ptx_pread *preads;
    unsigned npreads;
    size_t cappreads;
    unsigned nregions;            /* global allocations numbered so far */
    const char **gnames;          /* the module's .global variables given a region, by region - 1 - nparams64 */
    bool emitting;                /* false in a loop's dry run: no items */
    ptx_item **tail;              /* where the next item goes */
    unsigned accesses;
    const char **missing;         /* parameters an item needed and no -D gave */
    unsigned nmissing;
    size_t capmissing;
    unsigned loops;               /* loops named so far */
    long tdim[3];                 /* the workgroup's shape (0: not known) */
    unsigned depth;               /* loops being solved around the walk */
} ptx_walk;

/* eval.c: an instruction's effect on the registers (env has f->nregs
 * values, NULL where never set); memory instructions go to access.c */
void ptx_exec(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond);
/* An operand as an integer of that width and signedness (sgn: wrapped
 * into the signed range; immediates always are). */
pv *ptx_value(ptx_walk *w, const ptx_ins *in, pv **env, const ptx_operand *o, unsigned bits, bool sgn);
/* Register reg becomes v (under the instruction's guard, if it has one). */
void ptx_set(ptx_walk *w, const ptx_ins *in, pv **env, int reg, pv *v);
/* Each register an operand writes (a vector's too) becomes data: why, here. */
void ptx_set_data(ptx_walk *w, const ptx_ins *in, pv **env, const ptx_operand *o, const char *why);
/* A PTX type ("u32", "f16x2", "pred"): its bits, signedness, floatness. */
bool ptx_type(const char *part, unsigned *bits, bool *sgn, bool *fl);
/* "%s at L:C" text helpers, in the arena */
const char *ptx_fmt(ptx_walk *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *ptx_reg_name(const ptx_walk *w, int reg);

/* access.c: a memory instruction (or one that touches shared memory):
 * its items, its loaded registers as data; false if in is none */
bool ptx_access(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond);
/* A parameter an item needs that no -D gives, for the kernel's warning. */
void ptx_note_missing(ptx_walk *w, const char *name);
/* The element type of a memory instruction: its last type part ("b32" for none). */
const char *ptx_elem_type(const ptx_ins *in, unsigned *bits);

/* param.c: the -D name of that name, or NULL; ld.param of a .entry's
 * parameter into its register (false if in is no such load) */
const csrc_define *ptx_define(const ptx_walk *w, const char *name);
bool ptx_param_load(ptx_walk *w, const ptx_ins *in, pv **env);
/* Append an item (when emitting). */
void ptx_add_item(ptx_walk *w, const ptx_item *it);
/* A skipped item of in: kind and name, why (with where, 0: none). */
void ptx_add_skip(ptx_walk *w, const ptx_ins *in, pcond cond, const char *kind, const char *name, const char *why,
                  unsigned line, unsigned col);
/* Why an item under cond, or with value v, cannot be modelled (data, a
 * parameter no -D gives), or NULL; skip: a node to pass over (a global
 * address's allocation). */
const char *ptx_why_not(ptx_walk *w, pcond cond, const pv *v, const pv *skip, unsigned *line, unsigned *col);

/* walk.c: the blocks of a region (a loop's, or the function's: l = -1)
 * in order from its entry with condition cin and registers env_in; its
 * exits go to `exits` (a loop's edges out: block, condition, registers)
 * and, for a loop, its back edges to `back`. */
typedef struct {
    int to;                       /* a block, or -1: the function's end */
    pcond c;
    pv **env;                     /* malloc'd */
} ptx_edge;

typedef struct {
    ptx_edge *v;
    unsigned n;
    size_t cap;
} ptx_edges;

void ptx_walk_region(ptx_walk *w, int l, pcond cin, pv **env_in, ptx_edges *exits, ptx_edges *back);
void ptx_edges_free(ptx_edges *e);
pv **ptx_env_copy(const ptx_walk *w, pv *const *env);
/* The registers loop l (and the loops in it) assign. */
bool *ptx_loop_assigns(ptx_walk *w, int l);

/* loop.c: loop l entered under cin with env_in: its items (one loop
 * item), and its exits to the region around it. */
void ptx_follow_loop(ptx_walk *w, int l, pcond cin, pv **env_in, ptx_edges *exits);

/* trips.c: the trips of a loop that goes on while cont (negated if
 * neg) holds in trip k0, as *trips; where threads differ, the condition
 * a thread runs trip k0 in, as *guard.  NULL, or why they are not known. */
const char *ptx_affine_trips(ptx_walk *w, pv *k0, pv *cont, bool neg, pv **trips, pcond *guard);

/* emit.c: the items as lds text */
void ptx_emit(ptx_walk *w, const ptx_item *items, lds_buf *out);
/* The '#line' mark of an instruction (and the comment naming its source
 * place): the one place that decides how a record is placed. */
void ptx_emit_mark(ptx_walk *w, const ptx_ins *in, lds_buf *out, unsigned indent);

#endif
