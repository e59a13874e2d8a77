// lds-calc: --threads 16,16 -D K=256 -D N=1024
// The inner loop of a shared-memory SGEMM: 16x16 tiles of A and B,
// staged with float loads, read along k, in the style of the CUDA
// programming guide's matrix multiply.  Written for lds-calc's
// metamorphic tests.
#define BS 16

__global__ void sgemmTile(const float *A, const float *B, float *C, int K, int N)
{
    __shared__ float As[BS][BS];
    __shared__ float Bs[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * BS + ty;
    int col = blockIdx.x * BS + tx;
    float acc = 0.0f;
    for (int t = 0; t < K; t += BS) {
        As[ty][tx] = A[row * K + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        __syncthreads();
        for (int k = 0; k < BS; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * N + col] = acc;
}
