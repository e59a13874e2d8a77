/* src/divconst.c - the constants of src/divconst.h. */
#include "src/divconst.h"

lds_divconst lds_divconst_of(int64_t d)
{
    lds_divconst c = { d, d < 0 ? 0 - (uint64_t)d : (uint64_t)d, 0, 0, 0 };
    if ((c.ad & (c.ad - 1)) == 0) {   /* 2^s: a shift (|d| = 1 included) */
        c.shift = (unsigned)__builtin_ctzll(c.ad);
        return c;
    }
#if defined(__SIZEOF_INT128__)
    unsigned l = 64 - (unsigned)__builtin_clzll(c.ad - 1);   /* ceil(log2 |d|), 2..64 */
    lds_u128 two_l = (lds_u128)1 << l;
    c.magic = (uint64_t)((((two_l - c.ad) << 64) / c.ad) + 1);
    c.shift = l - 1;
    /* 2^(63+l) / |d| + 1 < 2^64 (|d| > 2^(l-1)); l is at most 63 here
     * (|d| <= 2^63 and not a power of two) */
    c.magic63 = (uint64_t)((((lds_u128)1 << (63 + l)) / c.ad) + 1);
#else
    c.magic = 1;   /* unused: lds_divconst_udiv divides */
#endif
    return c;
}
