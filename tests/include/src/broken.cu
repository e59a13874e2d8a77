#include "bad.h"
__global__ void k() { __shared__ float s[64]; fill(s, threadIdx.x); s[threadIdx.x] = W; }
