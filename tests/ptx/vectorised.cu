// Two neighbouring loads in the source that nvcc merges into one
// ld.shared.v2.f32: the source reader counts two 4-byte reads, the PTX
// reader the one 8-byte read the hardware runs.  Written for lds-calc's
// tests.
__global__ void pairs(float *out)
{
    __shared__ __align__(8) float s[512];
    int t = threadIdx.x;
    s[2 * t] = t;
    s[2 * t + 1] = -t;
    __syncthreads();
    float a = s[2 * t];
    float b = s[2 * t + 1];
    out[t] = a * b;
}
