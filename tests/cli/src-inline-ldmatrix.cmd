lds --lang cuda --threads 32 --arch sm90 -f - < src-inline-ldmatrix.stdin; lds --lang cuda --threads 32 --arch sm90 --show-lowered -f -
