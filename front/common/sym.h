/* front/common/sym.h - symbolic values and path conditions, shared by the
 * readers of compiled code (front/ptx, front/amdgcn); only files of
 * front/ include it (tests/layering.py checks).  Sections by owner:
 *
 *   val.c, fold.c   values: hash-consed expressions with their intervals,
 *                   folded as they are built
 *   vwalk.c         walks over values: substitution, evaluation, what a
 *                   value uses, its affine form, its lds text
 *   cond.c          path conditions: sums of products of literals
 */
#ifndef LDS_FRONT_SYM_H
#define LDS_FRONT_SYM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/check.h"
#include "base/mem.h"

__extension__ typedef __int128 pw;   /* values and bounds: 64-bit registers of either signedness, exactly */

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
/* A SYM_PARAM's index that marks it the size of a dynamic shared array. */
#define PV_EXTERN_SIZE (-1)

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
/* Whether v is a truth value: a comparison, a logical operator, 0 or 1. */
bool pv_is_bool(const pv *v);
/* The value with every symbol that is `from` replaced by `to` (symbols
 * found as pv_find finds them). */
pv *pv_subst(pv_ctx *c, pv *v, pv *const *from, pv *const *to, unsigned n);
/* The value where each node of `facts` (truth values) is true (or, with
 * its neg set, false): what a value is where a condition is known to
 * hold. */
pv *pv_assume(pv_ctx *c, pv *v, pv *const *facts, const bool *neg, unsigned n);
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
/* v where the literals every term of a has hold (pv_assume). */
pv *pc_assume(pv_ctx *c, pcond a, pv *v);

#endif
