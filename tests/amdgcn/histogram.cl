#include "clmin.h"
/* A histogram in LDS: ds_add_u32 on a bin each lane's id picks, cleared
 * with byte stores first. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void histogram(__global uint *bins, uint stride)
{
    __local uint hist[256];
    __local uchar flags[64];
    uint lid = get_local_id(0);
    flags[lid] = 0;
    hist[lid] = 0;
    hist[lid + 64] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&hist[(lid * stride) & 255], 1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    bins[get_group_id(0) * 64 + lid] = hist[lid] + flags[lid];
}
