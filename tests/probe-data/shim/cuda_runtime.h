/* tests/probe-data/shim/cuda_runtime.h - a stand-in for the CUDA runtime's
 * declarations (common.h says why). */
#define LDS_SHIM_API cuda
#include "common.h"
extern const __device__ uint3 threadIdx, blockIdx, blockDim;
__device__ size_t __cvta_generic_to_shared(const void *);
__device__ void __trap(void);
