lds --arch-info sm120
