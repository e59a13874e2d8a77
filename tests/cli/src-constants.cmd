lds --lang cuda -D BLOCK=128 --threads 128 -f -
