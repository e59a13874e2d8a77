/* src/lanes_impl.h - the program of src/lanes.h, shared by its compiler
 * (src/lanes_compile.c) and its runner (src/lanes.c).  Private to them. */
#ifndef LDS_LANES_IMPL_H
#define LDS_LANES_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/profile.h"
#include "src/divconst.h"
#include "src/lanes.h"

/* Programs beyond this fall back to the tree walker (a def chain that
 * inlines to something huge). */
#define MAX_OPS 4096
/* Deeper expressions fall back too: compiling recurses, and may run on a
 * worker thread's stack. */
#define MAX_COMPILE_DEPTH 512

#ifdef __SIZEOF_INT128__
__extension__ typedef __int128 lds_wide;   /* the 128-bit tier's integers */
#endif

/* a op b for one lane in integers of type T (min: T's least value, bits:
 * its width less the sign), as src/num.c's int64 path: false when the
 * tree walker would go to GMP or report an error.  One definition for
 * the int64 program (src/lanes.c) and the 128-bit tier (src/lanes_wide.c). */
#define LDS_LANES_DEFINE_BINARY(name, T, min, bits)                                                    \
    static bool name(lds_op op, T a, T b, T *r)                                                        \
    {                                                                                                  \
        switch (op) {                                                                                  \
        case OP_ADD: return !__builtin_add_overflow(a, b, r);                                          \
        case OP_SUB: return !__builtin_sub_overflow(a, b, r);                                          \
        case OP_MUL: return !__builtin_mul_overflow(a, b, r);                                          \
        case OP_DIV:                                                                                   \
            if (b == 0 || (a == (min) && b == -1))                                                     \
                return false;                                                                          \
            *r = a / b;                                                                                \
            return true;                                                                               \
        case OP_MOD:                                                                                   \
            if (b == 0)                                                                                \
                return false;                                                                          \
            *r = b == -1 ? 0 : a % b;                                                                  \
            return true;                                                                               \
        case OP_AND: *r = a & b; return true;                                                          \
        case OP_OR: *r = a | b; return true;                                                           \
        case OP_XOR: *r = a ^ b; return true;                                                          \
        case OP_SHL:                                                                                   \
            if (b < 0)                                                                                 \
                return false;                                                                          \
            if (a == 0) {                                                                              \
                *r = 0;                                                                                \
                return true;                                                                           \
            }                                                                                          \
            return b < (bits) && !__builtin_mul_overflow(a, (T)1 << b, r);                             \
        case OP_SHR:                                                                                   \
            if (b < 0)                                                                                 \
                return false;                                                                          \
            *r = b >= (bits) ? (a < 0 ? -1 : 0) : a >= 0 ? a >> b : ~(~a >> b);                        \
            return true;                                                                               \
        case OP_EQ: *r = a == b; return true;                                                          \
        case OP_NE: *r = a != b; return true;                                                          \
        case OP_LT: *r = a < b; return true;                                                           \
        case OP_LE: *r = a <= b; return true;                                                          \
        case OP_GT: *r = a > b; return true;                                                           \
        case OP_GE: *r = a >= b; return true;                                                          \
        default: return false;                                                                         \
        }                                                                                              \
    }

typedef enum {
    K_BASE,       /* the base mask */
    K_MASK_IF,    /* parent & (a != 0) */
    K_MASK_UNLESS,/* parent & (a == 0) */
    K_CONST,      /* k */
    K_VAR,        /* a built-in variable, k its lds_var_id */
    K_LOOP,       /* loop variable of slot k */
    K_UNARY,      /* op a */
    K_BINARY,     /* a op b */
    K_SELECT,     /* a ? b : c */
    K_LAND,       /* a && b, b computed under mask c */
    K_LOR,        /* a || b, b computed under mask c */
    K_MIN, K_MAX, K_ABS, K_POPCOUNT, K_LOG2,
    K_CAST,       /* a, which must fit the C integer type k (bits*2 + signed) */
    K_RANGE,      /* a, which must be in 0..k-1 (a fragment's value index) */
    K_SWIZZLE,    /* swizzle(B, M, S, a): k packs B, M, S */
    K_MOV         /* a, under a narrower mask (a def parameter) */
} kind;

typedef struct {
    uint8_t kind;
    uint8_t op;               /* lds_op of K_UNARY, K_BINARY */
    int a, b, c;              /* operand operations (-1: none) */
    int mask;                 /* the mask operation it runs under */
    int64_t k;
    uint64_t deps;            /* LDS_DEP_* bits of its value */
    uint64_t weight;          /* tree nodes it stands for */
    uint64_t have;            /* a lane-dependent value: the lanes it holds
                                 for the current values of its other
                                 variables */
    /* set once compiled, for the run (src/lanes.c) */
    uint8_t by_constant;      /* a / k or a % k by a constant k, through
                                 its multiplier (divisor[]) */
    unsigned am, bm, cm;      /* how to index a, b, c's values: all ones
                                 if they differ by lane, 0 if read at
                                 index 0 (the same for every lane) */
} vop;

/* Slots of the operations' hash table kept inside the program: most
 * accesses compile to a few operations (a sweep compiles one a point). */
#define LDS_LANES_SMALL_SLOTS 64

struct lds_lanes {
    lds_arena *arena;         /* where all of it lives but a grown hash table */
    vop *ops;
    unsigned nops, capops;
    int64_t (*val)[LDS_SIM_MAX_WAVE];
    uint64_t *mask;           /* the value of mask operations */
    lds_divconst *divisor;    /* per operation a / k or a % k by a constant
                                 k (not 0 or -1): k's multiplier */
    /* the roots */
    int cond_mask;            /* the mask after the condition */
    int idx[LDS_MAX_DIMS];
    unsigned nidx;
    int offset, addr;
    uint64_t *under;          /* per mask operation: the weights of the
                                 operations under it */
    unsigned *charged;        /* the mask operations with a weight under them */
    unsigned ncharged;
    unsigned *run;            /* the operations a run computes, in order:
                                 all but the base and the constants */
    unsigned nrun;
    uint64_t loops_used;      /* LDS_DEP_LOOP bits any operation uses */
    lds_env last;             /* the variables at the last run */
    bool ran;
    /* the 128-bit tier (src/lanes_wide.c): its values, made on first use,
     * and how many runs go to it directly after it saved one */
#ifdef __SIZEOF_INT128__
    lds_wide (*wide)[LDS_SIM_MAX_WAVE];
#else
    void *wide;
#endif
    unsigned wide_runs;
    /* compiling */
    int *slot;                /* hash table of operations (open addressing) */
    unsigned nslots;          /* a power of two, at least twice nops */
    int slot_small[LDS_LANES_SMALL_SLOTS];   /* the table while it is small */
    uint64_t total_weight;
    bool failed;
};

/* A built-in variable at lane l; CuTe's swizzle of x (src/lanes.c). */
int64_t lds_lanes_var_at(const lds_env *env, lds_var_id v, int64_t l);
int64_t lds_lanes_swizzle_at(int64_t k, int64_t x);

/* Run the program in 128-bit integers (src/lanes_wide.c): the masks in
 * L->mask and the roots in L->val, as lds_lanes_run leaves them; false
 * when 128 bits overflow too, or a lane fails as in the tree walker. */
bool lds_lanes_run_wide(lds_lanes *L, const lds_env *env, unsigned nlanes, uint64_t present);

/* Whether operation o is a / k or a % k by a constant k other than 0 and
 * -1 (one that cannot trap): divided through a multiply. */
bool lds_lanes_divides_by_constant(const lds_lanes *L, const vop *o);
/* How to index operation i's values: 0 if they are the same for every
 * lane (kept at index 0 only), all ones if they differ; 0 for none (-1). */
unsigned lds_lanes_index_mask(const lds_lanes *L, int i);

#endif
