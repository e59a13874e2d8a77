/* src/vocab.h - the few words the language and the results share: kinds
 * of access, show levels, metrics, operators.  The syntax tree
 * (src/ast.h) and the results (src/results.h) both use them; reports
 * include this, never the tree. */
#ifndef LDS_VOCAB_H
#define LDS_VOCAB_H

typedef enum { ACC_READ, ACC_WRITE, ACC_ATOMIC } lds_access_kind;
typedef enum { SHOW_SUMMARY, SHOW_PHASES, SHOW_LANES, SHOW_GRID } lds_show;
typedef enum {
    M_WAYS, M_CYCLES, M_IDEAL, M_EXCESS, M_BROADCASTS, M_INSTRUCTIONS, M_UNALIGNED, M_SKIPPED
} lds_metric;

/* Operators of expressions (the lexer's tokens are another thing). */
typedef enum {
    OP_NEG, OP_COMPL, OP_NOT,                      /* unary - ~ ! */
    OP_MUL, OP_DIV, OP_MOD, OP_ADD, OP_SUB, OP_SHL, OP_SHR,
    OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
    OP_AND, OP_XOR, OP_OR, OP_LAND, OP_LOR
} lds_op;

/* The C spelling of an operator ("<<"). */
const char *lds_op_name(lds_op op);
const char *lds_metric_name(lds_metric m);
const char *lds_show_name(lds_show s);
const char *lds_access_kind_name(lds_access_kind k);

#endif
