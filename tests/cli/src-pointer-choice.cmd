lds --lang cuda --threads 32 --show-lowered -f - < src-pointer-choice.stdin; lds --lang cuda --threads 32 -f - < src-pointer-choice.stdin; lds --lang cuda --threads 32 -D flip=0 --kernel k -f -
