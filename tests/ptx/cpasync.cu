// A double-buffered copy of 128-float rows from global into shared
// memory with cp.async (16 bytes a thread, .cg), then a 4-byte copy of a
// strided column (.ca), as CUTLASS's SM80 copy atoms issue them through
// inline PTX.  The step loop's bound is a parameter.  Written for
// lds-calc's tests.
__global__ void stage_rows(const float *src, float *dst, int rows)
{
    __shared__ __align__(16) float buf[2][8][128];
    __shared__ float col[256];
    int t = threadIdx.x;           // 256 threads: 8 rows of 32 float4
    int r = t / 32, c = (t % 32) * 4;
    float sum = 0;
    for (int step = 0; step < rows / 8; step++) {
        int b = step & 1;
        unsigned dst_addr = (unsigned)__cvta_generic_to_shared(&buf[b][r][c]);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst_addr), "l"(&src[(step * 8 + r) * 128 + c]));
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 0;\n" ::);
        __syncthreads();
        sum += buf[b][t % 8][t / 8];
        __syncthreads();
    }
    unsigned col_addr = (unsigned)__cvta_generic_to_shared(&col[t]);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(col_addr), "l"(&src[t * 128]));
    asm volatile("cp.async.wait_all;\n" ::);
    __syncthreads();
    dst[t] = sum + col[255 - t];
}
