lds --lang cuda --threads 32 --format json -f -
