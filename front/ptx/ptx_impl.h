/* front/ptx/ptx_impl.h - what the phases of the PTX reader share; only
 * files of front/ptx/ include it (tests/layering.py checks).  Sections by
 * owner, in the order the phases run:
 *
 *   parse.c   PTX text to a module: files, .loc places, variables,
 *             functions with their parameters, registers, instructions
 *   eval.c    an instruction's effect on the registers
 *   access.c  memory instructions as accesses, skipped records
 *   param.c   kernel parameters as -D names
 *   lower.c   the driver: a .entry's arrays, parameters, workgroup, its
 *             steps for the walk
 *
 * The symbolic values, path conditions, control flow, loops and the
 * lds text they make are front/common's (sym.h, flow.h).
 */
#ifndef LDS_PTX_IMPL_H
#define LDS_PTX_IMPL_H

#include "front/common/flow.h"
#include "front/ptx/ptx.h"

/* ------------------------------------------------------------ parse.c */

enum { PTX_MAX_PARTS = 16, PTX_MAX_OPS = 40, PTX_MAX_VEC = 256 }   /* wgmma m64n256 f32: 128 accumulators in one vector */;
/* The most threads along one axis of a workgroup. */
#define LDS_PTX_MAX_THREADS ((long long)1 << 31)
/* The most bytes a dynamic shared array may be given (-D NAME_size). */
#define LDS_PTX_MAX_SHARED ((long long)1 << 40)

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

/* ------------------------------------------------ the walk (eval.c on) */

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
    fw_walk fw;                   /* first: the walk's common state (front/common/flow.h) */
    const ptx_module *m;
    const ptx_func *f;
    const ptx_lower_options *o;
    pv *special[PS_COUNT];
    pv *window;                   /* the shared window in generic addresses */
    ptx_array *arrays;
    unsigned narrays;
    ptx_pread *preads;
    unsigned npreads;
    size_t cappreads;
    unsigned nregions;            /* global allocations numbered so far */
    const char **gnames;          /* the module's .global variables given a region, by region - 1 - nparams64 */
} ptx_walk;

/* The walk's step of an instruction. */
static inline int ptx_at(const ptx_walk *w, const ptx_ins *in) { return (int)(in - w->f->ins); }

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

/* access.c: a memory instruction (or one that touches shared memory):
 * its items, its loaded registers as data; false if in is none */
bool ptx_access(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond);
/* The element type of a memory instruction: its last type part ("b32" for none). */
const char *ptx_elem_type(const ptx_ins *in, unsigned *bits);

/* param.c: ld.param of a .entry's parameter into its register (false
 * if in is no such load) */
bool ptx_param_load(ptx_walk *w, const ptx_ins *in, pv **env);

/* lower.c: the '#line' mark of an instruction (and the comment naming
 * its source place) */
void ptx_mark(fw_walk *fw, unsigned at, lds_buf *out, unsigned indent);

#endif
