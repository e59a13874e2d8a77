/* tests/probe-data/shim/hip/hip_runtime.h - a stand-in for the HIP runtime's
 * declarations (../common.h says why); the thread and block indices are
 * the AMDGPU builtins, so that device code links. */
#define LDS_SHIM_API hip
#include "../common.h"
#define threadIdx (uint3{__builtin_amdgcn_workitem_id_x(), 0, 0})
#define blockIdx (uint3{__builtin_amdgcn_workgroup_id_x(), 0, 0})
#define blockDim (uint3{(unsigned)__builtin_amdgcn_workgroup_size_x(), 1, 1})
