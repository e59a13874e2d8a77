/* src/divconst.c - the constants of src/divconst.h. */
#include "src/divconst.h"

lds_divconst lds_divconst_of(int64_t d)
{
    lds_divconst c = { d, d < 0 ? 0 - (uint64_t)d : (uint64_t)d, 0, 0 };
    if ((c.ad & (c.ad - 1)) == 0) {   /* 2^s: a shift (|d| = 1 included) */
        c.shift = (unsigned)__builtin_ctzll(c.ad);
        return c;
    }
#if defined(__SIZEOF_INT128__)
    unsigned l = 64 - (unsigned)__builtin_clzll(c.ad - 1);   /* ceil(log2 |d|), 2..64 */
    lds_u128 two_l = (lds_u128)1 << l;
    c.magic = (uint64_t)((((two_l - c.ad) << 64) / c.ad) + 1);
    c.shift = l - 1;
#else
    c.magic = 1;   /* unused: lds_divconst_udiv divides */
#endif
    return c;
}
