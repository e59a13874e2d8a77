// lds-calc: --threads 256 -D nbins=64
// A per-block histogram with shared-memory atomics, its bins cleared and
// flushed by a strided loop, in the style of rocPRIM's block histogram.
// Written for lds-calc's metamorphic tests.
#include <hip/hip_runtime.h>

__global__ void blockHistogram(const unsigned int *keys, unsigned int *bins, int nbins)
{
    __shared__ unsigned int local[256];
    int tid = threadIdx.x;
    for (int i = tid; i < nbins; i += blockDim.x)
        local[i] = 0;
    __syncthreads();
    unsigned int key = keys[blockIdx.x * blockDim.x + tid];
    atomicAdd(&local[(tid * 3) % nbins], 1u);
    atomicAdd(&local[tid % 32], key & 1u);
    __syncthreads();
    for (int i = tid; i < nbins; i += blockDim.x)
        atomicAdd(&bins[i], local[i]);
}
