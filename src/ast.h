/* src/ast.h - the syntax tree of an lds program. */
#ifndef LDS_AST_H
#define LDS_AST_H

#include <stdbool.h>
#include <stdint.h>
#include <gmp.h>

#include "src/arena.h"
#include "src/diag.h"
#include "src/lexer.h"

struct lds_sym;

typedef enum { E_NUM, E_NAME, E_UNARY, E_BINARY, E_COND, E_CALL } lds_expr_kind;

typedef struct lds_expr {
    lds_expr_kind kind;
    lds_loc loc;
    lds_tok_kind op;          /* E_UNARY, E_BINARY */
    bool is_big;              /* E_NUM: value in big, else in small */
    int64_t small;
    mpz_ptr big;
    const char *name;         /* E_NAME, E_CALL */
    struct lds_expr *a, *b, *c;
    struct lds_expr **args;   /* E_CALL */
    unsigned nargs;
    /* set by resolution (src/resolve.c) */
    struct lds_sym *sym;
    uint64_t deps;            /* LDS_DEP_* bits and loop-slot bits */
    unsigned height;          /* levels of nodes below and including this */
} lds_expr;

typedef enum {
    S_ARCH, S_SET, S_RULES, S_THREADS, S_GROUPS, S_LET, S_DEF, S_ARRAY,
    S_ACCESS, S_FOR, S_PRINT, S_EXPECT, S_SHOW, S_EXPLAIN
} lds_stmt_kind;

typedef enum { ACC_READ, ACC_WRITE, ACC_ATOMIC } lds_access_kind;
typedef enum { T_ELEM, T_ANON, T_ADDR } lds_target_kind;

typedef struct {
    const char *var;
    lds_loc loc;
    lds_expr *lo, *hi;        /* half-open LO..HI */
} lds_loop;

typedef struct {
    lds_target_kind kind;
    lds_loc loc;
    const char *name;         /* T_ELEM: the array */
    lds_expr **idx;           /* T_ELEM indices, T_ANON: idx[0] */
    unsigned nidx;
    unsigned elem_size;       /* T_ANON */
    lds_expr *addr;           /* T_ADDR */
} lds_target;

typedef struct lds_stmt {
    lds_stmt_kind kind;
    lds_loc loc;
    const char *source;       /* the statement's text, for reports */
    const char *word;         /* arch/rules/show argument, set key */
    const char *word2;        /* set phases WIDTH SPEC: the spec */
    lds_expr *e[3];           /* threads X,Y,Z; groups; let; set; expect */
    unsigned ne;
    const char *name;         /* let, def, array */
    lds_loc name_loc;
    /* def */
    const char **params;
    unsigned nparams;
    lds_expr *body;
    /* array */
    unsigned elem_size;
    const char *type_name;
    lds_expr **dims;
    unsigned ndims;
    lds_expr *at, *size;
    const char *layout;
    lds_loc layout_loc;
    /* access */
    lds_access_kind access;
    unsigned width;           /* bytes; 0 = element size */
    lds_target target;
    lds_expr *cond;
    lds_loop *loops;          /* access suffix loops, or the for block's one */
    unsigned nloops;
    /* for block */
    struct lds_stmt *body_stmts;
    /* print */
    lds_expr **exprs;
    unsigned nexprs;
    /* expect */
    const char *metric;
    lds_tok_kind cmp;
    struct lds_stmt *next;
} lds_stmt;

typedef struct {
    lds_arena *arena;
    lds_stmt *first;
    const lds_source *src;    /* the text it was parsed from */
} lds_program;

#endif
