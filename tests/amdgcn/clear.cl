#include "clmin.h"
/* Lanes stride over a parameter's count: a loop whose trips differ
 * between lanes (exec masks it), and a predicated store. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void clear(__global uint *out, uint n)
{
    __local uint buf[1024];
    uint lid = get_local_id(0);
    for (uint i = lid; i < n; i += 64)
        buf[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32)
        buf[lid * 2] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[lid] = buf[lid];
}
