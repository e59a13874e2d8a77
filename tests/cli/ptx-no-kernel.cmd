lds --lang ptx -f -
