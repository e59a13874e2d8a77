lds --lang cuda --threads 128 --arch sm80 -f - < src-inline-cp-async.stdin; lds --lang cuda --threads 128 --arch sm80 --show-lowered -f -
