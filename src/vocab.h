/* src/vocab.h - the few words the language and the results share: kinds
 * of access, show levels, metrics, operators.  The syntax tree
 * (src/ast.h) and the results (src/results.h) both use them; reports
 * include this, never the tree. */
#ifndef LDS_VOCAB_H
#define LDS_VOCAB_H

#include <stdbool.h>

typedef enum { ACC_READ, ACC_WRITE, ACC_ATOMIC } lds_access_kind;
typedef enum { SHOW_SUMMARY, SHOW_PHASES, SHOW_LANES, SHOW_GRID } lds_show;
typedef enum {
    M_WAYS, M_CYCLES, M_IDEAL, M_EXCESS, M_BROADCASTS, M_INSTRUCTIONS, M_UNALIGNED, M_SKIPPED,
    /* global accesses only (a shared one has none): */
    M_TRANSACTIONS, M_REQUESTS, M_USEFUL_BYTES, M_FETCHED_BYTES, M_EFFICIENCY, M_LINES
} lds_metric;

/* Whether a metric is one of global memory's. */
static inline int lds_metric_is_global(lds_metric m) { return m >= M_TRANSACTIONS; }

/* Operators of expressions (the lexer's tokens are another thing). */
typedef enum {
    OP_NEG, OP_COMPL, OP_NOT,                      /* unary - ~ ! */
    OP_MUL, OP_DIV, OP_MOD, OP_ADD, OP_SUB, OP_SHL, OP_SHR,
    OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
    OP_AND, OP_XOR, OP_OR, OP_LAND, OP_LOR
} lds_op;

/* What an instruction statement (lds(5), INSTRUCTIONS) adds to its
 * access; a plain read, write or atomic has none. */
typedef struct {
    const char *name;         /* as written: ds_read2st64_b32, ldmatrix.x4 */
    unsigned align;           /* bytes each address must be a multiple of
                                 (0: the width's rule on the profile) */
    const char *counter_op;   /* Nsight's op when not ld/st/atom (ldsm,
                                 stsm, ldgsts; static), or NULL */
    unsigned row_lanes;       /* ldmatrix/stmatrix: the lanes giving rows
                                 (8 a matrix); 0 otherwise */
    unsigned sim_form;        /* an lds_sim_form (sim/sim.h): how it departs
                                 from the plain access (0: it does not) */
    bool inferred;            /* its numbers are an inference whatever its
                                 class's table is (TMA, descriptor reads) */
} lds_access_form;

/* The C spelling of an operator ("<<"). */
const char *lds_op_name(lds_op op);
const char *lds_metric_name(lds_metric m);
const char *lds_show_name(lds_show s);
const char *lds_access_kind_name(lds_access_kind k);

#endif
