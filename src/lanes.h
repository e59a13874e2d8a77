/* src/lanes.h - an access's expressions compiled once and run for every
 * lane of a wave at a time (the fast path of src/iterspace.c).
 *
 * The condition, the indices (or the address) and the layout function of
 * an access become one flat program over int64 lane vectors: lets and
 * defs inlined, equal subexpressions computed once (hash-consing), values
 * that do not depend on the lane computed once per instruction, and
 * values that depend on the lane kept from one instruction to the next
 * while the variables they use do not change (hoisting out of loops).
 * `?:`, && and || run their branches under lane masks, so a lane never
 * computes what the tree walker would not.
 *
 * It is exact or it declines.  An int64 overflow runs the instruction
 * again in 128-bit integers (src/lanes_wide.c), whose roots must fit in
 * int64; an overflow there too, a division by zero, a negative shift, a
 * budget that would run out, or a construct it does not compile (a
 * number beyond 64 bits, gcd, pow, ...) makes it answer "not done",
 * and the caller evaluates that instruction lane by lane with the tree
 * walker (src/eval.c), which gives the exact value or the exact error.
 * Every operation is charged to the run's budget as the tree walker would
 * charge it, the same nodes for the same lanes, divided by
 * LDS_COMPILED_OPS_PER_OP: the budget bounds time, and a compiled
 * operation takes a fraction of the tree walker's. */
#ifndef LDS_LANES_H
#define LDS_LANES_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "src/ast.h"
#include "src/eval.h"
#include "base/limits.h"
#include "src/num.h"

typedef struct lds_lanes lds_lanes;

/* What one run of the program gives: the lanes that take part and each
 * root's value per lane (valid for the lanes in `active`). */
typedef struct {
    uint64_t charge;                      /* operations, as the budget counts them */
    uint64_t active;                      /* threads in range and cond true */
    const int64_t *idx[LDS_MAX_DIMS];     /* T_ELEM, T_ANON: the indices */
    const int64_t *offset;                /* T_ELEM with a layout: its element */
    const int64_t *addr;                  /* T_ADDR: the byte address */
} lds_lanes_out;

/* Compile access statement s (resolved).  NULL when it uses something
 * the vector path does not do, or when numbers may exceed 64 bits on
 * this run (max_bits < 64, force_big): the tree walker then does it all.
 * The program lives in arena (no free of its own), and runs only in the
 * thread that owns the arena: a sweep compiles an access per point, and
 * the statement's scratch arena makes that no call to malloc. */
lds_lanes *lds_lanes_compile(const lds_stmt *s, const lds_numctx *num, lds_arena *arena);

/* Run the program for the instruction env is at (env->lane is not used):
 * `present` holds the lanes whose thread exists.  Returns 1 with *out
 * filled (the caller charges out->charge to the budget, or evaluates
 * lane by lane if it does not have it), or 0 when the instruction must
 * be evaluated lane by lane. */
int lds_lanes_run(lds_lanes *L, const lds_env *env, unsigned nlanes, uint64_t present, lds_lanes_out *out);

#endif
