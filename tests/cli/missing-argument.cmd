lds --format
