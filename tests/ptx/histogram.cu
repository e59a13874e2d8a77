// A shared-memory histogram in the style of the CUDA samples' histogram256:
// clear the bins, count with atomics whose bin is read from memory (data),
// count the thread's own bin with a red (the result unused), then add the
// bins to global memory with atomics.  Written for lds-calc's tests.
#define BINS 256

__global__ void histogram(const unsigned char *in, unsigned int *out, int n)
{
    __shared__ unsigned int bins[BINS];
    bins[threadIdx.x] = 0;
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        atomicAdd(&bins[in[i]], 1u);
    atomicAdd(&bins[(threadIdx.x * 17) % BINS], 1u);
    unsigned int old = atomicMax(&bins[threadIdx.x / 8], threadIdx.x);
    __syncthreads();
    atomicAdd(&out[threadIdx.x], bins[threadIdx.x] + old);
}
