lds --arch-info
