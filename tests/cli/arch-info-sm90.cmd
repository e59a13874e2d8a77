lds --arch-info sm90
