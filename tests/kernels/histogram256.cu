// A 256-bin histogram in the manner of the CUDA samples' histogram256:
// each warp counts into a sub-histogram of its own in shared memory,
// reached through a pointer, and the bin a byte of the input names is
// a pointer plus that byte.  The bin is read from global memory, so
// lds-calc cannot know it: every such access is a record "not modelled",
// with why, never dropped.  Written for lds-calc's tests.
#define BIN_COUNT 256
#define WARP_COUNT 6
#define BLOCK_SIZE (WARP_COUNT * 32)

typedef unsigned int uint;

__device__ inline void addByte(uint *s_WarpHist, uint data)
{
    atomicAdd(s_WarpHist + data, 1);
}

__global__ void histogram256(uint *d_Partial, const uint *d_Data, uint dataCount)
{
    __shared__ uint s_Hist[WARP_COUNT * BIN_COUNT];
    uint *s_WarpHist = s_Hist + (threadIdx.x >> 5) * BIN_COUNT;
    for (uint i = 0; i < WARP_COUNT * BIN_COUNT / BLOCK_SIZE; i++)
        *(s_Hist + threadIdx.x + i * BLOCK_SIZE) = 0;
    __syncthreads();
    for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount; pos += blockDim.x * gridDim.x) {
        uint data = d_Data[pos];
        addByte(s_WarpHist, (data >> 0) & 0xFFU);
        atomicAdd(s_Hist + (data >> 24), 1);
        atomicAdd(&s_Hist[(data >> 8) & 0xFFU], 1);
    }
    __syncthreads();
    uint sum = 0;
    for (uint i = 0; i < WARP_COUNT; i++)
        sum += *(s_Hist + threadIdx.x + i * BIN_COUNT);
    d_Partial[blockIdx.x * BIN_COUNT + threadIdx.x] = sum;
}

// Marks which keys a block has seen, then reads its own key's flag back:
// a write and a read through a pointer moved by a loaded value.
__global__ void markSeen(uint *d_Seen, const uint *d_Keys)
{
    __shared__ uint s_Flags[BIN_COUNT];
    uint *flags = s_Flags;
    for (uint i = threadIdx.x; i < BIN_COUNT; i += blockDim.x)
        *(flags + i) = 0;
    __syncthreads();
    uint key = d_Keys[threadIdx.x] & 0xFFU;
    *(flags + key) = 1;
    __syncthreads();
    uint mine = *(flags + key);
    atomicAdd(d_Seen + key, mine);
    *(d_Seen + BIN_COUNT + key) = mine;
}
