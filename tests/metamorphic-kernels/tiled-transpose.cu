// lds-calc: --threads 32,8 -D width=2048 -D height=2048
// Two transposes through shared memory: a flat 32x32 tile whose columns
// are XOR-swizzled by row instead of padded, each thread starting at its
// own row; and a tile of float2 pairs, padded by one pair.  Written for
// lds-calc's metamorphic tests.
#define TILE 32
#define ROWS 8

__global__ void transposeSwizzled(float *dst, const float *src, int width, int height)
{
    __shared__ float buf[TILE * TILE];
    int bx = blockIdx.x * TILE, by = blockIdx.y * TILE;
    int tx = threadIdx.x;
    for (int r = threadIdx.y; r < TILE; r += ROWS)
        buf[r * TILE + (tx ^ r)] = src[(by + r) * width + bx + tx];
    __syncthreads();
    for (int r = threadIdx.y; r < TILE; r += ROWS)
        dst[(bx + r) * height + by + tx] = buf[tx * TILE + (r ^ tx)];
}

__global__ void transposePairs(float2 *dst, const float2 *src, int width)
{
    __shared__ float2 pairs[TILE][TILE + 1];
    int col = blockIdx.x * TILE + threadIdx.x;
    int row = blockIdx.y * TILE + threadIdx.y * 4;
    for (int k = 0; k < 4; k++)
        pairs[threadIdx.y * 4 + k][threadIdx.x] = src[(row + k) * width + col];
    __syncthreads();
    col = blockIdx.y * TILE + threadIdx.x;
    row = blockIdx.x * TILE + threadIdx.y * 4;
    for (int k = 0; k < 4; k++)
        dst[(row + k) * width + col] = pairs[threadIdx.x][threadIdx.y * 4 + k];
}
