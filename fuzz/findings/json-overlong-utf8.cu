// A type name with an overlong UTF-8 sequence (E0 99 93, not valid
// UTF-8) reaches the JSON and SARIF reports unescaped.
__global__ void k(const realà™“ *in)
{
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
}
