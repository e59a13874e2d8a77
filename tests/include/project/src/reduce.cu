// A block's sum with cooperative groups, built by the project's
// compile_commands.json: BLOCK, STRIDE(i) and UNROLL come from its -D
// flags, ELEM from the header it names with -include.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include "tile.cuh"

namespace cg = cooperative_groups;

__global__ void block_sum(const ELEM *in, ELEM *out)
{
    __shared__ ELEM partial[BLOCK];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    unsigned t = block.thread_rank();
    partial[t] = in[blockIdx.x * BLOCK + t];
    block.sync();
    UNROLL
    for (unsigned s = BLOCK / 2; s >= warpSize; s >>= 1) {
        if (t < s)
            partial[t] += partial[t + s];
        block.sync();
    }
    if (warp.meta_group_rank() == 0)
        out[blockIdx.x * 32 + warp.thread_rank()] = partial[STRIDE(warp.thread_rank()) % BLOCK] + tile_bias(t);
}
