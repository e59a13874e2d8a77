#include "clmin.h"
/* A tiled matrix product: 16 x 16 tiles of A and B in LDS, the k loop
 * over tiles bounded by the parameter n, the inner loop unrolled. */
#define T 16
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *a, __global const float *b, __global float *c, int n)
{
    __local float as[T][T];
    __local float bs[T][T];
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint row = get_group_id(1) * T + ty, col = get_group_id(0) * T + tx;
    float acc = 0.0f;
    for (int t = 0; t < n / T; t++) {
        as[ty][tx] = a[row * n + t * T + tx];
        bs[ty][tx] = b[(t * T + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < T; k++)
            acc += as[ty][k] * bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}
