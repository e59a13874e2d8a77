lds 'threads 64; print tid / 32, wave_size, -7 / 2, -7 % 2, -1 >> 3'
