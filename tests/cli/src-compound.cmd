lds --lang cuda --threads 32 --show-lowered -f -
