// A string literal with control bytes (SOH, ESC [2J: clear the screen)
// in an access statement reaches the text, CSV and Markdown reports raw.
__global__ void k()
{
    __shared__ char s[64];
    s[threadIdx.x] = "[2J"[0];
}
