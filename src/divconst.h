/* src/divconst.h - int64 division and remainder by a divisor fixed in
 * advance, through a multiply and shifts instead of a hardware divide (a
 * 64-bit divide costs 20-90 cycles; an index such as `% 1000003` divides
 * once per lane per instruction).  C's semantics: the quotient truncates
 * toward zero, the remainder has the dividend's sign.
 *
 * The unsigned step is Granlund and Montgomery's, "Division by Invariant
 * Integers using Multiplication" (PLDI 1994), figure 4.1: for a divisor d
 * that is not a power of two, l = ceil(log2 d) and
 * m = floor(2^64 (2^l - d) / d) + 1, then for every n < 2^64
 * floor(n / d) = (t + ((n - t) >> 1)) >> (l - 1), t = floor(m n / 2^64).
 * The signed quotient divides |n| by |d| and puts the sign back.
 *
 * A dividend below 2^63 (a non-negative int64: nearly every index) needs
 * less: with N = 63, m63 = floor(2^(N+l) / d) + 1 < 2^64 and
 * floor(n / d) = floor(m63 n / 2^(N+l)) for every n < 2^N (the same
 * paper, theorem 4.2: 2^(N+l) < m63 d <= 2^(N+l) + 2^l), one multiply and
 * one shift, without the add and halving of the 64-bit step. */
#ifndef LDS_DIVCONST_H
#define LDS_DIVCONST_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int64_t d;          /* the divisor: not 0, not -1 */
    uint64_t ad;        /* |d| */
    uint64_t magic;     /* m, or 0 when |d| is a power of two */
    unsigned shift;     /* l - 1, or log2 |d| for a power of two */
    uint64_t magic63;   /* m63, for dividends below 2^63 (with magic) */
} lds_divconst;

/* The constants for divisor d (d != 0, d != -1). */
lds_divconst lds_divconst_of(int64_t d);

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 lds_u128;

static inline uint64_t lds_divconst_udiv(const lds_divconst *c, uint64_t n)
{
    if (!c->magic)
        return n >> c->shift;
    uint64_t t = (uint64_t)(((lds_u128)c->magic * n) >> 64);
    return (t + ((n - t) >> 1)) >> c->shift;
}

/* floor(n / |d|) for n < 2^63 (bit 63 clear), |d| not a power of two
 * (c->magic set): one multiply and a shift. */
static inline uint64_t lds_divconst_udiv63(const lds_divconst *c, uint64_t n)
{
    return (uint64_t)(((lds_u128)c->magic63 * n) >> 64) >> c->shift;
}
#else
static inline uint64_t lds_divconst_udiv(const lds_divconst *c, uint64_t n)
{
    return n / c->ad;   /* no 128-bit product here: the plain divide */
}

static inline uint64_t lds_divconst_udiv63(const lds_divconst *c, uint64_t n)
{
    return n / c->ad;
}
#endif

/* n / d, truncated toward zero, as C computes it. */
static inline int64_t lds_divconst_div(const lds_divconst *c, int64_t n)
{
    uint64_t an = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
    uint64_t q = lds_divconst_udiv(c, an);
    return (n < 0) != (c->d < 0) ? (int64_t)(0 - q) : (int64_t)q;
}

/* n % d, with the sign of n, as C computes it. */
static inline int64_t lds_divconst_mod(const lds_divconst *c, int64_t n)
{
    uint64_t an = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
    uint64_t r = an - lds_divconst_udiv(c, an) * c->ad;
    return n < 0 ? (int64_t)(0 - r) : (int64_t)r;
}

#endif
