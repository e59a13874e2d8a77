lds 'threads 512' '__shared__ float shared[512];' 'int lid = tid;' 'float val = (tid < 16) ? shared[lid] : 0;'; lds '__shared__ float s[64];' 'float w = s[0] > 1.0f ? s[lane] : 0;'
