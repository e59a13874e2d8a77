// A threadgroup sum in the Metal Shading Language, written for
// lds-calc's tests: lds-calc does not read Metal, and says so.
#include <metal_stdlib>
using namespace metal;

kernel void reduce(device const float *in [[buffer(0)]],
                   threadgroup float *partial [[threadgroup(0)]],
                   uint lid [[thread_position_in_threadgroup]])
{
    partial[lid] = in[lid];
    threadgroup_barrier(mem_flags::mem_threadgroup);
}
