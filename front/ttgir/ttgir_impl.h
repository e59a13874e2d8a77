/* front/ttgir/ttgir_impl.h - what the files of the TTGIR reader share;
 * only files of front/ttgir/ include it.
 *
 *   module.c  the module's text: its lines, attribute aliases, #loc
 *             places, module attributes, and the types ops name
 *             (tensor<64x32xf16, #blocked>, !ttg.memdesc<...>)
 *   regs.c    register layouts as Triton's linear layouts (#ttg.blocked,
 *             #ttg.linear), a shared layout's contiguous run, the vector
 *             width Triton's lowering takes, the ldmatrix a dot operand's
 *             load is
 *   lower.c   the driver: a tt.func's ops that move data through shared
 *             memory as lds text
 *   scf.c     the scalars a function computes (arith ops, kernel
 *             arguments, -D), scf.for loops (their trips, the values their
 *             iter_args take trip by trip) and scf.if conditions
 */
#ifndef LDS_TTGIR_IMPL_H
#define LDS_TTGIR_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "front/ttgir/ttgir.h"
#include "front/lowered.h"
#include "base/arena.h"
#include "base/buf.h"
#include "base/check.h"
#include "base/diag.h"
#include "front/linlayout.h"
#include "base/mem.h"
#include "base/strset.h"

/* The most dimensions of a tensor or memdesc the reader follows. */
#define TG_MAX_RANK 4

/* ----------------------------------------------------------- module.c */

typedef struct {
    const char *name;             /* "#blocked", "#loc3" */
    const char *text;             /* "#ttg.blocked<{...}>"; for a #loc: its place, "kernels.py:21:29" or NULL */
    unsigned line;
} tg_alias;

typedef struct {
    const lds_source *src;
    lds_arena *arena;
    lds_diag *diag;
    tg_alias *aliases, *locs;     /* lds_xreallocarray'd */
    unsigned naliases, nlocs;
    unsigned num_warps, tpw;      /* "ttg.num-warps", "ttg.threads-per-warp" (0: not given) */
    const char *target;           /* ttg.target = "cuda:80", or NULL */
} tg_module;

/* A tensor or memdesc type: tensor<64x32xf16, #blocked>,
 * !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable, 64x32>. */
typedef struct {
    unsigned rank;
    int64_t shape[TG_MAX_RANK];
    const char *elem;             /* "f16", "!tt.ptr<f16>" (arena) */
    unsigned bits;                /* its width (the pointee's for a pointer); 0: unknown */
    const char *enc;              /* the encoding: an alias name ("#shared") or an attribute's text; NULL */
} tg_type;

/* Read the module's aliases, #loc places and attributes; -1 with diag
 * set on a line that is no TTGIR the reader knows at the top level. */
int tg_module_read(tg_module *m);
void tg_module_free(tg_module *m);
/* The text of an alias ("#blocked" -> "#ttg.blocked<{...}>"), an
 * attribute's own text if it is one, or NULL. */
const char *tg_attr(const tg_module *m, const char *enc);
/* A loc(...) at p resolved to "file":line:col text, or NULL. */
const char *tg_loc_text(const tg_module *m, const char *p, const char *end);
/* The type starting at p (tensor<, !ttg.memdesc<, or a bare <...>), its
 * end in *next; false if it is none. */
bool tg_type_read(const tg_module *m, const char *p, const char *end, tg_type *t, const char **next);
/* An attribute's integer KEY = N, or its list KEY = [a, b]: the count
 * read (0: none). */
unsigned tg_attr_ints(const char *attr, const char *key, int64_t *v, unsigned max);
/* Formatted text in the module's arena. */
const char *tg_fmt(const tg_module *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An attribute's kind: the word after the dialect ("blocked"), in buf. */
const char *tg_attr_kind(const char *attr, char *buf, size_t n);

/* ------------------------------------------------------------- regs.c */

/* A register layout of a tensor of shape t as a linear layout: true, or
 * false with why (arena text) for a layout the reader does not lower. */
bool tg_reg_layout(const tg_module *m, const tg_type *t, lds_ll *ll, const char **why);

/* A shared layout's contiguous run: the dimension whose elements are
 * next to each other, and how many are before a swizzle or pad breaks
 * the run; false with why. */
bool tg_shared_run(const tg_module *m, const char *layout, const int64_t *shape, unsigned rank, unsigned elem_bits,
                   unsigned *dim, int64_t *run, const char **why);

/* The elements one access of a thread moves: the lowest register bases
 * that step along dim by 1, 2, 4, ..., at most run and 128 bits. */
unsigned tg_vector(const lds_ll *ll, unsigned dim, int64_t run, unsigned elem_bits);

/* A linear layout as the lds fragment attribute text, its zero register
 * bases left out (Triton drops the broadcast registers). */
void tg_ll_text(lds_buf *b, lds_ll *ll);

/* A dot operand's local_load as ldmatrix.x4 (Triton's lowering of an
 * mma v2 operand of 16-bit elements): the lds text of the access of
 * array `arr` whose view dimensions are the index expressions in idx
 * (formats with %s for the view's row and column), or false with why. */
typedef struct {
    unsigned op;                  /* opIdx: 0 (A, M x K) or 1 (B, K x N) */
    unsigned warps[2];            /* the mma parent's warpsPerCTA */
    unsigned cdim;                /* the shared layout's contiguous view dimension */
    int64_t rows, cols;           /* the view's shape */
    unsigned tpw;                 /* threads a warp */
} tg_ldmatrix;
bool tg_dot_ldmatrix(const tg_module *m, const tg_type *t, unsigned elem_bits, tg_ldmatrix *plan, const char **why);
/* The two view coordinates of lane's row in instruction (i, j), as lds
 * text, and the loop bounds: NI x NJ instructions a warp. */
void tg_ldmatrix_coords(const tg_ldmatrix *p, lds_buf *row, lds_buf *col, int64_t *ni, int64_t *nj);

/* -------------------------------------------------------------- scf.c */

/* A scalar value of the function (i1, i32, i64, index): uniform across
 * the workgroup, as every scalar of a Triton program is. */
typedef struct {
    const char *ssa;              /* "%c0_i32", "%acc_58" */
    bool known;                   /* its number is num */
    int64_t num;
    const char *text;             /* not known: an lds expression of the trips of the loops
                                     around it, or NULL (not followed) */
    const char *needs;            /* not followed: the kernel argument (-D NAME) it needs, or NULL */
} tg_scalar;

typedef struct {
    lds_strset set;               /* by SSA name: arena'd tg_scalar (set.arena: the module's) */
} tg_scalars;

/* The scalar named ssa, or NULL. */
const tg_scalar *tg_scalar_of(const tg_scalars *s, const char *ssa);
void tg_scalar_set(tg_scalars *s, const tg_scalar *v);
/* The kernel arguments of scalar type on a tt.func line [p, end): each
 * the -D value of its name (marked used), or not followed, needing it. */
void tg_scalar_args(const tg_module *m, tg_scalars *s, const char *p, const char *end, csrc_define *defs,
                    unsigned ndefs);
/* An arith op of scalars, `op` its name, [args, end) after it: true
 * with the result set in s (known, an expression, or not followed);
 * false if it is no scalar arith op. */
bool tg_scalar_op(const tg_module *m, tg_scalars *s, const char *res, const char *op, const char *args,
                  const char *end);

/* An scf.for: its induction variable, bounds and trips, and how its
 * iter_args change from trip to trip. */
typedef struct {
    const char *iv;               /* "%acc_58" */
    const char *trip;             /* the lds loop variable counting its trips from 0 */
    tg_scalar lb, ub, step;
    bool trips_known;
    int64_t trips;
    const char *trips_text;       /* not known: an lds expression of outer trips, or NULL */
    const char *why;              /* its trips are not followed: why (its ops are skipped), or NULL */
    const char *needs;            /* ...the -D name they need, or NULL */
    unsigned nargs;
    const char **arg, **init;     /* iter_args(%arg = %init, ...) (arena) */
    tg_scalar *fits;              /* the iter_args and body results followed trip by trip: each
                                     the same every trip, or an expression of `trip` (arena) */
    unsigned nfits;
} tg_loop;

/* The value loop l followed of ssa (an iter_arg, a body result), or NULL. */
const tg_scalar *tg_loop_fit(const tg_loop *l, const char *ssa);

/* The scf.for whose line is [p, end) (line `line` of the module; its
 * body the lines after it up to its closing brace): its header read and,
 * where its trips are known, its iter_args followed trip by trip (init
 * values numbers, the body's arith ops and memdesc views of a buffer
 * index).  buffer_of gives an outer memdesc's buffer index (false: none
 * known).  False if the line is no scf.for the reader reads. */
typedef bool (*tg_buffer_of)(void *ctx, const char *ssa, int64_t *buffer);
bool tg_loop_read(const tg_module *m, const tg_scalars *s, const char *p, const char *end, const char *trip,
                  tg_buffer_of buffer_of, void *ctx, tg_loop *loop);

#endif
