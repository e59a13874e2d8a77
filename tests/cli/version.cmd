lds --version | head -n 1
