// The tile loads of a register-blocked SGEMM in the style of the CUDA
// samples and siboehm's kernels: 256 threads load a 64x16 tile of A and
// a 16x64 tile of B per step as float4, A stored transposed, then each
// thread reads its 4x4 block of A and B as float4.  The K loop's bound is
// a parameter.  Written for lds-calc's tests.
#define BM 64
#define BN 64
#define BK 16

__global__ void sgemm_tile(int M, int N, int K, const float *A, const float *B, float *C)
{
    __shared__ float As[BK][BM];
    __shared__ __align__(16) float Bs[BK][BN];
    const int tid = threadIdx.x;
    const int rowA = tid / 4, colA = (tid % 4) * 4;
    const int rowB = tid / 16, colB = (tid % 16) * 4;
    const int ty = tid / 16, tx = tid % 16;
    A += blockIdx.y * BM * K;
    B += blockIdx.x * BN;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        float4 a = *reinterpret_cast<const float4 *>(&A[rowA * K + colA]);
        As[colA + 0][rowA] = a.x;
        As[colA + 1][rowA] = a.y;
        As[colA + 2][rowA] = a.z;
        As[colA + 3][rowA] = a.w;
        *reinterpret_cast<float4 *>(&Bs[rowB][colB]) = *reinterpret_cast<const float4 *>(&B[rowB * N + colB]);
        __syncthreads();
        A += BK;
        B += BK * N;
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float4 a4 = *reinterpret_cast<const float4 *>(&As[k][ty * 4]);
            float4 b4 = *reinterpret_cast<const float4 *>(&Bs[k][tx * 4]);
            float av[4] = { a4.x, a4.y, a4.z, a4.w }, bv[4] = { b4.x, b4.y, b4.z, b4.w };
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++)
                    acc[i][j] += av[i] * bv[j];
        }
        __syncthreads();
    }
    C += (blockIdx.y * BM + ty * 4) * N + blockIdx.x * BN + tx * 4;
#pragma unroll
    for (int i = 0; i < 4; i++)
        *reinterpret_cast<float4 *>(&C[i * N]) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
}
