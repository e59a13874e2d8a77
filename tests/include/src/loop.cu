#include "self.h"
__global__ void k() { __shared__ float s[64]; s[threadIdx.x] = 0; }
