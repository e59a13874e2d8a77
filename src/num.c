/* src/num.c - exact integer arithmetic: int64 with overflow checks, GMP
 * when a value outgrows it. */
#include "src/num.h"

#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "base/mem.h"

void lds_numctx_init(lds_numctx *c, lds_diag *diag)
{
    memset(c, 0, sizeof *c);
    c->diag = diag;
    c->max_bits = LDS_DEFAULT_MAX_BITS;
}

void lds_numctx_free(lds_numctx *c)
{
    for (size_t i = 0; i < c->cap; i++) {
        mpz_clear(c->tmp[i]);
        lds_free(c->tmp[i]);
    }
    lds_free(c->tmp);
    c->tmp = NULL;
    c->cap = c->top = 0;
}

mpz_ptr lds_num_push(lds_numctx *c)
{
    if (c->top == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        c->tmp = lds_xreallocarray(c->tmp, cap, sizeof *c->tmp);
        for (size_t i = c->cap; i < cap; i++) {
            c->tmp[i] = lds_xmalloc(sizeof(__mpz_struct));
            mpz_init(c->tmp[i]);
        }
        c->cap = cap;
    }
    return c->tmp[c->top++];
}

void lds_num_settle(lds_numctx *c, size_t mark, lds_num *out)
{
    if (!out->z) {
        c->top = mark;
        return;
    }
    size_t at = mark;
    for (size_t i = mark; i < c->top; i++)
        if (c->tmp[i] == out->z) {
            at = i;
            break;
        }
    mpz_ptr t = c->tmp[mark];
    c->tmp[mark] = c->tmp[at];
    c->tmp[at] = t;
    c->top = mark + 1;
    out->z = c->tmp[mark];
}

int lds_num_too_wide(lds_numctx *c, lds_loc loc)
{
    lds_diag_set(c->diag, loc, "integer wider than %lu bits (the limit; see --max-bits)", c->max_bits);
    return -1;
}

mpz_srcptr lds_num_as_mpz(lds_numctx *c, const lds_num *v)
{
    if (v->z)
        return v->z;
    mpz_ptr t = lds_num_push(c);
    mpz_set_si(t, (long)v->i);
    return t;
}

void lds_num_get_mpz(const lds_num *v, mpz_t out)
{
    if (v->z)
        mpz_set(out, v->z);
    else
        mpz_set_si(out, (long)v->i);
}

int lds_num_finish(lds_numctx *c, mpz_ptr z, lds_num *out, lds_loc loc)
{
    if (mpz_sizeinbase(z, 2) > c->max_bits)
        return lds_num_too_wide(c, loc);
    if (!c->force_big && mpz_fits_slong_p(z) && sizeof(long) == 8) {
        out->i = mpz_get_si(z);
        out->z = NULL;
    } else {
        out->z = z;
    }
    return 0;
}

int lds_num_small(lds_numctx *c, int64_t v, lds_num *out, lds_loc loc)
{
    if (!c->force_big) {
        out->i = v;
        out->z = NULL;
        return 0;
    }
    mpz_ptr t = lds_num_push(c);
    mpz_set_si(t, (long)v);
    return lds_num_finish(c, t, out, loc);
}

int lds_num_from_mpz(lds_numctx *c, mpz_srcptr z, lds_num *out, lds_loc loc)
{
    if (!c->force_big && mpz_fits_slong_p(z) && sizeof(long) == 8)
        return lds_num_small(c, mpz_get_si(z), out, loc);
    mpz_ptr t = lds_num_push(c);
    mpz_set(t, z);
    return lds_num_finish(c, t, out, loc);
}

int lds_num_sign(const lds_num *v)
{
    return v->z ? mpz_sgn(v->z) : (v->i > 0) - (v->i < 0);
}

bool lds_num_is_zero(const lds_num *v)
{
    return lds_num_sign(v) == 0;
}

bool lds_num_to_int64(const lds_num *v, int64_t *out)
{
    if (!v->z) {
        *out = v->i;
        return true;
    }
    if (!mpz_fits_slong_p(v->z) || sizeof(long) != 8)
        return false;
    *out = mpz_get_si(v->z);
    return true;
}

bool lds_num_to_ulong(const lds_num *v, unsigned long *out)
{
    if (v->z) {
        if (!mpz_fits_ulong_p(v->z))
            return false;
        *out = mpz_get_ui(v->z);
        return true;
    }
    if (v->i < 0)
        return false;
    *out = (unsigned long)v->i;
    return true;
}

int lds_num_compare(const lds_num *a, const lds_num *b)
{
    if (!a->z && !b->z)
        return (a->i > b->i) - (a->i < b->i);
    if (a->z && b->z)
        return mpz_cmp(a->z, b->z);
    if (a->z)
        return mpz_cmp_si(a->z, (long)b->i);
    return -mpz_cmp_si(b->z, (long)a->i);
}

int lds_num_shift_left(lds_numctx *c, const lds_num *a, unsigned long n, lds_num *out, lds_loc loc)
{
    if (!a->z && !c->force_big && n < 63) {
        int64_t r;
        if (!__builtin_mul_overflow(a->i, (int64_t)1 << n, &r))
            return lds_num_small(c, r, out, loc);
    }
    if (lds_num_is_zero(a))
        return lds_num_small(c, 0, out, loc);
    if (n > c->max_bits)
        return lds_num_too_wide(c, loc);
    mpz_ptr r = lds_num_push(c);
    mpz_mul_2exp(r, lds_num_as_mpz(c, a), n);
    return lds_num_finish(c, r, out, loc);
}

/* a >> n: floor(a / 2^n) */
int lds_num_shift_right(lds_numctx *c, const lds_num *a, unsigned long n, lds_num *out, lds_loc loc)
{
    if (!a->z && !c->force_big) {
        int64_t r = n >= 63 ? (a->i < 0 ? -1 : 0) : a->i >= 0 ? a->i >> n : ~(~a->i >> n);
        return lds_num_small(c, r, out, loc);
    }
    mpz_ptr r = lds_num_push(c);
    mpz_fdiv_q_2exp(r, lds_num_as_mpz(c, a), n);
    return lds_num_finish(c, r, out, loc);
}

/* The int64 path of a binary operator.  1: done; 0: overflowed (or an
 * operator it does not do), take the GMP path. */
static int binary_small(lds_op op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case OP_ADD: return !__builtin_add_overflow(a, b, r);
    case OP_SUB: return !__builtin_sub_overflow(a, b, r);
    case OP_MUL: return !__builtin_mul_overflow(a, b, r);
    case OP_DIV:
        if (a == INT64_MIN && b == -1)
            return 0;
        *r = a / b;
        return 1;
    case OP_MOD:
        *r = b == -1 ? 0 : a % b;
        return 1;
    case OP_AND: *r = a & b; return 1;
    case OP_OR: *r = a | b; return 1;
    case OP_XOR: *r = a ^ b; return 1;
    default: return 0;
    }
}

static void binary_big(lds_op op, mpz_ptr r, mpz_srcptr a, mpz_srcptr b)
{
    switch (op) {
    case OP_ADD: mpz_add(r, a, b); break;
    case OP_SUB: mpz_sub(r, a, b); break;
    case OP_MUL: mpz_mul(r, a, b); break;
    case OP_DIV: mpz_tdiv_q(r, a, b); break;      /* C99: toward zero */
    case OP_MOD: mpz_tdiv_r(r, a, b); break;
    case OP_AND: mpz_and(r, a, b); break;         /* two's complement */
    case OP_OR: mpz_ior(r, a, b); break;
    case OP_XOR: mpz_xor(r, a, b); break;
    default: break;
    }
}

int lds_num_binary(lds_numctx *c, lds_op op, const lds_num *a, const lds_num *b, lds_num *out, lds_loc loc)
{
    unsigned long n;
    switch (op) {
    case OP_DIV:
    case OP_MOD:
        if (lds_num_is_zero(b)) {
            lds_diag_set(c->diag, loc, "division by zero");
            return -1;
        }
        break;
    case OP_SHL:
    case OP_SHR:
        if (lds_num_sign(b) < 0) {
            lds_diag_set(c->diag, loc, "negative shift count");
            return -1;
        }
        if (!lds_num_to_ulong(b, &n)) {
            if (op == OP_SHR)
                return lds_num_small(c, lds_num_sign(a) < 0 ? -1 : 0, out, loc);
            if (lds_num_is_zero(a))
                return lds_num_small(c, 0, out, loc);
            return lds_num_too_wide(c, loc);
        }
        return op == OP_SHL ? lds_num_shift_left(c, a, n, out, loc) : lds_num_shift_right(c, a, n, out, loc);
    case OP_EQ: return lds_num_small(c, lds_num_compare(a, b) == 0, out, loc);
    case OP_NE: return lds_num_small(c, lds_num_compare(a, b) != 0, out, loc);
    case OP_LT: return lds_num_small(c, lds_num_compare(a, b) < 0, out, loc);
    case OP_LE: return lds_num_small(c, lds_num_compare(a, b) <= 0, out, loc);
    case OP_GT: return lds_num_small(c, lds_num_compare(a, b) > 0, out, loc);
    case OP_GE: return lds_num_small(c, lds_num_compare(a, b) >= 0, out, loc);
    case OP_LAND: return lds_num_small(c, !lds_num_is_zero(a) && !lds_num_is_zero(b), out, loc);
    case OP_LOR: return lds_num_small(c, !lds_num_is_zero(a) || !lds_num_is_zero(b), out, loc);
    default:
        break;
    }
    int64_t r;
    if (!a->z && !b->z && !c->force_big && binary_small(op, a->i, b->i, &r))
        return lds_num_small(c, r, out, loc);
    if (op == OP_MUL && !lds_num_is_zero(a) && !lds_num_is_zero(b)
        && mpz_sizeinbase(lds_num_as_mpz(c, a), 2) + mpz_sizeinbase(lds_num_as_mpz(c, b), 2) > c->max_bits + 1)
        return lds_num_too_wide(c, loc);
    mpz_ptr z = lds_num_push(c);
    binary_big(op, z, lds_num_as_mpz(c, a), lds_num_as_mpz(c, b));
    return lds_num_finish(c, z, out, loc);
}

int lds_num_unary(lds_numctx *c, lds_op op, const lds_num *a, lds_num *out, lds_loc loc)
{
    if (op == OP_NOT)
        return lds_num_small(c, lds_num_is_zero(a), out, loc);
    if (!a->z && !c->force_big && (op == OP_COMPL || a->i != INT64_MIN))
        return lds_num_small(c, op == OP_NEG ? -a->i : ~a->i, out, loc);
    mpz_ptr z = lds_num_push(c);
    if (op == OP_NEG)
        mpz_neg(z, lds_num_as_mpz(c, a));
    else
        mpz_com(z, lds_num_as_mpz(c, a));
    return lds_num_finish(c, z, out, loc);
}

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
