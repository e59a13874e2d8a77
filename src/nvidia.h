/* src/nvidia.h - NVIDIA's hardware layouts and asynchronous data paths
 * at run time (lds(5)): what a layout written for the hardware asks of
 * its array. */
#ifndef LDS_NVIDIA_H
#define LDS_NVIDIA_H

#include <stdint.h>

#include "src/interp.h"

/* The base of array statement s laid out by layout info li: auto placed
 * (at < 0) after `next`, aligned to the array's element and to what the
 * layout's byte swizzle needs; or `at`, checked against that.  Also checks
 * the element size a hardware layout was written for, and warns where a
 * swizzle on element offsets has the parameters of a byte swizzle.
 * 0, or -1 with in->diag set. */
int lds_nv_array_base(lds_interp *in, const lds_stmt *s, const lds_layout_info *li, int64_t at, uint64_t next,
                      uint64_t *base);

/* A data-path statement (s->u.access.nv: a bulk copy, a descriptor read)
 * run once for each workgroup into m, keeping its instructions in rec.
 * 0, or -1 with in->diag set. */
int lds_nv_run(lds_interp *in, const lds_stmt *s, lds_access_result *rec, lds_metrics *m);
/* tcgen05.ld/st: the lanes of tensor memory each warp reaches; no record.
 * 0, or -1 with in->diag set. */
int lds_nv_tmem_check(lds_interp *in, const lds_stmt *s);

#endif
