#define W 8
__device__ inline void fill(float *s, int x) { s[x] = 1 +; }
