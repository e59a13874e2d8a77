lds --lang cuda --threads 32 -f -
