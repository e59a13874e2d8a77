//@ lang=hip
#include <hip/hip_runtime.h>
__global__ void __launch_bounds__(256) scale(float *out, const float *in, int n) {
  __shared__ float buf[256 * 2];
  int t = hipThreadIdx_x;
  buf[2 * t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = buf[2 * t] * 2.0f;
}
