//@ lang=glsl
#version 450
// a horizontal box blur through a shared row
layout(local_size_x = 64, local_size_y = 1) in;
layout(std430, binding = 0) readonly buffer Src { float src[]; };
layout(std430, binding = 1) writeonly buffer Dst { float dst[]; };
const int RADIUS = 4;
shared float row[64 + 2 * RADIUS];

void main() {
    uint lid = gl_LocalInvocationID.x;
    uint gid = gl_GlobalInvocationID.x;
    row[lid + RADIUS] = src[gid];
    if (lid < RADIUS) {
        row[lid] = src[gid - RADIUS];
        row[lid + 64 + RADIUS] = src[gid + 64];
    }
    barrier();
    float sum = 0.0;
    for (int i = -RADIUS; i <= RADIUS; i++)
        sum += row[int(lid) + RADIUS + i];
    dst[gid] = sum / float(2 * RADIUS + 1);
}
