// A warp loads 16x16 f16 fragments of a 64x64 tile with ldmatrix.x4
// through inline PTX, as CUTLASS and flash-attention do: once from a
// plain row-major tile (8-way conflicts) and once from a tile whose
// 16-byte chunks are XOR-swizzled by the row.  Written for lds-calc's tests.
#include <cuda_fp16.h>

__global__ void frag_plain(const half *g, unsigned *out)
{
    __shared__ __align__(16) half A[64][64];
    int lane = threadIdx.x % 32;
    for (int i = threadIdx.x; i < 64 * 64 / 8; i += blockDim.x)
        *reinterpret_cast<int4 *>(&A[i / 8][(i % 8) * 8]) = reinterpret_cast<const int4 *>(g)[i];
    __syncthreads();
    unsigned r[4], acc = 0;
    for (int kk = 0; kk < 4; kk++) {
        unsigned addr = (unsigned)__cvta_generic_to_shared(&A[lane % 16][kk * 16 + (lane / 16) * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "r"(addr));
        acc ^= r[0] ^ r[1] ^ r[2] ^ r[3];
    }
    out[threadIdx.x] = acc;
}

__global__ void frag_swizzled(const half *g, unsigned *out)
{
    __shared__ __align__(16) half A[64][64];
    int lane = threadIdx.x % 32;
    for (int i = threadIdx.x; i < 64 * 64 / 8; i += blockDim.x) {
        int row = i / 8, chunk = i % 8;
        *reinterpret_cast<int4 *>(&A[row][(chunk ^ (row % 8)) * 8]) = reinterpret_cast<const int4 *>(g)[i];
    }
    __syncthreads();
    unsigned r[4], acc = 0;
    for (int kk = 0; kk < 4; kk++) {
        int row = lane % 16, chunk = kk * 2 + lane / 16;
        unsigned addr = (unsigned)__cvta_generic_to_shared(&A[row][(chunk ^ (row % 8)) * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "r"(addr));
        acc ^= r[0] ^ r[1] ^ r[2] ^ r[3];
    }
    out[threadIdx.x] = acc;
}
