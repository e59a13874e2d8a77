// A loop whose trip count is a kernel parameter, the loop nvcc keeps
// rolled (#pragma unroll 1): each step reads a row of a padded tile with
// a stride, then a nested loop with a constant bound that nvcc unrolls.
// Written for lds-calc's tests.
__global__ void rows(float *out, int steps, int stride)
{
    __shared__ float tile[64][65];
    int t = threadIdx.x;
    tile[t / 64][t % 64] = t;
    __syncthreads();
    float acc = 0;
#pragma unroll 1
    for (int k = 0; k < steps; k++) {
        acc += tile[k % 64][(t * stride) % 64];
#pragma unroll
        for (int j = 0; j < 4; j++)
            acc += tile[j][t % 64];
    }
    out[t] = acc;
}
