/* front/linlayout.h - Triton's linear layouts (lib/Tools/LinearLayout.cpp):
 * a map from the bits of its inputs (a thread's register, lane, warp and
 * block, or a shared-memory offset) to a tensor's coordinates, each input
 * bit adding (by XOR) its basis vector to the coordinates.  Every Triton
 * layout is one; TTGIR writes the general ones out as
 *
 *   #ttg.linear<{register = [[0, 1], ...], lane = [...], warp = [...], block = []}>
 *   #ttg.shared_linear<{offset = [[0, 1], ...], block = []}, alignment = 16>
 *
 * Read here, inverted (a coordinate to the offset that holds it) and
 * written as lds expressions of the bits of named values, for the lds
 * language (src/parse_ttgir.c, src/parse_fragment.c) and the TTGIR reader
 * (front/ttgir/) alike. */
#ifndef LDS_LINLAYOUT_H
#define LDS_LINLAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

/* At most: tensor dimensions, and bases (input bits) per input. */
#define LDS_LL_MAX_RANK 6
#define LDS_LL_MAX_BASES 40

/* The inputs, ORDER LL_IN (names in lds_ll_in_name). */
typedef enum { LDS_LL_REGISTER, LDS_LL_LANE, LDS_LL_WARP, LDS_LL_BLOCK, LDS_LL_OFFSET, LDS_LL_NIN } lds_ll_in;

typedef struct {
    unsigned rank;                /* tensor dimensions (0: none read yet) */
    unsigned n[LDS_LL_NIN];       /* bases of each input: it has 2^n values */
    int64_t b[LDS_LL_NIN][LDS_LL_MAX_BASES][LDS_LL_MAX_RANK];
} lds_ll;

const char *lds_ll_in_name(lds_ll_in in);

/* The attribute body at text[0..len), from its '{': the named bases,
 * each list of rank integers, every list alike; what follows the '}'
 * (", alignment = 16") is left to the caller: *used gets the length up
 * to and with the '}'.  false with a message in err (size nerr). */
bool lds_ll_parse(const char *text, size_t len, lds_ll *ll, size_t *used, char *err, size_t nerr);

/* The size of dimension d: the power of two above every coordinate any
 * input reaches (1 if none). */
int64_t lds_ll_dim_size(const lds_ll *ll, unsigned d);

/* The coordinates of input values in[LDS_LL_NIN] (each below 2^n). */
void lds_ll_apply(const lds_ll *ll, const uint64_t *in, int64_t *coord);

/* Input `in` made a function of the coordinates: for each dimension d
 * and bit k of a coordinate below shape[d] (powers of two), inv[d][k],
 * the input value that reaches coordinate 2^k of d alone (its other
 * bits 0 where bases are zero or repeat).  false with a message when
 * some coordinate is reached by no input value, or a basis leaves the
 * shape. */
bool lds_ll_invert(const lds_ll *ll, lds_ll_in in, const int64_t *shape, int64_t inv[][LDS_LL_MAX_BASES],
                   char *err, size_t nerr);

/* One value's bits in an expression: what bit k of the lds expression
 * `var` (0 <= var < 2^nbits) adds to the result, bit[k] (0: nothing). */
typedef struct {
    const char *var;
    const int64_t *bit;
    unsigned nbits;
} lds_ll_term;

/* The XOR of every term's bits as lds text: runs of consecutive bits
 * whose values double as one field ("tid / 4 % 8 * 2"), fields joined
 * by '+' where no two can share a bit, else by '^' (in parentheses); "0"
 * for nothing. */
void lds_ll_text(lds_buf *b, const lds_ll_term *t, unsigned nt);

/* log2 of a power of two; -1 otherwise. */
int lds_ll_log2(int64_t v);

#endif
