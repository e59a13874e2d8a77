printf '/* a tile */ __shared__ float t[32][33]; /* padded\n   by one */\nread t[lane][0]\n' | lds -f -
