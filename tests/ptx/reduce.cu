// A tree reduction in shared memory in the style of the CUDA samples'
// reduce3: each thread adds two elements on the way in, then halves the
// active threads each step.  Written for lds-calc's tests.
__global__ void reduce3(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    float mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockDim.x < n)
        mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_odata[blockIdx.x] = mySum;
}
