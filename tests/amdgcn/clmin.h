/* What an OpenCL runtime's headers give the kernels here, for clang with
 * -nogpulib (no device library: the work-item functions as the AMDGPU
 * builtins); lds-calc reads OpenCL C's own names, so none of this is
 * seen there (it defines no __clang_major__). */
#ifdef __clang_major__
#define get_local_id(d) ((d) == 0 ? __builtin_amdgcn_workitem_id_x() : (d) == 1 ? __builtin_amdgcn_workitem_id_y() : __builtin_amdgcn_workitem_id_z())
#define get_group_id(d) ((d) == 0 ? __builtin_amdgcn_workgroup_id_x() : (d) == 1 ? __builtin_amdgcn_workgroup_id_y() : __builtin_amdgcn_workgroup_id_z())
#define barrier(f) __builtin_amdgcn_s_barrier()
#define atomic_add(p, v) __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)
#endif
