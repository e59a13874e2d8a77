/* src/parse_layout.h - the parser's layout notations, shared by the
 * `layout` statement (src/parse_layout.c, CuTe and ck_tile; src/parse_triton.c,
 * Triton) and the `fragment` statement (src/parse_fragment.c).  Not for
 * use outside the parser. */
#ifndef LDS_PARSE_LAYOUT_H
#define LDS_PARSE_LAYOUT_H

#include "src/instructions.h"
#include "src/parser_impl.h"
#include "src/smem_desc.h"

#define PR_MAX_LEAVES LDS_CUTE_MAX_LEAVES

/* A CuTe tuple as written: leaves in order, and for each top-level mode
 * the range of its leaves. */
typedef struct {
    int64_t leaf[PR_MAX_LEAVES];
    lds_loc loc[PR_MAX_LEAVES];
    unsigned nleaves;
    unsigned mode_first[LDS_MAX_PARAMS + 1];
    unsigned nmodes;
    char shape[512];          /* its nesting, for the congruence check: "(i,(i,i))" */
    size_t shape_len;
} pr_tuple;

/* Build a tuple: a character of its nesting ('i' a leaf, '(' ',' ')'),
 * and a leaf (-1 with the message past PR_MAX_LEAVES). */
void pr_tuple_putc(pr_tuple *t, char c);
int pr_tuple_leaf(parser *p, pr_tuple *t, lds_loc loc, int64_t v);

/* Swizzles one layout may compose (Swizzle<1,1,4> o Swizzle<2,5,2> o ...). */
#define PR_MAX_SWIZZLES 4

/* A CuTe layout SHAPE:STRIDE, with CuTe's Swizzle<B,M,S> on the offset and
 * ck_tile's xor transform on two modes' coordinates, when given.  Every
 * swizzle here acts on the element offset; one written on the byte address
 * (CuTe's smem_ptr, its GMMA atoms, TMA) is kept converted, with the
 * element size it was written for and the base alignment it needs. */
typedef struct {
    pr_tuple shape, stride;
    bool swizzled;
    int64_t bms[3];           /* the innermost swizzle (applied first) */
    lds_loc swizzle_loc;
    unsigned nouter;          /* more swizzles over it, innermost first */
    int64_t outer[PR_MAX_SWIZZLES - 1][3];
    lds_layout_hw hw;         /* what a byte-address swizzle or a named atom
                                 asks of its array (all zero: nothing) */
    bool xored;               /* mode xor_b's coordinate is b ^ (a % xor_len) */
    unsigned xor_a, xor_b;
    int64_t xor_len;
    lds_loc xor_loc;
} pr_cute;

/* Offset-expression builders (NULL operands pass NULL through). */
lds_expr *pr_lnum(parser *p, lds_loc loc, int64_t v);
lds_expr *pr_lbin(parser *p, lds_loc loc, lds_op op, lds_expr *a, lds_expr *b);
lds_expr *pr_lparam(parser *p, lds_loc loc, const char *name);
/* The parameter names of a rank-n layout: i0, i1, ... (in the arena). */
const char **pr_index_params(parser *p, unsigned n);
/* A power of two (Triton requires them of its layouts' parameters). */
static inline bool pr_pow2(int64_t v) { return v > 0 && !(v & (v - 1)); }

/* [Swizzle<B,M,S> o] [make_xor_transform(...) o] SHAPE:STRIDE, or
 * tile_to_shape(ATOM, SHAPE[, ORDER]). */
int pr_parse_cute(parser *p, pr_cute *c);
/* The layout's offset at the coordinates named params[0..nmodes). */
lds_expr *pr_cute_offset(parser *p, const pr_cute *c, lds_loc loc, const char *const *params);
/* The size of top-level mode k: the product of its leaves. */
int64_t pr_cute_mode_size(const pr_cute *c, unsigned k);
/* 1 + the largest offset over the shape; 0 if a stride is negative. */
int64_t pr_cute_cosize(const pr_cute *c);

/* CuTe's C++ spellings (src/parse_cute_cpp.c): make_layout(...),
 * Layout<...>{}, composition(Swizzle<...>{}, ...), decltype(...); and
 * its tuples make_shape(...), Shape<...>{}. */
bool pr_cute_cpp_starts(const lds_token *t);
int pr_parse_cute_cpp(parser *p, pr_cute *c);
bool pr_cute_cpp_tuple_starts(const lds_token *t);
int pr_parse_cute_cpp_tuple(parser *p, pr_tuple *t);
/* A layout's number: an integer, Int<N>{}, _N, or arithmetic of names
 * whose values the parser knows. */
int pr_cute_number(parser *p, int64_t *out, lds_loc *loc);
/* A let (or a kernel's constant) whose value the parser can work out:
 * kept as a constant a layout may name (Swizzle<kSwizzle,3,3>). */
void pr_note_constant(parser *p, const char *name, const lds_expr *value);
/* The value of e from what the parser knows (-D values, #define
 * constants); -1 with the message, naming what it lacks. */
int pr_fold_int(parser *p, const lds_expr *e, int64_t *out);

/* B ',' M ',' S of Swizzle<B,M,S> (after its '<'; the caller closes it):
 * each a CuTe number (pr_cute_number) in 0..LDS_SWIZZLE_MAX_BITS. */
int pr_parse_swizzle_args(parser *p, int64_t bms[3]);
/* Swizzle bms composed over c's offset (the outermost so far); 0, or -1
 * past PR_MAX_SWIZZLES. */
int pr_cute_compose_swizzle(parser *p, pr_cute *c, const int64_t bms[3], lds_loc loc);
/* Swizzle<..> o Swizzle<..> o ... [smem_ptr[16b](unset) o | _0 o] BODY,
 * the outermost written first (CuTe prints Swizzle as Sw), BODY read by
 * `body`; swizzles on a byte pointer converted to element swizzles. */
int pr_parse_swizzled(parser *p, pr_cute *c, int (*body)(parser *p, pr_cute *c));
/* The bytes of a CuTe, CUTLASS or lds element type (half_t, float, f16);
 * 0 for a name that is none, -1 for a sub-byte type (int4b_t). */
int pr_element_bytes(const char *name);

/* src/parse_nvidia.c: what a desc statement keeps for read_desc (in the
 * parser's context, by name). */
typedef struct {
    uint64_t value;
    lds_smem_desc desc;
    lds_smem_operand op;
} lds_desc_info;

/* The data-path statements: cp.async.bulk[.tensor] and tcgen05.ld/st (an
 * instruction the lookup found, its name), desc, read_desc. */
lds_stmt *pr_parse_nv_instruction(parser *p, lds_loc loc, const lds_instruction *ins, const char *name);
lds_stmt *pr_parse_desc(parser *p, lds_loc loc);
lds_stmt *pr_parse_read_desc(parser *p, lds_loc loc);

/* src/parse_nvidia.c: NVIDIA's hardware layouts.  CuTe's GMMA/UMMA layout
 * atoms by name (GMMA::Layout_K_SW128_Atom<half_t>) as a pr_cute, in
 * elements, their byte swizzle converted; and the layout TMA writes,
 * TMA(swizzle=..., box=[..], elem=TYPE), as a def. */
bool pr_gmma_atom_starts(parser *p);
int pr_parse_gmma_atom(parser *p, pr_cute *c);
bool pr_tma_layout_starts(const lds_token *t);
int pr_parse_tma_layout(parser *p, lds_stmt *def);
/* CuTe's printed middle of a composed layout, after 'Sw<B,M,S> o':
 * 'smem_ptr[16b](unset) o' (the swizzle acts on byte addresses of 16-bit
 * elements: sets *elem_bytes) or '_0 o' (on element offsets).  True when
 * one was read (or failed: -1 in *rc). */
bool pr_cute_print_middle(parser *p, unsigned *elem_bytes, int *rc);
/* Swizzles written on byte addresses of elem_bytes-byte elements, as the
 * element swizzles they are, and what they ask of the array's base: 0, or
 * -1 where a swizzle would move part of an element. */
int pr_cute_bytes_to_elements(parser *p, pr_cute *c, unsigned elem_bytes, const char *what);

/* Triton's TTGIR attributes (src/parse_ttgir.c): '#ttg.KIND<...>' kept
 * as an alias (an S_NOP statement); an array that names the alias gets
 * the def it spells for its shape, made before it (the def, then the
 * array; NULL on an error).  On a dump's own line ('#name = #ttg....',
 * dump_line) any attribute is kept, so that a dump's header pastes as it
 * is; one that is not a shared layout errs where an array names it. */
bool pr_ttgir_starts(const lds_token *t);
/* Whether the statement at the current token is a TTGIR op pasted
 * ('%x = ttg.local_load ...', 'tt.func ...', 'module attributes ...'). */
bool pr_ttgir_op_line(const parser *p);
lds_stmt *pr_parse_ttgir_alias(parser *p, lds_loc loc, const char *name, bool dump_line);
lds_stmt *pr_ttgir_array_layout(parser *p, lds_stmt *array);
/* The TTGIR attribute at the current token ('#ttg.KIND<...>', or the
 * name of an alias of one), its text, the tokens after it next; NULL if
 * the token is neither (nothing read), or on an error (diag set). */
const char *pr_ttgir_take_attr(parser *p);
/* Whether an attribute's text is a #ttg.linear register layout. */
bool pr_ttgir_is_linear(const char *attr);
/* An expression written as text (a layout's formula made from its
 * attribute), parsed as if the program had it, named `name` in messages. */
lds_expr *pr_parse_expr_text(parser *p, const char *name, const char *text);

/* The layout after `layout NAME =` (or C++'s `using NAME =`): its def. */
lds_stmt *pr_parse_layout_value(parser *p, lds_loc loc, const char *name, lds_loc name_loc);

/* NAME '=' of a `layout` or `fragment` statement. */
int pr_take_named(parser *p, const char *name_what, const char *value_what, const char **name, lds_loc *loc);

/* A def of the given parameters and body named `name`. */
lds_stmt *pr_make_def(parser *p, lds_loc loc, const char *name, lds_loc name_loc, const char *const *params,
                      unsigned nparams, lds_expr *body);

/* Keyword arguments as Triton's Python and MLIR spell them:
 * NAME '=' ( INT | true | false | WORD | '[' item, ... ']' ), an item an integer,
 * a pair '[' INT ',' INT ']' or MLIR's 'INT : + INT'; lists flattened. */
typedef struct {
    const char *key;          /* its spellings, as in the names given */
    const char *name;         /* as written */
    lds_loc loc;
    int64_t v[64];
    unsigned n;
    bool list;
    const char *word;         /* a name as the value (SWIZZLE_128B, f16), or NULL */
} pr_kwarg;

typedef struct {
    pr_kwarg arg[16];
    unsigned n;
} pr_kwargs;

/* '(' kwargs ')' ; each name one of `names` (spellings of one keyword
 * separated by '|': "per_phase|perPhase"), reported by its first. */
int pr_parse_kwargs(parser *p, pr_kwargs *k, const char *const *names, const char *what);
/* The argument called by spelling set `names`, or NULL. */
const pr_kwarg *pr_kwarg_find(const pr_kwargs *k, const char *names);
/* The argument, required: an error naming `what` if it is missing. */
const pr_kwarg *pr_kwarg_need(parser *p, const pr_kwargs *k, const char *names, lds_loc loc, const char *what);

/* src/parse_triton.c: the Triton shared layouts, after 'layout NAME ='. */
bool pr_triton_layout_starts(const lds_token *t);
int pr_parse_triton_layout(parser *p, lds_stmt *def);

#endif
