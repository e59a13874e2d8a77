lds --lang cuda --threads 32,8 --format diagnostics -f -
