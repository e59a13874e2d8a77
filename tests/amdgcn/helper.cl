#include "clmin.h"
/* A helper the compiler inlines: its store is reported at the helper's
 * line (the .loc the assembly carries). */
static inline void put(__local float *t, uint row, uint col, float v)
{
    t[row * 32 + col] = v;
}

__kernel __attribute__((reqd_work_group_size(32, 4, 1)))
void helper(__global const float *in, __global float *out)
{
    __local float t[128];
    uint x = get_local_id(0), y = get_local_id(1);
    put(t, y, x, in[y * 32 + x]);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[y * 32 + x] = t[x * 4 + y];
}
