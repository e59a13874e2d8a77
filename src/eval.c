/* src/eval.c - exact evaluation (int64 fast path, GMP slow path). */
#include "src/eval.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ scopes */


/* Built-in names and the kernel spellings that mean the same. */
static const struct { const char *name; lds_var_id var; uint64_t deps; } builtin_vars[] = {
    { "lane", V_LANE, LDS_DEP_LANE },
    { "wave", V_WAVE, LDS_DEP_WAVE },
    { "tid", V_TID, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "tid.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "tid.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "tid.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "group", V_GROUP, LDS_DEP_GROUP },
    { "banks", V_BANKS, 0 },
    { "bank_bytes", V_BANK_BYTES, 0 },
    { "wave_size", V_WAVE_SIZE, 0 },
    { "groups", V_GROUPS, 0 },
    /* CUDA */
    { "threadIdx.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "threadIdx.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "threadIdx.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "blockIdx.x", V_GROUP, LDS_DEP_GROUP },
    { "blockDim.x", V_THREADS_X, 0 },
    { "blockDim.y", V_THREADS_Y, 0 },
    { "blockDim.z", V_THREADS_Z, 0 },
    { "gridDim.x", V_GROUPS, 0 },
    { "warpSize", V_WAVE_SIZE, 0 },
    /* HLSL */
    { "SV_GroupIndex", V_TID, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupThreadID.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupThreadID.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupThreadID.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "SV_GroupID.x", V_GROUP, LDS_DEP_GROUP },
    { "SV_DispatchThreadID.x", V_DISPATCH_X, LDS_DEP_LANE | LDS_DEP_WAVE | LDS_DEP_GROUP },
    /* Mojo */
    { "thread_idx.x", V_TID_X, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "thread_idx.y", V_TID_Y, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "thread_idx.z", V_TID_Z, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "block_idx.x", V_GROUP, LDS_DEP_GROUP },
    { "block_dim.x", V_THREADS_X, 0 },
};

typedef enum {
    F_MIN, F_MAX, F_ABS, F_GCD, F_LCM, F_LOG2, F_POPCOUNT, F_POW, F_SWIZZLE,
    F_LOCAL_ID, F_GROUP_ID, F_LOCAL_SIZE
} builtin_fn;

static const struct { const char *name; builtin_fn fn; int min_args, max_args; } builtin_fns[] = {
    { "min", F_MIN, 1, 1 << 20 }, { "max", F_MAX, 1, 1 << 20 }, { "abs", F_ABS, 1, 1 },
    { "gcd", F_GCD, 2, 2 }, { "lcm", F_LCM, 2, 2 }, { "log2", F_LOG2, 1, 1 },
    { "popcount", F_POPCOUNT, 1, 1 }, { "pow", F_POW, 2, 2 }, { "swizzle", F_SWIZZLE, 4, 4 },
    { "get_local_id", F_LOCAL_ID, 1, 1 }, { "get_group_id", F_GROUP_ID, 1, 1 },
    { "get_local_size", F_LOCAL_SIZE, 1, 1 },
};
#define NBUILTIN_VARS (sizeof builtin_vars / sizeof builtin_vars[0])
#define NBUILTIN_FNS (sizeof builtin_fns / sizeof builtin_fns[0])

lds_sym *lds_scope_push(lds_scope *sc, const char *name, lds_sym_kind kind)
{
    if (sc->n == sc->cap) {
        sc->cap = sc->cap ? sc->cap * 2 : 64;
        sc->syms = lds_xrealloc(sc->syms, sizeof *sc->syms * sc->cap);
    }
    size_t len = strlen(name);
    lds_sym *s = lds_xrealloc(NULL, sizeof *s + len + 1);
    memset(s, 0, sizeof *s);
    s->name = memcpy((char *)(s + 1), name, len + 1);
    s->kind = kind;
    if (kind == SYM_CONST)
        mpz_init(s->value);
    sc->syms[sc->n++] = s;
    return s;
}

static void sym_free(lds_sym *s)
{
    if (s->kind == SYM_CONST)
        mpz_clear(s->value);
    if (s->kind == SYM_ARRAY)
        free(s->array.dims);
    free(s);
}

void lds_scope_pop_to(lds_scope *sc, size_t mark)
{
    while (sc->n > mark)
        sym_free(sc->syms[--sc->n]);
}

void lds_scope_init(lds_scope *sc)
{
    memset(sc, 0, sizeof *sc);
    for (size_t i = 0; i < NBUILTIN_VARS; i++) {
        lds_sym *s = lds_scope_push(sc, builtin_vars[i].name, SYM_VAR);
        s->var = builtin_vars[i].var;
        s->deps = builtin_vars[i].deps;
    }
}

void lds_scope_free(lds_scope *sc)
{
    lds_scope_pop_to(sc, 0);
    free(sc->syms);
    memset(sc, 0, sizeof *sc);
}

lds_sym *lds_scope_find(const lds_scope *sc, const char *name)
{
    for (size_t i = sc->n; i-- > 0;)
        if (strcmp(sc->syms[i]->name, name) == 0)
            return sc->syms[i];
    return NULL;
}

/* -------------------------------------------------------- resolution */

/* Edit distance, for "did you mean". */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 99;
    size_t row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t prev = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t cur = row[j];
            size_t best = prev + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            prev = cur;
        }
    }
    return row[lb];
}

static void consider(const char *name, const char *cand, const char **best, size_t *bestd)
{
    size_t d = distance(name, cand);
    if (d < *bestd) {
        *bestd = d;
        *best = cand;
    }
}

static void unknown_name(const lds_scope *sc, const lds_expr *e, const lds_stmt *params,
                         int is_call, lds_diag *diag)
{
    const char *best = NULL;
    size_t len = strlen(e->name);
    /* suggest a name at most 1 edit away (2 for longer names) */
    size_t bestd = (len <= 2 ? 1 : len <= 5 ? 2 : 3) + 1;
    for (size_t i = 0; i < sc->n; i++)
        if ((sc->syms[i]->kind == SYM_DEF) == is_call)
            consider(e->name, sc->syms[i]->name, &best, &bestd);
    if (is_call)
        for (size_t i = 0; i < NBUILTIN_FNS; i++)
            consider(e->name, builtin_fns[i].name, &best, &bestd);
    for (unsigned i = 0; params && i < params->nparams; i++)
        consider(e->name, params->params[i], &best, &bestd);
    if (best)
        lds_diag_set(diag, e->loc, "unknown %s '%s'; did you mean '%s'?",
                     is_call ? "function" : "name", e->name, best);
    else
        lds_diag_set(diag, e->loc, "unknown %s '%s'", is_call ? "function" : "name", e->name);
}

static int resolve_call(const lds_scope *sc, lds_expr *e, const lds_stmt *params,
                        const char *self, lds_diag *diag)
{
    uint64_t deps = 0;
    for (unsigned i = 0; i < e->nargs; i++) {
        if (lds_resolve(sc, e->args[i], params, self, diag) < 0)
            return -1;
        deps |= e->args[i]->deps;
    }
    if (self && strcmp(e->name, self) == 0) {
        lds_diag_set(diag, e->loc, "'%s' calls itself; a def may not be recursive", self);
        return -1;
    }
    lds_sym *s = lds_scope_find(sc, e->name);
    if (s && s->kind == SYM_DEF) {
        if (s->def->nparams != e->nargs) {
            lds_diag_set(diag, e->loc, "'%s' takes %u argument%s, not %u", e->name,
                         s->def->nparams, s->def->nparams == 1 ? "" : "s", e->nargs);
            return -1;
        }
        e->sym = s;
        e->deps = deps | s->deps;
        return 0;
    }
    for (size_t i = 0; i < NBUILTIN_FNS; i++)
        if (strcmp(builtin_fns[i].name, e->name) == 0) {
            if ((int)e->nargs < builtin_fns[i].min_args || (int)e->nargs > builtin_fns[i].max_args) {
                lds_diag_set(diag, e->loc, "%s() takes %d argument%s, not %u", e->name,
                             builtin_fns[i].min_args, builtin_fns[i].min_args == 1 ? "" : "s", e->nargs);
                return -1;
            }
            e->sym = NULL;
            e->small = builtin_fns[i].fn;
            if (builtin_fns[i].fn == F_LOCAL_ID)
                deps |= LDS_DEP_LANE | LDS_DEP_WAVE;
            if (builtin_fns[i].fn == F_GROUP_ID)
                deps |= LDS_DEP_GROUP;
            e->deps = deps;
            return 0;
        }
    unknown_name(sc, e, params, 1, diag);
    return -1;
}

int lds_resolve(const lds_scope *sc, lds_expr *e, const lds_stmt *params,
                const char *self, lds_diag *diag)
{
    switch (e->kind) {
    case E_NUM:
        e->deps = 0;
        return 0;
    case E_NAME:
        for (unsigned i = 0; params && i < params->nparams; i++)
            if (strcmp(params->params[i], e->name) == 0) {
                e->sym = NULL;
                e->small = i;   /* parameter index */
                e->deps = LDS_DEP_PARAM;
                return 0;
            }
        e->sym = lds_scope_find(sc, e->name);
        if (!e->sym) {
            unknown_name(sc, e, params, 0, diag);
            return -1;
        }
        if (e->sym->kind == SYM_DEF || e->sym->kind == SYM_ARRAY) {
            lds_diag_set(diag, e->loc, "'%s' is %s, not a value", e->name,
                         e->sym->kind == SYM_DEF ? "a function" : "an array");
            return -1;
        }
        e->deps = e->sym->deps;
        return 0;
    case E_UNARY:
        if (lds_resolve(sc, e->a, params, self, diag) < 0)
            return -1;
        e->deps = e->a->deps;
        return 0;
    case E_BINARY:
        if (lds_resolve(sc, e->a, params, self, diag) < 0 || lds_resolve(sc, e->b, params, self, diag) < 0)
            return -1;
        e->deps = e->a->deps | e->b->deps;
        return 0;
    case E_COND:
        if (lds_resolve(sc, e->a, params, self, diag) < 0 || lds_resolve(sc, e->b, params, self, diag) < 0
            || lds_resolve(sc, e->c, params, self, diag) < 0)
            return -1;
        e->deps = e->a->deps | e->b->deps | e->c->deps;
        return 0;
    case E_CALL:
        return resolve_call(sc, e, params, self, diag);
    }
    return 0;
}

/* ------------------------------------------------------- temporaries */

void lds_eval_init(lds_eval *ev, lds_env *env, lds_diag *diag)
{
    memset(ev, 0, sizeof *ev);
    ev->env = env;
    ev->diag = diag;
    ev->max_bits = LDS_DEFAULT_MAX_BITS;
}

void lds_eval_free(lds_eval *ev)
{
    for (size_t i = 0; i < ev->cap; i++) {
        mpz_clear(ev->tmp[i]);
        free(ev->tmp[i]);
    }
    free(ev->tmp);
    ev->tmp = NULL;
    ev->cap = ev->top = 0;
}

/* A fresh temporary on top of the stack. */
static mpz_ptr push_tmp(lds_eval *ev)
{
    if (ev->top == ev->cap) {
        size_t cap = ev->cap ? ev->cap * 2 : 16;
        ev->tmp = lds_xrealloc(ev->tmp, sizeof *ev->tmp * cap);
        for (size_t i = ev->cap; i < cap; i++) {
            ev->tmp[i] = lds_xrealloc(NULL, sizeof(__mpz_struct));
            mpz_init(ev->tmp[i]);
        }
        ev->cap = cap;
    }
    return ev->tmp[ev->top++];
}

/* Finish a node that started with the stack at `mark`: a big result
 * moves down to slot `mark`, and everything above it is released. */
static void settle(lds_eval *ev, size_t mark, lds_num *out)
{
    if (!out->z) {
        ev->top = mark;
        return;
    }
    size_t at = mark;
    for (size_t i = mark; i < ev->top; i++)
        if (ev->tmp[i] == out->z) {
            at = i;
            break;
        }
    mpz_ptr t = ev->tmp[mark];
    ev->tmp[mark] = ev->tmp[at];
    ev->tmp[at] = t;
    ev->top = mark + 1;
    out->z = ev->tmp[mark];
}

/* A GMP copy of v (a temporary, or v's own integer). */
static mpz_srcptr as_mpz(lds_eval *ev, const lds_num *v)
{
    if (v->z)
        return v->z;
    mpz_ptr t = push_tmp(ev);
    mpz_set_si(t, (long)v->i);
    return t;
}

/* Canonical form: a big value that fits in int64 becomes small, unless
 * every value is to stay on the GMP path. */
static int finish_big(lds_eval *ev, mpz_ptr z, lds_num *out, lds_loc loc)
{
    if (mpz_sizeinbase(z, 2) > ev->max_bits) {
        lds_diag_set(ev->diag, loc, "integer wider than %lu bits (the limit; see --max-bits)", ev->max_bits);
        return -1;
    }
    if (!ev->force_big && mpz_fits_slong_p(z) && sizeof(long) == 8) {
        out->i = mpz_get_si(z);
        out->z = NULL;
    } else {
        out->z = z;
    }
    return 0;
}

static int make_small(lds_eval *ev, int64_t v, lds_num *out, lds_loc loc)
{
    if (!ev->force_big) {
        out->i = v;
        out->z = NULL;
        return 0;
    }
    mpz_ptr t = push_tmp(ev);
    mpz_set_si(t, (long)v);
    return finish_big(ev, t, out, loc);
}

static int sign_of(const lds_num *v)
{
    return v->z ? mpz_sgn(v->z) : (v->i > 0) - (v->i < 0);
}

static int is_zero(const lds_num *v)
{
    return sign_of(v) == 0;
}

/* v as an int64, if it fits (a big value may, on the forced GMP path). */
static int as_int64(const lds_num *v, int64_t *out)
{
    if (!v->z) {
        *out = v->i;
        return 1;
    }
    if (!mpz_fits_slong_p(v->z) || sizeof(long) != 8)
        return 0;
    *out = mpz_get_si(v->z);
    return 1;
}

/* v as an unsigned long (shift counts, sizes), if it fits. */
static int as_ulong(const lds_num *v, unsigned long *out)
{
    if (v->z) {
        if (!mpz_fits_ulong_p(v->z))
            return 0;
        *out = mpz_get_ui(v->z);
        return 1;
    }
    if (v->i < 0)
        return 0;
    *out = (unsigned long)v->i;
    return 1;
}

/* ---------------------------------------------------------- arithmetic */

static int shift_left(lds_eval *ev, const lds_num *a, unsigned long n, lds_num *out, lds_loc loc)
{
    if (!a->z && !ev->force_big && n < 63) {
        int64_t r;
        if (!__builtin_mul_overflow(a->i, (int64_t)1 << n, &r))
            return make_small(ev, r, out, loc);
    }
    if (is_zero(a))
        return make_small(ev, 0, out, loc);
    if (n > ev->max_bits) {
        lds_diag_set(ev->diag, loc, "integer wider than %lu bits (the limit; see --max-bits)", ev->max_bits);
        return -1;
    }
    mpz_ptr r = push_tmp(ev);
    mpz_mul_2exp(r, as_mpz(ev, a), n);
    return finish_big(ev, r, out, loc);
}

/* a >> n: floor(a / 2^n) */
static int shift_right(lds_eval *ev, const lds_num *a, unsigned long n, lds_num *out, lds_loc loc)
{
    if (!a->z && !ev->force_big) {
        int64_t r = n >= 63 ? (a->i < 0 ? -1 : 0) : a->i >= 0 ? a->i >> n : ~(~a->i >> n);
        return make_small(ev, r, out, loc);
    }
    mpz_ptr r = push_tmp(ev);
    mpz_fdiv_q_2exp(r, as_mpz(ev, a), n);
    return finish_big(ev, r, out, loc);
}

static int compare(const lds_num *a, const lds_num *b)
{
    if (!a->z && !b->z)
        return (a->i > b->i) - (a->i < b->i);
    if (a->z && b->z)
        return mpz_cmp(a->z, b->z);
    if (a->z)
        return mpz_cmp_si(a->z, (long)b->i);
    return -mpz_cmp_si(b->z, (long)a->i);
}

/* The int64 path of a binary operator.  1: done; 0: overflowed, take the
 * GMP path. */
static int binary_small(lds_tok_kind op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case TK_PLUS: return !__builtin_add_overflow(a, b, r);
    case TK_MINUS: return !__builtin_sub_overflow(a, b, r);
    case TK_STAR: return !__builtin_mul_overflow(a, b, r);
    case TK_SLASH:
        if (a == INT64_MIN && b == -1)
            return 0;
        *r = a / b;
        return 1;
    case TK_PERCENT:
        *r = b == -1 ? 0 : a % b;
        return 1;
    case TK_AMP: *r = a & b; return 1;
    case TK_PIPE: *r = a | b; return 1;
    case TK_CARET: *r = a ^ b; return 1;
    default: return 0;
    }
}

static void binary_big(lds_tok_kind op, mpz_ptr r, mpz_srcptr a, mpz_srcptr b)
{
    switch (op) {
    case TK_PLUS: mpz_add(r, a, b); break;
    case TK_MINUS: mpz_sub(r, a, b); break;
    case TK_STAR: mpz_mul(r, a, b); break;
    case TK_SLASH: mpz_tdiv_q(r, a, b); break;      /* C99: toward zero */
    case TK_PERCENT: mpz_tdiv_r(r, a, b); break;
    case TK_AMP: mpz_and(r, a, b); break;            /* two's complement */
    case TK_PIPE: mpz_ior(r, a, b); break;
    case TK_CARET: mpz_xor(r, a, b); break;
    default: break;
    }
}

static int arith(lds_eval *ev, lds_tok_kind op, const lds_num *a, const lds_num *b,
                 lds_num *out, lds_loc loc)
{
    unsigned long n;
    switch (op) {
    case TK_SLASH:
    case TK_PERCENT:
        if (is_zero(b)) {
            lds_diag_set(ev->diag, loc, "division by zero");
            return -1;
        }
        break;
    case TK_SHL:
    case TK_SHR:
        if (sign_of(b) < 0) {
            lds_diag_set(ev->diag, loc, "negative shift count");
            return -1;
        }
        if (!as_ulong(b, &n)) {
            if (op == TK_SHR)
                return make_small(ev, sign_of(a) < 0 ? -1 : 0, out, loc);
            if (is_zero(a))
                return make_small(ev, 0, out, loc);
            lds_diag_set(ev->diag, loc, "integer wider than %lu bits (the limit; see --max-bits)", ev->max_bits);
            return -1;
        }
        return op == TK_SHL ? shift_left(ev, a, n, out, loc) : shift_right(ev, a, n, out, loc);
    case TK_EQ: return make_small(ev, compare(a, b) == 0, out, loc);
    case TK_NE: return make_small(ev, compare(a, b) != 0, out, loc);
    case TK_LT: return make_small(ev, compare(a, b) < 0, out, loc);
    case TK_LE: return make_small(ev, compare(a, b) <= 0, out, loc);
    case TK_GT: return make_small(ev, compare(a, b) > 0, out, loc);
    case TK_GE: return make_small(ev, compare(a, b) >= 0, out, loc);
    default:
        break;
    }
    int64_t r;
    if (!a->z && !b->z && !ev->force_big && binary_small(op, a->i, b->i, &r))
        return make_small(ev, r, out, loc);
    if (op == TK_STAR && mpz_sizeinbase(as_mpz(ev, a), 2) + mpz_sizeinbase(as_mpz(ev, b), 2) > ev->max_bits + 1
        && !is_zero(a) && !is_zero(b)) {
        lds_diag_set(ev->diag, loc, "integer wider than %lu bits (the limit; see --max-bits)", ev->max_bits);
        return -1;
    }
    mpz_ptr z = push_tmp(ev);
    binary_big(op, z, as_mpz(ev, a), as_mpz(ev, b));
    return finish_big(ev, z, out, loc);
}

static int negate(lds_eval *ev, const lds_num *a, lds_num *out, lds_loc loc)
{
    if (!a->z && !ev->force_big && a->i != INT64_MIN)
        return make_small(ev, -a->i, out, loc);
    mpz_ptr z = push_tmp(ev);
    mpz_neg(z, as_mpz(ev, a));
    return finish_big(ev, z, out, loc);
}

static int complement(lds_eval *ev, const lds_num *a, lds_num *out, lds_loc loc)
{
    if (!a->z && !ev->force_big)
        return make_small(ev, ~a->i, out, loc);
    mpz_ptr z = push_tmp(ev);
    mpz_com(z, as_mpz(ev, a));
    return finish_big(ev, z, out, loc);
}

/* ---------------------------------------------------------- built-ins */

static int eval_node(lds_eval *ev, const lds_expr *e, lds_num *out);

static int builtin_gcd_lcm(lds_eval *ev, builtin_fn fn, const lds_num *a, const lds_num *b,
                           lds_num *out, lds_loc loc)
{
    mpz_ptr z = push_tmp(ev);
    mpz_srcptr za = as_mpz(ev, a), zb = as_mpz(ev, b);
    if (fn == F_GCD)
        mpz_gcd(z, za, zb);
    else
        mpz_lcm(z, za, zb);
    return finish_big(ev, z, out, loc);
}

static int builtin_pow(lds_eval *ev, const lds_num *a, const lds_num *n, lds_num *out, lds_loc loc)
{
    unsigned long k;
    if (sign_of(n) < 0) {
        lds_diag_set(ev->diag, loc, "pow() of a negative exponent");
        return -1;
    }
    mpz_srcptr za = as_mpz(ev, a);
    int trivial = mpz_cmpabs_ui(za, 1) <= 0;
    if (!as_ulong(n, &k) || (!trivial && (k > ev->max_bits
        || (double)k * (double)(mpz_sizeinbase(za, 2) - 1) > (double)ev->max_bits))) {
        if (trivial) {   /* 0, 1, -1 to a huge power */
            int odd = n->z ? mpz_odd_p(n->z) : (n->i & 1);
            return make_small(ev, mpz_sgn(za) == 0 ? 0 : (mpz_sgn(za) < 0 && odd) ? -1 : 1, out, loc);
        }
        lds_diag_set(ev->diag, loc, "integer wider than %lu bits (the limit; see --max-bits)", ev->max_bits);
        return -1;
    }
    mpz_ptr z = push_tmp(ev);
    mpz_pow_ui(z, za, k);
    return finish_big(ev, z, out, loc);
}

/* CuTe Swizzle<B,M,S>: x ^ ((x & yyy_mask) >> S), with yyy_mask =
 * ((1<<B)-1) << (M + max(0,S)); a negative S shifts the other way. */
static int builtin_swizzle(lds_eval *ev, const lds_num *v, lds_num *out, lds_loc loc)
{
    lds_num one, mask, bits, t;
    int64_t b, m, s;
    if (!as_int64(&v[0], &b) || !as_int64(&v[1], &m) || !as_int64(&v[2], &s) || b < 0 || b > 4096
        || m < 0 || m > 4096 || s < -4096 || s > 4096) {
        lds_diag_set(ev->diag, loc, "swizzle(B, M, S, x): B and M must be in 0..4096, S in -4096..4096");
        return -1;
    }
    if (make_small(ev, 1, &one, loc) < 0 || shift_left(ev, &one, (unsigned long)b, &t, loc) < 0)
        return -1;
    if (make_small(ev, -1, &one, loc) < 0 || arith(ev, TK_PLUS, &t, &one, &mask, loc) < 0)
        return -1;
    if (shift_left(ev, &mask, (unsigned long)(m + (s > 0 ? s : 0)), &t, loc) < 0
        || arith(ev, TK_AMP, &v[3], &t, &bits, loc) < 0)
        return -1;
    if ((s >= 0 ? shift_right(ev, &bits, (unsigned long)s, &t, loc)
                : shift_left(ev, &bits, (unsigned long)-s, &t, loc)) < 0)
        return -1;
    return arith(ev, TK_CARET, &v[3], &t, out, loc);
}

static int var_value(lds_eval *ev, lds_var_id var, lds_num *out, lds_loc loc);

static int builtin_thread_query(lds_eval *ev, builtin_fn fn, const lds_num *dim, lds_num *out, lds_loc loc)
{
    static const lds_var_id local[3] = { V_TID_X, V_TID_Y, V_TID_Z };
    int64_t d;
    if (!as_int64(dim, &d) || d < 0 || d > 2) {
        lds_diag_set(ev->diag, loc, "the dimension must be 0, 1 or 2");
        return -1;
    }
    if (fn == F_LOCAL_SIZE)
        return make_small(ev, ev->env->threads[d], out, loc);
    if (fn == F_GROUP_ID)
        return make_small(ev, d == 0 ? ev->env->group : 0, out, loc);
    return var_value(ev, local[d], out, loc);
}

static int eval_builtin(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    builtin_fn fn = (builtin_fn)e->small;
    lds_num v[4];
    if (fn == F_MIN || fn == F_MAX) {
        /* only the best so far stays on the temporaries stack (at `base`),
         * so memory does not grow with the number of arguments */
        size_t base = ev->top;
        if (eval_node(ev, e->args[0], out) < 0)
            return -1;
        for (unsigned i = 1; i < e->nargs; i++) {
            if (eval_node(ev, e->args[i], &v[0]) < 0)
                return -1;
            int c = compare(&v[0], out);
            if ((fn == F_MIN && c < 0) || (fn == F_MAX && c > 0)) {
                if (v[0].z && out->z)
                    mpz_swap(out->z, v[0].z);   /* out->z stays at base */
                else
                    *out = v[0];   /* small, or big at base (out was small) */
            }
            ev->top = out->z ? base + 1 : base;
        }
        return 0;
    }
    for (unsigned i = 0; i < e->nargs; i++)
        if (eval_node(ev, e->args[i], &v[i]) < 0)
            return -1;
    switch (fn) {
    case F_ABS:
        if (sign_of(&v[0]) < 0)
            return negate(ev, &v[0], out, e->loc);
        *out = v[0];
        return 0;
    case F_GCD:
    case F_LCM:
        return builtin_gcd_lcm(ev, fn, &v[0], &v[1], out, e->loc);
    case F_LOG2:
        if (sign_of(&v[0]) <= 0) {
            lds_diag_set(ev->diag, e->loc, "log2() of a number that is not positive");
            return -1;
        }
        return make_small(ev, (int64_t)mpz_sizeinbase(as_mpz(ev, &v[0]), 2) - 1, out, e->loc);
    case F_POPCOUNT:
        if (sign_of(&v[0]) < 0) {
            lds_diag_set(ev->diag, e->loc, "popcount() of a negative number");
            return -1;
        }
        return make_small(ev, (int64_t)mpz_popcount(as_mpz(ev, &v[0])), out, e->loc);
    case F_POW:
        return builtin_pow(ev, &v[0], &v[1], out, e->loc);
    case F_SWIZZLE:
        return builtin_swizzle(ev, v, out, e->loc);
    default:
        return builtin_thread_query(ev, fn, &v[0], out, e->loc);
    }
}

/* --------------------------------------------------------- evaluation */

static int var_value(lds_eval *ev, lds_var_id var, lds_num *out, lds_loc loc)
{
    const lds_env *env = ev->env;
    int64_t tid = env->wave * (int64_t)env->wave_size + env->lane;
    int64_t x = env->threads[0], y = env->threads[1], r = 0;
    switch (var) {
    case V_LANE: r = env->lane; break;
    case V_WAVE: r = env->wave; break;
    case V_TID: r = tid; break;
    case V_TID_X: r = tid % x; break;
    case V_TID_Y: r = tid / x % y; break;
    case V_TID_Z: r = tid / (x * y); break;
    case V_GROUP: r = env->group; break;
    case V_BANKS: r = env->banks; break;
    case V_BANK_BYTES: r = env->bank_bytes; break;
    case V_WAVE_SIZE: r = env->wave_size; break;
    case V_THREADS_X: r = x; break;
    case V_THREADS_Y: r = y; break;
    case V_THREADS_Z: r = env->threads[2]; break;
    case V_GROUPS: r = env->groups; break;
    case V_DISPATCH_X: r = env->group * x + tid % x; break;
    }
    return make_small(ev, r, out, loc);
}

static int eval_name(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    const lds_sym *s = e->sym;
    if (!s) {   /* a def parameter */
        *out = ev->frame[e->small];
        if (out->z) {   /* copy: the caller's slot must not be moved */
            mpz_ptr z = push_tmp(ev);
            mpz_set(z, out->z);
            out->z = z;
        }
        return 0;
    }
    switch (s->kind) {
    case SYM_VAR:
        return var_value(ev, s->var, out, e->loc);
    case SYM_CONST:
        if (mpz_fits_slong_p(s->value) && sizeof(long) == 8)
            return make_small(ev, mpz_get_si(s->value), out, e->loc);
        out->z = push_tmp(ev);
        mpz_set(out->z, s->value);
        return 0;
    case SYM_LET: {
        const lds_num *frame = ev->frame;
        ev->frame = NULL;
        int rc = eval_node(ev, s->expr, out);
        ev->frame = frame;
        return rc;
    }
    case SYM_LOOP:
        return make_small(ev, ev->env->loop[s->slot], out, e->loc);
    default:
        lds_diag_set(ev->diag, e->loc, "'%s' is not a value", s->name);
        return -1;
    }
}

static int eval_call(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    if (!e->sym)
        return eval_builtin(ev, e, out);
    lds_num args[64];
    for (unsigned i = 0; i < e->nargs; i++)
        if (eval_node(ev, e->args[i], &args[i]) < 0)
            return -1;
    const lds_num *frame = ev->frame;
    ev->frame = args;
    int rc = eval_node(ev, e->sym->def->body, out);
    ev->frame = frame;
    return rc;
}

static int eval_inner(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    lds_num a, b;
    switch (e->kind) {
    case E_NUM:
        if (!e->is_big)
            return make_small(ev, e->small, out, e->loc);
        out->z = push_tmp(ev);
        mpz_set(out->z, e->big);
        return finish_big(ev, out->z, out, e->loc);
    case E_NAME:
        return eval_name(ev, e, out);
    case E_CALL:
        return eval_call(ev, e, out);
    case E_UNARY:
        if (eval_node(ev, e->a, &a) < 0)
            return -1;
        if (e->op == TK_MINUS)
            return negate(ev, &a, out, e->loc);
        if (e->op == TK_TILDE)
            return complement(ev, &a, out, e->loc);
        return make_small(ev, is_zero(&a), out, e->loc);   /* '!' */
    case E_COND:
        if (eval_node(ev, e->a, &a) < 0)
            return -1;
        return eval_node(ev, is_zero(&a) ? e->c : e->b, out);
    case E_BINARY:
        if (eval_node(ev, e->a, &a) < 0)
            return -1;
        if (e->op == TK_ANDAND || e->op == TK_OROR) {   /* short-circuit */
            if (is_zero(&a) == (e->op == TK_ANDAND))
                return make_small(ev, e->op == TK_OROR, out, e->loc);
            if (eval_node(ev, e->b, &b) < 0)
                return -1;
            return make_small(ev, !is_zero(&b), out, e->loc);
        }
        if (eval_node(ev, e->b, &b) < 0)
            return -1;
        return arith(ev, e->op, &a, &b, out, e->loc);
    }
    return 0;
}

static int eval_node(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    size_t mark = ev->top;
    if (++ev->ops > LDS_MAX_OPS) {
        lds_diag_set(ev->diag, e->loc, "expression takes more than %d operations to evaluate (def calls nested too deeply)", LDS_MAX_OPS);
        return -1;
    }
    if (++ev->depth > LDS_MAX_EVAL_DEPTH) {
        lds_diag_set(ev->diag, e->loc, "def calls nested deeper than %d levels", LDS_MAX_EVAL_DEPTH);
        return -1;
    }
    int rc = eval_inner(ev, e, out);
    ev->depth--;
    if (rc == 0)
        settle(ev, mark, out);
    return rc;
}

int lds_eval_value(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    ev->top = 0;
    ev->ops = 0;
    ev->depth = 0;
    ev->frame = NULL;
    return eval_node(ev, e, out);
}

int lds_eval_int64(lds_eval *ev, const lds_expr *e, int64_t *out, const char *what)
{
    lds_num v;
    if (lds_eval_value(ev, e, &v) < 0)
        return -1;
    if (v.z) {
        if (!mpz_fits_slong_p(v.z) || sizeof(long) != 8) {
            lds_diag_set(ev->diag, e->loc, "%s does not fit in 64 bits", what);
            return -1;
        }
        *out = mpz_get_si(v.z);
    } else {
        *out = v.i;
    }
    return 0;
}

int lds_eval_mpz(lds_eval *ev, const lds_expr *e, mpz_t out)
{
    lds_num v;
    if (lds_eval_value(ev, e, &v) < 0)
        return -1;
    if (v.z)
        mpz_set(out, v.z);
    else
        mpz_set_si(out, (long)v.i);
    return 0;
}

int lds_eval_call_int64(lds_eval *ev, const lds_sym *def, const int64_t *args,
                        unsigned nargs, lds_loc loc, int64_t *out)
{
    lds_num frame[64], v;
    ev->top = 0;
    ev->ops = 0;
    ev->depth = 0;
    for (unsigned i = 0; i < nargs && i < 64; i++)
        if (make_small(ev, args[i], &frame[i], loc) < 0)
            return -1;
    ev->frame = frame;
    int rc = eval_node(ev, def->def->body, &v);
    ev->frame = NULL;
    if (rc < 0)
        return -1;
    if (v.z && (!mpz_fits_slong_p(v.z) || sizeof(long) != 8)) {
        lds_diag_set(ev->diag, loc, "the layout's result does not fit in 64 bits");
        return -1;
    }
    *out = v.z ? mpz_get_si(v.z) : v.i;
    return 0;
}

/* ---------------------------------------------------- affine analysis */

typedef struct {
    lds_eval *ev;
    uint64_t var;
    uint64_t varying;       /* bits that change inside the analysed loop */
    lds_expr *const *args;  /* the def call's arguments, when inside one */
} affine_ctx;

static int affine(affine_ctx *cx, const lds_expr *e, int64_t *coef);

/* A factor that is the same for every lane and iteration: deps only on
 * loop variables bound outside the one analysed, no parameters. */
static int uniform_factor(affine_ctx *cx, const lds_expr *e, int64_t *v)
{
    uint64_t varying = LDS_DEP_LANE | LDS_DEP_PARAM | cx->var | cx->varying;
    if (e->deps & varying)
        return 0;
    lds_diag scratch = { 0 };
    lds_diag *saved = cx->ev->diag;
    cx->ev->diag = &scratch;
    size_t top = cx->ev->top;
    const lds_num *frame = cx->ev->frame;
    unsigned long ops = cx->ev->ops;
    unsigned depth = cx->ev->depth;
    lds_num n;
    int rc = eval_node(cx->ev, e, &n);
    cx->ev->diag = saved;
    cx->ev->top = top;
    cx->ev->frame = frame;
    cx->ev->ops = ops;
    cx->ev->depth = depth;
    if (rc < 0 || n.z)
        return 0;
    *v = n.i;
    return 1;
}

static int affine_var(affine_ctx *cx, const lds_sym *s, int64_t *coef)
{
    const lds_env *env = cx->ev->env;
    int one_d = env->threads[1] == 1 && env->threads[2] == 1;
    if (!(s->deps & cx->var)) {
        *coef = 0;
        return 1;
    }
    switch (s->kind) {
    case SYM_LOOP:
        *coef = 1;
        return 1;
    case SYM_LET:
        return affine(cx, s->expr, coef);
    case SYM_VAR:
        if (cx->var == LDS_DEP_WAVE && (s->var == V_WAVE || s->var == V_TID || (one_d && (s->var == V_TID_X || s->var == V_DISPATCH_X)))) {
            *coef = s->var == V_WAVE ? 1 : env->wave_size;
            return 1;
        }
        if (cx->var == LDS_DEP_GROUP && (s->var == V_GROUP || (one_d && s->var == V_DISPATCH_X))) {
            *coef = s->var == V_GROUP ? 1 : env->threads[0];
            return 1;
        }
        return 0;
    default:
        return 0;
    }
}

static int affine(affine_ctx *cx, const lds_expr *e, int64_t *coef)
{
    int64_t ca, cb, f;
    if (!(e->deps & (cx->var | LDS_DEP_PARAM))) {
        *coef = 0;
        return 1;
    }
    switch (e->kind) {
    case E_NUM:
        *coef = 0;
        return 1;
    case E_NAME:
        if (!e->sym) {   /* parameter: the argument in the caller */
            if (!cx->args)
                return 0;
            affine_ctx outer = { cx->ev, cx->var, cx->varying, NULL };
            return affine(&outer, cx->args[e->small], coef);
        }
        return affine_var(cx, e->sym, coef);
    case E_UNARY:
        if (e->op != TK_MINUS || !affine(cx, e->a, &ca))
            return 0;
        return !__builtin_sub_overflow((int64_t)0, ca, coef);
    case E_BINARY:
        switch (e->op) {
        case TK_PLUS:
        case TK_MINUS:
            if (!affine(cx, e->a, &ca) || !affine(cx, e->b, &cb))
                return 0;
            return e->op == TK_PLUS ? !__builtin_add_overflow(ca, cb, coef)
                                    : !__builtin_sub_overflow(ca, cb, coef);
        case TK_STAR:
            if (uniform_factor(cx, e->a, &f) && affine(cx, e->b, &cb))
                return !__builtin_mul_overflow(f, cb, coef);
            if (uniform_factor(cx, e->b, &f) && affine(cx, e->a, &ca))
                return !__builtin_mul_overflow(f, ca, coef);
            return 0;
        case TK_SHL:
            if (uniform_factor(cx, e->b, &f) && f >= 0 && f < 62 && affine(cx, e->a, &ca))
                return !__builtin_mul_overflow(ca, (int64_t)1 << f, coef);
            return 0;
        default:
            return 0;
        }
    case E_CALL:
        if (e->sym && !cx->args) {
            affine_ctx inner = { cx->ev, cx->var, cx->varying, e->args };
            return affine(&inner, e->sym->def->body, coef);
        }
        return 0;
    default:
        return 0;
    }
}

int lds_eval_affine(lds_eval *ev, const lds_expr *e, uint64_t var, uint64_t varying,
                    int64_t *coef)
{
    affine_ctx cx = { ev, var, varying, NULL };
    return affine(&cx, e, coef);
}

int lds_eval_affine_call(lds_eval *ev, const lds_sym *def, lds_expr *const *args,
                         uint64_t var, uint64_t varying, int64_t *coef)
{
    affine_ctx cx = { ev, var, varying, args };
    return affine(&cx, def->def->body, coef);
}

/* ------------------------------------------------------------ output */

void lds_num_print(FILE *out, const lds_num *v)
{
    if (v->z)
        mpz_out_str(out, 10, v->z);
    else
        fprintf(out, "%lld", (long long)v->i);
}

size_t lds_num_width(const lds_num *v)
{
    char buf[24];
    if (v->z)   /* exact: mpz_sizeinbase may count one digit too many */
        return (size_t)gmp_snprintf(NULL, 0, "%Zd", v->z);
    return (size_t)snprintf(buf, sizeof buf, "%lld", (long long)v->i);
}
