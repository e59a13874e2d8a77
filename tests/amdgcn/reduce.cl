#include "clmin.h"
/* A tree reduction in LDS: the halving loop is unrolled (a constant
 * trip count), each step predicated on the lanes below the stride. */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce(__global const float *in, __global float *out)
{
    __local float part[256];
    unsigned lid = get_local_id(0);
    part[lid] = in[get_group_id(0) * 256 + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned s = 128; s > 0; s >>= 1) {
        if (lid < s)
            part[lid] += part[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = part[0];
}
