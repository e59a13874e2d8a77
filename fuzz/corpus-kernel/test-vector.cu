//@ lang=cuda threads=256
// 128-bit shared-memory accesses three ways: a float4 written through a
// reinterpret_cast, a C-style cast read down a column of rows, and an
// array of float4.  Written for lds-calc's tests.
__global__ void vector_copy(const float4 *in, float4 *out)
{
    __shared__ float tile[64][64];
    __shared__ float4 staging[256];
    int t = threadIdx.x;
    *reinterpret_cast<float4 *>(&tile[t / 16][(t % 16) * 4]) = in[t];
    __syncthreads();
    float4 v = *(float4 *)&tile[t % 64][(t / 64) * 4];
    staging[t] = v;
    __syncthreads();
    out[t] = staging[(t * 2) % 256];
}
