lds --lang cuda --threads 32 --arch sm80 -f -
