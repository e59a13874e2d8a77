//@ lang=cuda threads=32,32 define=M=1024 define=N=1024 define=K=1024
template<int TILE_SIZE = 32>
__global__ void sgemm_bank_free_kernel(
    const float* A, const float* B, float* C,
    int M, int N, int K)
{
    // KEY CHANGE: +1 padding eliminates bank conflicts
    __shared__ float As[TILE_SIZE][TILE_SIZE + 1];
    __shared__ float Bs[TILE_SIZE][TILE_SIZE + 1];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE_SIZE + ty;
    int col = blockIdx.x * TILE_SIZE + tx;

    float sum = 0.0f;
    int num_tiles = (K + TILE_SIZE - 1) / TILE_SIZE;

    for (int t = 0; t < num_tiles; ++t) {
        // Load tiles (same as tiled kernel)
        int a_col = t * TILE_SIZE + tx;
        int b_row = t * TILE_SIZE + ty;

        if (row < M && a_col < K)
            As[ty][tx] = A[row * K + a_col];
        else
            As[ty][tx] = 0.0f;

        if (b_row < K && col < N)
            Bs[ty][tx] = B[b_row * N + col];
        else
            Bs[ty][tx] = 0.0f;

        __syncthreads();

        // Compute tile multiplication
        // NO BANK CONFLICTS HERE!
        for (int k = 0; k < TILE_SIZE; ++k) {
            sum += As[ty][k] * Bs[k][tx];
        }

        __syncthreads();
    }

    if (row < M && col < N) {
        C[row * N + col] = sum;
    }
}
