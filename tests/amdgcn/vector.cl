#include "clmin.h"
/* Two adjacent reads the compiler merges into one 8-byte access. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void pairs(__global const float *in, __global float *out)
{
    __local float buf[128];
    uint lid = get_local_id(0);
    buf[lid] = in[lid];
    buf[lid + 64] = in[lid + 64];
    barrier(CLK_LOCAL_MEM_FENCE);
    float a = buf[2 * lid];
    float b = buf[2 * lid + 1];
    out[lid] = a + b;
}
