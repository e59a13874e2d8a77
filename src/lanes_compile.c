/* src/lanes_compile.c - an access's expressions to a lane-vector
 * program (src/lanes.h): one operation per node of the syntax tree, lets
 * and defs inlined, equal operations shared (hash-consing) with their
 * charges added up, ?: && || under lane masks. */
#include "src/lanes_impl.h"

#include <stdlib.h>
#include <string.h>

#include "src/builtins.h"
#include "base/mem.h"
#include "src/scope.h"

/* The fields same_op compares, packed in four words multiplied in
 * parallel, then mixed so that the low bits (the slot) depend on all. */
static uint64_t hash_op(const vop *o)
{
    uint64_t w0 = o->kind | (uint64_t)o->op << 8;
    uint64_t w1 = (uint32_t)o->a | (uint64_t)(uint32_t)o->b << 32;
    uint64_t w2 = (uint32_t)o->c | (uint64_t)(uint32_t)o->mask << 32;
    uint64_t h = w0 * 0x9e3779b97f4a7c15ull ^ w1 * 0xc2b2ae3d27d4eb4full ^ w2 * 0x165667b19e3779f9ull
                 ^ (uint64_t)o->k * 0xd6e8feb86659fd93ull;
    h ^= h >> 32;
    h *= 0x94d049bb133111ebull;
    return h ^ h >> 29;
}

static bool same_op(const vop *x, const vop *y)
{
    return x->kind == y->kind && x->op == y->op && x->a == y->a && x->b == y->b && x->c == y->c
           && x->mask == y->mask && x->k == y->k;
}

/* The hash table of operations at twice its size, every operation
 * placed again. */
static void grow_slots(lds_lanes *L)
{
    if (L->slot != L->slot_small)
        lds_free(L->slot);
    L->nslots = L->nslots ? 2 * L->nslots : LDS_LANES_SMALL_SLOTS;
    L->slot = L->nslots == LDS_LANES_SMALL_SLOTS ? L->slot_small : lds_xmalloc(sizeof *L->slot * L->nslots);
    for (unsigned i = 0; i < L->nslots; i++)
        L->slot[i] = -1;
    for (unsigned n = 0; n < L->nops; n++) {
        uint64_t h = hash_op(&L->ops[n]);
        unsigned i = 0;
        while (L->slot[(h + i) & (L->nslots - 1)] >= 0)
            i++;
        L->slot[(h + i) & (L->nslots - 1)] = (int)n;
    }
}

/* The operation equal to o (found, or added); its weight grows by w.  The
 * tables start small and double: a compile costs what its expression
 * holds, not MAX_OPS. */
static int add_op(lds_lanes *L, vop o, uint64_t w)
{
    if (L->failed)
        return -1;
    if (2 * (L->nops + 1) > L->nslots)   /* at most half full: probes stay short */
        grow_slots(L);
    uint64_t h = hash_op(&o);
    for (unsigned i = 0;; i++) {
        int *s = &L->slot[(h + i) & (L->nslots - 1)];
        if (*s < 0) {
            if (L->nops == MAX_OPS) {
                L->failed = true;
                return -1;
            }
            if (L->nops == L->capops) {   /* the old array stays in the arena until it is emptied */
                vop *ops = lds_arena_alloc(L->arena, 2 * L->capops * sizeof *ops);
                memcpy(ops, L->ops, L->nops * sizeof *ops);
                L->ops = ops;
                L->capops *= 2;
            }
            o.weight = w;
            o.have = 0;
            L->ops[L->nops] = o;
            *s = (int)L->nops;
            L->total_weight += w;
            return (int)L->nops++;
        }
        if (same_op(&L->ops[*s], &o)) {
            L->ops[*s].weight += w;
            L->total_weight += w;
            return *s;
        }
    }
}

static vop new_op(kind k, int mask)
{
    vop o;
    memset(&o, 0, sizeof o);
    o.kind = (uint8_t)k;
    o.a = o.b = o.c = -1;
    o.mask = mask;
    return o;
}

static uint64_t deps_of(const lds_lanes *L, int r)
{
    return r >= 0 ? L->ops[r].deps : 0;
}

/* An operation of operands a, b, c under mask: its deps are theirs and
 * the mask's. */
static int op3(lds_lanes *L, kind k, int op, int mask, int a, int b, int c, int64_t kval, uint64_t w)
{
    if (L->failed || (a < -1) || (b < -1) || (c < -1))
        return -1;
    vop o = new_op(k, mask);
    o.op = (uint8_t)op;
    o.a = a;
    o.b = b;
    o.c = c;
    o.k = kval;
    o.deps = deps_of(L, a) | deps_of(L, b) | deps_of(L, c) | deps_of(L, mask);
    return add_op(L, o, w);
}

static int var_deps_op(lds_lanes *L, lds_var_id v, int mask, uint64_t w)
{
    static const uint64_t lw = LDS_DEP_LANE | LDS_DEP_WAVE;
    uint64_t deps = 0;
    switch (v) {
    case V_LANE: deps = LDS_DEP_LANE; break;
    case V_WAVE: deps = LDS_DEP_WAVE; break;
    case V_TID: case V_TID_X: case V_TID_Y: case V_TID_Z: deps = lw; break;
    case V_GROUP: deps = LDS_DEP_GROUP; break;
    case V_DISPATCH_X: deps = lw | LDS_DEP_GROUP; break;
    default: deps = 0; break;
    }
    vop o = new_op(K_VAR, mask);
    o.k = v;
    o.deps = deps | deps_of(L, mask);
    return add_op(L, o, w);
}

static int const_op(lds_lanes *L, int64_t v, int mask, uint64_t w)
{
    vop o = new_op(K_CONST, mask);
    o.k = v;
    o.deps = deps_of(L, mask);
    return add_op(L, o, w);
}

typedef struct {
    lds_lanes *L;
    const int *frame;         /* a def's parameters, as operations */
} scope_t;

static int emit(scope_t *sc, const lds_expr *e, int mask, unsigned depth);

/* A constant argument of a built-in (a dimension, B/M/S of swizzle),
 * emitted for its charge; *v its value.  -1 if not a small number. */
static int const_arg(scope_t *sc, const lds_expr *e, int mask, unsigned depth, int64_t *v)
{
    if (e->kind != E_NUM || e->big)
        return -1;
    *v = e->value;
    return emit(sc, e, mask, depth);
}

static int emit_builtin(scope_t *sc, const lds_expr *e, int mask, unsigned depth)
{
    lds_lanes *L = sc->L;
    int r, a[4];
    int64_t d, bms[3];
    switch ((lds_builtin)e->builtin) {
    case F_MIN:
    case F_MAX:
        r = emit(sc, e->args[0], mask, depth + 1);
        for (unsigned i = 1; i < e->nargs && r >= 0; i++) {
            int b = emit(sc, e->args[i], mask, depth + 1);
            r = op3(L, e->builtin == F_MIN ? K_MIN : K_MAX, 0, mask, r, b, -1, 0, 0);
        }
        if (r >= 0)
            L->ops[r].weight++, L->total_weight++;   /* the call node */
        return r;
    case F_ABS:
    case F_POPCOUNT:
    case F_LOG2:
        a[0] = emit(sc, e->args[0], mask, depth + 1);
        return op3(L, e->builtin == F_ABS ? K_ABS : e->builtin == F_POPCOUNT ? K_POPCOUNT : K_LOG2, 0, mask, a[0],
                   -1, -1, 0, 1);
    case F_LOCAL_ID:
    case F_GROUP_ID:
    case F_LOCAL_SIZE: {
        static const lds_var_id local[3] = { V_TID_X, V_TID_Y, V_TID_Z };
        static const lds_var_id size[3] = { V_THREADS_X, V_THREADS_Y, V_THREADS_Z };
        if (const_arg(sc, e->args[0], mask, depth + 1, &d) < 0 || d < 0 || d > 2)
            return -1;   /* the tree walker reports a bad dimension */
        if (e->builtin == F_GROUP_ID && d > 0)
            return const_op(L, 0, mask, 1);
        return var_deps_op(L, e->builtin == F_LOCAL_ID ? local[d] : e->builtin == F_GROUP_ID ? V_GROUP : size[d],
                           mask, 1);
    }
    case F_SWIZZLE:
        for (int i = 0; i < 3; i++)
            if (const_arg(sc, e->args[i], mask, depth + 1, &bms[i]) < 0)
                return -1;
        /* within int64 without loss: the mask and the bits it moves */
        if (bms[0] < 0 || bms[1] < 0 || bms[2] < -62 || bms[2] > 62
            || bms[0] + bms[1] + (bms[2] > 0 ? bms[2] : -bms[2]) > 61)
            return -1;
        a[0] = emit(sc, e->args[3], mask, depth + 1);
        return op3(L, K_SWIZZLE, 0, mask, a[0], -1, -1, (bms[0] << 16) | (bms[1] << 8) | (bms[2] & 0xff), 1);
    case F_CAST:
    case F_VALUE_INDEX:
        if (const_arg(sc, e->args[1], mask, depth + 1, &d) < 0)
            return -1;
        a[0] = emit(sc, e->args[0], mask, depth + 1);
        return op3(L, e->builtin == F_CAST ? K_CAST : K_RANGE, 0, mask, a[0], -1, -1, d, 1);
    default:
        return -1;   /* gcd, lcm, pow: the tree walker */
    }
}

static int emit_name(scope_t *sc, const lds_expr *e, int mask, unsigned depth)
{
    lds_lanes *L = sc->L;
    if (e->param >= 0) {
        if (!sc->frame)
            return -1;
        int r = sc->frame[e->param];
        if (r >= 0 && L->ops[r].mask == mask) {
            L->ops[r].weight++;
            L->total_weight++;
            return r;
        }
        return op3(L, K_MOV, 0, mask, r, -1, -1, 0, 1);
    }
    const lds_sym *s = e->sym;
    switch (s->kind) {
    case SYM_BUILTIN:
        return var_deps_op(L, s->var, mask, 1);
    case SYM_CONST:
        if (!mpz_fits_slong_p(s->value))
            return -1;
        return const_op(L, mpz_get_si(s->value), mask, 1);
    case SYM_LOOP: {
        vop o = new_op(K_LOOP, mask);
        o.k = s->slot;
        o.deps = LDS_DEP_LOOP(s->slot) | deps_of(L, mask);
        return add_op(L, o, 1);
    }
    case SYM_LET: {
        scope_t inner = { L, NULL };   /* a let sees no parameters */
        int r = emit(&inner, s->expr, mask, depth + 1);
        if (r >= 0)
            L->ops[r].weight++, L->total_weight++;   /* the name node */
        return r;
    }
    default:
        return -1;
    }
}

static int emit_inner(scope_t *sc, const lds_expr *e, int mask, unsigned depth)
{
    lds_lanes *L = sc->L;
    int a, b, c, m1, m2;
    switch (e->kind) {
    case E_NUM:
        return e->big ? -1 : const_op(L, e->value, mask, 1);
    case E_NAME:
        return emit_name(sc, e, mask, depth);
    case E_UNARY:
        a = emit(sc, e->a, mask, depth + 1);
        return op3(L, K_UNARY, e->op, mask, a, -1, -1, 0, 1);
    case E_COND:
        a = emit(sc, e->a, mask, depth + 1);
        m1 = op3(L, K_MASK_IF, 0, mask, a, -1, -1, 0, 0);
        m2 = op3(L, K_MASK_UNLESS, 0, mask, a, -1, -1, 0, 0);
        if (m1 < 0 || m2 < 0)
            return -1;
        b = emit(sc, e->b, m1, depth + 1);
        c = emit(sc, e->c, m2, depth + 1);
        return op3(L, K_SELECT, 0, mask, a, b, c, 0, 1);
    case E_BINARY:
        a = emit(sc, e->a, mask, depth + 1);
        if (e->op == OP_LAND || e->op == OP_LOR) {
            m1 = op3(L, e->op == OP_LAND ? K_MASK_IF : K_MASK_UNLESS, 0, mask, a, -1, -1, 0, 0);
            if (m1 < 0)
                return -1;
            b = emit(sc, e->b, m1, depth + 1);
            return op3(L, e->op == OP_LAND ? K_LAND : K_LOR, 0, mask, a, b, m1, 0, 1);
        }
        b = emit(sc, e->b, mask, depth + 1);
        return op3(L, K_BINARY, e->op, mask, a, b, -1, 0, 1);
    case E_CALL: {
        if (e->builtin >= 0)
            return emit_builtin(sc, e, mask, depth);
        int frame[LDS_MAX_PARAMS];
        for (unsigned i = 0; i < e->nargs && i < LDS_MAX_PARAMS; i++)
            if ((frame[i] = emit(sc, e->args[i], mask, depth + 1)) < 0)
                return -1;
        scope_t inner = { L, frame };
        int r = emit(&inner, e->sym->def->u.def.body, mask, depth + 1);
        if (r >= 0)
            L->ops[r].weight++, L->total_weight++;   /* the call node */
        return r;
    }
    }
    return -1;
}

/* A node: the tree walker's nesting limit and the program's size. */
static int emit(scope_t *sc, const lds_expr *e, int mask, unsigned depth)
{
    lds_lanes *L = sc->L;
    if (L->failed || depth + 1 > MAX_COMPILE_DEPTH || L->total_weight > LDS_MAX_EVAL_OPS) {
        L->failed = true;
        return -1;
    }
    int r = emit_inner(sc, e, mask, depth);
    if (r < 0)
        L->failed = true;
    return r;
}

/* The run's tables, zeroed, in one block (the divisors' entries are 32
 * bytes, so the lane values after them stay aligned). */
static void alloc_tables(lds_lanes *L)
{
    size_t n = L->nops;
    char *p = lds_arena_alloc(L->arena, n * (sizeof *L->divisor + sizeof *L->val + sizeof *L->mask + sizeof *L->under
                                             + sizeof *L->charged + sizeof *L->run));
    L->divisor = (lds_divconst *)p;
    p += n * sizeof *L->divisor;
    L->val = (int64_t(*)[LDS_SIM_MAX_WAVE])p;
    p += n * sizeof *L->val;
    L->mask = (uint64_t *)p;
    p += n * sizeof *L->mask;
    L->under = (uint64_t *)p;
    p += n * sizeof *L->under;
    L->charged = (unsigned *)p;
    p += n * sizeof *L->charged;
    L->run = (unsigned *)p;
}

lds_lanes *lds_lanes_compile(const lds_stmt *s, const lds_numctx *num, lds_arena *arena)
{
    if (num->force_big || num->max_bits < 64)
        return NULL;
    lds_lanes *L = lds_arena_alloc(arena, sizeof *L);
    L->arena = arena;
    L->capops = 16;
    L->ops = lds_arena_alloc(arena, L->capops * sizeof *L->ops);
    L->ops[0] = new_op(K_BASE, 0);
    L->nops = 1;
    grow_slots(L);
    scope_t sc = { L, NULL };
    const lds_target *t = &s->u.access.target;
    L->cond_mask = 0;
    if (s->u.access.cond) {
        int c = emit(&sc, s->u.access.cond, 0, 0);
        L->cond_mask = op3(L, K_MASK_IF, 0, 0, c, -1, -1, 0, 0);
    }
    int m = L->cond_mask;
    L->offset = L->addr = -1;
    if (t->kind == T_ADDR) {
        L->addr = emit(&sc, t->addr, m, 0);
    } else {
        L->nidx = t->nidx;
        for (unsigned d = 0; d < t->nidx; d++)
            L->idx[d] = emit(&sc, t->idx[d], m, 0);
        if (t->kind == T_ELEM && t->array->array.layout) {
            scope_t call = { L, L->idx };
            L->offset = emit(&call, t->array->array.layout->def->u.def.body, m, 0);
        }
    }
    if (L->slot != L->slot_small)
        lds_free(L->slot);
    L->slot = NULL;
    if (L->failed || L->total_weight > LDS_MAX_EVAL_OPS)
        return NULL;   /* what it took goes with the arena */
    for (unsigned i = 0; i < L->nops; i++)
        L->loops_used |= L->ops[i].deps & ~(LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP | LDS_DEP_PARAM);
    alloc_tables(L);
    for (unsigned i = 0; i < L->nops; i++) {   /* what the run would otherwise look up per operation */
        vop *o = &L->ops[i];
        o->am = lds_lanes_index_mask(L, o->a);
        o->bm = lds_lanes_index_mask(L, o->b);
        o->cm = lds_lanes_index_mask(L, o->c);
        /* the multiply reads a lane by lane: a dividend the same in every
         * lane (a constant under a lane's condition) goes the general way */
        o->by_constant = lds_lanes_divides_by_constant(L, o) && o->am;
        if (o->by_constant)
            L->divisor[i] = lds_divconst_of(L->ops[o->b].k);
    }
    for (unsigned i = 1; i < L->nops; i++)
        L->under[L->ops[i].mask] += L->ops[i].weight;
    for (unsigned i = 0; i < L->nops; i++)
        if (L->under[i])
            L->charged[L->ncharged++] = i;
    for (unsigned i = 1; i < L->nops; i++)
        if (L->ops[i].kind != K_CONST)
            L->run[L->nrun++] = i;
    for (unsigned i = 0; i < L->nops; i++)   /* constants, once, in lane 0: read through index mask 0 */
        if (L->ops[i].kind == K_CONST)
            L->val[i][0] = L->ops[i].k;
    return L;
}
