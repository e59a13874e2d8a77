// A template parameter whose default is a file-scope constant: nvcc
// reads TILE as 32; lds-calc asks for -D TILE=VALUE (exit 3).  The same
// with "#define C 32" or "template <int TILE = 32>" runs.  Found by
// tests/metamorphic.py's constexpr and static-const rewrites of
// tests/kernels/seed004-sgemm.cuh.
constexpr int C = 32;
static const int D = 32;

template <int TILE = C>
__global__ void tiled(const float *a)
{
    __shared__ float t[TILE][TILE + 1];
    t[threadIdx.y][threadIdx.x] = a[threadIdx.y * TILE + threadIdx.x];
}

template <int TILE = D>
__global__ void tiled2(const float *a)
{
    __shared__ float t[TILE][TILE + 1];
    t[threadIdx.y][threadIdx.x] = a[threadIdx.y * TILE + threadIdx.x];
}
