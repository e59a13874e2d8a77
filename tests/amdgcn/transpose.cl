#include "clmin.h"
#define TILE 32
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void transpose(__global float *out, __global const float *in, int width)
{
    __local float tile[TILE][TILE + 1];
    int x = get_group_id(0) * TILE + get_local_id(0);
    int y = get_group_id(1) * TILE + get_local_id(1);
    for (int j = 0; j < TILE; j += 8)
        tile[get_local_id(1) + j][get_local_id(0)] = in[(y + j) * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TILE + get_local_id(0);
    y = get_group_id(0) * TILE + get_local_id(1);
    for (int j = 0; j < TILE; j += 8)
        out[(y + j) * width + x] = tile[get_local_id(0)][get_local_id(1) + j];
}
