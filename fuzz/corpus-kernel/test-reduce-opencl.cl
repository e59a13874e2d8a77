//@ lang=opencl threads=256 define=T=float define=sdata_size=256 define=n=65536
// OpenCL C: two of the NVIDIA OpenCL SDK's oclReduction kernels.  T is a
// build option (clBuildProgram's "-D T=float"); the scratch array is a
// __local parameter the host sizes (one T per work-item).
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable

// interleaved addressing: the strided index conflicts
__kernel void reduce1(__global T *g_idata, __global T *g_odata, unsigned int n, __local T* sdata)
{
    // load shared mem
    unsigned int tid = get_local_id(0);
    unsigned int i = get_global_id(0);

    sdata[tid] = (i < n) ? g_idata[i] : 0;

    barrier(CLK_LOCAL_MEM_FENCE);

    // do reduction in shared mem
    for(unsigned int s=1; s < get_local_size(0); s *= 2) {
        int index = 2 * s * tid;

        if (index < get_local_size(0)) {
            sdata[index] += sdata[index + s];
        }

        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // write result for this block to global mem
    if (tid == 0) g_odata[get_group_id(0)] = sdata[0];
}

// sequential addressing: conflict-free; the partial sums meet in an atomic
__kernel void reduce2(__global T *g_idata, __global int *g_odata, unsigned int n, __local T* sdata)
{
    unsigned int tid = get_local_id(0);
    unsigned int i = get_global_id(0);

    sdata[tid] = (i < n) ? g_idata[i] : 0;

    barrier(CLK_LOCAL_MEM_FENCE);

    for(unsigned int s=get_local_size(0)/2; s>0; s>>=1)
    {
        if (tid < s)
        {
            sdata[tid] += sdata[tid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (tid == 0) atom_add(&g_odata[0], (int)sdata[0]);
}
