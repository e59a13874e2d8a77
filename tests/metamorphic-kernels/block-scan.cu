// lds-calc: --threads 128
// A work-efficient (Blelloch) scan of 256 elements by 128 threads, with
// the conflict-free offset of GPU Gems 3 as a helper.  Written for
// lds-calc's metamorphic tests.
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5

__device__ int conflictFreeOffset(int n)
{
    return n >> LOG_NUM_BANKS;
}

__global__ void blockScan(float *out, const float *in)
{
    __shared__ float temp[256 + 256 / NUM_BANKS];
    int thid = threadIdx.x;
    int ai = thid;
    int bi = thid + 128;
    temp[ai + conflictFreeOffset(ai)] = in[ai];
    temp[bi + conflictFreeOffset(bi)] = in[bi];
    int offset = 1;
    for (int d = 128; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += conflictFreeOffset(a);
            b += conflictFreeOffset(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0)
        temp[255 + conflictFreeOffset(255)] = 0;
    __syncthreads();
    out[ai] = temp[ai + conflictFreeOffset(ai)];
    out[bi] = temp[bi + conflictFreeOffset(bi)];
}
