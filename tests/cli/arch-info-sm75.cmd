lds --arch-info sm75
