lds --arch-info rdna3
