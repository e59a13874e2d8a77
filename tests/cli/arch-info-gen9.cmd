lds --arch-info gen9
