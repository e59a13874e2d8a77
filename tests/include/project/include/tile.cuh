// Helpers the kernels share; found with -I include.
#pragma once
__device__ inline float tile_bias(unsigned t) { return t == 0 ? 1.0f : 0.0f; }
