lds -f files/missing-brace.lds
