/* front/csrc/ast.h - the syntax tree of a kernel file, as much of C, C++,
 * HLSL and GLSL as the shared-memory accesses of a kernel need: functions
 * and their statements and expressions, declarations with their types.
 * What the parser does not understand it keeps as an opaque node with
 * its place, so that the lowering can say what it skipped. */
#ifndef LDS_CSRC_AST_H
#define LDS_CSRC_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "front/csrc/lex.h"

typedef enum {
    CE_ID,        /* name (a::b::c joined) */
    CE_INT,       /* integer literal */
    CE_FLOAT,     /* floating-point literal */
    CE_STR,       /* string or character literal */
    CE_UNARY,     /* op a: - + ! ~ * & ++ -- (prefix) */
    CE_POSTFIX,   /* a op: ++ -- */
    CE_BINARY,    /* a op b */
    CE_ASSIGN,    /* a op b: = += -= ... */
    CE_COND,      /* a ? b : c */
    CE_CALL,      /* a(args...), a<targs>(args...) */
    CE_INDEX,     /* a[b] */
    CE_MEMBER,    /* a.name, a->name */
    CE_CAST,      /* (type)a, static_cast<type>(a), type(a) */
    CE_SIZEOF,    /* sizeof(type) or sizeof a: its value when known */
    CE_COMMA,     /* a, b */
    CE_INIT,      /* { args... } */
    CE_OPAQUE     /* not understood (a lambda, ...) */
} csrc_expr_kind;

struct csrc_type;

typedef struct csrc_expr {
    csrc_expr_kind kind;
    lds_loc loc;
    const char *op;               /* UNARY POSTFIX BINARY ASSIGN; MEMBER: "." or "->" */
    const char *name;             /* ID, MEMBER: the name; CALL: the callee's name if a name */
    int64_t value;                /* INT */
    struct csrc_expr *a, *b, *c;
    struct csrc_expr **args;      /* CALL, INIT */
    unsigned nargs;
    const struct csrc_type *type; /* CAST, SIZEOF of a type */
    const char *targs;            /* CALL: the template arguments as written, or NULL */
    struct csrc_expr **targ_exprs; /* CALL: each of them as an expression (NULL: a type, */
    unsigned ntargs;              /*   or not one), f<BM, 64>(...) */
    const char **targ_texts;      /* CALL: each of them as written (a type's name: f<float>) */
    struct csrc_expr **launch;    /* CALL of a kernel: <<<grid, block, bytes, stream>>>, */
    unsigned nlaunch;             /*   or NULL */
    unsigned height;              /* the tallest path to a leaf, in nodes (a leaf: 1);
                                     at most LDS_MAX_HEIGHT (the parser refuses taller) */
} csrc_expr;

/* A type as declared: base words, pointers, array dimensions. */
typedef struct csrc_type {
    const char *base;             /* "float", "unsigned int", "float4", "cg::thread_block", ... */
    const char *targs;            /* its template arguments as written (Int<8>), or NULL */
    unsigned pointers;
    bool reference;
    bool is_const;
} csrc_type;

/* Storage words before a declaration. */
enum {
    CQ_SHARED = 1,        /* __shared__ groupshared shared __local */
    CQ_EXTERN = 2,
    CQ_CONST = 4,         /* const constexpr static const: a constant */
    CQ_STATIC = 8,
    CQ_UNIFORM = 16,      /* GLSL uniform, HLSL cbuffer member: a value set at launch */
    CQ_IN = 32,           /* GLSL in/out/buffer: not shared memory */
    CQ_SPEC = 64,         /* GLSL layout(constant_id = K) const: a specialization
                             constant, its initialiser a default -D overrides */
};

typedef struct {
    const char *name;
    lds_loc loc;
    csrc_type type;
    csrc_expr **dims;             /* array dimensions; NULL entry: [] */
    unsigned ndims;
    csrc_expr *init;              /* or NULL */
    const char *semantic;         /* HLSL ': SV_GroupIndex', or NULL */
} csrc_declarator;

typedef enum {
    CS_COMPOUND, CS_DECL, CS_EXPR, CS_IF, CS_FOR, CS_WHILE, CS_DO, CS_RETURN, CS_BREAK, CS_CONTINUE, CS_EMPTY,
    CS_ASM,       /* asm volatile ("..." : outputs : inputs) */
    CS_OPAQUE     /* switch, goto, asm, a construct not understood */
} csrc_stmt_kind;

typedef struct csrc_stmt {
    csrc_stmt_kind kind;
    lds_loc loc;
    struct csrc_stmt *next;       /* in a compound statement */
    struct csrc_stmt *body;       /* COMPOUND: the first; FOR WHILE DO: the body; IF: then */
    struct csrc_stmt *other;      /* IF: else; FOR: init */
    csrc_expr *e;                 /* EXPR RETURN; IF FOR WHILE DO: the condition */
    csrc_expr *step;              /* FOR */
    unsigned quals;               /* DECL: CQ_* */
    csrc_declarator *decls;       /* DECL */
    unsigned ndecls;
    const char *what;             /* OPAQUE: what it is ("a switch statement");
                                     ASM: the template, its strings joined */
    csrc_expr **operands;         /* ASM: %0, %1, ...: the outputs, then the inputs */
    unsigned noperands, noutputs;
} csrc_stmt;

/* The last statement of a list (a compound statement's body), or NULL. */
static inline const csrc_stmt *csrc_last_stmt(const csrc_stmt *list)
{
    while (list && list->next)
        list = list->next;
    return list;
}

typedef struct {
    const char *name;
    lds_loc loc;
    csrc_type type;
    const char *semantic;         /* HLSL */
    unsigned quals;               /* CQ_*: OpenCL C's __local T *p is CQ_SHARED */
    bool is_array;                /* T a[] */
} csrc_param;

typedef struct csrc_func {
    const char *name;             /* a struct's conversion to a pointer: the
                                     struct's name (S<T>() converts) */
    lds_loc loc;
    csrc_type ret;
    csrc_param *params;
    unsigned nparams;
    const char **tparams;         /* template <int N, typename T>: the names */
    struct {
        bool set;                 /* an integer default (template <int N = 32>) */
        int64_t value;
        bool is_type;             /* typename T, class T: a type parameter */
        const char *type;         /* its default type (typename T = float), or NULL */
        const struct csrc_expr *expr;   /* a default of another form (= C, = 2 * M): the
                                           expression, valued where the kernel is lowered */
    } *tdefaults;                 /* [ntparams] */
    unsigned ntparams;
    bool kernel;                  /* __global__, [numthreads], GLSL main */
    csrc_expr *numthreads[3];     /* [numthreads(x, y, z)], __launch_bounds__(x), or NULL */
    bool bounds_only;             /* from __launch_bounds__: a count, not a shape */
    const char *ns;               /* the namespace it is in ("a::b"; "" outside any) */
    const char *specialized;      /* a struct's conversion operator (below): the
                                     arguments of the specialization it is in
                                     (template <> struct S<double>: "double"); a
                                     function's specialization, template <> void
                                     f<0>(...): its arguments as written; or NULL */
    struct csrc_expr **spec_exprs; /* a function's specialization: each argument as */
    const char **spec_texts;      /*   an expression (NULL: a type) and as written */
    unsigned nspec;
    csrc_stmt *body;              /* NULL: a declaration only */
    struct csrc_func *next;
} csrc_func;

/* A struct's data members, as declared (struct P { float x, y; int id; }). */
typedef struct {
    const char *name;
    lds_loc loc;
    csrc_type type;
    csrc_expr **dims;             /* a member array's dimensions */
    unsigned ndims;
} csrc_field;

typedef struct csrc_struct {
    const char *name;
    lds_loc loc;
    csrc_field *fields;
    unsigned nfields;
    int64_t align;                /* __align__(N), alignas(N): 0 if none */
    bool opaque;                  /* a member lds-calc cannot lay out (a bit-field,
                                     a base class, a union): not laid out */
    struct csrc_func *conversion; /* operator T *() { ... }, or NULL (front/csrc/parse_struct.c) */
    struct csrc_func *call_op;    /* operator()(...) { ... }: a functor's call, or NULL */
    struct csrc_struct *next;
} csrc_struct;

/* An explicit instantiation, template void k<64, 8>(float *);: the
 * function named and its template arguments, as a CE_CALL without
 * arguments. */
typedef struct csrc_instance {
    const struct csrc_expr *named;
    struct csrc_instance *next;
} csrc_instance;

/* using namespace X; (a directive), using X::P; (a declaration), or
 * namespace A = X; (an alias), in the namespace it is written in. */
typedef struct csrc_using {
    const char *scope;            /* "" outside any namespace */
    const char *target;           /* X, X::P, as written */
    const char *alias;            /* A, or NULL */
    bool directive;               /* using namespace X (or an alias) */
    struct csrc_using *next;
} csrc_using;

typedef struct {
    csrc_func *funcs;             /* in file order */
    csrc_func *prototypes;        /* functions declared without a body (no definition
                                     in the file: a header's), the last first */
    csrc_instance *instances;     /* explicit instantiations, in file order */
    csrc_struct *structs;         /* struct and class definitions at file level */
    csrc_stmt *globals;           /* file-scope declarations (shared arrays, constants), in order;
                                     a constant in a namespace or struct is named as
                                     C++ names it from outside (front/csrc/parse_scope.c) */
    csrc_using *usings;           /* the file's using-directives and -declarations, last first */
    csrc_expr *local_size[3];     /* GLSL layout(local_size_x = ...) in; */
    lds_loc local_size_loc;
} csrc_unit;

#endif
