#include "clmin.h"
/* A column sum over a parameter's rows (a loop the compiler keeps), and
 * a tile read in a loop of 4 it unrolls. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void colsum(__global const float *in, __global float *out, int rows)
{
    __local float tile[64][65];
    uint lid = get_local_id(0);
    for (int r = 0; r < 64; r++)
        tile[r][lid] = in[r * 64 + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (int k = 0; k < rows; k++)
        acc += tile[lid][k];
    for (int u = 0; u < 4; u++)
        acc += tile[u * 16][lid];
    out[get_group_id(0) * 64 + lid] = acc;
}
