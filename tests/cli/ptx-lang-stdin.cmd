lds --lang ptx --threads 32 -f -
