lds --arch-info gfx908
