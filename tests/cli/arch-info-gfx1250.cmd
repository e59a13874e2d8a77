lds --arch-info gfx1250
