lds --lang cuda --threads 32 -f - < src-header-types.stdin; lds --lang cuda --threads 32 -D floatX=__half -f - < src-header-types.stdin
