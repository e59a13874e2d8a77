/* src/address.h - the byte address of an access target for one lane:
 * the element's indices (each checked against its dimension), the
 * layout function, the anonymous array or the raw address; then the
 * alignment and the size of shared memory. */
#ifndef LDS_ADDRESS_H
#define LDS_ADDRESS_H

#include <stdint.h>

#include "sim/profile.h"
#include "src/ast.h"
#include "src/eval.h"
#include "src/lanes.h"

typedef struct {
    const lds_target *t;              /* resolved */
    const lds_sim_profile *profile;
    unsigned width, elem_size;        /* bytes per address; of an element */
    lds_eval *ev;                     /* at the lane; errors go to its diag */
    unsigned align;                   /* the instruction's own alignment
                                         (0: the width's on the profile) */
    uint64_t reach;                   /* bytes from the address the access
                                         touches: ds_read2's second address
                                         + width (0: width) */
    bool global;                      /* in global memory: the space is
                                         LDS_GLOBAL_BYTES, not shared memory */
} lds_address_ctx;

/* The element offset of array element idx[0..n), each index already
 * within its dimension: the layout's (checked against the array's
 * elements) or row-major.  0, or -1 with ev's diag set at loc. */
int lds_element_offset(lds_eval *ev, const struct lds_sym *array, const int64_t *idx, unsigned n, lds_loc loc,
                       int64_t *off);

/* The bytes an address of this access must be a multiple of. */
unsigned lds_address_alignment(const lds_address_ctx *c);

/* The address for the lane ev->env is at.  Returns 0, or -1 with the
 * evaluator's diag set (the caller adds where: lane, loop values). */
int lds_target_address(const lds_address_ctx *c, uint64_t *out);

/* The addresses of every active lane of an instruction from the values
 * the lane-vector program gave (src/lanes.h), with the same checks.
 * Returns 0, or -1 if a lane fails one (nothing reported: the caller
 * evaluates the instruction lane by lane, which says why). */
int lds_target_addresses(const lds_address_ctx *c, const lds_lanes_out *v, unsigned nlanes, uint64_t *addr);

#endif
