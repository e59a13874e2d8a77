//@ lang=cuda threads=256 define=blockSize=256 define=sdata_size=256 define=n=65536
// a tree reduction in the style of the CUDA samples
template <unsigned int blockSize>
__global__ void reduce(const float *g_idata, float *g_odata, unsigned int n) {
  extern __shared__ float sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  float mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) {
      sdata[tid] = mySum = mySum + sdata[tid + s];
    }
    __syncthreads();
  }
  if ((blockSize >= 512) && (tid < 256)) {
    sdata[tid] = mySum = mySum + sdata[tid + 256];
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

__global__ void interleaved(float *g) {
  __shared__ float s[256];
  unsigned int tid = threadIdx.x;
  s[tid] = g[tid];
  __syncthreads();
  for (unsigned int k = 1; k < blockDim.x; k *= 2) {
    int index = 2 * k * tid;
    if (index < blockDim.x) {
      s[index] += s[index + k];
    }
    __syncthreads();
  }
}
