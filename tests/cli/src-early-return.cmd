lds --lang cuda --threads 256 -D n=70 -f -
