// lds-calc:
#version 450
// A 5-point stencil over a 16x16 tile with a one-element halo, loaded by
// the tile's threads and its edge threads.  Written for lds-calc's
// metamorphic tests.
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer Src { float src[]; };
layout(std430, binding = 1) writeonly buffer Dst { float dst[]; };

shared float tile[18][18];

void main() {
    uint lx = gl_LocalInvocationID.x;
    uint ly = gl_LocalInvocationID.y;
    uint gx = gl_GlobalInvocationID.x;
    uint gy = gl_GlobalInvocationID.y;
    tile[ly + 1][lx + 1] = src[gy * 1024 + gx];
    if (lx == 0)
        tile[ly + 1][0] = 0.0;
    if (ly == 0)
        tile[0][lx + 1] = 0.0;
    barrier();
    float c = tile[ly + 1][lx + 1];
    float sum = tile[ly][lx + 1] + tile[ly + 2][lx + 1] + tile[ly + 1][lx] + tile[ly + 1][lx + 2];
    dst[gy * 1024 + gx] = sum - 4.0 * c;
}
