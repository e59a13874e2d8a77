// Stores and loads under per-lane conditions, as a reduction's last warp
// and a boundary tile write them: nvcc predicates the short stores
// (@%p st.shared) and branches around longer blocks.  Written for
// lds-calc's tests.
__global__ void edges(float *out, int n)
{
    __shared__ float s[256];
    __shared__ float halo[34];
    int t = threadIdx.x;
    s[t] = t;
    if (t < 32)
        halo[t + 1] = t;
    if (t == 0)
        halo[0] = 0.f;
    if (t == 31)
        halo[33] = 0.f;
    __syncthreads();
    float v = s[t];
    if (t < 16)
        v += s[t + 16] + s[t + 8];
    else
        v -= s[t - 16];
    if ((t & 3) == 0 && t < n)
        out[t] = v + halo[t / 4];
}
