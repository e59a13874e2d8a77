/* src/builtins.c - the built-in functions of numbers. */
#include "src/builtins.h"

#include <stdio.h>
#include <string.h>

#include "base/limits.h"

static const lds_builtin_info builtins[] = {
    { "min", F_MIN, 1, 1u << 20, 0 }, { "max", F_MAX, 1, 1u << 20, 0 }, { "abs", F_ABS, 1, 1, 0 },
    { "gcd", F_GCD, 2, 2, 0 }, { "lcm", F_LCM, 2, 2, 0 }, { "log2", F_LOG2, 1, 1, 0 },
    { "popcount", F_POPCOUNT, 1, 1, 0 }, { "pow", F_POW, 2, 2, 0 }, { "swizzle", F_SWIZZLE, 4, 4, 0 },
    { "get_local_id", F_LOCAL_ID, 1, 1, LDS_DEP_LANE | LDS_DEP_WAVE },
    { "get_group_id", F_GROUP_ID, 1, 1, LDS_DEP_GROUP },
    { "get_local_size", F_LOCAL_SIZE, 1, 1, 0 },
    /* last: the names cannot be written, only the parser makes calls */
    { "(cast)", F_CAST, 2, 2, 0 },
    { "(value index)", F_VALUE_INDEX, 2, 2, 0 },
    { "(warp lanes)", F_WARP_LANES, 2, 2, 0 },
};
#define NINTERNAL 3
#define NBUILTINS (sizeof builtins / sizeof builtins[0])

const lds_builtin_info *lds_builtin_find(const char *name)
{
    for (size_t i = 0; i < NBUILTINS; i++)
        if (!strcmp(builtins[i].name, name))
            return &builtins[i];
    return NULL;
}

const lds_builtin_info *lds_builtin_at(unsigned i)
{
    return i < NBUILTINS - NINTERNAL ? &builtins[i] : NULL;
}

bool lds_builtin_check_passes(lds_builtin fn, int64_t k, int64_t lo, int64_t hi)
{
    if (fn == F_VALUE_INDEX)
        return lo >= 0 && hi < k;
    if (fn != F_CAST || k < 2)
        return false;
    unsigned bits = (unsigned)(k / 2);
    if (k & 1)   /* signed */
        return bits >= 64 || (lo >= -((int64_t)1 << (bits - 1)) && hi < ((int64_t)1 << (bits - 1)));
    return lo >= 0 && (bits >= 64 || hi < ((int64_t)1 << bits));
}

/* A number for a message: its digits, or its size when it is long. */
static void show_number(mpz_srcptr x, char *buf, size_t size)
{
    if (mpz_sizeinbase(x, 10) > 40)
        snprintf(buf, size, "a %zu-bit number", mpz_sizeinbase(x, 2));
    else
        gmp_snprintf(buf, size, "%Zd", x);
}

/* A C cast keeps the value when it fits the type; where C would wrap
 * it (or it is implementation-defined), lds-calc says so rather than
 * compute a number the kernel might not. */
static int cast(lds_numctx *c, const lds_num *v, lds_num *out, lds_loc loc)
{
    long code = mpz_get_si(lds_num_as_mpz(c, &v[1]));
    unsigned long bits = (unsigned long)code / 2;
    int is_signed = (int)(code & 1);
    mpz_t lo, hi;
    mpz_inits(lo, hi, NULL);
    if (is_signed) {
        mpz_ui_pow_ui(hi, 2, bits - 1);
        mpz_neg(lo, hi);
    } else {
        mpz_ui_pow_ui(hi, 2, bits);
    }
    mpz_sub_ui(hi, hi, 1);
    mpz_srcptr x = lds_num_as_mpz(c, &v[0]);
    int fits = mpz_cmp(x, lo) >= 0 && mpz_cmp(x, hi) <= 0;
    mpz_clears(lo, hi, NULL);
    if (!fits) {
        char shown[48];
        show_number(x, shown, sizeof shown);
        lds_diag_set(c->diag, loc,
                     "a cast of %s to a %lu-bit %s integer would change it (C wraps it); lds-calc keeps values exact",
                     shown, bits, is_signed ? "signed" : "unsigned");
        return -1;
    }
    *out = v[0];
    return 0;
}

/* A fragment's value index v of `values` (NAME.row(t, v)): a v outside
 * 0..values-1 would wrap into another value's element. */
static int value_index(lds_numctx *c, const lds_num *v, lds_num *out, lds_loc loc)
{
    mpz_srcptr x = lds_num_as_mpz(c, &v[0]), n = lds_num_as_mpz(c, &v[1]);
    if (mpz_sgn(x) < 0 || mpz_cmp(x, n) >= 0) {
        char shown[48];
        show_number(x, shown, sizeof shown);
        lds_diag_set(c->diag, loc, "value index %s is outside this fragment's 0..%ld (it holds %ld values a thread)",
                     shown, mpz_get_si(n) - 1, mpz_get_si(n));
        return -1;
    }
    *out = v[0];
    return 0;
}

/* A fragment's lanes a warp against the profile's wave: a layout made
 * for another warp size puts lanes where the hardware has none. */
static int warp_lanes(lds_numctx *c, const lds_num *v, lds_num *out, lds_loc loc)
{
    mpz_srcptr lanes = lds_num_as_mpz(c, &v[0]), wave = lds_num_as_mpz(c, &v[1]);
    if (mpz_cmp(lanes, wave) != 0) {
        lds_diag_set(c->diag, loc, "this fragment's layout spreads a warp over %ld lanes, but the profile's waves have "
                                   "%ld lanes (wave%ld): it is a layout for another warp size",
                     mpz_get_si(lanes), mpz_get_si(wave), mpz_get_si(wave));
        return -1;
    }
    *out = v[0];
    return 0;
}

static int gcd_lcm(lds_numctx *c, lds_builtin fn, const lds_num *a, const lds_num *b, lds_num *out, lds_loc loc)
{
    mpz_ptr z = lds_num_push(c);
    mpz_srcptr za = lds_num_as_mpz(c, a), zb = lds_num_as_mpz(c, b);
    if (fn == F_GCD)
        mpz_gcd(z, za, zb);
    else
        mpz_lcm(z, za, zb);
    return lds_num_finish(c, z, out, loc);
}

static int power(lds_numctx *c, const lds_num *a, const lds_num *n, lds_num *out, lds_loc loc)
{
    unsigned long k;
    if (lds_num_sign(n) < 0) {
        lds_diag_set(c->diag, loc, "pow() of a negative exponent");
        return -1;
    }
    mpz_srcptr za = lds_num_as_mpz(c, a);
    int trivial = mpz_cmpabs_ui(za, 1) <= 0;
    if (!lds_num_to_ulong(n, &k) || (!trivial && (k > c->max_bits
        || (double)k * (double)(mpz_sizeinbase(za, 2) - 1) > (double)c->max_bits))) {
        if (trivial) {   /* 0, 1, -1 to a huge power */
            int odd = n->z ? mpz_odd_p(n->z) : (n->i & 1);
            return lds_num_small(c, mpz_sgn(za) == 0 ? 0 : (mpz_sgn(za) < 0 && odd) ? -1 : 1, out, loc);
        }
        return lds_num_too_wide(c, loc);
    }
    mpz_ptr z = lds_num_push(c);
    mpz_pow_ui(z, za, k);
    return lds_num_finish(c, z, out, loc);
}

/* CuTe Swizzle<B,M,S>: x ^ ((x & yyy_mask) >> S), with yyy_mask =
 * ((1<<B)-1) << (M + max(0,S)); a negative S shifts the other way. */
static int swizzle(lds_numctx *c, const lds_num *v, lds_num *out, lds_loc loc)
{
    lds_num one, mask, bits, t;
    int64_t b, m, s;
    if (!lds_num_to_int64(&v[0], &b) || !lds_num_to_int64(&v[1], &m) || !lds_num_to_int64(&v[2], &s) || b < 0
        || b > LDS_SWIZZLE_MAX_BITS || m < 0 || m > LDS_SWIZZLE_MAX_BITS || s < -LDS_SWIZZLE_MAX_BITS
        || s > LDS_SWIZZLE_MAX_BITS) {
        lds_diag_set(c->diag, loc, "swizzle(B, M, S, x): B and M must be in 0..%d, S in -%d..%d",
                     LDS_SWIZZLE_MAX_BITS, LDS_SWIZZLE_MAX_BITS, LDS_SWIZZLE_MAX_BITS);
        return -1;
    }
    if (lds_num_small(c, 1, &one, loc) < 0 || lds_num_shift_left(c, &one, (unsigned long)b, &t, loc) < 0)
        return -1;
    if (lds_num_small(c, -1, &one, loc) < 0 || lds_num_binary(c, OP_ADD, &t, &one, &mask, loc) < 0)
        return -1;
    if (lds_num_shift_left(c, &mask, (unsigned long)(m + (s > 0 ? s : 0)), &t, loc) < 0
        || lds_num_binary(c, OP_AND, &v[3], &t, &bits, loc) < 0)
        return -1;
    if ((s >= 0 ? lds_num_shift_right(c, &bits, (unsigned long)s, &t, loc)
                : lds_num_shift_left(c, &bits, (unsigned long)-s, &t, loc)) < 0)
        return -1;
    return lds_num_binary(c, OP_XOR, &v[3], &t, out, loc);
}

int lds_builtin_apply(lds_numctx *c, lds_builtin fn, const lds_num *v, lds_num *out, lds_loc loc)
{
    switch (fn) {
    case F_ABS:
        if (lds_num_sign(&v[0]) < 0)
            return lds_num_unary(c, OP_NEG, &v[0], out, loc);
        *out = v[0];
        return 0;
    case F_GCD:
    case F_LCM:
        return gcd_lcm(c, fn, &v[0], &v[1], out, loc);
    case F_LOG2:
        if (lds_num_sign(&v[0]) <= 0) {
            lds_diag_set(c->diag, loc, "log2() of a number that is not positive");
            return -1;
        }
        return lds_num_small(c, (int64_t)mpz_sizeinbase(lds_num_as_mpz(c, &v[0]), 2) - 1, out, loc);
    case F_POPCOUNT:
        if (lds_num_sign(&v[0]) < 0) {
            lds_diag_set(c->diag, loc, "popcount() of a negative number");
            return -1;
        }
        return lds_num_small(c, (int64_t)mpz_popcount(lds_num_as_mpz(c, &v[0])), out, loc);
    case F_POW:
        return power(c, &v[0], &v[1], out, loc);
    case F_SWIZZLE:
        return swizzle(c, v, out, loc);
    case F_CAST:
        return cast(c, v, out, loc);
    case F_VALUE_INDEX:
        return value_index(c, v, out, loc);
    case F_WARP_LANES:
        return warp_lanes(c, v, out, loc);
    default:
        lds_diag_set(c->diag, loc, "internal error: built-in %d is not a function of numbers", (int)fn);
        return -1;
    }
}
