/* What the HIP headers give a kernel, for clang -x hip -nogpuinc (the
 * command in README.md); lds-calc reads the kernels as HIP and knows
 * these names itself, so none of this is seen there. */
#ifdef __clang_major__
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))
#define __syncthreads() __builtin_amdgcn_s_barrier()
#define LDS_IDS(T, X, Y, Z)                                                                         \
    struct T {                                                                                      \
        __declspec(property(get = get_x)) unsigned x;                                               \
        __declspec(property(get = get_y)) unsigned y;                                               \
        __declspec(property(get = get_z)) unsigned z;                                               \
        static __device__ unsigned get_x() { return X; }                                            \
        static __device__ unsigned get_y() { return Y; }                                            \
        static __device__ unsigned get_z() { return Z; }                                            \
    };                                                                                              \
    static constexpr __device__ T
LDS_IDS(lds_tid, __builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z()) threadIdx{};
LDS_IDS(lds_bid, __builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(), __builtin_amdgcn_workgroup_id_z()) blockIdx{};
#endif
