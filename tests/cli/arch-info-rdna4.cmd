lds --arch-info rdna4
