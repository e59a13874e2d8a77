lds --bogus
