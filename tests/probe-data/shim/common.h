/* tests/probe-data/shim/common.h - what the CUDA and HIP stand-in headers share:
 * the execution-space keywords, dim3, and the runtime calls a probe makes,
 * named with LDS_SHIM_API's prefix (cuda or hip).  With them clang checks a
 * probe's syntax and inline-asm constraints (and assembles AMDGPU code)
 * without a CUDA or ROCm install (tests/probe.sh). */
#include <stddef.h>
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
struct dim3 { unsigned x, y, z; __host__ __device__ dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {} };
struct uint3 { unsigned x, y, z; };
#define LDS_SHIM_CAT2(a, b) a##b
#define LDS_SHIM_CAT(a, b) LDS_SHIM_CAT2(a, b)
#define LDS_SHIM_NAME(name) LDS_SHIM_CAT(LDS_SHIM_API, name)
typedef int LDS_SHIM_NAME(Error_t);
typedef struct lds_shim_stream *LDS_SHIM_NAME(Stream_t);
enum { LDS_SHIM_NAME(Success) = 0, LDS_SHIM_NAME(FuncAttributeMaxDynamicSharedMemorySize) = 8 };
extern "C" __host__ int LDS_SHIM_NAME(Malloc)(void **, size_t);
extern "C" __host__ int LDS_SHIM_NAME(Memset)(void *, int, size_t);
extern "C" __host__ int LDS_SHIM_NAME(GetLastError)(void);
extern "C" __host__ int LDS_SHIM_NAME(DeviceSynchronize)(void);
extern "C" __host__ const char *LDS_SHIM_NAME(GetErrorString)(int);
extern "C" __host__ int LDS_SHIM_NAME(FuncSetAttribute)(const void *, int, int);
extern "C" __host__ int LDS_SHIM_NAME(ConfigureCall)(dim3, dim3, size_t = 0, LDS_SHIM_NAME(Stream_t) = 0);
extern "C" __host__ int LDS_SHIM_NAME(LaunchKernel)(const void *, dim3, dim3, void **, size_t, LDS_SHIM_NAME(Stream_t));
extern "C" __host__ int LDS_SHIM_CAT(__, LDS_SHIM_NAME(PushCallConfiguration))(dim3, dim3, size_t = 0, LDS_SHIM_NAME(Stream_t) = 0);
