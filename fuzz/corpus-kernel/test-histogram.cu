//@ lang=cuda threads=128 define=n=4096
// A shared-memory histogram: clear the bins, count with atomics whose
// bin is read from memory (lds-calc cannot know it), then flush.
// Written for lds-calc's tests.
#define BINS 256

__global__ void histogram(const unsigned char *in, unsigned int *out, int n)
{
    __shared__ unsigned int bins[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        bins[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[in[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        atomicAdd(&out[b], bins[b]);
}
