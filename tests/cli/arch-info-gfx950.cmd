lds --arch-info gfx950
