lds --help
