lds --lang cuda --threads 64 --show-lowered -f -
