lds --arch-info xe2
