//@ lang=cuda threads=512
// A conditional expression reads only the side each lane chose: the
// first warp reads a, the other fifteen read b.  Written for lds-calc's
// tests (the pasted-ternary bug of round 3 charged both sides to every
// lane).
__global__ void pick(float *out)
{
    __shared__ float a[512];
    __shared__ float b[1024];
    int t = threadIdx.x;
    a[t] = t;
    b[2 * t] = t;
    __syncthreads();
    out[t] = (t < 32) ? a[t] : b[2 * t];
}
