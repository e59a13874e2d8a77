lds --arch-info xe-hpc
