lds --lang cuda --threads 32,8 -D n=1024 --format diagnostics -f -
