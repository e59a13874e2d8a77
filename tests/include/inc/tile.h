#pragma once
#define TILE 32

// a helper in a header: its access is reported at this line
__device__ inline void store_col(float *t, int r, int c, float v)
{
    t[c * (TILE + 1) + r] = v;
}
