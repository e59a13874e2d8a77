// A HIP scan step in a .cpp file: hipcc compiles it as HIP, and so does
// lds-calc when the build says hipcc.  TILE comes from the build's -D.
#include <hip/hip_runtime.h>
#include <rocprim/block/block_scan.hpp>
#include <fancy/tuning.h>

__global__ void scan_step(int *data)
{
    __shared__ int buf[TILE + TILE / 32];
    int i = threadIdx.x;
    buf[i + i / 32] = data[blockIdx.x * TILE + i];
    __syncthreads();
    if (i >= 1)
        data[blockIdx.x * TILE + i] = buf[i + i / 32] + buf[(i - 1) * TUNED_STRIDE];
}
