//@ lang=opencl define=block_size=272 define=width=1024 define=height=1024 define=offset=0
// OpenCL C: the NVIDIA OpenCL SDK's oclTranspose kernel (the tile in a
// __local parameter the host sizes, padded to BLOCK_DIM + 1 columns),
// and the same transpose through an unpadded tile.  The sample passes its
// 16 x 16 local size to clEnqueueNDRangeKernel; here it is the kernels'
// reqd_work_group_size attribute.
#define BLOCK_DIM 16

__kernel __attribute__((reqd_work_group_size(BLOCK_DIM, BLOCK_DIM, 1)))
void transpose(__global float *odata, __global float *idata, int offset, int width, int height,
               __local float* block)
{
    // read the matrix tile into shared memory
    unsigned int xIndex = get_global_id(0);
    unsigned int yIndex = get_global_id(1);

    if((xIndex + offset < width) && (yIndex < height))
    {
        unsigned int index_in = yIndex * width + xIndex + offset;
        block[get_local_id(1)*(BLOCK_DIM+1)+get_local_id(0)] = idata[index_in];
    }

    barrier(CLK_LOCAL_MEM_FENCE);

    // write the transposed matrix tile to global memory
    xIndex = get_group_id(1) * BLOCK_DIM + get_local_id(0);
    yIndex = get_group_id(0) * BLOCK_DIM + get_local_id(1);
    if((xIndex < height) && (yIndex + offset < width))
    {
        unsigned int index_out = yIndex * height + xIndex;
        odata[index_out] = block[get_local_id(0)*(BLOCK_DIM+1)+get_local_id(1)];
    }
}

kernel void __attribute__((reqd_work_group_size(BLOCK_DIM, BLOCK_DIM, 1)))
transpose_tile(global float *odata, global const float *idata, int width, int height)
{
    local float tile[BLOCK_DIM][BLOCK_DIM];
    uint x = get_local_id(0), y = get_local_id(1);
    tile[y][x] = idata[mad24(get_global_id(1), (uint)width, get_global_id(0))];
    barrier(CLK_LOCAL_MEM_FENCE);
    odata[get_global_id(1) * height + get_global_id(0)] = tile[x][y];
}
