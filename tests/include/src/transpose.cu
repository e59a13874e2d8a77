#include <cuda_runtime.h>
#include "tile.h"
#include "local.h"
#include "tile.h"
#include "local.h"
#include "nested/outer.h"
#include "missing.h"
#define HEADER "tile.h"
#include HEADER

__global__ void transpose(const float *in, float *out)
{
    __shared__ float t[TILE][TILE + 1];
    store_col(&t[0][0], threadIdx.x, threadIdx.y, in[threadIdx.y * TILE + threadIdx.x]);
    __syncthreads();
    out[threadIdx.y * TILE + threadIdx.x] = t[threadIdx.y][threadIdx.x * SCALE % TILE] + BIAS;
}
