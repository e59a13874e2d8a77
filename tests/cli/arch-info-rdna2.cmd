lds --arch-info rdna2
