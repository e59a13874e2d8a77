//@ lang=cuda threads=128 define=n=100
// A 3-point stencil with an early return for the threads past n, a halo
// written by one thread, and a while loop with a known trip count.
// Written for lds-calc's tests.
__global__ void stencil3(float *out, const float *in, int n)
{
    __shared__ float s[130];
    int t = threadIdx.x;
    if (t >= n)
        return;
    s[t + 1] = in[t];
    if (t == 0) {
        s[0] = 0.0f;
        s[n + 1] = 0.0f;
    }
    __syncthreads();
    float acc = 0.0f;
    int k = 0;
    while (k < 3) {
        acc += s[t + k];
        k++;
    }
    out[t] = acc;
}
