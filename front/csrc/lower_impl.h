/* front/csrc/lower_impl.h - what the files of the kernel lowering share
 * (front/csrc/lower.c and front/csrc/lower_value.c, front/csrc/lower_expr.c, front/csrc/lower_call.c,
 * front/csrc/lower_stmt.c, front/csrc/lower_loop.c); not for use outside them.
 *
 * The lowering walks a kernel once, symbolically: every integer value is
 * an lds expression (a val) over the names that vary (tid.x, lane, group,
 * loop variables) and the names given at launch (-D); a value from
 * memory, floating point or a call lds-calc does not see into is data,
 * with why.  The walk writes the lds program (lower.out) as it goes. */
#ifndef LDS_CSRC_LOWER_IMPL_H
#define LDS_CSRC_LOWER_IMPL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/strset.h"
#include "front/csrc/csrc.h"
#include "base/check.h"
#include "base/limits.h"
#include "base/mem.h"

/* The kernel reader's limits (lds-calc(1), KERNEL FILES): calls inlined
 * one inside another, calls inlined in one kernel, and the levels of
 * statements, expressions and calls the lowering recurses through in all
 * (what bounds its stack: front/csrc/lower.c runs it on a thread of its
 * own).  A call is followed only with room for the deepest function
 * body the parser takes (LDS_MAX_DEPTH levels of statements and
 * parentheses, a tree LDS_MAX_HEIGHT tall), so that the nesting within
 * a function never crosses CL_MAX_NEST. */
#define CL_MAX_CALL_DEPTH 512
#define CL_MAX_CALLS 16384
#define CL_MAX_NEST 8192
#define CL_CALL_ROOM (LDS_MAX_DEPTH + LDS_MAX_HEIGHT + 16)
#define MAX_TEXT (1u << 16)   /* an expression longer than this is not followed */

/* ------------------------------------------------------------ values */

typedef enum { V_INT, V_DATA, V_SHARED, V_GLOBAL, V_VOID, V_OBJ, V_RECORD } vkind;
typedef enum { C_CONST, C_UNIFORM, C_LANE } vclass;

typedef struct sarray {
    const char *name;             /* its lds name: the C name, renamed where lds
                                     gives that name a meaning (cl_lds_name) */
    const char *cname;            /* its name in the file (every message says it) */
    const char *lds_type;         /* f32, u32, f16, ... */
    unsigned scalar, lanes;       /* bytes of its scalar; lanes of a vector element (float4: 4) */
    unsigned ndims;               /* C dimensions (a vector element adds one in lds) */
    const char *dims[LDS_MAX_DIMS + 1];   /* lds texts, the vector lanes last */
    lds_loc loc;
    const csrc_declarator *decl;
    bool is_extern;
    const csrc_struct *stype;     /* an array of structs: its elements' type (bytes
                                     of u8, the struct's size the last dimension) */
    const char *ctype;            /* its element's C type (a template parameter's
                                     binding: float, not T) */
    bool same_name;               /* another array of the kernel has its C name (two
                                     blocks', a helper's): its name is bound where
                                     it is declared, in that scope */
    struct sarray *next;
} sarray;

typedef struct val {
    vkind kind;
    vclass cls;                   /* V_INT */
    const char *text;             /* V_INT: an lds expression */
    bool atom;                    /* text needs no parentheses */
    unsigned char prec;           /* V_INT: the binding power of text's outermost operator
                                     (lds's, C's table: 1 || .. 10 * / %; 0: not known) */
    unsigned short nest, height;  /* V_INT: text's nesting and tree height as lds counts
                                     them (height 0: not worked out yet) */
    int64_t k;                    /* C_CONST */
    bool mono;                    /* V_INT: never decreases as a thread id grows (ids >= 0) */
    bool least;                   /* V_INT: no thread's value is below thread 0's, though
                                     not mono (threadIdx.x % 32) */
    const struct val *zero;       /* mono or least: the value at thread 0 of the group
                                     (NULL: itself) */
    const struct val *top;        /* mono: the value at the last thread of the last
                                     group, where every thread id in it has one
                                     (NULL: itself, or not known) */
    const struct val *base, *off; /* V_INT: base + off, off the same for every thread
                                     (aEnd = aBegin + wA - 1); NULL: itself + 0 */
    const char *why;              /* V_DATA: why it is data */
    lds_loc why_loc;
    const struct val *range_x;    /* V_INT: a comparison of range_x with a constant, */
    int64_t range_lo, range_hi;   /*   true where range_x lies in [lo, hi] (INT64_MIN,
                                     INT64_MAX: unbounded; front/csrc/lower_chain.c), or NULL */
    const char *missing;          /* a name an index needs -D for, or NULL */
    lds_loc missing_loc;
    /* V_SHARED: an array, a row of it, or a pointer into it */
    const sarray *arr;
    unsigned nidx;                /* C subscripts so far */
    const struct val *const *idx; /* [nidx]: shared between copies, never written (cl_index_added) */
    const struct val *flat;       /* or a pointer: the offset in scalars (NULL: use idx) */
    unsigned pointee;             /* bytes an access through it moves */
    bool shared_addr;             /* V_SHARED: a shared-memory address as an
                                     integer (__cvta_generic_to_shared), for
                                     inline assembly */
    bool shared_scalar;           /* a shared scalar's name: reading it, or
                                     assigning it, accesses shared memory (a
                                     reference to a shared element is one) */
    bool elem_ref;                /* V_GLOBAL, or V_DATA with pointer_name: a
                                     reference to the element it points at, read
                                     where its name is read, written where assigned */
    unsigned comp;                /* a vector element's component (.y: 1); in an
                                     array of structs, a member's byte offset */
    const csrc_struct *stype;     /* V_SHARED: a struct (an element of an array of
                                     structs, a member, a pointer to one): its type */
    unsigned vscalar;             /* a struct member that is a vector: its scalar's bytes */
    const char *ptype;            /* V_SHARED: a pointer cast to another type: its C
                                     type ((float *)smem: float), or NULL */
    bool no_memory;               /* V_DATA: a register or constant array, an
                                     address outside shared memory: a pointer
                                     to it is no memory lds-calc counts */
    const char *pointer_name;     /* V_DATA: a pointer variable of this name whose target
                                     lds-calc does not know (it may be shared memory) */
    const struct csrc_func *func; /* V_DATA: a function of the file as a value (addf,
                                     &addf, a template argument): a call through it
                                     inlines it */
    /* V_GLOBAL: a pointer into an allocation of its own (front/csrc/lower_global.c) */
    const char *gname;            /* the parameter or buffer, for messages */
    unsigned gelem;               /* bytes an element moves (0: unknown) */
    const char *gtype;            /* its element type as declared (T), for messages */
    const csrc_struct *gstype;    /* its element's struct, where lds-calc lays it out */
    unsigned gscalar;             /* its element's vector scalar bytes (float4: 4; 0: no vector) */
    unsigned gregion;             /* its allocation: byte gregion << 40 */
    const struct val *goff;       /* bytes past its start (NULL: 0) */
    const struct val *gdata;      /* an offset that is data (the access is skipped) */
    const char *objname;          /* V_OBJ: "threadIdx", "blockIdx", ... */
    /* V_RECORD: a struct held by value (front/csrc/lower_record.c) */
    const csrc_struct *rtype;
    const char *rname;            /* a kernel parameter's name, or NULL */
    struct { const char *name; struct val *v; } *members;   /* assigned so far */
    unsigned nmembers;
} val;

typedef struct {
    const char *name;             /* the C name */
    val *v;
    bool is_float;                /* declared floating point: data */
    bool for_dims;                /* a local bound while the arrays are
                                     declared, dropped after */
    bool is_type;                 /* a type template parameter (v: void) */
    const char *ctype;            /*   the type it stands for, or NULL: not known */
    unsigned char int_bits;       /* an integer type whose values wrap (cl_integer_kind), or 0 */
    bool int_unsigned;
    const csrc_type *decl;        /* the type a local is declared with, or NULL */
    bool short_name;              /* a file-scope one again, by a shorter name (cfg::P as P) */
    unsigned alias;               /* a reference to a variable (int &j = i): 1 + the index
                                     of the binding it stands for (cl_lookup answers that
                                     one), or 0 */
} binding;

/* What ends a statement's flow: nothing, a return, a break, a continue. */
typedef struct lower lower;
typedef struct cl_launches cl_launches;   /* the file's launches (front/csrc/lower_launch.c) */

/* A set of names (base/strset.h), its slots in the lowering's arena. */
typedef lds_strset cl_names;

/* A call being inlined: its function and what its parameters (template
 * ones first) were bound to (front/csrc/lower_inline.c: the recursion test). */
typedef struct {
    const struct csrc_func *f;
    binding *entry;
    unsigned n;
    lds_loc site;                 /* the call's place: the first frame's places
                                     every record of the call (front/csrc/lower_value.c) */
} cl_frame;

/* What a launch in the file gives its kernel (front/csrc/lower_launch.c). */
typedef struct {
    const csrc_expr *call;        /* kernel<...><<<grid, block, bytes>>>(args), or the
                                     kernel<...> of an explicit instantiation */
    bool instance;                /* call is an explicit instantiation */
    bool have_block, have_bytes;
    int64_t block[3];             /* the workgroup shape */
    int64_t bytes;                /* dynamic shared memory */
    struct { bool known; int64_t k; const char *type; const struct csrc_func *func; } *targ;
                                  /* per template parameter (type: a type's name, k<float>;
                                     func: a function of the file, k<tri_naive>) */
    struct { bool known; int64_t k; } *arg;                       /* per parameter */
} csrc_launch;

struct lower {
    lds_arena *arena;
    lds_diag *diag;
    const csrc_lower_options *o;
    const csrc_unit *unit;
    const csrc_unit *host_unit;   /* the file as its host pass reads it (the launches):
                                     unit where no device-only macro decides anything */
    const csrc_func *kernel;
    const csrc_launch *launch;    /* its launch in the file, or NULL */
    const cl_launches *launches;  /* every launch in the file, indexed */
    lds_buf out;
    unsigned indent;
    binding *env;
    unsigned nenv;
    unsigned nfile;               /* env[0, nfile): the file scope's (::P names one of them) */
    unsigned nqualified;          /* bindings of a qualified name (cfg::P) made so far */
    size_t capenv;
    lds_strset bound;             /* every name bound so far (on the heap): a
                                     name never bound is not looked for */
    const lds_source *file;       /* the kernel file (a place in another is a header's) */
    sarray *arrays;               /* the kernel's arrays, the newest first */
    lds_strset array_by_name;     /* the same by C name (a second of a name hides
                                     the first, as the list's order did) */
    const char *guard;            /* the per-lane condition of the code here, or NULL */
    const val *gmiss;             /* a part of it that needs a -D value, or NULL */
    const char *skip;             /* accesses here are not modelled: why, or NULL */
    lds_loc skip_loc;
    unsigned loops;               /* lds loops open around the code here */
    unsigned lds_loops;           /* of them, the for lines written (LDS_MAX_LOOPS at most) */
    unsigned blocks;              /* lds if blocks open */
    unsigned calls;               /* functions inlined around here */
    unsigned ncalls;              /* calls inlined in the kernel so far */
    cl_frame *frames;             /* [CL_MAX_CALL_DEPTH]: the calls inlined around here */
    unsigned nest;                /* statements, expressions and calls the lowering is in */
    const char *call_guard;       /* the guard the inlined function here was
                                     called under: a return under it is one
                                     every lane running the function reaches */
    const char *ret_text;         /* an inlined function's value so far */
    val *ret_ptr;                 /* or the pointer it returns (one return,
                                     reached by every lane) */
    val *ret_val;                 /* the value of its first return where every
                                     lane reached it (ret_text is its text while
                                     no other return changed it) */
    bool ret_data;
    const char *ret_why;          /* why the value it returns is data, or NULL */
    unsigned accesses;
    unsigned nglobal;             /* global allocations so far (pointers, buffers) */
    struct unlaid {               /* shared arrays of a type lds-calc does not lay out: */
        const char *name, *why;   /*   why their accesses are not modelled */
        struct unlaid *next;
    } *unlaid;
    unsigned fresh;               /* names made */
    bool dead;                    /* after a return every lane took */
    int64_t tdim[3];              /* the workgroup's shape when known here (0: not) */
    val *zero;                    /* the constant 0 thread ids start at, made once */
    struct {                      /* each thread id's last value, made once per shape */
        val *top;
        int64_t tdim[3];
    } tops[5];                    /* tid.x tid.y tid.z tid group */
    cl_names taken;               /* lds names in use */
    cl_names *warned;             /* the warnings given in the file ("line:col:message"), or NULL */
    struct cl_missing_values *missing;   /* the -D values the file needs, for its one message, or NULL */
    struct {                      /* CuTe's functions the kernel calls, which lds-calc does */
        const char *names;        /*   not follow (front/csrc/lower_call.c): "'local_tile', 'copy'", */
        unsigned n;               /*   the first few that move data, each once (0: a maker's) */
        bool more;                /*   more than those */
        lds_loc at;               /*   where the first of them is called (line 0: none) */
    } cute;
};

/* A snapshot of the bindings (values only: scopes do not change in a
 * branch's lifetime). */
typedef struct {
    val **v;
    unsigned n;
} snapshot;

/* What an lvalue is: a variable, shared memory, or something else
 * (global memory, a register array, a struct member). */
typedef struct {
    enum { LV_VAR, LV_SHARED, LV_GLOBAL, LV_UNKNOWN, LV_OTHER } kind;   /* LV_UNKNOWN: through a
                                     pointer whose target is not known (s: it) */
    binding *var;
    const val *s;                 /* LV_SHARED: the element (a V_SHARED value);
                                     LV_GLOBAL: a V_GLOBAL pointer to it */
    unsigned bytes;
    lds_loc loc;
} lvalue;

#define MAX_CARRIED 8
#define MAX_SIM_TRIPS 4096

/* front/csrc/lower_value.c: values, names, bindings, the text written, integer operations */
bool cl_failed(const lower *L);
const char *cl_fmt(lower *L, const char *f, ...) __attribute__((format(printf, 2, 3)));
/* The operator of a compound assignment: "+" of "+=", "<<" of "<<=". */
const char *cl_compound_op(lower *L, const char *op);
val *cl_new_val(lower *L, vkind k);
val *cl_v_const(lower *L, int64_t k);
val *cl_v_name(lower *L, vclass cls, const char *text);
val *cl_v_data(lower *L, const char *why, lds_loc loc);
/* Data that is no memory lds-calc counts (val.no_memory). */
val *cl_v_no_memory(lower *L, const char *why, lds_loc loc);
val *cl_v_void(lower *L);
const char *cl_paren(lower *L, const val *v);
/* front/csrc/lower_text.c: the lds text written */
unsigned cl_max_u(unsigned a, unsigned b);
/* The binding power of a unary operator: above every binary one. */
#define PREC_UNARY 11
/* Why an lds expression's text is nested deeper than the lds parser
 * takes at `blocks` lds blocks (lds(5): parentheses, unary operators and
 * blocks LDS_MAX_DEPTH levels, an expression tree LDS_MAX_HEIGHT), or
 * NULL where it fits. */
const char *cl_too_deep(lower *L, const char *text, unsigned blocks);
/* Why an access to `target` (its lds text: NAME[i]..., or @ADDRESS) under
 * `guard` (or NULL) cannot be written for lds to read (an index or the
 * condition nested deeper than lds(5) takes there), or NULL. */
const char *cl_unreadable(lower *L, const char *target, const char *guard);
/* lds's binding power of binary operator op (C's table: 1 || .. 10 * / %),
 * 0 for any other text. */
int cl_binding_power(const char *op);
/* v's text as an operand of an operator of binding power prec, on its
 * right or left: in parentheses only where lds's precedence needs them. */
const char *cl_operand(lower *L, const val *v, int prec, bool right);
/* v's text's nesting and tree height as the lds parser counts them
 * (worked out once, kept in v). */
void cl_text_shape(const val *v, unsigned *nest, unsigned *height);

const char *cl_where(lower *L, lds_loc loc);
void cl_inherit_missing(val *r, const val *a, const val *b);
bool cl_names_has(const cl_names *s, const char *n);
void cl_names_add(lower *L, cl_names *s, const char *n);
/* A warning, once for each place and message in the file (a helper
 * inlined a thousand times, a recursion, a loop body lowered again says
 * what it does not follow once); nothing where no one listens. */
void cl_warn(lower *L, const lds_diag *w);
const csrc_define *cl_find_define(const lower *L, const char *name);
val *cl_define_val(lower *L, const csrc_define *d);
void cl_bind(lower *L, const char *name, val *v, bool is_float);
binding *cl_lookup(lower *L, const char *name);
/* Free L's bindings (a lowering is done). */
void cl_free_env(lower *L);
bool cl_reads_nothing(lower *L, const csrc_expr *e);
snapshot cl_save_env(lower *L);
void cl_restore_env(lower *L, const snapshot *s);
void cl_line(lower *L, lds_loc loc, const char *f, ...) __attribute__((format(printf, 3, 4)));
void cl_drop_since(lower *L, size_t mark);
int cl_need(lower *L, const val *v, const char *what);

/* The values a file needs that no -D gives (a kernel or template
 * parameter, a name a header not read defines), each with the first
 * place it is needed and the accesses left unmodelled for it: the file
 * is read on without them, and one warning names them all. */
typedef struct {
    const char *name, *what;
    lds_loc at;
    unsigned accesses;
} cl_missing_value;
typedef struct cl_missing_values {
    cl_missing_value *v;
    size_t n, cap;
} cl_missing_values;
/* Where v needs a value no -D gives (v->missing): why the accesses that
 * need it are not modelled, `accesses` more of them noted for the
 * file's message; NULL where v needs none. */
const char *cl_missing(lower *L, const val *v, const char *what, unsigned accesses);
/* The file's one warning of the values it needs (nothing when none). */
void cl_warn_missing(const csrc_lower_options *o, const cl_missing_values *m);
const char *cl_and_guard(lower *L, const char *g, const char *c);
bool cl_is_int(const val *v);
vclass cl_max_cls(vclass a, vclass b);
val *cl_data_of(lower *L, const val *a, const val *b, lds_loc loc);
bool cl_fold(const char *op, int64_t a, int64_t b, int64_t *r);
val *cl_int_op(lower *L, const char *op, const val *a, const val *b);
/* The bits of an integer type whose values wrap when stored (1 for bool,
 * 8, 16, 32 for an unsigned int), 0 for any other type. */
void cl_integer_kind(lower *L, const csrc_type *t, unsigned *bits, bool *is_unsigned);
/* v as a variable of that integer type holds it. */
val *cl_converted(lower *L, val *v, unsigned bits, bool is_unsigned);
val *cl_int_unary(lower *L, const char *op, const val *a);
val *cl_uniform_difference(lower *L, const val *a, const val *b);
val *cl_int_cond(lower *L, const val *c, const val *a, const val *b);

/* front/csrc/lower_expr.c: shared arrays, their accesses, expressions */
sarray *cl_find_array(lower *L, const char *name);
/* Add a to the kernel's arrays, found by its C name from now on. */
void cl_add_array(lower *L, sarray *a);
val *cl_flat_of(lower *L, const val *s);
const char *cl_target_text(lower *L, const val *s);
const char *cl_kind_word(int kind);
/* "skipped KIND [global] [bN]": the head of a skipped record's line
 * (bytes 0: its width is not known, and not written). */
const char *cl_skip_head(lower *L, int kind, bool global, unsigned bytes);
const char *cl_unlaid_why(const lower *L, const char *name);
val *cl_unlaid_array(lower *L, const char *name, lds_loc loc);
int cl_emit_unknown_target(lower *L, int kind, const val *p, lds_loc loc);
const val *cl_data_index(const val *s);
int cl_emit_access(lower *L, int kind, const val *s, unsigned bytes, lds_loc loc);
/* The width of a plain access of `bytes` as lds writes it: b8 .. b128,
 * and a 12-byte element named whole by its type (read float3 s[i][0]),
 * which lds(5) splits into three b32 instructions on a part without
 * 96-bit accesses: ctype's where it is float3, int3 or uint3, else after
 * the memory's lds element type (f32 float3, i32 int3, else uint3). */
const char *cl_width_word(lower *L, unsigned bytes, const char *ctype, const char *lds_type);
/* The same as the instruction `instr` (an lds instruction name such as
 * ldmatrix.x4), or as a plain access where instr is NULL. */
int cl_emit_instruction(lower *L, int kind, const char *instr, const val *s, unsigned bytes, lds_loc loc);
unsigned cl_access_bytes(const val *s);
unsigned cl_type_bytes(lower *L, const csrc_type *t, bool *is_float);
/* sizeof(type), sizeof of a shared array or part of one; else data. */
val *cl_sizeof(lower *L, const csrc_expr *e);
val *cl_shared_rvalue(lower *L, const val *s, lds_loc loc);
val *cl_subscript(lower *L, const val *s, const val *i, lds_loc loc);
/* v, a copy of an element's value, with the subscript i added after its
 * others (its own array of them: the one it was copied from is shared). */
void cl_index_added(lower *L, val *v, const val *i);
/* Whether v is a pointer lds-calc follows (into shared or global memory). */
bool cl_is_pointer(const val *v);
/* Pointer p moved by k elements; k data: the accesses through the result
 * are skipped, saying why. */
val *cl_pointer_plus(lower *L, const val *p, const val *k, lds_loc loc);
/* Shared address p moved by the byte count k, the value of the
 * expression `bytes` (which shows whether it is whole elements: X * 32). */
val *cl_address_plus(lower *L, const val *p, const csrc_expr *bytes, const val *k, bool minus, lds_loc loc);
/* e = a OP b where an operand is a shared address: + and - move it by
 * bytes; anything else leaves it unknown. */
val *cl_address_binary(lower *L, const csrc_expr *e, val *a, val *b);
/* p moved `times` steps of `step` (elements; bytes for a shared address). */
val *cl_pointer_advanced(lower *L, const val *p, val *step, val *times, lds_loc loc);
/* What a variable holding old becomes when it changes in a way not
 * followed: data, or for a pointer, a pointer whose offset is data (so
 * the accesses through it are kept as skipped, not lost). */
/* Whether a is a shared array (or row) whose elements are arrays: t of
 * float t[32][32], which C moves by rows (t + k is &t[k]). */
bool cl_is_row_pointer(const val *a);
/* a + k for such an a: not followed, a pointer whose accesses are records
 * not modelled that say why (never an element access guessed). */
val *cl_row_pointer_moved(lower *L, val *a, lds_loc loc);
val *cl_unknown_like(lower *L, const val *old, const char *why, lds_loc loc);
/* c ? a : b with a pointer arm (not a constant c): within one array or
 * allocation, a pointer at the offset c chooses; between two, the first
 * arm's memory at an offset that is data.  NULL when neither arm is a
 * pointer. */
val *cl_pointer_choice(lower *L, const val *c, val *a, val *b, lds_loc loc);
int cl_lvalue_of(lower *L, const csrc_expr *e, lvalue *lv);
/* What a reference to the element lv names is bound to (T &r = s[i], a
 * reference parameter given one): the element itself, so that reading r
 * reads it and assigning r writes it; NULL where lv is no element of
 * memory (a variable, a value). */
val *cl_reference_to(lower *L, const lvalue *lv);
void cl_set_var(lower *L, binding *b, val *v);
val *cl_assign(lower *L, const csrc_expr *target, const char *op, const csrc_expr *rhs, val *rv, lds_loc loc);
val *cl_guarded(lower *L, const csrc_expr *e, const val *cond, bool when);
bool cl_is_member_call(const csrc_expr *e, const char *name);
val *cl_expr(lower *L, const csrc_expr *e);

/* front/csrc/lower_call.c: thread ids by name, calls */
val *cl_builtin_member(lower *L, const char *obj, const char *m);
val *cl_free_name(lower *L, const char *name, lds_loc loc);
val *cl_function_value(lower *L, const csrc_expr *e);
bool cl_name_in(const char *n, const char *const *list);
const csrc_func *cl_find_func(lower *L, const char *name, unsigned nargs);
const csrc_func *cl_find_callee(lower *L, const csrc_expr *e);
int cl_declare_callee_arrays(lower *L, const csrc_stmt *body);
/* Add to names every name the code from body on, or a function it
 * calls (and those they call), names. */
void cl_code_names(lower *L, const csrc_stmt *body, cl_names *names);
int cl_declare_arrays_from(lower *L, const csrc_stmt *s, unsigned mark);
/* an extern __shared__ array whose size nothing gives: an error wherever
 * it is declared (a callee's too) */
#define CL_EXTERN_SIZE (-3)
val *cl_atomic_call(lower *L, const csrc_expr *e, bool by_address);
val *cl_call(lower *L, const csrc_expr *e);
/* After kernel f: a warning that it works through CuTe, which lds-calc
 * does not follow, naming the calls and what to give instead; whether it
 * gave one. */
bool cl_warn_cute(lower *L, const csrc_func *f);
/* OpenCL C's work-item functions, fences and atom_* (front/csrc/lower_opencl.c); *handled
 * false for any other call. */
val *cl_opencl_call(lower *L, const csrc_expr *e, bool *handled);

/* front/csrc/lower_vector.c: small integer vectors in variables (uint2 XY = DTid.yx) */
bool cl_is_vector(const val *v);
/* A vector, or a thread-id object (SV_DispatchThreadID) read as one. */
bool cl_is_vector_like(lower *L, const val *v);
/* m is 1-4 of x y z w (or of r g b a). */
bool cl_is_swizzle(const char *m);
val *cl_vector_swizzle(lower *L, const val *v, const char *m, lds_loc loc);
/* a op b, component by component; a scalar applies to each. */
val *cl_vector_binary(lower *L, const char *op, const val *a, const val *b, lds_loc loc);
val *cl_vector_unary(lower *L, const char *op, const val *a, lds_loc loc);
/* c ? a : b, component by component (c an integer, the same for all). */
val *cl_vector_cond(lower *L, const val *c, const val *a, const val *b, lds_loc loc);
/* vec after vec.m op= v (m one or more components: p.y = 1, p.xy += d). */
val *cl_vector_assign(lower *L, const val *vec, const char *m, const char *op, val *v, lds_loc loc);
/* After v[i] = x on a vector variable: the variable is data. */
/* v[k], a vector's element at a constant index: its component (data at
 * any other index). */
val *cl_vector_element(lower *L, const val *vec, const val *idx, lds_loc loc);
/* v[k] op= x: the component assigned (at an index not a constant, the
 * vector is data from here).  false when target is not a vector's
 * element, or its index reads memory. */
bool cl_vector_element_assign(lower *L, const csrc_expr *target, const char *op, val *x, lds_loc loc);
void cl_vector_forget(lower *L, const csrc_expr *target, lds_loc loc);
/* v as a variable of type t holds it: a vector type's components (a
 * scalar in every one), a scalar type's first; v itself for any other. */
val *cl_vector_declared(lower *L, const csrc_type *t, val *v, lds_loc loc);
/* A vector with no component assigned yet, for t an integer vector
 * type; NULL for any other. */
val *cl_vector_empty(lower *L, const csrc_type *t);
/* (int2)(a, b) (OpenCL C), int2 v = {a, b}: e the operand or the
 * initialiser list; NULL where t is no vector type. */
val *cl_vector_literal(lower *L, const csrc_type *t, const csrc_expr *e, lds_loc loc);
/* A kernel parameter or uniform of an integer vector type: its
 * components the -D values of NAME.x, NAME.y ...; NULL for another type. */
val *cl_vector_param(lower *L, const char *name, const csrc_type *t, lds_loc loc);
/* uint2(a, b), make_int2(a, b): *handled false for any other call. */
val *cl_vector_construct(lower *L, const csrc_expr *e, bool *handled);
val *cl_vector_logic(lower *L, const csrc_expr *e, bool *handled);
val *cl_float_call_as_int(lower *L, const csrc_expr *e);
/* The macros the language's headers define (front/lowered.c): for the
 * preprocessor's header_macros, or NULL. */
const char *const *cl_header_macros(const csrc_lower_options *o, lds_arena *arena);
/* front/csrc/predef.c: the macros o->lang's compiler defines for the
 * profiles o names (the host pass's, without the device-only ones, when
 * host_pass); *n of them. */
const csrc_predefined *cl_predefined_macros(const csrc_lower_options *o, bool host_pass, lds_arena *arena,
                                            unsigned *n);
/* The file preprocessed and parsed into *unit as the compiler's device
 * pass (or, host_pass, its host pass) reads it; *device_only: whether a
 * device-only macro decided anything.  -1 with diag set on an error. */
int cl_read_file(const lds_source *src, const csrc_lower_options *o, bool host_pass, lds_arena *arena,
                 csrc_toks *toks, csrc_unit *unit, bool *device_only, lds_diag *diag);
/* The unit the launches are read from: the host pass's, else device. */
const csrc_unit *cl_host_pass(const lds_source *src, const csrc_lower_options *o, lds_arena *arena,
                              csrc_toks *toks, const csrc_unit *device);
/* front/csrc/lower_names.c: lds names (a C name lds reserves, or one taken,
 * renamed), and the names a kernel in namespace ns may use for the
 * file-scope constants env[from, to), bound by their qualified names. */
bool cl_name_taken(const lower *L, const char *n);
void cl_take_name(lower *L, const char *n);
const char *cl_lds_name(lower *L, const char *c);
void cl_bind_short_names(lower *L, unsigned from, unsigned to, const char *ns);

/* front/csrc/lower_global.c: global memory */
/* The bytes of the element a pointer or buffer of type t holds (its
 * template argument for StructuredBuffer<T>), 0 if unknown. */
unsigned cl_global_elem_bytes(lower *L, const csrc_type *t);
/* A pointer or buffer declared of type t (T *g, float4 *in, P g[N]): its
 * element's size, struct and vector scalar. */
val *cl_global_typed(lower *L, const char *name, const csrc_type *t);
/* g as a pointer to t's elements, (const float4 *)in: a type of unknown
 * size keeps the element size g had. */
void cl_global_retype(lower *L, val *g, const csrc_type *t);
/* What a[...] subscripts: a's value, or a global allocation of unknown
 * elements when a is a name the file does not declare. */
val *cl_index_base(lower *L, const csrc_expr *a);
/* A new allocation named `name` of elements of `elem` bytes. */
val *cl_global_of(lower *L, const char *name, unsigned elem);
/* p moved by `elems` elements (NULL: not moved), its element `elem`
 * bytes from now on (0: as it was). */
val *cl_global_moved(lower *L, const val *p, const val *elems, unsigned elem);
/* A read (0), write (1) or atomic (2) of `bytes` at p: its line, or a
 * skipped line saying why (data, a missing -D value, an unknown size). */
int cl_emit_global(lower *L, int kind, const val *p, unsigned bytes, lds_loc loc);

/* front/csrc/lower_stmt.c: declarations, branches, statements, inlined functions */
bool cl_is_float_type(lower *L, const csrc_type *t);
int cl_declaration(lower *L, const csrc_stmt *s);
void cl_assigned_in_expr(const csrc_expr *e, const char **names, unsigned *n, unsigned cap);
/* visit(t) for every statement in the list s and in the statements of
 * each (bodies, else branches), in order. */
void cl_walk_stmts(const csrc_stmt *s, void (*visit)(const csrc_stmt *s, void *ctx), void *ctx);
/* The if after s in an else-if chain (s->other when it is an if), or NULL:
 * a chain is walked arm after arm, never one level deeper per arm. */
const csrc_stmt *cl_else_if(const csrc_stmt *s);
void cl_assigned_names(const csrc_stmt *s, const char **names, unsigned *n, unsigned cap);
void cl_declared_names(const csrc_stmt *s, const char **names, unsigned *n, unsigned cap);
void cl_changed_names(lower *L, const csrc_stmt *s, const char **names, unsigned *n, unsigned cap);
bool cl_has_jump(const csrc_stmt *s, csrc_stmt_kind k);
int cl_one_stmt(lower *L, const csrc_stmt *s);
int cl_branch(lower *L, const csrc_stmt *s, const char *g, const val *gm, const char *skip, lds_loc skip_loc);
void cl_merge(lower *L, const val *c, const snapshot *a, const snapshot *b);
/* A variable after an if: x where c held, y where it did not. */
val *cl_merged(lower *L, const val *c, val *x, val *y, const char *name);
/* After an if or a loop with a return in it whose lanes lds-calc does not
 * place: the rest is skipped. */
void cl_after_unplaced_return(lower *L, const csrc_stmt *s);
/* front/csrc/lower_chain.c: an if statement, an else-if chain as its flat list of arms */
int cl_if_stmt(lower *L, const csrc_stmt *s);
int cl_stmt(lower *L, const csrc_stmt *s);
int cl_inline_body(lower *L, const csrc_func *f, const csrc_expr *e, val **out);

/* front/csrc/lower_loop.c: loops */
int cl_loop_skipped(lower *L, const csrc_stmt *s, const char *why, lds_loc at);
int cl_simulate_loop(lower *L, const csrc_stmt *s, const char *v, bool *done);
int cl_loop_body(lower *L, const csrc_stmt *s, const char *v, const char *trip);
int cl_for_stmt(lower *L, const csrc_stmt *s);
int cl_while_stmt(lower *L, const csrc_stmt *s);

/* front/csrc/lower_counter.c: whether a counted loop's counter stays in its
 * type's range until its condition fails */
typedef enum {
    COUNTER_ENDS,                 /* it does (or nothing says otherwise) */
    COUNTER_ENDLESS,              /* the condition holds for every value of the type */
    COUNTER_WRAPS                 /* the counter leaves the range first: not counted */
} counter_fate;
/* For `counter cmp bound` stepping by step from init (*why: the message
 * of an endless loop, or the reason a wrapping one is skipped). */
counter_fate cl_counter_fate(lower *L, const binding *counter, const val *init, const val *step, const char *cmp,
                             const val *bound, const char **why);
/* Whether loop s never ends: its condition always holds and nothing in
 * its body can leave it. */
bool cl_never_left(lower *L, const csrc_stmt *s);
/* cl_counter_fate for for-loop s with counter v (binding vb, at its
 * start value), where its bound and step read nothing; a step of 0 where
 * the condition holds is endless too. */
counter_fate cl_early_fate(lower *L, const csrc_stmt *s, const char *v, const binding *vb, const char **why);

/* front/csrc/lower_trip.c: what a loop does to variables */
int cl_loop_step(lower *L, const csrc_expr *e, const char *v, val **step, const csrc_expr **next_rhs,
                     const char **next_op);
bool cl_simple_bound(const csrc_expr *c, const char *v, const csrc_expr **bound, const char **op);
bool cl_mentions(const csrc_expr *e, const char *v);
void cl_forget_changed(lower *L, const csrc_stmt *s, const char *const *names, unsigned n);
const csrc_stmt *cl_top_level(const csrc_stmt *body, const csrc_stmt *t);
const csrc_expr *cl_update_of(const csrc_stmt *t, const char *x);
unsigned cl_count_assigns(const csrc_expr *e, const char *x);
unsigned cl_count_assigns_stmt(const csrc_stmt *s, const char *x);
/* How many times `body` assigns `name` anywhere inside it. */
unsigned cl_assigns_in_body(const csrc_stmt *body, const char *name);
val *cl_fit(lower *L, const int64_t *v, unsigned n, const char *t);
/* What the body of loop s adds to `name` each trip (once, at its own
 * level, the same for every lane and trip) in *c, or NULL; -1 on an
 * error. */
int cl_step_per_trip(lower *L, const csrc_stmt *s, const char *name, val **c);
const csrc_stmt *cl_last_as_step(lower *L, const csrc_stmt *s);
bool cl_bound_and_stops(lower *L, const csrc_stmt *s, const char *v, const csrc_expr **bound_e, const char **cmp,
                        const csrc_expr **stops, unsigned *nstops, unsigned cap);
int cl_wrap_per_trip(lower *L, const csrc_stmt *s, const char *name, const val *x0, const char *trip, val **wrapped);
/* Whether e adds an amount to x (x += a, x -= a, x = x + a, x = x - a,
 * x = a + x): the amount's expression, *minus for a subtraction. */
bool cl_adds_to(const csrc_expr *e, const char *x, const csrc_expr **amount, bool *minus);
/* v moved `times` steps of c (an integer's sum, a pointer's elements). */
val *cl_advanced(lower *L, const val *v, val *c, val *times, lds_loc loc);
bool cl_mentions_changing(lower *L, const csrc_stmt *s, const csrc_expr *e);
/* A variable that loop s's condition or step reads and its body
 * changes, or NULL. */
const char *cl_changed_in_body_mentioned(lower *L, const csrc_stmt *s);
/* A loop body whose top-level `if (c) continue;` (or an if whose block
 * ends in its only continue, with or without an else) is rewritten so the
 * rest of the trip is that if's else (after the else's own statement);
 * the body itself when there is none. */
const csrc_stmt *cl_continue_as_else(lower *L, const csrc_stmt *body);
const csrc_expr *cl_step_part(const csrc_expr *step, const char *name);
/* The reason for a variable that changes from trip to trip of loop s. */
const char *cl_changes_each_trip(lower *L, const char *name, const csrc_stmt *s);

/* front/csrc/lower_asm.c: inline assembly */
/* __cvta_generic_to_shared(p) and its kin: p's shared-memory address. */
val *cl_shared_address(lower *L, const csrc_expr *e);
bool cl_is_shared_address_call(const char *name);
int cl_asm_stmt(lower *L, const csrc_stmt *s);

/* front/csrc/lower.c: kernels */
const char *cl_lds_type_of(const char *base, unsigned scalar, bool fl);
int cl_declare_array(lower *L, const csrc_stmt *s, const csrc_declarator *d);
void cl_bind_same_named_arrays(lower *L, const csrc_stmt *s);
int cl_declare_arrays_in(lower *L, const csrc_stmt *s);
int cl_file_scope(lower *L);
void cl_bind_params(lower *L, const csrc_func *f);
val *cl_template_param(lower *L, const csrc_func *f, unsigned i);

/* front/csrc/lower_types.c: template parameters, and the types written with them */
/* -D name=TYPE (float), or NULL. */
const csrc_define *cl_find_type_define(const lower *L, const char *name);
/* The type a name stands for here: a type template parameter's binding,
 * else the name itself. */
const char *cl_type_name(lower *L, const char *base);
/* t with its base read through the template parameters (t itself if none). */
const csrc_type *cl_resolved_type(lower *L, const csrc_type *t);
/* csrc_type_shape of the type base stands for. */
bool cl_type_shape(lower *L, const char *base, unsigned *bytes, unsigned *lanes, bool *is_float);
/* " ('T' is a template parameter nothing gives: -D T=float ...)" where base
 * is one, else "": the end of a message about a type not laid out. */
const char *cl_unknown_type_hint(lower *L, const char *base);
/* Bind f's template parameters for the call (NULL: f is the kernel; args:
 * the call's argument values, for a type a pointer argument deduces),
 * in the caller's scope: integers as cl_template_param, types from the
 * call's arguments, a pointer argument, -D, the launch or the default. */
int cl_bind_template_args(lower *L, const csrc_func *f, const csrc_expr *call, val *const *args, bool for_dims);

/* front/csrc/lower_record.c: struct values in variables */
/* The struct a variable of type t holds by value, or NULL. */
const csrc_struct *cl_record_type(lower *L, const csrc_type *t);
/* A kernel parameter of struct st: its members as the launch gives them. */
val *cl_record_param(lower *L, const char *name, const csrc_struct *st);
/* A local of struct st declared without a value. */
val *cl_record_local(lower *L, const csrc_struct *st);
/* r.name where r is a variable holding a record: the member's value;
 * NULL where e is no such member expression. */
val *cl_record_member(lower *L, const csrc_expr *e);
/* r.name op= v on a variable holding a record; false where target is not one. */
bool cl_record_assign(lower *L, const csrc_expr *target, const char *op, val *v, lds_loc loc);

/* front/csrc/lower_struct.c: members of shared elements: vector components, structs */
/* A functor type's operator() (struct Add { ... operator()(...) }), or NULL. */
const struct csrc_func *cl_functor_call(lower *L, const char *name);
const csrc_struct *cl_struct_structured(lower *L, const char *type, unsigned *size);
const csrc_struct *cl_struct_laid_out(lower *L, const char *type, unsigned *size);
bool cl_struct_declared(const lower *L, const char *name);
const csrc_struct *cl_struct_of(const val *s);
/* Whether st is 4-byte words (its alignment 4: a copy of it whole moves
 * words), and its size. */
bool cl_struct_of_words(lower *L, const csrc_struct *st, unsigned *size);
int cl_member_lvalue(lower *L, const csrc_expr *e, lvalue *lv);
val *cl_member_rvalue(lower *L, const csrc_expr *e);

/* front/csrc/lower_launch.c: the kernel's launch in the file */
/* Every launch in unit, indexed by the kernel it launches (one walk). */
cl_launches *cl_index_launches(const csrc_unit *unit);
void cl_launches_free(cl_launches *x);
void cl_find_launch(lower *L, const csrc_func *f);
void cl_launch_comment(lower *L, const csrc_func *f);
int cl_threads_line(lower *L, const csrc_func *f);
int cl_lower_kernel(lower *L, const csrc_func *f, csrc_lowered *out);

#endif
