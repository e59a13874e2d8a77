lds --lang cuda --threads 64 -f -
