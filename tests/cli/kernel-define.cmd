printf '#define PAD 1\n#define IDX(r, c) ((r) * (32 + PAD) + (c))\n__shared__ float t[32 * 33];\nread t[IDX(lane, 0)]\n' | lds -f -
