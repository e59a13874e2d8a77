// Loops nvcc keeps rolled (#pragma unroll 1), in the shapes kernels have:
// a triangular nest (the inner bound is the outer counter), a loop that
// ends where data decides (not followed: its accesses say so), a loop
// left through a break, and a counted loop after them that is followed
// again.  Written for lds-calc's tests.
__global__ void shapes(const int *flags, float *out, int n)
{
    __shared__ float s[32][33];
    int t = threadIdx.x;
    for (int r = 0; r < 32; r++)
        s[r][t] = t;
    __syncthreads();
    float acc = 0;
#pragma unroll 1
    for (int i = 0; i < 8; i++)
#pragma unroll 1
        for (int j = 0; j <= i; j++)
            acc += s[i][j + t % 8];
    int k = 0;
#pragma unroll 1
    while (flags[k] != 0) {
        acc += s[k % 32][t];
        k++;
    }
#pragma unroll 1
    for (int m = 0; m < n; m++) {
        if (flags[m] < 0)
            break;
        acc += s[t][m % 32];
    }
#pragma unroll 1
    for (int q = 0; q < 4; q++)
        s[t][q] = acc;
    out[t] = acc;
}
