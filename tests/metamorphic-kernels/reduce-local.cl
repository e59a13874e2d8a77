// lds-calc: --threads 128
// A work-group reduction through __local memory with sequential
// addressing, then an unrolled last warp, in the style of the OpenCL
// vendor samples.  Written for lds-calc's metamorphic tests.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void reduceSum(__global const float *in, __global float *out)
{
    __local float scratch[128];
    int lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int offset = 64; offset > 16; offset >>= 1) {
        if (lid < offset)
            scratch[lid] += scratch[lid + offset];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid < 16) {
        scratch[lid] += scratch[lid + 16];
        scratch[lid] += scratch[lid + 8];
        scratch[lid] += scratch[lid + 4];
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}
