#include "hipmin.h"
#define TILE 32
/* A tile transpose through LDS, padded by one column. */
__global__ __launch_bounds__(256) void transpose(float *out, const float *in, int width)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
