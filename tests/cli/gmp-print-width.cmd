lds --gmp-only -f ../regress/002-gmp-print-width.lds
