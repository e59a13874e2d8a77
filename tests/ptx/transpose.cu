// A matrix transpose through a padded shared tile, in the style of the
// CUDA samples' transposeCoalesced: 32x8 threads move a 32x32 tile, each
// thread four rows (the loop is unrolled by nvcc).  Written for lds-calc's
// tests.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposeNaive(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int x = threadIdx.x, y = threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[y + j][x] = idata[(y + j) * TILE_DIM + x];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * TILE_DIM + x] = tile[x][y + j];
}
