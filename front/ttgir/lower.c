/* front/ttgir/lower.c - a TTGIR module's functions as lds programs
 * (front/ttgir/ttgir.h).
 *
 * Each tt.func (or the one --kernel names) becomes a program: its
 * workgroup ("ttg.num-warps" x "ttg.threads-per-warp", or --threads),
 * every ttg.local_alloc an array of its memdesc's shape laid out by its
 * shared layout (the module's alias, copied: src/parse_ttgir.c reads it),
 * and every op that moves data through shared memory an access placed at
 * its loc(...) source place (the Python line), its TTGIR line a note
 * ('#line L:C "FILE" note L:C OP'; without a loc, at its TTGIR line):
 *
 *   ttg.local_alloc %v, ttg.local_store   a write of the tensor's registers
 *   ttg.local_load                        a read (a dot operand's: ldmatrix.x4)
 *   ttg.async_copy_global_to_local        cp.async of the pointers' registers
 *   ttg.memdesc_index / _subslice / _subview / _trans
 *                                         views: a buffer, an offset, an order
 *
 * A tensor's register layout is a fragment (#ttg.linear, made from a
 * #ttg.blocked as Triton's linear layout), and each thread accesses its
 * values a vector at a time (regs.c).  Every lane writes its values, the
 * lanes and warps that hold the same element (a layout that replicates
 * it) too: Triton 3.9 drops only the registers that repeat one
 * (tests/ttgir/README.md).  An op that touches shared memory and is none
 * of these, or whose layout the reader does not lower, is a skipped
 * record that says why.
 *
 * An scf.for is an lds loop of its trips (scf.c: its bounds numbers,
 * -D values of kernel arguments, or expressions of outer trips), its
 * induction variable and the iter_args scf.c follows expressions of the
 * trip, so that a buffer the pipeliner rotates is the buffer of each
 * trip; an scf.if is an lds 'if' of its (uniform) condition.  A loop
 * whose trips, or an if whose condition, the reader does not follow
 * makes every access in it a skipped record saying why, and the -D
 * names they need are listed. */
#include "front/ttgir/ttgir_impl.h"
#include "base/input.h"
#include "base/limits.h"
#include "base/linemark.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const char *lds;              /* the lds array's name */
    const char *layout;           /* the shared layout's alias ("#shared") */
    unsigned rank, bits;
    int64_t shape[TG_MAX_RANK];
} tg_array;

typedef struct {
    const char *ssa;              /* "%a_21" */
    unsigned array;
    unsigned rank;                /* the view's dimensions, the array's last ones (or a permutation) */
    int64_t shape[TG_MAX_RANK];
    unsigned dim_of[TG_MAX_RANK]; /* view dimension -> array dimension */
    int64_t off[TG_MAX_RANK];     /* per array dimension: an offset, or the buffer a dropped one is at */
    const char *expr[TG_MAX_RANK];   /* per dropped array dimension: the buffer as an expression of
                                        trips (added to off), or NULL */
    const char *varies;           /* a buffer index known only at run time (its SSA name), or NULL */
    unsigned varies_line, varies_col;   /* the op that made it */
    const char *why;              /* a memdesc the reader does not model: why (no array), or NULL */
} tg_view;

/* An scf region open around the line: an lds block, or the reason its
 * ops are skipped. */
typedef struct {
    int depth;                    /* the brace depth its closing '}' returns to */
    bool block;                   /* an lds block was opened ('for', 'if'): '}' closes it */
    bool is_if;
    const char *why;              /* its accesses are skipped: why, or NULL */
} tg_region;

typedef struct {
    tg_module *m;
    ttgir_lower_options *o;
    lds_buf *out;
    tg_array *arrays;
    lds_strset views;             /* by SSA name: arena'd tg_view */
    unsigned narrays, accesses, line, col;   /* line, col: the op's */
    tg_scalars scalars;
    tg_region *regions;
    unsigned nregions, depth;
    const char **missing;         /* -D names the trips or conditions need */
    unsigned nmissing;
    const lds_source *src_file;   /* the file of the op's loc(...) place, or NULL */
    unsigned src_line, src_col;
    tg_view varies_taken;         /* the first view whose run-time buffer was taken as buffer 0 (.varies: none) */
} tg_fn;

/* ------------------------------------------------------------ helpers */

static const char *skip_blanks(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p;
}

/* An SSA name at p (%a_21, %0, %acc_56#0): its text, *next after it. */
static const char *ssa_at(tg_fn *f, const char *p, const char *end, const char **next)
{
    p = skip_blanks(p, end);
    if (p >= end || *p != '%')
        return NULL;
    const char *q = p + 1;
    while (q < end && (isalnum((unsigned char)*q) || strchr("_#$.-", *q)))
        q++;
    *next = q;
    return lds_arena_strndup(f->m->arena, p, (size_t)(q - p));
}

/* The lds name of an SSA value: its letters, '%' and '#' dropped ('v'
 * first where it would start with a digit, '_' after where it is a word
 * of lds). */
static const char *lds_name(tg_fn *f, const char *ssa)
{
    static const char *const words[] = { "arch", "set", "rules", "threads", "groups", "let", "def", "layout",
                                         "fragment", "array", "read", "write", "atomic", "for", "if", "else", "in",
                                         "while", "next", "skipped", "kernel", "print", "expect", "show", "explain",
                                         "suggest", "global", "at", "size", "lane", "wave", "tid", "group", "banks",
                                         "bank_bytes", "wave_size", NULL };
    lds_buf b = { 0 };
    if (isdigit((unsigned char)ssa[1]))
        lds_buf_putc(&b, 'v');
    for (const char *p = ssa + 1; *p; p++)
        lds_buf_putc(&b, isalnum((unsigned char)*p) ? *p : '_');
    for (int i = 0; words[i]; i++)
        if (!strcmp(lds_buf_str(&b), words[i]))
            lds_buf_putc(&b, '_');
    const char *s = lds_arena_strndup(f->m->arena, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    return s;
}

static tg_view *view_of(tg_fn *f, const char *ssa)
{
    return ssa ? (tg_view *)lds_strset_find(&f->views, ssa) : NULL;
}

static const char *view_key(const void *entry)
{
    return ((const tg_view *)entry)->ssa;
}

static tg_view *new_view(tg_fn *f, const char *ssa, const tg_view *from)
{
    tg_view *v = lds_arena_alloc(f->m->arena, sizeof *v);
    *v = *from;
    v->ssa = ssa;
    lds_strset_put(&f->views, v);
    return v;
}

/* The accesses of the regions around the op are skipped: why, or NULL. */
static const char *region_why(const tg_fn *f)
{
    return f->nregions ? f->regions[f->nregions - 1].why : NULL;
}

/* The first type after the text `after` in [p, end) (NULL: from p). */
static bool type_after(tg_fn *f, const char *p, const char *end, const char *after, tg_type *t)
{
    if (after) {
        const char *a = strstr(p, after);
        if (!a || a >= end)
            return false;
        p = a + strlen(after);
    }
    for (const char *q = p; q < end; q++)
        if ((*q == 't' && !strncmp(q, "tensor<", 7)) || (*q == '!' && !strncmp(q, "!ttg.memdesc<", 13)) || *q == '<') {
            const char *next;
            return tg_type_read(f->m, q, end, t, &next);
        }
    return false;
}

static const char *lds_type(unsigned bits, const char *elem)
{
    static const char *const names[] = { "f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(elem, names[i]))
            return names[i];
    return bits == 8 ? "u8" : bits == 16 ? "u16" : bits == 64 ? "u64" : "u32";
}

/* ---------------------------------------------------------- emitting */

/* The source file a loc(...) names, read for the '#line' marks
 * (front/lowered.h), or NULL: none kept, or a loc in the module itself
 * (its own line is the place). */
static const lds_source *keep_file(tg_fn *f, const char *name)
{
    if (!f->o->sources || strlen(name) >= LDS_MAX_PATH || !strcmp(name, "-") || !strcmp(name, f->m->src->name))
        return NULL;
    return lds_source_file_find(f->o->sources, name, f->m->src);
}

/* A source place's line or column beyond this is none. */
#define LDS_TTGIR_MAX_LINE 100000000ul

/* The op's own loc(...), last on its line: its source place. */
static void place(tg_fn *f, const char *line, const char *end, unsigned col)
{
    const char *loc = NULL;
    for (const char *q = end; q-- > line;)
        if (*q == 'l' && !strncmp(q, "loc(", 4)) {
            loc = tg_loc_text(f->m, q, end);
            break;
        }
    f->col = col;
    f->src_file = NULL;
    const char *file = NULL;
    const char *c2 = loc ? strrchr(loc, ':') : NULL, *c1 = c2;
    while (c1 && c1 > loc && c1[-1] != ':')
        c1--;
    if (c2 && c1 > loc + 1 && c1 < c2) {   /* "file:L:C" */
        file = lds_arena_strndup(f->m->arena, loc, (size_t)(c1 - 1 - loc));
        unsigned long ln = strtoul(c1, NULL, 10), cn = strtoul(c2 + 1, NULL, 10);
        f->src_line = ln <= LDS_TTGIR_MAX_LINE ? (unsigned)ln : 0;
        f->src_col = cn <= LDS_TTGIR_MAX_LINE ? (unsigned)cn : 0;
        f->src_file = f->src_line ? keep_file(f, file) : NULL;
    }
    if (loc && !f->src_file)
        lds_buf_printf(f->out, "# %s\n", loc);
}

/* The next line is the op's: at its line and the column of its name. */
static void mark(tg_fn *f)
{
    lds_buf_printf(f->out, "#line %u:%u\n", f->line, f->col);
}

/* The next line is the op's access: at its source place where its loc
 * names one, the TTGIR op a note (its line the record's text where the
 * source file is not at hand). */
static void mark_access(tg_fn *f)
{
    lds_mark_compiled(f->out, f->src_file, f->src_line, f->src_col, f->line, f->col, "lowered by Triton from the line");
}

static void skipped(tg_fn *f, const char *kind, const char *what, const char *why)
{
    mark_access(f);
    lds_buf_printf(f->out, "skipped %s ", kind);
    for (const char *p = what; *p; p++)   /* a name: ttng.warp_group_dot is ttng_warp_group_dot */
        lds_buf_putc(f->out, isalnum((unsigned char)*p) ? *p : '_');
    lds_buf_printf(f->out, ": %s\n", why);
    f->accesses++;
}

/* The index of array dimension a in view v, the view's coordinates in
 * coord[] (lds text). */
static void index_text(tg_fn *f, lds_buf *b, const tg_view *v, const char *const *coord)
{
    const tg_array *arr = &f->arrays[v->array];
    lds_buf_printf(b, "%s", arr->lds);
    for (unsigned a = 0; a < arr->rank; a++) {
        int d = -1;
        for (unsigned k = 0; k < v->rank; k++)
            if (v->dim_of[k] == a)
                d = (int)k;
        if (d < 0 && v->expr[a])
            lds_buf_printf(b, v->off[a] ? "[%s + %lld]" : "[%s]", v->expr[a], (long long)v->off[a]);
        else if (d < 0)
            lds_buf_printf(b, "[%lld]", (long long)v->off[a]);
        else if (v->off[a])
            lds_buf_printf(b, "[%s + %lld]", coord[d], (long long)v->off[a]);
        else
            lds_buf_printf(b, "[%s]", coord[d]);
    }
    if (v->varies && !f->varies_taken.varies)
        f->varies_taken = *v;
}

/* The mask of the bits of input `in` whose bases are zero: the lanes
 * (or warps) that differ in them hold the same elements. */
static unsigned free_bits(const lds_ll *ll, lds_ll_in in)
{
    unsigned mask = 0;
    for (unsigned k = 0; k < ll->n[in] && k < 32; k++) {
        bool zero = true;
        for (unsigned d = 0; d < ll->rank; d++)
            zero = zero && ll->b[in][k][d] == 0;
        mask |= zero ? 1u << k : 0;
    }
    return mask;
}

/* An asynchronous copy's guard: Triton predicates it so that one of the
 * lanes and warps holding the same elements copies them (its redundant
 * thread predicate: lane & free lane bits == 0, and the warp's alike;
 * Triton 3.9's PTX: '@%p cp.async' with %p = (tid & 16) == 0 for a layout
 * whose lane bit 4 is free).  Its stores to shared memory are not
 * predicated (tests/ttgir/replicated_sm80.ttgir). */
static void redundant_lanes(tg_fn *f, const lds_ll *ll)
{
    unsigned lanes = free_bits(ll, LDS_LL_LANE), warps = free_bits(ll, LDS_LL_WARP), tpw = f->m->tpw ? f->m->tpw : 32;
    if (lanes && warps)
        lds_buf_printf(f->out, " if (tid %% %u & %u) == 0 && (tid / %u & %u) == 0", tpw, lanes, tpw, warps);
    else if (lanes)
        lds_buf_printf(f->out, " if (tid %% %u & %u) == 0", tpw, lanes);
    else if (warps)
        lds_buf_printf(f->out, " if (tid / %u & %u) == 0", tpw, warps);
}

/* A tensor's registers written to or read from view v, a vector at a
 * time (cp.async for an asynchronous copy of at most `contig` elements). */
static void thread_access(tg_fn *f, const char *kind, const tg_view *v, const tg_type *t, bool async, int64_t contig)
{
    const tg_array *arr = &f->arrays[v->array];
    lds_ll ll;
    const char *why = region_why(f);
    unsigned cdim_arr, cdim = 0;
    int64_t run;
    if (why) {
        skipped(f, kind, arr->lds, why);
        return;
    }
    if (!tg_reg_layout(f->m, t, &ll, &why)
        || !tg_shared_run(f->m, arr->layout, arr->shape, arr->rank, arr->bits, &cdim_arr, &run, &why)) {
        skipped(f, kind, arr->lds, why);
        return;
    }
    if (t->rank != v->rank) {
        skipped(f, kind, arr->lds, "its tensor and its memdesc have different dimensions");
        return;
    }
    if (ll.n[LDS_LL_REGISTER] > 20 || ll.n[LDS_LL_LANE] + ll.n[LDS_LL_WARP] > 20) {   /* a fragment's limits */
        skipped(f, kind, arr->lds, "its register layout has more than 2^20 values a thread or 2^20 threads");
        return;
    }
    for (unsigned k = 0; k < v->rank; k++)
        if (v->dim_of[k] == cdim_arr)
            cdim = k;
    unsigned vec = tg_vector(&ll, ll.rank == 1 ? 0 : cdim, run, arr->bits);
    while (async && contig > 0 && vec > contig)
        vec /= 2;
    while (v->off[cdim_arr] % vec)
        vec /= 2;
    unsigned bytes = vec * arr->bits / 8, values = 1u << ll.n[LDS_LL_REGISTER];
    if (async && bytes != 4 && bytes != 8 && bytes != 16) {
        skipped(f, kind, arr->lds, "its copies would be of another size than cp.async's 4, 8 or 16 bytes");
        return;
    }
    lds_buf frag = { 0 };
    tg_ll_text(&frag, &ll);
    mark(f);
    lds_buf_printf(f->out, "fragment F%u = %s\n", f->line, lds_buf_str(&frag));
    lds_buf_free(&frag);
    mark_access(f);
    char row[64], col[64], vi[32];
    if (values / vec > 1)
        snprintf(vi, sizeof vi, vec > 1 ? "%u * r_v" : "r_v", vec);
    else
        snprintf(vi, sizeof vi, "0");
    snprintf(row, sizeof row, "F%u.row(tid, %s)", f->line, vi);
    snprintf(col, sizeof col, "F%u.col(tid, %s)", f->line, vi);
    const char *coord[2] = { v->rank == 1 ? col : row, col };
    if (async)
        lds_buf_printf(f->out, "cp.async b%u ", vec * arr->bits);
    else
        lds_buf_printf(f->out, "%s b%u ", kind, vec * arr->bits);
    index_text(f, f->out, v, coord);
    if (async)
        redundant_lanes(f, &ll);
    if (values / vec > 1)
        lds_buf_printf(f->out, " for r_v in 0..%u", values / vec);
    lds_buf_printf(f->out, "\n");
    f->accesses++;
}

/* A dot operand's local_load: ldmatrix.x4 (.trans where the operand's
 * k is not the contiguous dimension), every warp its 16 x 16 blocks. */
static void dot_load(tg_fn *f, const tg_view *v, const tg_type *t)
{
    const tg_array *arr = &f->arrays[v->array];
    tg_ldmatrix plan;
    const char *why = region_why(f);
    unsigned cdim_arr;
    int64_t run;
    if (why) {
        skipped(f, "read", arr->lds, why);
        return;
    }
    if (!tg_dot_ldmatrix(f->m, t, arr->bits, &plan, &why)
        || !tg_shared_run(f->m, arr->layout, arr->shape, arr->rank, arr->bits, &cdim_arr, &run, &why)) {
        skipped(f, "read", arr->lds, why);
        return;
    }
    for (unsigned k = 0; k < v->rank; k++)
        if (v->dim_of[k] == cdim_arr)
            plan.cdim = k;
    if (run * arr->bits < 128 || v->off[cdim_arr] % 8) {
        skipped(f, "read", arr->lds, "its shared layout keeps fewer than 16 bytes together: Triton's load of this "
                "dot operand (not ldmatrix) is not modelled");
        return;
    }
    plan.tpw = f->m->tpw ? f->m->tpw : 32;
    lds_buf row = { 0 }, col = { 0 };
    int64_t ni, nj;
    tg_ldmatrix_coords(&plan, &row, &col, &ni, &nj);
    const char *coord[2] = { lds_buf_str(&row), lds_buf_str(&col) };
    bool trans = plan.cdim == (plan.op == 0 ? 0u : 1u);
    mark_access(f);
    lds_buf_printf(f->out, "ldmatrix.x4%s ", trans ? ".trans" : "");
    index_text(f, f->out, v, coord);
    lds_buf_printf(f->out, " for ldm_i in 0..%lld, ldm_j in 0..%lld\n", (long long)ni, (long long)nj);
    lds_buf_free(&row);
    lds_buf_free(&col);
    f->accesses++;
}

/* ------------------------------------------------------------- ops */

/* %x = ttg.local_alloc [%v] : ([tensor<...>]) -> !ttg.memdesc<...> */
static void local_alloc(tg_fn *f, const char *res, const char *args, const char *end)
{
    tg_type mt, vt;
    if (!res || !type_after(f, args, end, "->", &mt) || !mt.bits || !mt.enc || !mt.rank) {
        skipped(f, "write", "local_alloc", "a ttg.local_alloc whose memdesc type the TTGIR reader does not read");
        return;
    }
    const char *name = lds_name(f, res), *why;
    unsigned cdim;
    int64_t run;
    const char *colon = strstr(args, ":");
    const char *operand = colon && colon < end ? memchr(args, '%', (size_t)(colon - args)) : NULL;
    if (!tg_shared_run(f->m, mt.enc, mt.shape, mt.rank, mt.bits, &cdim, &run, &why)) {
        tg_view unmodelled = { .ssa = res, .why = why };
        new_view(f, res, &unmodelled);   /* no array: its uses say why */
        if (operand)
            skipped(f, "write", name, why);
        return;
    }
    f->arrays = lds_xreallocarray(f->arrays, f->narrays + 1, sizeof *f->arrays);
    tg_array *a = &f->arrays[f->narrays++];
    *a = (tg_array){ name, mt.enc, mt.rank, mt.bits, { 0 } };
    memcpy(a->shape, mt.shape, sizeof mt.shape);
    const char *attr = tg_attr(f->m, mt.enc);
    if (attr && attr != mt.enc)
        lds_buf_printf(f->out, "%s = %s\n", mt.enc, attr);
    mark(f);
    lds_buf_printf(f->out, "array %s %s", lds_type(mt.bits, mt.elem), name);
    for (unsigned d = 0; d < mt.rank; d++)
        lds_buf_printf(f->out, "[%lld]", (long long)mt.shape[d]);
    lds_buf_printf(f->out, " layout %s\n", mt.enc[0] == '#' ? mt.enc + 1 : mt.enc);
    tg_view v = { .ssa = res, .array = f->narrays - 1, .rank = mt.rank };
    for (unsigned d = 0; d < mt.rank; d++) {
        v.shape[d] = mt.shape[d];
        v.dim_of[d] = d;
    }
    tg_view *nv = new_view(f, res, &v);
    if (operand && type_after(f, args, end, ":", &vt))
        thread_access(f, "write", nv, &vt, false, 0);
}

/* A view made from another: ttg.memdesc_index %m[%i], _subslice %m[o0, o1],
 * _subview %m[%i, %j, ..], _trans %m {order = [..]}. */
static void view_op(tg_fn *f, const char *op, const char *res, const char *args, const char *end)
{
    const char *next;
    const char *src = ssa_at(f, args, end, &next);
    tg_view *from = view_of(f, src);
    tg_type rt;
    if (!res || !from || !type_after(f, args, end, "->", &rt) || (rt.rank > from->rank && !from->why))
        return;   /* a view of what is not followed: its uses say so */
    tg_view v = *from;
    if (from->why) {   /* a view of what is not modelled: the same reason */
        new_view(f, res, &v);
        return;
    }
    if (!strcmp(op, "ttg.memdesc_trans")) {
        int64_t order[TG_MAX_RANK];
        if (tg_attr_ints(args, "order", order, TG_MAX_RANK) != from->rank)
            return;
        for (unsigned k = 0; k < from->rank; k++) {
            v.dim_of[k] = from->dim_of[order[k]];
            v.shape[k] = from->shape[order[k]];
        }
        new_view(f, res, &v);
        return;
    }
    const char *b = memchr(next, '[', (size_t)(end - next));
    unsigned k = 0, drop = from->rank - rt.rank;
    for (const char *q = b ? b + 1 : end; q < end && *q != ']' && k < from->rank; k++) {
        q = skip_blanks(q, end);
        int64_t val = 0;
        const char *name = NULL;
        if (*q == '%')
            name = ssa_at(f, q, end, &q);
        else
            val = strtoll(q, (char **)&q, 10);
        const tg_scalar *sc = name ? tg_scalar_of(&f->scalars, name) : NULL;
        if (sc && sc->known)
            val = sc->num;
        else if (name && (k >= drop || v.expr[from->dim_of[k]]))
            return;   /* an offset inside the tile known only at run time: its uses say so */
        else if (sc && sc->text)   /* a buffer of each trip */
            v.expr[from->dim_of[k]] = sc->text;
        else if (name) {
            v.varies = tg_fmt(f->m, "the index %s of %s", name, op);
            v.varies_line = f->line;
            v.varies_col = f->col;
        }
        v.off[from->dim_of[k]] += val;
        q = skip_blanks(q, end);
        if (*q == ',')
            q++;
    }
    if (!strcmp(op, "ttg.memdesc_index"))
        drop = 1;
    v.rank = rt.rank;
    for (unsigned d = 0; d < rt.rank; d++) {
        v.dim_of[d] = from->dim_of[d + drop];
        v.shape[d] = rt.shape[d];
    }
    new_view(f, res, &v);
}

/* ttg.local_store %v, %m : tensor -> memdesc; ttg.local_load %m : memdesc -> tensor;
 * ttg.async_copy_global_to_local %ptrs, %m ... : tensor<ptrs> -> <memdesc> */
static void data_op(tg_fn *f, const char *op, const char *args, const char *end)
{
    const char *next, *first = ssa_at(f, args, end, &next), *mem = first;
    bool load = !strcmp(op, "ttg.local_load"), async = !strcmp(op, "ttg.async_copy_global_to_local");
    const char *kind = load ? "read" : "write";
    if (!load) {
        const char *comma = skip_blanks(next, end);
        mem = comma < end && *comma == ',' ? ssa_at(f, comma + 1, end, &next) : NULL;
    }
    tg_view *v = view_of(f, mem);
    tg_type t;
    if (region_why(f)) {
        skipped(f, kind, v && !v->why ? f->arrays[v->array].lds : op, region_why(f));
        return;
    }
    if (v && v->why) {
        skipped(f, kind, op, tg_fmt(f->m, "its memdesc %s: %s", mem, v->why));
        return;
    }
    if (!v) {
        skipped(f, kind, op, tg_fmt(f->m, "its memdesc %s comes from what the TTGIR reader does not follow (a "
                                    "function argument, ttg.memdesc_reinterpret, an offset known only at run time)",
                                    mem ? mem : "(none)"));
        return;
    }
    if (!type_after(f, args, end, load ? "->" : ":", &t)) {
        skipped(f, kind, f->arrays[v->array].lds, "its tensor type is not one the TTGIR reader reads");
        return;
    }
    const char *attr = tg_attr(f->m, t.enc);
    char k[32];
    if (load && attr && !strcmp(tg_attr_kind(attr, k, sizeof k), "dot_op"))
        dot_load(f, v, &t);
    else {
        int64_t contig = 0;
        if (async && !tg_attr_ints(args, "contiguity", &contig, 1))
            contig = 1;
        thread_access(f, kind, v, &t, async, contig);
    }
}

/* The array dimension a view of one buffer of a multi-buffered
 * allocation dropped (the buffer's), or -1. */
static int buffer_dim(const tg_fn *f, const tg_view *v)
{
    if (v->why || f->arrays[v->array].rank != v->rank + 1)
        return -1;
    for (unsigned a = 0; a < v->rank + 1; a++) {
        bool in = false;
        for (unsigned k = 0; k < v->rank; k++)
            in = in || v->dim_of[k] == a;
        if (!in)
            return (int)a;
    }
    return -1;
}

/* scf.c's question: the buffer an outer memdesc is, where it is one
 * known buffer. */
static bool buffer_of(void *ctx, const char *ssa, int64_t *buffer)
{
    tg_fn *f = ctx;
    const tg_view *v = view_of(f, ssa);
    int d = v ? buffer_dim(f, v) : -1;
    if (d < 0 || v->expr[d] || v->varies)
        return false;
    *buffer = v->off[d];
    return true;
}

/* A loop's iter_args: a scalar is what scf.c followed; a view carried
 * into the loop is the view it starts as, its buffer the one of each
 * trip where scf.c followed it, else known only at run time. */
static void loop_values(tg_fn *f, const tg_loop *l)
{
    for (unsigned i = 0; l->trips_known && !l->trips && i < l->nargs; i++) {   /* no trip: what they start as */
        const tg_scalar *init = tg_scalar_of(&f->scalars, l->init[i]);
        if (init) {
            tg_scalar v = *init;
            v.ssa = l->arg[i];
            tg_scalar_set(&f->scalars, &v);
        }
    }
    for (unsigned i = 0; i < l->nfits; i++)
        if (!view_of(f, l->fits[i].ssa)) {
            bool memdesc_arg = false;
            for (unsigned k = 0; k < l->nargs; k++)
                memdesc_arg = memdesc_arg || (!strcmp(l->arg[k], l->fits[i].ssa) && view_of(f, l->init[k]));
            if (!memdesc_arg)
                tg_scalar_set(&f->scalars, &l->fits[i]);
        }
    for (unsigned i = 0; i < l->nargs; i++) {
        tg_view *from = view_of(f, l->init[i]);
        if (!from)
            continue;
        const tg_scalar *fit = tg_loop_fit(l, l->arg[i]);
        tg_view v = *from;
        int d = buffer_dim(f, &v);
        if (l->trips_known && !l->trips)
            ;   /* no trip: the loop's ops do not run */
        else if (d >= 0 && fit) {
            v.off[d] = fit->known ? fit->num : 0;
            v.expr[d] = fit->known ? NULL : fit->text;
        } else if (d >= 0) {
            v.varies = tg_fmt(f->m, "memdesc %s, carried through a loop", l->arg[i]);
            v.varies_line = f->line;
            v.varies_col = f->col;
        }
        new_view(f, l->arg[i], &v);
    }
}

static bool has_memdesc(const char *p, const char *end)
{
    for (; (size_t)(end - p) >= 12; p++)
        if (*p == '!' && !memcmp(p, "!ttg.memdesc", 12))
            return true;
    return false;
}

static bool no_access(const char *op)
{
    static const char *const ops[] = { "ttg.local_dealloc", "ttg.async_commit_group", "ttg.async_wait",
                                       "ttng.warp_group_dot_wait", "ttng.fence_async_shared", "scf.yield",
                                       "tt.return", "ttg.memdesc_reinterpret", NULL };
    for (int i = 0; ops[i]; i++)
        if (!strcmp(op, ops[i]))
            return true;
    return false;
}

/* A warning at line `line` of the module (its text made by the caller). */
static void warn(tg_fn *f, unsigned line, unsigned col, lds_buf *text)
{
    if (f->o->warn) {
        lds_diag d = { 0 };
        lds_diag_set(&d, (lds_loc){ f->m->src, line, col }, "%s", lds_buf_str(text));
        d.warning = 1;
        f->o->warn(f->o->warn_ctx, &d);
    }
    lds_buf_free(text);
}

/* ------------------------------------------------------------- scf */

static void push_region(tg_fn *f, bool block, bool is_if, const char *why)
{
    f->regions = lds_xreallocarray(f->regions, f->nregions + 1, sizeof *f->regions);
    const char *outer = region_why(f);
    f->regions[f->nregions++] = (tg_region){ .depth = (int)f->depth, .block = block, .is_if = is_if,
                                             .why = outer ? outer : why };
}

static void note_missing(tg_fn *f, const char *name)
{
    for (unsigned i = 0; i < f->nmissing; i++)
        if (!strcmp(f->missing[i], name))
            return;
    f->missing = lds_xreallocarray(f->missing, f->nmissing + 1, sizeof *f->missing);
    f->missing[f->nmissing++] = name;
}

/* %r:N = scf.for %iv = %lb to %ub step %s iter_args(...) -> (...) {: an lds
 * loop of its trips (the induction variable names them), or, where
 * they are not followed, a region whose accesses are skipped. */
static void loop_open(tg_fn *f, const char *p, const char *end)
{
    tg_loop l;
    const char *trip = NULL;
    for (const char *q = p; q + 8 <= end && !trip; q++)
        if (!strncmp(q, "scf.for ", 8)) {
            const char *next, *iv = ssa_at(f, q + 8, end, &next);
            trip = iv ? tg_fmt(f->m, "%s_trip", lds_name(f, iv)) : NULL;
        }
    if (region_why(f) || !trip || !tg_loop_read(f->m, &f->scalars, p, end, trip, buffer_of, f, &l)) {
        push_region(f, false, false, tg_fmt(f->m, "it is in an scf.for at line %u the TTGIR reader does not read",
                                            f->line));
        return;
    }
    if (l.why) {
        if (l.needs)
            note_missing(f, l.needs);
        push_region(f, false, false, l.why);
        return;
    }
    const char *iv = lds_name(f, l.iv);
    mark(f);
    if (l.trips_known)
        lds_buf_printf(f->out, "for %s in 0..%lld", trip, (long long)l.trips);
    else
        lds_buf_printf(f->out, "for %s in 0..%s", trip, l.trips_text);
    if (l.lb.known)   /* its trips named by the induction variable (--at, --explain) */
        lds_buf_printf(f->out, " as %s = %lld + %lld * %s", iv, (long long)l.lb.num, (long long)l.step.num, trip);
    lds_buf_printf(f->out, " {   # scf.for %s = %s to %s step %lld%s\n", l.iv,
                   l.lb.known ? tg_fmt(f->m, "%lld", (long long)l.lb.num) : l.lb.text,
                   l.ub.known ? tg_fmt(f->m, "%lld", (long long)l.ub.num) : l.ub.text, (long long)l.step.num,
                   l.trips_known && !l.trips ? ": no trips" : "");
    tg_scalar v = { .ssa = l.iv, .text = l.lb.known && !l.lb.num && l.step.num == 1
                                             ? trip
                                             : tg_fmt(f->m, "(%s + %lld * %s)", l.lb.known ? tg_fmt(f->m, "%lld", (long long)l.lb.num) : l.lb.text,
                                                      (long long)l.step.num, trip) };
    tg_scalar_set(&f->scalars, &v);
    loop_values(f, &l);
    push_region(f, true, false, NULL);
    if (l.trips_known && !l.trips) {
        lds_buf w = { 0 };
        lds_buf_printf(&w, "the scf.for of %s runs no trips (from %lld to %lld): the accesses in it make no records",
                       l.iv, (long long)l.lb.num, (long long)l.ub.num);
        warn(f, f->line, f->col, &w);
    }
}

/* [%r =] scf.if %c [-> (...)] {: an lds 'if' of its condition (a scalar:
 * the same for every thread), or a region whose accesses are skipped. */
static void if_open(tg_fn *f, const char *args, const char *end)
{
    const char *next, *c = ssa_at(f, args, end, &next);
    const tg_scalar *v = c ? tg_scalar_of(&f->scalars, c) : NULL;
    if (region_why(f) || !v || (!v->known && !v->text)) {
        if (v && v->needs)
            note_missing(f, v->needs);
        push_region(f, false, true,
                    v && v->needs ? tg_fmt(f->m, "it is under the scf.if at line %u, whose condition %s needs '%s' (give "
                                           "its value with -D %s=VALUE)", f->line, c, v->needs, v->needs)
                                  : tg_fmt(f->m, "it is under the scf.if at line %u, whose condition %s the TTGIR reader "
                                           "does not follow", f->line, c ? c : "(none)"));
        return;
    }
    mark(f);
    if (v->known)
        lds_buf_printf(f->out, "if %lld {   # scf.if %s\n", (long long)v->num, c);
    else
        lds_buf_printf(f->out, "if %s {   # scf.if %s\n", v->text, c);
    push_region(f, true, true, NULL);
}

/* A line that starts with '}' at the depth a region opened at: the
 * region ends ('} else {' of an scf.if goes on to its other block). */
static void region_close(tg_fn *f, const char *p, const char *end)
{
    if (!f->nregions || f->regions[f->nregions - 1].depth != (int)f->depth - 1)
        return;
    tg_region *r = &f->regions[f->nregions - 1];
    const char *q = skip_blanks(p + 1, end);
    bool again = q < end && *q != 'l' && memchr(q, '{', (size_t)(end - q));   /* } else {, } do { */
    if (r->block) {
        mark(f);
        lds_buf_printf(f->out, again && r->is_if ? "} else {\n" : "}\n");
    }
    if (again && r->block && !r->is_if)
        r->block = false;
    if (!again)
        f->nregions--;
}

/* One op line: text [p, end), the op's name at col. */
static void op_line(tg_fn *f, const char *p, const char *end)
{
    const char *s = skip_blanks(p, end), *next = s, *res = NULL;
    if (*s == '%') {
        res = ssa_at(f, s, end, &next);
        next = skip_blanks(next, end);
        while (next < end && *next != '=')
            next++;
        next = skip_blanks(next + 1, end);
    }
    const char *o = next;
    while (next < end && (isalnum((unsigned char)*next) || *next == '_' || *next == '.'))
        next++;
    if (o == next)
        return;
    const char *op = lds_arena_strndup(f->m->arena, o, (size_t)(next - o));
    unsigned col = (unsigned)(o - p) + 1;
    f->col = col;
    if (tg_scalar_op(f->m, &f->scalars, res, op, next, end))
        return;
    if (!strcmp(op, "scf.for")) {
        loop_open(f, p, end);
        return;
    }
    if (!strcmp(op, "scf.if")) {
        if_open(f, next, end);
        return;
    }
    if (!strcmp(op, "scf.while") || !strcmp(op, "scf.execute_region") || !strcmp(op, "scf.index_switch")) {
        push_region(f, false, false, tg_fmt(f->m, "it is in the %s at line %u, whose trips or branches the TTGIR "
                                            "reader does not follow", op, f->line));
        return;
    }
    if (!strncmp(op, "ttg.memdesc_", 12) && strcmp(op, "ttg.memdesc_reinterpret")) {
        view_op(f, op, res, next, end);
        return;
    }
    bool known = !strcmp(op, "ttg.local_alloc") || !strcmp(op, "ttg.local_store") || !strcmp(op, "ttg.local_load")
                 || !strcmp(op, "ttg.async_copy_global_to_local");
    bool shared = known || !strcmp(op, "ttg.convert_layout") || has_memdesc(p, end);
    if (!shared || no_access(op))
        return;
    place(f, p, end, col);
    if (!strcmp(op, "ttg.local_alloc"))
        local_alloc(f, res, next, end);
    else if (known)
        data_op(f, op, next, end);
    else if (!strcmp(op, "ttg.convert_layout"))
        skipped(f, "read", "convert_layout", "ttg.convert_layout: Triton moves the tensor between layouts through a "
                "shared-memory scratch buffer (or shuffles within warps), which the TTGIR reader does not model");
    else
        skipped(f, "read", op, tg_fmt(f->m, "%s touches shared memory; the TTGIR reader does not model it", op));
}

/* ------------------------------------------------------------ driver */

/* Braces opened minus closed on a line (strings skipped). */
static int brace_balance(const char *p, const char *end)
{
    int n = 0;
    for (; p < end; p++) {
        if (*p == '"')
            for (p++; p < end && *p != '"'; p++)
                p += *p == '\\';
        else
            n += *p == '{' ? 1 : *p == '}' ? -1 : 0;
    }
    return n;
}

/* The function whose tt.func line starts at *p (line `line`, its name at
 * col): its program; *p moves past its closing brace. */
static int lower_func(tg_module *m, ttgir_lower_options *o, const char *name, unsigned line, unsigned col,
                      const char **p, csrc_lowered *res)
{
    lds_buf out = { 0 };
    tg_fn f = { .m = m, .o = o, .out = &out, .scalars = { .set = { .arena = m->arena } },
                .views = { .key_of = view_key, .arena = m->arena } };
    lds_buf_printf(&out, "# TTGIR, kernel %s, lowered by lds-calc (--show-lowered): '#line L:C' places the next line "
                   "in the file\n", name);
    if (m->target)
        lds_buf_printf(&out, "# ttg.target = \"%s\" (the profile is -a's)\n", m->target);
    lds_buf_printf(&out, "#line %u:%u\nkernel %s\n", line, col, lds_name(&f, lds_arena_strndup(m->arena, name - 1, strlen(name) + 1)));
    unsigned warps = m->num_warps ? m->num_warps : 4, tpw = m->tpw ? m->tpw : 32;
    if (!o->threads)
        lds_buf_printf(&out, "threads %u, 1, 1   # \"ttg.num-warps\" = %u%s x \"ttg.threads-per-warp\" = %u%s\n",
                       warps * tpw, warps, m->num_warps ? "" : " (not given: Triton's default)", tpw,
                       m->tpw ? "" : " (not given: Triton's default)");
    const char *end = m->src->text + m->src->len;
    int depth = 0;
    for (unsigned ln = line; *p < end; ln++) {   /* from the tt.func line to its closing brace */
        const char *q = *p, *eol = memchr(q, '\n', (size_t)(end - q));
        if (!eol)
            eol = end;
        f.line = ln;
        f.depth = depth > 0 ? (unsigned)depth : 0;
        const char *b = skip_blanks(q, eol);
        if (ln == line)
            tg_scalar_args(m, &f.scalars, q, eol, o->defines, o->ndefines);
        else if (b < eol && *b == '}')
            region_close(&f, b, eol);
        else
            op_line(&f, q, eol);
        depth += brace_balance(q, eol);
        *p = eol < end ? eol + 1 : end;
        if (depth <= 0)
            break;
    }
    lds_buf w = { 0 };
    for (; f.nregions; f.nregions--)   /* a region never closed (a function cut short): its block closed */
        if (f.regions[f.nregions - 1].block)
            lds_buf_printf(&out, "}\n");
    if (depth > 0) {   /* said */
        lds_buf_printf(&w, "kernel '%s': its tt.func is not closed (the module is cut short): its ops up to the "
                       "end are reported", name);
        warn(&f, line, col, &w);
    }
    if (f.nmissing) {
        lds_buf_printf(&w, "kernel '%s' needs ", name);
        for (unsigned i = 0; i < f.nmissing; i++)
            lds_buf_printf(&w, "%s'%s'", i ? ", " : "", f.missing[i]);
        lds_buf_printf(&w, ", which no -D gives: the accesses that need %s are reported as not modelled",
                       f.nmissing > 1 ? "them" : "it");
        warn(&f, line, col, &w);
    }
    if (f.varies_taken.varies) {
        lds_buf_printf(&w, "kernel '%s': a buffer known only at run time (%s) is taken as buffer 0: each buffer "
                       "of a multi-buffered memdesc is whole tiles from the first, laid out alike", name,
                       f.varies_taken.varies);
        warn(&f, f.varies_taken.varies_line, f.varies_taken.varies_col, &w);
    }
    *res = (csrc_lowered){ 0 };   /* .cute: TTGIR is never CuTe */
    res->kernel = lds_xstrdup(name);
    res->line = line;
    res->col = col;
    res->text = lds_xstrdup(lds_buf_str(&out));
    res->accesses = f.accesses;
    lds_buf_free(&out);
    lds_free(f.arrays);
    lds_free(f.regions);
    lds_free(f.missing);
    return 0;
}

int ttgir_lower_file(const lds_source *src, ttgir_lower_options *o, csrc_lowered **out, unsigned *n,
                     lds_diag *diag)
{
    *out = NULL;
    *n = 0;
    tg_module m = { .src = src, .arena = lds_arena_new(), .diag = diag };
    int rc = tg_module_read(&m);
    const char *text = src->text, *end = text + src->len;
    lds_buf names = { 0 };
    unsigned line = 1;
    for (const char *p = text; rc == 0 && p < end; line++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        const char *q = skip_blanks(p, eol);
        const char *at = (size_t)(eol - q) > 7 && !memcmp(q, "tt.func", 7) ? memchr(q, '@', (size_t)(eol - q)) : NULL;
        if (!at) {
            p = eol < end ? eol + 1 : end;
            continue;
        }
        size_t len = strcspn(at + 1, "( \n");
        char *name = lds_arena_strndup(m.arena, at + 1, len);
        lds_buf_printf(&names, "%s'%s'", names.len ? ", " : "", name);
        if (o->kernel && strcmp(o->kernel, name)) {
            p = eol < end ? eol + 1 : end;
            continue;
        }
        *out = lds_xreallocarray(*out, *n + 1, sizeof **out);
        const char *from = p;
        unsigned before = 0;
        rc = lower_func(&m, o, name, line, (unsigned)(at - p) + 2, &p, &(*out)[(*n)++]);
        for (const char *c = from; c < p; c++)   /* the lines it took */
            before += *c == '\n';
        line += before ? before - 1 : 0;
    }
    if (rc == 0 && !*n) {
        if (names.len)
            lds_diag_set(diag, (lds_loc){ src, 1, 1 }, "no tt.func '%s' in this TTGIR module: it has %s", o->kernel,
                         lds_buf_str(&names));
        else
            lds_diag_set(diag, (lds_loc){ src, 1, 1 }, "no tt.func in this file: a TTGIR module (as Triton's cache "
                         "writes *.ttgir, or MLIR_ENABLE_DUMP=1 prints) has its kernel as 'tt.func public @NAME(...)'");
        rc = -1;
    }
    if (rc < 0) {
        csrc_lowered_free(*out, *n);
        *out = NULL;
        *n = 0;
    }
    lds_buf_free(&names);
    tg_module_free(&m);
    lds_arena_free(m.arena);
    return rc;
}
