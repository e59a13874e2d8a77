// Transposing a matrix through shared memory, two ways: a 32 x 32 tile
// (the column read is a 32-way bank conflict) and the same tile padded
// by one float a row (conflict-free).  A thread block of 32 x 8 threads
// moves the tile in four passes of eight rows.
//
//   lds-calc -f examples/transpose.cu --threads 32,8 -D n=1024
//   lds-calc -f examples/transpose.cu --threads 32,8 -D n=1024 --format diagnostics
#define TILE 32
#define ROWS 8

__global__ void __launch_bounds__(TILE * ROWS) transpose_naive(float *out, const float *in, int n)
{
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void __launch_bounds__(TILE * ROWS) transpose_padded(float *out, const float *in, int n)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
