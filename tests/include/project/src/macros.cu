// Macros given on the command line: a function-like one (UMUL), an empty
// one (CUTE_UNROLL), a bare name (WITH_READ), and -U of a macro the
// compiler predefines (__CUDA_ARCH__).
__global__ void macros(float *out)
{
    __shared__ float s[1024];
    CUTE_UNROLL
    for (int i = 0; i < 4; i++)
        s[UMUL(threadIdx.x, 8) + i] = 1.0f;
#ifdef WITH_READ
    out[threadIdx.x] = s[UMUL(threadIdx.x, 2)];
#endif
#if defined(__CUDA_ARCH__)
    out[threadIdx.x + 32] = s[threadIdx.x];
#endif
}
