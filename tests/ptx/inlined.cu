// A transpose through a tile declared at file scope and reached through
// small device helpers nvcc inlines: each access's .loc names the
// helper's line, inlined at the kernel's call.  Written for lds-calc's
// tests.
__shared__ float tile[32][33];

__device__ __forceinline__ float load_col(int row, int col) { return tile[row][col]; }

__device__ __forceinline__ void store_row(int row, int col, float v) { tile[row][col] = v; }

__global__ void helper(const float *in, float *out)
{
    int x = threadIdx.x, y = threadIdx.y;
    store_row(y, x, in[y * 32 + x]);
    __syncthreads();
    out[y * 32 + x] = load_col(x, y);
}
