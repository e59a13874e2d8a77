lds --arch-info gfx942
